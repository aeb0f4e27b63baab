"""T6: before the deal the start player may declare mizuten."""

from __future__ import annotations

from typing import Optional

from ...ruleset.model import Phase, Ruleset
from ..actions import CallMizuten
from ..draws import below, seat_bits
from ..events import Applied, InternedApplied
from ..state import Table
from .base import PhaseRule, Pick

CHOICES = (CallMizuten(False), CallMizuten(True))


class MizutenCall(PhaseRule):
    phase = Phase.MIZUTEN_CALL

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self._enabled = ruleset.mizuten.enabled
        self._applied = InternedApplied(2 * ruleset.players.max)      # by seat and answer

    def applies(self, t: Table) -> bool:
        return self._enabled

    def drive(self, t: Table, pick: Pick) -> None:
        """The start player's answer with a uniform pick (:meth:`.base.PhaseRule.drive`), logged
        by an :class:`~..events.Applied` made once per round index, seat and answer."""
        r = t.round
        if r.mizuten_answered:
            return
        seat, bits = r.start, seat_bits(pick)
        call = (pick(seat, CHOICES) if bits is None else CHOICES[below(bits[seat], len(CHOICES))]).call
        known = self._applied.row(r.index)
        applied = known[2 * seat + call]
        if applied is None:
            applied = known[2 * seat + call] = Applied(r.index, seat, CHOICES[call])
        t.events.append(applied)
        r.mizuten, r.mizuten_answered = call, True

    def actor(self, t: Table) -> Optional[int]:
        return None if t.round.mizuten_answered else t.round.start

    def legal(self, t: Table) -> tuple[CallMizuten, ...]:
        return CHOICES

    def apply(self, t: Table, action: CallMizuten) -> None:
        t.round.mizuten = action.call
        t.round.mizuten_answered = True
