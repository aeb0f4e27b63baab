"""Stable integer ids for the engine's actions (see the package docstring for the table)."""

from __future__ import annotations

from typing import Any

from ..interpreter.engine.actions import Choose, Play
from ..interpreter.parts.go_drop.actions import Declare, Split
from ..ruleset.errors import HachiError
from .kind import BridgeKind

# the yes/no decisions, in id order: ids 0 and 1 are the play kind's own (its bridge's ``yes_no``,
# the trick game's mizuten call), then the core's
OWN_CHOICES = 2
_CHOICES: tuple[Any, ...] = (Declare(False), Declare(True), Split(False), Split(True))
PLAY_BASE = OWN_CHOICES + len(_CHOICES)


def answers_of(ruleset: Any, kind: BridgeKind | None = None) -> tuple[Choose, ...]:
    """Every answer a rule file may ask for: its play kind's own (``kind``), then its effects'
    (``ask``), in the file's order."""
    from ..ruleset.effects import Ask

    out: list[Choose] = list(kind.answers(ruleset)) if kind is not None else []
    for effect in ruleset.effects:
        for action in effect.actions:
            if isinstance(action, Ask):
                out += [Choose(action.counter.name, name) for name, _ in action.options]
    return tuple(dict.fromkeys(out))


class ActionCodec:
    """Maps engine actions to ids ``0 .. size-1`` and back, for a deck of ``deck_size`` cards; the
    play kind's bridge (``kind``) reads and makes its two-card actions (captures)."""

    def __init__(self, deck_size: int, kind: BridgeKind, answers: tuple[Choose, ...] = ()):
        self.deck_size, self.kind = deck_size, kind
        self.capture_base = PLAY_BASE + deck_size
        self.answer_base = self.capture_base + deck_size * deck_size
        self.answers = answers              # the answers to a rule file's questions (docs/effects.md), last
        self._answer_ids = {a: self.answer_base + i for i, a in enumerate(answers)}
        self.size = self.answer_base + len(answers)
        own = tuple(kind.yes_no)[:OWN_CHOICES]
        self.choices: tuple[Any, ...] = own + (None,) * (OWN_CHOICES - len(own)) + _CHOICES
        self._choice_ids = {a: i for i, a in enumerate(self.choices) if a is not None}

    def encode(self, action: Any) -> int:
        if isinstance(action, Play):
            return PLAY_BASE + action.card
        pair = self.kind.encode(action)
        if pair is not None:
            return self.capture_base + pair[0] * self.deck_size + pair[1]
        choice = self._choice_ids.get(action)
        if choice is None:
            choice = self._answer_ids.get(action)
        if choice is None:
            raise HachiError(f"the OpenSpiel bridge has no id for the action {action!r}")
        return choice

    def decode(self, action_id: int) -> Any:
        if not 0 <= action_id < self.size:
            raise HachiError(f"{action_id} is not an action id of this game (0 to {self.size - 1})")
        if action_id < PLAY_BASE:
            choice = self.choices[action_id]
            if choice is None:
                raise HachiError(f"{action_id} is not an action of this play kind")
            return choice
        if action_id < self.capture_base:
            return Play(action_id - PLAY_BASE)
        if action_id >= self.answer_base:
            return self.answers[action_id - self.answer_base]
        card, target = divmod(action_id - self.capture_base, self.deck_size)
        return self.kind.decode(card, target)
