"""T17: a lone goer takes the pot without play."""

from __future__ import annotations

from ....ruleset.model import TransferReason
from ...engine.actions import POT
from ...engine.phases.base import PhaseRule
from ...engine.state import Table
from .outcomes import RoundOutcome
from .rules import GoDropPhase


class OneGoerPot(PhaseRule):
    phase = GoDropPhase.ONE_GOER_POT

    def applies(self, t: Table) -> bool:
        return t.round.outcome is RoundOutcome.ONE_GOER

    def enter(self, t: Table) -> None:
        goer = t.round.playing[0]
        t.round.pot_to = goer
        t.pay(TransferReason.POT, POT, goer, t.pot, "lone goer takes the pot", multiply=False)
