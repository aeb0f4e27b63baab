"""T22 (T18): a mizuten start player with enough tricks among three goers is paid by everyone."""

from __future__ import annotations

from ....ruleset.model import Phase
from ....ruleset.model import TransferKind
from ...engine.state import Table
from ...engine.phases.base import PhaseRule
from .rules import trick_rules_of


class MizutenBonus(PhaseRule):
    phase = Phase.MIZUTEN_BONUS

    def applies(self, t: Table) -> bool:
        r, m = t.round, trick_rules_of(self.ruleset).mizuten
        return (r.mizuten and len(r.goers) == m.goers and bool(r.tricks_won)
                and r.tricks_won.get(r.start, 0) >= m.min_tricks)

    def enter(self, t: Table) -> None:
        r = t.round
        for seat in range(t.players):
            if seat != r.start:
                t.pay(TransferKind.MIZUTEN, seat, r.start, trick_rules_of(self.ruleset).mizuten.bonus,
                      f"mizuten bonus: {r.tricks_won[r.start]} tricks")
