"""The terminal side of a play kind, the screen its :class:`~..interpreter.engine.kindplugin.Kind`
claims (``Kind.screen``), found through the one registry (:mod:`hachihachi.ruleset.kind_registry`)
and imported on first use."""

from __future__ import annotations

from ..interpreter.engine.registry import plugin_for
from ..ruleset.errors import HachiError
from ..ruleset.kind_registry import kind_object, not_a
from ..ruleset.model import Ruleset
from .screenkind import ScreenPlugin


def screen_plugin(ruleset: Ruleset) -> ScreenPlugin:
    """The terminal screen of the ruleset's play kind; a kind without one is refused."""
    module = plugin_for(ruleset).screen
    if module is None:
        raise HachiError(f"{ruleset.name} cannot be played at the terminal: its play kind ({ruleset.play}) "
                         f"has no screen")
    screen = kind_object(ruleset.play, module, "SCREEN")
    if not isinstance(screen, ScreenPlugin):
        raise not_a(ruleset.play, f"{module}.SCREEN", screen, ScreenPlugin)
    return screen
