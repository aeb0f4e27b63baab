"""The interpreter's side of a play kind, found through the one registry
(:mod:`hachihachi.ruleset.kind_registry`) and imported on first use."""

from __future__ import annotations

from ...ruleset.errors import RuleFileError
from ...ruleset.kind_registry import KINDS, kind_part
from ...ruleset.model import Ruleset
from .kindplugin import PlayKindPlugin


_PLUGINS: dict[str, PlayKindPlugin] = {}      # each kind's plug-in by its package, imported once


def plugin_for(ruleset: Ruleset) -> PlayKindPlugin:
    """The plug-in of the ruleset's play kind (asked once a round: kept once imported)."""
    package = KINDS.get(ruleset.play)
    if package is None:
        raise RuleFileError(f"play kind '{ruleset.play}' is not supported by the interpreter yet", ruleset.source)
    plugin = _PLUGINS.get(package)
    if plugin is None:
        plugin = _PLUGINS[package] = kind_part(ruleset.play, "kind")
    return plugin
