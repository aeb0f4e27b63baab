"""T15: goers show their roles; between every pair the lower value pays the difference."""

from __future__ import annotations

from itertools import combinations

from ....ruleset.model import Ruleset
from ....ruleset.model import TransferReason
from ...engine.events import RolesShown
from ...engine.phases.base import PhaseRule
from ...engine.phases.rolecache import RoleCache, RoleValues
from ...engine.registry import plugin_for
from ...engine.state import Table
from .outcomes import PLAYED, RoundOutcome
from .rules import go_drop_rules
from .rules import GoDropPhase


class RoleSettlement(PhaseRule):
    phase = GoDropPhase.ROLE_SETTLEMENT

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self.roles: RoleValues = RoleCache(ruleset)
        self._kind = plugin_for(ruleset)        # what the roles are valued with
        split_too = go_drop_rules(ruleset).two_goers.split_settles_roles
        self._outcomes = PLAYED | ({RoundOutcome.TWO_GOERS_SPLIT} if split_too else set())

    def applies(self, t: Table) -> bool:
        return t.round.outcome in self._outcomes

    def enter(self, t: Table) -> None:
        r = t.round
        assert r.dealt is not None              # the deal came before (T15)
        value = {}
        trump, indicator = self._kind.state.valued_with(r)
        for seat in r.playing:
            result = self.roles.values(r.dealt[seat], trump, indicator)     # as dealt (T15)
            value[seat] = result.go
            t.emit(RolesShown(r.index, seat, result.ids, result.go))
        for a, b in combinations(r.playing, 2):
            low, high = (a, b) if value[a] < value[b] else (b, a)
            t.pay(TransferReason.ROLES, low, high, value[high] - value[low],
                  f"roles {value[high]} against {value[low]}")
