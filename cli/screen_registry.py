"""The registry of the play kinds' terminal plug-ins: one line per kind.

Adding a play kind: write its screen plug-in (:class:`~.plugin.ScreenPlugin`; the checklist is in
``docs/play-kinds.md``) and add its line here.
"""

from __future__ import annotations

from ..ruleset.model import PlayKind, Ruleset
from ..interpreter.games.matching.screen import MATCHING
from ..interpreter.games.tricks.screen import TRICKS
from .screenkind import ScreenPlugin

SCREENS: dict[PlayKind, ScreenPlugin] = {p.kind: p for p in (TRICKS, MATCHING)}


def screen_plugin(ruleset: Ruleset) -> ScreenPlugin:
    """The terminal plug-in of the ruleset's play kind."""
    return SCREENS[ruleset.play]
