"""T6: before the deal the start player may declare mizuten."""

from __future__ import annotations

from typing import Optional

from ....ruleset.model import Ruleset
from .rules import TrickPhase
from .actions import CallMizuten
from ...engine.state import Table
from ...engine.phases.base import PhaseRule
from .play import trick_round
from .rules import trick_rules_of

CHOICES = (CallMizuten(False), CallMizuten(True))


class MizutenCall(PhaseRule):
    phase = TrickPhase.MIZUTEN_CALL

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self._enabled = trick_rules_of(ruleset).mizuten.enabled

    def applies(self, t: Table) -> bool:
        return self._enabled

    def actor(self, t: Table) -> Optional[int]:
        return None if trick_round(t).mizuten_answered else t.round.start

    def legal(self, t: Table) -> tuple[CallMizuten, ...]:
        return CHOICES

    def apply(self, t: Table, action: CallMizuten) -> None:
        part = trick_round(t)
        part.mizuten = action.call
        part.mizuten_answered = True
