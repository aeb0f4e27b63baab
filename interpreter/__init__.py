"""The generic interpreter: plays and scores any valid ruleset.

The engine API is :class:`GameState` (:mod:`.engine`); the core's actions are in
:mod:`.engine.actions`, the event log in :mod:`.engine.events`; a part's own actions and events are
in its package (go/drop's ``Declare`` and ``Split``, re-exported here, and ``ForcedOut``, in
:mod:`.parts.go_drop`), and a play kind's in its package (the trick game's ``Deal`` and
``CallMizuten``, re-exported here, in :mod:`.games.tricks.actions`). The names below are imported
when first used, so that reading a rule file (which finds a play kind's part of the schema in
:mod:`.games`) loads no engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine.actions import CHANCE, POT, Action, Choose, Party, Play
    from .parts.go_drop.actions import Declare, Split
    from .engine.gamestate import GameState
    from .parts.go_drop.outcomes import RoundKind, RoundOutcome
    from .engine.view import View

_WHERE = {**dict.fromkeys(("CHANCE", "POT", "Action", "Choose", "Party", "Play"), ".engine.actions"),
          **dict.fromkeys(("Declare", "Split"), ".parts.go_drop.actions"),        # go/drop's (a part of the round)
          **dict.fromkeys(("CallMizuten", "Deal"), ".games.tricks.actions"),    # the trick game's, kept for callers
          **dict.fromkeys(("RoundOutcome", "RoundKind"), ".parts.go_drop.outcomes"),   # RoundKind: its earlier name
          "GameState": ".engine.gamestate", "View": ".engine.view"}

__all__ = ["GameState", "CHANCE", "POT", "Party", "Action", "CallMizuten", "Deal", "Declare", "Split",
           "Play", "Choose", "RoundOutcome", "RoundKind", "View"]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_WHERE[name], __name__), name)
