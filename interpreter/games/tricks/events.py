"""The trick game's own events."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """T19: one finished trick: ``cards`` in play order starting with ``leader``."""

    round: int
    index: int                      # 0-based trick number
    leader: int
    cards: tuple[int, ...]
    winner: int
