"""The play phase: hands the round's goers to the ruleset's play engine (T19)."""

from __future__ import annotations

from typing import Any, Container, Optional

from ....ruleset.model import Phase, Ruleset
from ..playengine import PlayEngine
from ..registry import plugin_for
from ..state import Table
from .base import PhaseRule


class PlayPhase(PhaseRule):
    phase = Phase.PLAY

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self.engine = plugin_for(ruleset).engine(ruleset)

    def applies(self, t: Table) -> bool:
        return t.round.played

    def enter(self, t: Table) -> None:
        self.engine.start(t)

    def acting(self) -> PlayEngine:
        return self.engine

    def actor(self, t: Table) -> Optional[int]:
        return self.engine.actor(t)

    def legal(self, t: Table) -> Container[object]:
        return self.engine.legal(t)

    def check(self, t: Table, action: object) -> None:
        self.engine.check(t, action)

    def apply(self, t: Table, action: Any) -> None:
        self.engine.apply(t, action)
