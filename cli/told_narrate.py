"""The account of a told round (:mod:`.told`): the narrator of ``hachi replay`` plus what a table
tells in place of a deal (the play kind's :attr:`~.told.ToldKind.narrate_actions`)."""

from __future__ import annotations

from typing import Sequence

from ..ruleset.model import Ruleset
from ..interpreter.engine.events import Applied
from .narrate import Narrator
from ..interpreter.engine.registry import told_for


class ToldNarrator(Narrator):
    """``hachi replay``'s account, with the told deal in one line and the told play left to the
    events it produced (tricks in the round's result, capture roles, card points)."""

    def __init__(self, ruleset: Ruleset, names: Sequence[str], lang: str = "en"):
        super().__init__(ruleset, names, lang)
        self.told = told_for(ruleset).narrate_actions

    def _applied(self, e: Applied) -> str | None:
        own = self.told.get(type(e.action))
        if own is not None:
            return own(self, e)
        return super()._applied(e)
