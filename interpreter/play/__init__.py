"""Play engines: what happens between the payments before play and the settlement after it.

Trick play (Hachi-Hachi Trick) is :class:`~.tricks.TrickEngine` and hanafuda's matching play
:class:`~.matching.MatchingEngine`; :func:`engine_for` picks one by the ruleset's ``play:`` kind.
"""

from __future__ import annotations

from ...ruleset.errors import RuleFileError
from ...ruleset.model import PlayKind, Ruleset
from .base import PlayEngine
from .matching import MatchingEngine
from .tricks import TrickEngine

ENGINES = {PlayKind.TRICKS: TrickEngine, PlayKind.MATCHING: MatchingEngine}


def engine_for(ruleset: Ruleset) -> PlayEngine:
    """The play engine the ruleset's ``play:`` kind names."""
    try:
        return ENGINES[ruleset.play](ruleset)
    except KeyError:
        raise RuleFileError(f"play kind '{ruleset.play.value}' is not supported by the interpreter yet",
                            ruleset.source) from None
