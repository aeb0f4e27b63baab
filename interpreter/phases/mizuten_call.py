"""T6: before the deal the start player may declare mizuten."""

from __future__ import annotations

from ...ruleset.model import Phase
from ..actions import CallMizuten
from .base import PhaseRule

CHOICES = (CallMizuten(False), CallMizuten(True))


class MizutenCall(PhaseRule):
    phase = Phase.MIZUTEN_CALL

    def applies(self, t) -> bool:
        return self.ruleset.mizuten.enabled

    def actor(self, t):
        return None if t.round.mizuten_answered else t.round.start

    def legal(self, t):
        return CHOICES

    def apply(self, t, action: CallMizuten) -> None:
        t.round.mizuten = action.call
        t.round.mizuten_answered = True
