"""The play phase: hands the round's goers to the ruleset's play engine (T19)."""

from __future__ import annotations

from ...ruleset.model import Phase
from ..kinds import PLAYED
from ..plugins import plugin_for
from .base import PhaseRule


class PlayPhase(PhaseRule):
    phase = Phase.PLAY

    def __init__(self, ruleset):
        super().__init__(ruleset)
        self.engine = plugin_for(ruleset).engine(ruleset)
        # the engine's own methods, bound once: the play phase is the hottest path of a round
        self.actor, self.legal = self.engine.actor, self.engine.legal
        self.check, self.apply = self.engine.check, self.engine.apply
        if hasattr(self.engine, "drive"):       # the engine's own loop for uniform picks (drive.py)
            self.drive = self.engine.drive

    def applies(self, t) -> bool:
        return t.round.kind in PLAYED

    def enter(self, t) -> None:
        self.engine.start(t)
