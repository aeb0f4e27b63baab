"""T16: with two goers, the earlier says play or split; the later answers only after a split.

``two_goers.split`` may instead make them always split (the pot is halved at once, nobody is
asked) or never split (the phase does not run)."""

from __future__ import annotations

from typing import Optional

from ....ruleset.model import Ruleset, TransferReason
from ...engine.actions import POT
from .actions import Split
from ...engine.phases.base import PhaseRule
from ...engine.state import Table
from .outcomes import RoundOutcome
from .rules import SplitRule, go_drop_rules
from .state import declared
from .rules import GoDropPhase

CHOICES = (Split(False), Split(True))


class TwoGoerChoice(PhaseRule):
    phase = GoDropPhase.TWO_GOER_CHOICE

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self._rules = go_drop_rules(ruleset).two_goers

    def applies(self, t: Table) -> bool:
        return t.round.outcome is RoundOutcome.TWO_GOERS_PLAY and self._rules.split is not SplitRule.NEVER

    def enter(self, t: Table) -> None:
        if self._rules.split is SplitRule.ALWAYS:
            r = t.round
            d = declared(r)
            d.splits.extend((g, True) for g in r.playing)
            d.choice_done = True
            r.outcome, r.played = RoundOutcome.TWO_GOERS_SPLIT, False
            self._split_pot(t)

    def actor(self, t: Table) -> Optional[int]:
        r = t.round
        d = declared(r)
        if d.choice_done:
            return None
        return r.playing[len(d.splits)]

    def legal(self, t: Table) -> tuple[Split, ...]:
        return CHOICES

    def apply(self, t: Table, action: Split) -> None:
        r = t.round
        seat = self.actor(t)
        assert seat is not None                 # applied while the phase waits for a seat
        d = declared(r)
        d.splits.append((seat, action.want))
        if not action.want:
            d.choice_done = True
        elif len(d.splits) == 2:
            d.choice_done = True
            r.outcome, r.played = RoundOutcome.TWO_GOERS_SPLIT, False
            self._split_pot(t)

    def _split_pot(self, t: Table) -> None:
        """Both split: halve the pot; the odd chip goes to the earlier goer (or the later)."""
        earlier, later = t.round.playing
        small = t.pot // 2
        big = t.pot - small
        first, second = (big, small) if self._rules.odd_chip == "earlier_goer" else (small, big)
        t.pay(TransferReason.POT, POT, earlier, first, "split pot", multiply=False)
        t.pay(TransferReason.POT, POT, later, second, "split pot", multiply=False)
