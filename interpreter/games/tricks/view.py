"""The trick game's own part of a seat's view (``View.play``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ...engine.events import slot_setters
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

    def __init__(self, mizuten: bool = False, indicator: Optional[int] = None, trump: Optional[int] = None,
                 tricks_won: tuple[tuple[int, int], ...] = (), trick: tuple[int, ...] = (),
                 trick_leader: Optional[int] = None, tricks: tuple[TrickTaken, ...] = ()) -> None:
        m, i, t, w, now, lead, done = _TRICK_VIEW_SLOTS     # one a decision: set as View is
        m(self, mizuten)
        i(self, indicator)
        t(self, trump)
        w(self, tricks_won)
        now(self, trick)
        lead(self, trick_leader)
        done(self, tricks)


_TRICK_VIEW_SLOTS = slot_setters(TrickView)
