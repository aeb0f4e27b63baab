"""T21: the goer who did best in play takes the pot: the most tricks, or in matching play the most
captured card points (the play engine's ``standing``). A tie goes to the earliest goer among the
tied, or the tied share it, as the play kind says (``split_pot_ties``: the trick game's
``trick_settlement.pot_tie``)."""

from __future__ import annotations

from ....ruleset.model import Phase, Ruleset
from ....ruleset.model import TransferKind
from ..actions import POT
from ..registry import plugin_for
from ..state import Table
from .base import PhaseRule


def pot_taker(goers: list[int], won: dict[int, int]) -> int:
    """The goer with the most tricks (or points), the earliest in declaration order on a tie.

    >>> pot_taker([3, 0, 1], {3: 2, 0: 3, 1: 2})
    0
    >>> pot_taker([3, 0, 1], {3: 3, 0: 3, 1: 1})
    3
    """
    counts = [won[g] for g in goers]
    return goers[counts.index(max(counts))]


class PotPhase(PhaseRule):
    phase = Phase.POT

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self.engine = plugin_for(ruleset).engine(ruleset)
        self._split_ties = plugin_for(ruleset).split_pot_ties(ruleset)

    def applies(self, t: Table) -> bool:
        return bool(t.round.play is not None and self.engine.standing(t))

    def enter(self, t: Table) -> None:
        r = t.round
        won = self.engine.standing(t)
        unit = self.engine.standing_unit
        taker = pot_taker(r.goers, won)
        r.pot_to = r.play_winner = taker
        most = won[taker]
        if self._split_ties and len(tied := [g for g in r.goers if won[g] == most]) > 1:
            share = t.pot // len(tied)       # the earliest of the tied takes what does not divide
            why = f"tied for most {unit} ({most}): a share of the pot"
            for goer in tied[1:]:
                t.pay(TransferKind.POT, POT, goer, share, why, multiply=False)
            t.pay(TransferKind.POT, POT, taker, t.pot, why, multiply=False)
            return
        t.pay(TransferKind.POT, POT, taker, t.pot, f"most {unit} ({most}) takes the pot", multiply=False)
