"""A game whose rounds are told (:mod:`.told`): the ruleset's phases, with those the play kind's
:class:`~.told.ToldKind` replaces taking what the table told.

>>> from hachihachi.ruleset.loader import load_ruleset
>>> g = told_game(load_ruleset("hachihachi_trick"), players=3, start=0)
>>> g.phase.value
'mizuten_call'
"""

from __future__ import annotations

from typing import Optional

from ...ruleset.effects.model import IN_PLAY
from ...ruleset.errors import RuleFileError
from ...ruleset.model import Ruleset
from ..engine.gamestate import GameState
from ..engine.phases.base import PhaseRule
from ..engine.phases.rolecache import RoleCache
from ..engine.registry import told_for
from ...ruleset.tablenumbers import at_table
from ..engine.round_phases import build_phases
from .told import ToldRoles

__all__ = ["told_phases", "told_game"]


def told_phases(ruleset: Ruleset) -> tuple[PhaseRule, ...]:
    """The ruleset's phases, the deal and the play (and the phases that read cards the table does
    not tell) replaced by the play kind's told phases; the role cache takes claims at their word."""
    inside = sorted({e.when for e in ruleset.effects if e.when in IN_PLAY})
    if inside:
        raise RuleFileError(f"the scorekeeper is told each round's totals, not its play card by card, so an effect at "
                            f"'{inside[0]}' (inside the play) cannot run in a told round; keep the score of this "
                            "rule file by playing it (hachi play), or move the effect to 'after_play'.",
                            ruleset.source)
    told = told_for(ruleset).phases
    phases = tuple(told[p.phase](ruleset) if p.phase in told else p for p in build_phases(ruleset))
    roles: Optional[ToldRoles] = None
    for p in phases:
        cache = getattr(p, "roles", None)
        if isinstance(cache, RoleCache):
            roles = roles or ToldRoles(cache, ruleset)
            setattr(p, "roles", roles)
    return phases


def told_game(ruleset: Ruleset, players: int, start: int, rounds: Optional[int] = None) -> GameState:
    """A game whose rounds are told, settled by the ruleset's phases."""
    ruleset = at_table(ruleset, players)        # its numbers of the table filled in
    return GameState(ruleset, players, start=start, rounds=rounds, phases=told_phases(ruleset))
