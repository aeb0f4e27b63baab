"""Matching play's own event: a card placed (H14-H16)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.events import slot_setters


@dataclass(frozen=True, slots=True)
class Captured:
    """``seat`` put ``card`` (played or turned) to the field, or took it with ``taken``."""

    round: int
    seat: int
    card: int
    turned: bool
    taken: tuple[int, ...]

    def __init__(self, round: int, seat: int, card: int, turned: bool, taken: tuple[int, ...]) -> None:
        r, s, c, t, k = _CAPTURED_SLOTS     # two a turn: set as Applied is (engine/events.py)
        r(self, round)
        s(self, seat)
        c(self, card)
        t(self, turned)
        k(self, taken)


_CAPTURED_SLOTS = slot_setters(Captured)
