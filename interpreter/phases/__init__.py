"""One module per phase of a round, each configured by the ruleset (T23).

:data:`PHASES` maps every :class:`~hachihachi.ruleset.model.Phase` a rule file's ``round:``
list may name to the class that runs it; :func:`build_phases` builds a round's phases in the
rule file's order.
"""

from __future__ import annotations

from ...ruleset.errors import RuleFileError
from ...ruleset.model import Phase, Ruleset
from .base import PhaseRule
from .deal import DealPhase, DealSpace
from .declarations import Declarations
from .forced_out import ForcedOutPayments
from .hanafuda import CardScoring, HanafudaDeal, HandRoles
from .mizuten_bonus import MizutenBonus
from .mizuten_call import MizutenCall
from .one_goer_pot import OneGoerPot
from .play import PlayPhase
from .rolecache import RoleCache
from .pot import PotPhase
from .role_settlement import RoleSettlement
from .trick_settlement import TrickSettlement
from .two_goer_choice import TwoGoerChoice

PHASES: dict[Phase, type[PhaseRule]] = {
    cls.phase: cls
    for cls in (MizutenCall, DealPhase, Declarations, ForcedOutPayments, TwoGoerChoice, OneGoerPot,
                RoleSettlement, PlayPhase, TrickSettlement, PotPhase, MizutenBonus,
                HanafudaDeal, HandRoles, CardScoring)
}

__all__ = ["PHASES", "PhaseRule", "DealSpace", "build_phases"]


def build_phases(ruleset: Ruleset) -> tuple[PhaseRule, ...]:
    """The phases of a round in the order of the ruleset's ``round:`` list, checked for sense."""
    order = list(ruleset.round)
    if Phase.HANAFUDA_DEAL not in order:        # (matching play: the hanafuda deal, declarations optional)
        for needed in (Phase.DEAL, Phase.DECLARATIONS):
            if needed not in order:
                raise RuleFileError(f"the round has no '{needed.value}' phase", ruleset.source)
        if order.index(Phase.DEAL) > order.index(Phase.DECLARATIONS):
            raise RuleFileError("the round declares before the deal", ruleset.source)
    if len(set(order)) != len(order):
        raise RuleFileError("the round names a phase twice", ruleset.source)
    phases = tuple(PHASES[p](ruleset) for p in order)
    shared = RoleCache(ruleset)             # one cache for every phase that shows roles
    for phase in phases:
        if isinstance(getattr(phase, "roles", None), RoleCache):
            phase.roles = shared
    return phases
