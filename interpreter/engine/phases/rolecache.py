"""Role evaluations of recent deals, remembered by the phases that show roles (T14, T15).

A phase object is shared by a game and all its clones (``GameState.clone``), so a search that plays
the same deal out many times evaluates each hand once. A hand is remembered by its cards (the
tuple the deal holds, ``round.dealt``), its trump and its indicator; the evaluator's own caches
(by rank key, suit key ...) answer for other hands. The cache is bounded. Hands given as other
sequences than tuples are evaluated every time. It reads hands of cards only: a claimed hand of a
told round is read by the told rounds' stand-in (``told.ToldRoles``).
"""

from __future__ import annotations

from typing import Optional, Protocol, Sequence, Union

from ....ruleset.model import Ruleset
from ....ruleset.roles import Resolution
from ..state import Claimed, DealtHand


class RoleValues(Protocol):
    """What the phases that show roles read of a hand as dealt: a :class:`RoleCache` (hands of
    cards), or the told rounds' stand-in (which also reads claimed hands)."""

    def values(self, hand: DealtHand, trump: Optional[int], indicator: Optional[int]) -> Resolution: ...

    def count_class(self, name: str, hand: Union[Sequence[int], Claimed], trump: Optional[int],
                    indicator: Optional[int]) -> int: ...


class RoleCache:
    """``values`` and ``count_class`` of the ruleset's evaluator, remembered per hand."""

    def __init__(self, ruleset: Ruleset, size: int = 64):
        self.ruleset, self.size = ruleset, size
        self._results: dict[tuple[tuple[int, ...], Optional[int], Optional[int]], Resolution] = {}
        self._classes: dict[tuple[str, Optional[int], Optional[int]], tuple[int, ...]] = {}

    def values(self, hand: Union[Sequence[int], Claimed], trump: Optional[int],
               indicator: Optional[int]) -> Resolution:
        """The roles (``.hits``, ``.ids``) and totals (``.go``, ``.forced``) of ``hand``."""
        if type(hand) is not tuple:             # a hand that may change is not remembered
            return self.ruleset.evaluator.values(_cards(hand), trump, indicator)
        key = (hand, trump, indicator)
        found = self._results.get(key)
        if found is None:
            found = self.ruleset.evaluator.values(hand, trump, indicator)
            if len(self._results) >= self.size:
                self._results.clear()
            self._results[key] = found
        return found

    def count_class(self, name: str, hand: Union[Sequence[int], Claimed], trump: Optional[int],
                    indicator: Optional[int]) -> int:
        """How many cards of class ``name`` the hand holds: a sum over the class's cards, read
        once per context (a sum costs less than remembering it by the hand)."""
        key = (name, trump, indicator)
        ones = self._classes.get(key)
        if ones is None:
            ones = self._classes[key] = self.ruleset.evaluator.class_cards(name, trump, indicator)
        return sum(map(ones.__getitem__, _cards(hand)))

    def __deepcopy__(self, memo: dict[int, object]) -> "RoleCache":
        return self                         # shared, like the ruleset


def _cards(hand: Union[Sequence[int], Claimed]) -> Sequence[int]:
    """``hand``'s cards: the cache reads hands of cards, not claims (the told rounds' stand-in does)."""
    if type(hand) is not tuple and not isinstance(hand, Sequence):
        raise TypeError(f"the role cache reads hands of cards, not {hand!r}")
    return hand
