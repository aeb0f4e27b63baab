"""The generic interpreter: plays and scores any valid ruleset.

The engine API is :class:`GameState`; actions are in :mod:`.actions`, the event log in :mod:`.events`.
"""

from .actions import CHANCE, POT, Action, CallMizuten, Choose, Deal, Declare, Party, Play, Split
from .game import GameState
from .kinds import RoundKind
from .view import View

__all__ = ["GameState", "CHANCE", "POT", "Party", "Action", "CallMizuten", "Deal", "Declare", "Split",
           "Play", "Choose", "RoundKind", "View"]
