"""T20: between every pair of goers, fewer tricks pays ``per_trick`` per trick of difference."""

from __future__ import annotations

from itertools import combinations

from ....ruleset.model import Phase, Ruleset
from ....ruleset.model import TransferKind
from ...engine.state import Table
from ...engine.phases.base import PhaseRule
from .rules import trick_rules_of


class TrickSettlement(PhaseRule):
    phase = Phase.TRICK_SETTLEMENT

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self._per = trick_rules_of(ruleset).trick_settlement.per_trick

    def applies(self, t: Table) -> bool:
        return bool(t.round.tricks_won)

    def enter(self, t: Table) -> None:
        won = t.round.tricks_won
        per = self._per
        for a, b in combinations(t.round.goers, 2):
            low, high = (a, b) if won[a] < won[b] else (b, a)
            diff = won[high] - won[low]
            t.pay(TransferKind.TRICKS, low, high, per * diff, f"tricks {won[high]} against {won[low]}")
