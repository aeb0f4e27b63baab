"""The terminal side of a play kind, found through the one registry
(:mod:`hachihachi.ruleset.kind_registry`) and imported on first use."""

from __future__ import annotations

from ..ruleset.kind_registry import kind_part
from ..ruleset.model import Ruleset
from .screenkind import ScreenPlugin


def screen_plugin(ruleset: Ruleset) -> ScreenPlugin:
    """The terminal plug-in of the ruleset's play kind."""
    screen: ScreenPlugin = kind_part(ruleset.play, "screen")
    return screen
