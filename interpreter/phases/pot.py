"""T21: the goer with the most tricks takes the pot; a tie goes to the earliest goer among the tied."""

from __future__ import annotations

from ...ruleset.model import Phase
from ...ruleset.model import Transfer as TransferKind
from ..actions import POT
from .base import PhaseRule


def pot_taker(goers: list[int], won: dict[int, int]) -> int:
    """The goer with the most tricks, the earliest in declaration order on a tie.

    >>> pot_taker([3, 0, 1], {3: 2, 0: 3, 1: 2})
    0
    >>> pot_taker([3, 0, 1], {3: 3, 0: 3, 1: 1})
    3
    """
    best = max(won[g] for g in goers)
    return next(g for g in goers if won[g] == best)


class PotPhase(PhaseRule):
    phase = Phase.POT

    def applies(self, t) -> bool:
        return bool(t.round.tricks_won)

    def enter(self, t) -> None:
        r = t.round
        taker = pot_taker(r.goers, r.tricks_won)
        r.pot_to = r.play_winner = taker
        t.pay(TransferKind.POT, POT, taker, t.pot, f"most tricks ({r.tricks_won[taker]}) takes the pot",
              multiply=False)
