"""The trick game's own events."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.events import slot_setters


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """T19: one finished trick: ``cards`` in play order starting with ``leader``."""

    round: int
    index: int                      # 0-based trick number
    leader: int
    cards: tuple[int, ...]
    winner: int

    def __init__(self, round: int, index: int, leader: int, cards: tuple[int, ...], winner: int) -> None:
        r, i, lead, c, w = _TRICK_SLOTS     # one a trick: set as Applied is (engine/events.py)
        r(self, round)
        i(self, index)
        lead(self, leader)
        c(self, cards)
        w(self, winner)


_TRICK_SLOTS = slot_setters(TrickTaken)
