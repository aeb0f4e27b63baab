"""T21: the goer with the most tricks takes the pot; a tie goes to the earliest goer among the tied
(``trick_settlement.pot_tie: earliest_goer``), or the tied share it (``split``)."""

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
        most = r.tricks_won[taker]
        tied = [g for g in r.goers if r.tricks_won[g] == most]
        if len(tied) > 1 and self.ruleset.trick_settlement.pot_tie == "split":
            share = t.pot // len(tied)       # the earliest of the tied takes what does not divide
            for goer in tied[1:]:
                t.pay(TransferKind.POT, POT, goer, share, f"tied for most tricks ({most}): a share of the pot",
                      multiply=False)
            t.pay(TransferKind.POT, POT, taker, t.pot, f"tied for most tricks ({most}): a share of the pot",
                  multiply=False)
            return
        t.pay(TransferKind.POT, POT, taker, t.pot, f"most tricks ({most}) takes the pot", multiply=False)
