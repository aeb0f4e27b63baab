"""The registry of play kinds: one line per kind, keyed by the rule file's ``play:`` name.

Adding a play kind: write its plug-in (see :class:`~.plugin.PlayKindPlugin` and the checklist in
``docs/play-kinds.md``) and add its line here.
"""

from __future__ import annotations

from ...ruleset.errors import RuleFileError
from ...ruleset.model import PlayKind, Ruleset
from ..games.matching.kind import MATCHING
from ..games.tricks.kind import TRICKS
from .kindplugin import PlayKindPlugin

PLUGINS: dict[PlayKind, PlayKindPlugin] = {p.kind: p for p in (TRICKS, MATCHING)}


def plugin_for(ruleset: Ruleset) -> PlayKindPlugin:
    """The plug-in of the ruleset's play kind."""
    try:
        return PLUGINS[ruleset.play]
    except KeyError:
        raise RuleFileError(f"play kind '{ruleset.play.value}' is not supported by the interpreter yet",
                            ruleset.source) from None
