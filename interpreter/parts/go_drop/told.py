"""How go/drop reads in the account of a game (``hachi replay``, ``hachi play``; the narrator,
``cli/narrate.py``, asks each part of the round as it asks the play kind): its decisions (go or
drop, T10; split or play, T16) and the seats forced out (T12), in the words of its catalog files
(``locale/<lang>.yaml``: ``narration.go``, ``narration.drop``, ...)."""

from __future__ import annotations

from typing import Any

from ...engine.kindplugin import Teller, Words
from .actions import Declare, Split
from .events import ForcedOut


def _declare(n: Teller, e: Any) -> str:
    who = n.who(e.seat)
    if e.action.go:
        n.playing_order.setdefault(e.round, []).append(e.seat)
        return n.tell("narration.go", who=who, does=n.does(e.seat, "goes"))
    return n.tell("narration.drop", who=who, does=n.does(e.seat, "drops"))


def _split(n: Teller, e: Any) -> str:
    return n.tell("narration.split" if e.action.want else "narration.play", who=n.who(e.seat),
                  does=n.does(e.seat, "wants"))


def _forced_out(n: Teller, e: ForcedOut) -> str:
    return n.tell("narration.forced_out", seats=n.say("words.list").join(n.who(s) for s in e.seats))


WORDS = Words(events={ForcedOut: _forced_out}, actions={Declare: _declare, Split: _split})
"""Go/drop's tellers of its event and of the Applied events of its actions."""
