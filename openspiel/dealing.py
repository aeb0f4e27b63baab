"""The engine's deal, one card at a time: the chance outcomes of a deal and the deal they build.

The engine deals a whole round in one chance action (a ``Deal`` for trick play, a ``HanaDeal``
for matching play). OpenSpiel deals card by card: each chance outcome is the id of the next card,
drawn uniformly from the cards not yet dealt. The cards go, in order, to seat 0's hand, seat 1's
hand, ... (``hand_size`` each), then the cards dealt face up (the indicator in trick play, the
field cards in matching play) and then, where the play kind deals one, the stock, top first.
Sizes come from the ruleset and the play kind's bridge (:mod:`.bridge_registry`); whether a finished deal is
valid (a hanafuda field holding a whole month is dealt again) is asked of the engine's deal space.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Optional, Union

from ..ruleset.model import Ruleset
from .kind import BridgeKind
from .bridge_registry import BRIDGES


@dataclass(frozen=True)
class DealLayout:
    """Where each card of a card-by-card deal goes, for a ruleset and a number of players."""

    players: int
    hand_size: int
    deck_size: int
    face_up: int                # cards dealt face up after the hands (the indicator, the field)
    stock: bool                 # the rest of the deck is dealt, as a hidden stock
    bridge: BridgeKind = field(compare=False, repr=False)
    sitting: tuple[int, ...] = ()   # seats dealt no hand this round (hanafuda.sit_out, H2's setting)

    @classmethod
    def of(cls, ruleset: Ruleset, players: int) -> "DealLayout":
        bridge = BRIDGES[ruleset.play]
        return cls(players, ruleset.hand_size, ruleset.deck.size, bridge.face_up(ruleset), bridge.stock, bridge)

    def for_space(self, space: Any) -> "DealLayout":
        """This layout for the deal whose engine space is ``space``: the seats it says sit the
        round out (a hanafuda deal space's ``sitting``) are dealt no hand; the others are dealt
        theirs in seat order."""
        sitting = tuple(getattr(space, "sitting", ()))
        return self if sitting == self.sitting else replace(self, sitting=sitting)

    @property
    def seats_dealt(self) -> tuple[int, ...]:
        """The seats dealt a hand, in the order their cards are dealt."""
        return tuple(s for s in range(self.players) if s not in self.sitting)

    @property
    def hands_end(self) -> int:
        return (self.players - len(self.sitting)) * self.hand_size

    @property
    def length(self) -> int:
        """How many chance outcomes make one deal."""
        return self.deck_size if self.stock else self.hands_end + self.face_up

    def owner(self, slot: int) -> Optional[Union[int, str]]:
        """The seat whose hand the ``slot``-th card goes to, ``"public"`` for a card dealt face up
        (the indicator, a field card), or None for a hidden stock card."""
        if slot < self.hands_end:
            return self.seats_dealt[slot // self.hand_size] if self.sitting else slot // self.hand_size
        if slot < self.hands_end + self.face_up:
            return "public"
        return None

    def build(self, cards: list[int]) -> Any:
        """The engine's deal action made of ``length`` dealt cards."""
        n, end = self.hand_size, self.hands_end
        hands = tuple(tuple(sorted(cards[i * n:(i + 1) * n])) for i in range(self.players - len(self.sitting)))
        if self.sitting:                    # a seat sitting out: no hand
            dealt = iter(hands)
            hands = tuple(() if s in self.sitting else next(dealt) for s in range(self.players))
        up = end + self.face_up
        return self.bridge.build(hands, cards[end:up], cards[up:])

    def cards_of(self, deal: Any) -> list[int]:
        """The chance outcomes that build ``deal`` (the inverse of :meth:`build`)."""
        return [c for hand in deal.hands for c in sorted(hand)] + self.bridge.after_hands(deal)

    def seen_by(self, deal: Any, seat: int) -> str:
        """What ``seat`` saw of a finished deal: its own hand and the cards dealt face up."""
        return f"deal mine={sorted(deal.hands[seat])} up={self.bridge.shown(deal)}"

    def seen_pending(self, cards: list[int], seat: int) -> str:
        """What ``seat`` saw of a deal still being dealt."""
        mine = sorted(c for i, c in enumerate(cards) if self.owner(i) == seat)
        up = sorted(c for i, c in enumerate(cards) if self.owner(i) == "public")
        return f"dealing {len(cards)} mine={mine} up={up}"
