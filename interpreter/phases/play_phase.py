"""The play phase: hands the round's goers to the ruleset's play engine (T19)."""

from __future__ import annotations

from ...ruleset.model import Phase, Ruleset
from ..kinds import PLAYED
from ..plugins import plugin_for
from ..state import Table
from .base import PhaseRule


class PlayPhase(PhaseRule):
    phase = Phase.PLAY

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self.engine = plugin_for(ruleset).engine(ruleset)
        # the engine's own methods (the same signatures), bound once: the play phase is the
        # hottest path of a round; set in the instance's dict, as methods are not reassigned
        vars(self).update(actor=self.engine.actor, legal=self.engine.legal,
                          check=self.engine.check, apply=self.engine.apply)

    def applies(self, t: Table) -> bool:
        return t.round.kind in PLAYED

    def enter(self, t: Table) -> None:
        self.engine.start(t)
