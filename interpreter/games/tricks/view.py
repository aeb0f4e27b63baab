"""The trick game's own part of a seat's view (``View.play``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .events import TrickTaken


@dataclass(frozen=True, slots=True)
class TrickView:
    """What every seat sees of the trick game's own state: the mizuten call (T6), the turned
    indicator and the trump suit (T7), the tricks won per goer, the trick on the table and the
    finished tricks of the round (T19)."""

    mizuten: bool = False
    indicator: Optional[int] = None
    trump: Optional[int] = None
    tricks_won: tuple[tuple[int, int], ...] = ()     # (goer, tricks) in goer order
    trick: tuple[int, ...] = ()                       # cards on the table in the trick being played
    trick_leader: Optional[int] = None
    tricks: tuple[TrickTaken, ...] = ()               # the finished tricks of this round
