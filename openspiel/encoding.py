"""Stable integer ids for the engine's actions (see the package docstring for the table)."""

from __future__ import annotations

from ..interpreter.actions import CallMizuten, Declare, Play, Split
from ..interpreter.play.matching import Capture
from ..ruleset.errors import HachiError

# the yes/no decisions: (class, answer) -> id
_CHOICES = ((CallMizuten, False), (CallMizuten, True), (Declare, False), (Declare, True),
            (Split, False), (Split, True))
PLAY_BASE = len(_CHOICES)


class ActionCodec:
    """Maps engine actions to ids ``0 .. size-1`` and back, for a deck of ``deck_size`` cards."""

    def __init__(self, deck_size: int):
        self.deck_size = deck_size
        self.capture_base = PLAY_BASE + deck_size
        self.size = self.capture_base + deck_size * deck_size

    def encode(self, action) -> int:
        if isinstance(action, Play):
            return PLAY_BASE + action.card
        if isinstance(action, Capture):
            return self.capture_base + action.card * self.deck_size + action.target
        for i, (cls, answer) in enumerate(_CHOICES):
            if isinstance(action, cls) and _answer(action) == answer:
                return i
        raise HachiError(f"the OpenSpiel bridge has no id for the action {action!r}")

    def decode(self, action_id: int):
        if not 0 <= action_id < self.size:
            raise HachiError(f"{action_id} is not an action id of this game (0 to {self.size - 1})")
        if action_id < PLAY_BASE:
            cls, answer = _CHOICES[action_id]
            return cls(answer)
        if action_id < self.capture_base:
            return Play(action_id - PLAY_BASE)
        card, target = divmod(action_id - self.capture_base, self.deck_size)
        return Capture(card, target)


def _answer(action) -> bool:
    for name in ("call", "go", "want"):
        if hasattr(action, name):
            return getattr(action, name)
    raise HachiError(f"the OpenSpiel bridge has no id for the action {action!r}")
