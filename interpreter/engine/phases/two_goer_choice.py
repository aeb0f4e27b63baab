"""T16: with two goers, the earlier says play or split; the later answers only after a split.

``two_goers.split`` may instead make them always split (the pot is halved at once, nobody is
asked) or never split (the phase does not run)."""

from __future__ import annotations

from typing import Optional

from ....ruleset.model import Phase, SplitRule, TransferKind
from ..actions import POT, Split
from ..roundkind import RoundKind
from ..state import Table
from .base import PhaseRule

CHOICES = (Split(False), Split(True))


class TwoGoerChoice(PhaseRule):
    phase = Phase.TWO_GOER_CHOICE

    def applies(self, t: Table) -> bool:
        return t.round.kind is RoundKind.TWO_GOERS_PLAY and self.ruleset.two_goers.split is not SplitRule.NEVER

    def enter(self, t: Table) -> None:
        if self.ruleset.two_goers.split is SplitRule.ALWAYS:
            r = t.round
            r.splits.extend((g, True) for g in r.goers)
            r.choice_done = True
            r.kind = RoundKind.TWO_GOERS_SPLIT
            self._split_pot(t)

    def actor(self, t: Table) -> Optional[int]:
        r = t.round
        if r.choice_done:
            return None
        return r.goers[len(r.splits)]

    def legal(self, t: Table) -> tuple[Split, ...]:
        return CHOICES

    def apply(self, t: Table, action: Split) -> None:
        r = t.round
        seat = self.actor(t)
        assert seat is not None                 # applied while the phase waits for a seat
        r.splits.append((seat, action.want))
        if not action.want:
            r.choice_done = True
        elif len(r.splits) == 2:
            r.choice_done = True
            r.kind = RoundKind.TWO_GOERS_SPLIT
            self._split_pot(t)

    def _split_pot(self, t: Table) -> None:
        """Both split: halve the pot; the odd chip goes to the earlier goer (or the later)."""
        earlier, later = t.round.goers
        small = t.pot // 2
        big = t.pot - small
        first, second = (big, small) if self.ruleset.two_goers.odd_chip == "earlier_goer" else (small, big)
        t.pay(TransferKind.POT, POT, earlier, first, "split pot", multiply=False)
        t.pay(TransferKind.POT, POT, later, second, "split pot", multiply=False)
