"""The phases of a round, in the rule file's order (T23).

:data:`PHASES` maps the phase every play kind has (the play) to the class that runs it; the parts
the ruleset takes add theirs (go/drop's declarations and payments, :mod:`.parts`) and the play kind
its own (``Kind.phases``, :mod:`.kindplugin`).
A phase the rule file writes as effects (``settlement:``: the trick settlement, the pot, the mizuten
bonus) runs them (:class:`~.phases.effects.SettlementPhase`). :func:`build_phases` builds a round's
phases in the rule file's order.
"""

from __future__ import annotations

from ...ruleset.errors import RuleFileError
from ...ruleset.model import Phase, PhaseName, Ruleset
from .parts import parts_for
from .phases.base import PhaseRule
from .phases.effects import SettlementPhase, effect_phases
from .phases.play_effects import with_play_effects
from .phases.play_phase import PlayPhase
from .phases.rolecache import RoleCache
from .registry import plugin_for

PHASES: dict[str, type[PhaseRule]] = {cls.phase: cls for cls in (PlayPhase,)}

__all__ = ["PHASES", "build_phases", "phases_of"]


def phases_of(ruleset: Ruleset) -> dict[str, type[PhaseRule]]:
    """Every phase a round of the ruleset may name, by name: the core's, its parts' (go/drop's
    declarations, ...) and its play kind's."""
    own: dict[str, type[PhaseRule]] = {cls.phase: cls for part in parts_for(ruleset) for cls in part.phases}
    return {**PHASES, **own, **{cls.phase: cls for cls in plugin_for(ruleset).phases}}


def build_phases(ruleset: Ruleset) -> tuple[PhaseRule, ...]:
    """The phases of a round in the order of the ruleset's ``round:`` list, checked for sense.
    They keep no game state (a round's state is in the Table): the games of a run may share them
    (``GameState(..., phases=...)``), with their role cache."""
    order = list(ruleset.round)
    problem = plugin_for(ruleset).check_round(ruleset)
    if problem:
        raise RuleFileError(problem, ruleset.source)
    if len(set(order)) != len(order):
        raise RuleFileError("the round names a phase twice", ruleset.source)
    known = phases_of(ruleset)
    settled = {name for name, _ in ruleset.settlement}      # phases written as effects (settlement:)
    strange = [p.value if isinstance(p, PhaseName) else p for p in order
               if p not in known and (p.value if isinstance(p, PhaseName) else p) not in settled]
    if strange:
        raise RuleFileError(f"the round names the phase '{strange[0]}', which {ruleset.play} play does not have "
                            "(nor the rule file's settlement:)", ruleset.source)
    phases = effect_phases(ruleset, tuple(
        SettlementPhase(ruleset, name) if (name := p.value if isinstance(p, PhaseName) else p) in settled
        else with_play_effects(ruleset, known[p](ruleset)) if p == Phase.PLAY
        else known[p](ruleset) for p in order))
    shared = RoleCache(ruleset)             # one cache for every phase that shows roles
    for phase in phases:
        if isinstance(getattr(phase, "roles", None), RoleCache):
            setattr(phase, "roles", shared)
    return phases
