"""What the OpenSpiel bridge needs of a play kind: its game's name and defaults, how its deal
lies card by card, how a seat's view of a round is dealt anew, and its own actions' ids.

:mod:`.bridge_registry` finds each play kind's :class:`BridgeKind` (the module its ``Kind.bridge``
names); the rest of the bridge asks it and never names a play kind itself (``docs/play-kinds.md``).
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Optional, Protocol, Sequence, runtime_checkable

from ..ruleset.model import PlayKind, Ruleset


@runtime_checkable
class BridgeKind(Protocol):
    @property
    def kind(self) -> PlayKind: ...

    @property
    def short_name(self) -> str:
        """The pyspiel game's name (``python_...``)."""

    @property
    def defaults(self) -> Mapping[str, Any]:
        """The game parameters' defaults (``rules``, ``players``, ``rounds``)."""

    @property
    def seats(self) -> tuple[int, int]:
        """The fewest and most players the game is registered for."""

    @property
    def stock(self) -> bool:
        """Whether the cards left after the hands and the face-up cards are dealt, as a hidden stock."""

    def face_up(self, ruleset: Ruleset) -> int:
        """How many cards are dealt face up after the hands (the indicator, the field cards)."""

    def build(self, hands: tuple[tuple[int, ...], ...], up: Sequence[int], rest: Sequence[int]) -> Any:
        """The engine's deal action of these hands, face-up cards and (with ``stock``) stock."""

    def after_hands(self, deal: Any) -> list[int]:
        """The cards of ``deal`` after the hands, in the order they are dealt (inverse of :meth:`build`)."""

    def shown(self, deal: Any) -> list[int]:
        """The cards of ``deal`` every seat sees."""

    def resample(self, game: Any, real: Any, events: Sequence[object], seat: int, rng: random.Random) -> Any:
        """A deal of the current round (dealt ``real``) that ``seat`` cannot tell from the real one."""

    def encode(self, action: Any) -> Optional[tuple[int, int]]:
        """The (card, target) of a two-card action of this kind (a capture), else None."""

    def decode(self, card: int, target: int) -> Any:
        """The two-card action of ``card`` and ``target``; a kind without one raises ``HachiError``."""

    @property
    def yes_no(self) -> tuple[Any, ...]:
        """Its own yes-or-no decision's two answers (no, then yes: ids 0 and 1), or () when it has none."""

    def describe(self, action: Any, name: Any) -> Optional[str]:
        """How an action only this kind has reads (``name`` names a card), else None."""

    def answers(self, ruleset: Ruleset) -> tuple[Any, ...]:
        """The kind's own answers (:class:`~..interpreter.engine.actions.Choose`) a ruleset may ask
        a seat for (matching play's stop or play on after a capture role, H18), in a fixed order."""
