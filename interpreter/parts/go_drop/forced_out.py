"""T14: every forced-out player receives from each goer: per card class held, plus roles."""

from __future__ import annotations

from ....ruleset.model import Ruleset
from ...engine.events import RolesShown
from ...engine.phases.base import PhaseRule
from ...engine.phases.rolecache import RoleCache, RoleValues
from ...engine.registry import plugin_for
from ...engine.state import Table
from .rules import NAME, go_drop_rules
from .state import declared
from .rules import GoDropPhase, GoDropTransfer


class ForcedOutPayments(PhaseRule):
    phase = GoDropPhase.FORCED_OUT

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self.roles: RoleValues = RoleCache(ruleset)
        self._kind = plugin_for(ruleset)        # what the roles are valued with
        self._per_card = tuple(go_drop_rules(ruleset).forced_out.per_card.items())     # (card class, points) in order

    def applies(self, t: Table) -> bool:
        r = t.round
        return bool(r.playing and r.parts[NAME].forced_out)

    def enter(self, t: Table) -> None:
        r = t.round
        assert r.dealt is not None              # the deal came before (T14)
        ev = self.roles
        trump, indicator = self._kind.state.valued_with(r)
        for seat in declared(r).forced_out:
            hand = r.dealt[seat]                   # as dealt (T14)
            counted = {name: ev.count_class(name, hand, trump, indicator) for name, _ in self._per_card}
            card_points = sum(points * counted[name] for name, points in self._per_card)
            roles = ev.values(hand, trump, indicator)
            t.emit(RolesShown(r.index, seat, roles.ids, roles.forced, aces=sum(counted.values())))
            parts = [f"{k} {n}" for n, k in counted.items() if k]
            parts += [f"{h.id} {h.forced}" for h in roles.hits if h.forced]
            reason = "forced out: " + (", ".join(parts) or "nothing")
            for goer in r.playing:
                t.pay(GoDropTransfer.FORCED_OUT, goer, seat, card_points + roles.forced, reason)
