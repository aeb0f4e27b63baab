"""The generic interpreter: plays and scores any valid ruleset.

The engine API is :class:`GameState`; actions are in :mod:`.actions`, the event log in :mod:`.events`.
"""

from .engine.actions import CHANCE, POT, Action, CallMizuten, Deal, Declare, Party, Play, Split
from .engine.gamestate import GameState
from .engine.roundkind import RoundKind
from .engine.view import View

__all__ = ["GameState", "CHANCE", "POT", "Party", "Action", "CallMizuten", "Deal", "Declare", "Split",
           "Play", "RoundKind", "View"]
