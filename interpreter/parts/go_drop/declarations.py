"""T10-T13: go or drop, drop fees into the pot, forced-out players, the round's kind."""

from __future__ import annotations

from typing import Optional

from ....ruleset.errors import IllegalAction
from ....ruleset.model import Ruleset
from ....ruleset.model import TransferReason
from ...engine.actions import POT
from .actions import Declare
from .events import ForcedOut
from ...engine.phases.base import PhaseRule
from ...engine.registry import plugin_for
from ...engine.state import Table
from .outcomes import PLAYED, RoundOutcome
from .names import NAME, GoDropPhase, GoDropTransfer
from .rules import go_drop_rules
from .state import GoDropGame, GoDropRound

GO, DROP = Declare(True), Declare(False)
GO_ONLY, GO_OR_DROP, DROP_ONLY = (GO,), (GO, DROP), (DROP,)


def outcome_for(goers: int) -> RoundOutcome:
    """The round's kind from its number of goers (two goers play unless both split later)."""
    if goers == 0:
        return RoundOutcome.SKIPPED
    if goers == 1:
        return RoundOutcome.ONE_GOER
    return RoundOutcome.TWO_GOERS_PLAY if goers == 2 else RoundOutcome.THREE_GOERS


class Declarations(PhaseRule):
    phase = GoDropPhase.DECLARATIONS

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        rules = go_drop_rules(ruleset).declaration
        self._max_goers, self._no_goers_pot = rules.max_goers, rules.no_goers_pot
        fee = rules.drop_fee.fee
        # each voluntary dropper's fee and the words of its transfer, by the droppers before it
        self._drops = tuple((fee(n), f"drop fee of dropper {n + 1}") for n in range(ruleset.players.max))
        self._kind = plugin_for(ruleset)        # who its own rules oblige to go (T6)

    def actor(self, t: Table) -> Optional[int]:
        r = t.round
        d: GoDropRound = r.parts[NAME]          # its state of the round (state.declared, inlined: asked often)
        if d.declarations_done:
            return None
        return (r.start + len(d.declarations)) % r.players     # clockwise from the start (T10)

    def must_go(self, t: Table, seat: int) -> bool:
        """The play kind's own rules oblige the seat to go (T6: a start player who declared
        mizuten), or an effect forced it to."""
        return seat in self._kind.state.must_play(t.round) or self.forced(t, seat) is True

    @staticmethod
    def forced(t: Table, seat: int) -> Optional[bool]:
        """The decision an effect forced on ``seat`` this round (True: go), or None: go/drop's
        state of the game (``force``, :mod:`.force`)."""
        g: GoDropGame = t.parts[NAME]
        forced = g.forced
        return forced.get(t.round.index, {}).get(seat) if forced else None

    def legal(self, t: Table) -> tuple[Declare, ...]:
        seat = self.actor(t)
        assert seat is not None                 # asked while the phase waits for a seat
        if self.must_go(t, seat):
            return GO_ONLY
        return DROP_ONLY if self.forced(t, seat) is False else GO_OR_DROP

    def check(self, t: Table, action: object) -> None:
        if not isinstance(action, Declare):
            return super().check(t, action)
        seat = self.actor(t)
        assert seat is not None                 # a check comes while the phase waits for a seat
        if not action.go and self.must_go(t, seat):
            if self.forced(t, seat):
                raise IllegalAction(f"seat {seat} must go this round: a house rule forces it (docs/effects.md)")
            raise IllegalAction(f"seat {seat} {self._kind.state.must_play(t.round)[seat]}")
        if action.go and self.forced(t, seat) is False:
            raise IllegalAction(f"seat {seat} must drop this round: a house rule forces it (docs/effects.md)")

    def apply(self, t: Table, action: Declare) -> None:
        seat = self.actor(t)
        assert seat is not None                 # applied while the phase waits for a seat
        self._declare(t, seat, action.go)

    def _declare(self, t: Table, seat: int, go: bool) -> None:
        r = t.round
        d: GoDropRound = r.parts[NAME]
        d.declarations.append((seat, go))
        if go:
            r.playing.append(seat)
        else:
            fee, reason = self._drops[len(d.dropped)]
            d.dropped.append(seat)
            t.pay(GoDropTransfer.DROP_FEE, seat, POT, fee, reason)
        if len(d.declarations) >= r.players or len(r.playing) >= self._max_goers:
            self._close(t)

    def _close(self, t: Table) -> None:
        r = t.round
        d: GoDropRound = r.parts[NAME]
        undeclared = r.seats_from_start()[len(d.declarations):]
        d.forced_out = tuple(undeclared)
        if undeclared:
            t.emit(ForcedOut(r.index, d.forced_out))
        d.declarations_done = True
        r.outcome = outcome_for(len(r.playing))
        r.played = r.outcome in PLAYED
        if r.outcome is RoundOutcome.SKIPPED and self._no_goers_pot == "refund":
            refund_drop_fees(t)


def refund_drop_fees(t: Table) -> None:
    """T13 as a house rule (``declaration.no_goers.pot: refund``): when nobody goes, each dropper
    takes back the drop fee it paid this round; what earlier rounds left in the pot stays."""
    from ...engine.events import Transfer

    paid = [e for e in t.events if isinstance(e, Transfer) and e.round == t.round.index
            and e.kind is GoDropTransfer.DROP_FEE and e.target == POT]
    for e in paid:
        t.pay(TransferReason.POT, POT, e.source, e.amount, "drop fee refunded: nobody went", multiply=False)
