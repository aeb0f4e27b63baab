"""The interpreter's side of ``highcard``, its ``KIND``: its two phases (the deal is the core's
plainest) and its action, which the generic record codec writes; it claims no other capability."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from hachihachi.interpreter.engine.actions import POT, ActionBase, Card
from hachihachi.interpreter.engine.kindplugin import Kind
from hachihachi.interpreter.engine.phases.base import PhaseRule
from hachihachi.interpreter.engine.phases.hands_deal import HandsDealPhase
from hachihachi.ruleset.model import TransferReason

from .rules import RULES, ToyPhase, ToyTransfer


@dataclass(frozen=True)
class Show(ActionBase):
    card: Card

    def told(self, deck: Any) -> str:
        return f"Show({deck.name(self.card)})"


class HighCardDeal(HandsDealPhase):
    """Everybody antes into the pot and plays; chance deals the hands (``hand_size`` cards each)."""

    phase = ToyPhase.DEAL

    def enter(self, t: Any) -> None:
        r = t.round
        r.playing = list(r.seats_from_start())
        for seat in range(t.players):
            t.pay(ToyTransfer.ANTE, seat, POT, self.ruleset.kind_rules.ante, "ante", multiply=False)


class HighCardShow(PhaseRule):
    """Each seat from the start player shows one card (``round.play``: the (seat, card) shown); the
    highest rank takes the pot."""

    phase = ToyPhase.SHOW

    def enter(self, t: Any) -> None:
        t.round.play = []

    def actor(self, t: Any) -> Optional[int]:
        shown, order = t.round.play, t.round.seats_from_start()
        return order[len(shown)] if len(shown) < len(order) else None

    def legal(self, t: Any) -> tuple[Show, ...]:
        seat = self.actor(t)
        return () if seat is None else tuple(Show(c) for c in sorted(t.round.hands[seat]))

    def apply(self, t: Any, action: Any) -> None:
        r, seat = t.round, self.actor(t)
        r.hands[seat].remove(action.card)
        r.play.append((seat, action.card))
        if len(r.play) == t.players:
            rank = self.ruleset.deck.rank
            r.pot_to = r.play_winner = max(r.play, key=lambda sc: (rank(sc[1]), -r.play.index(sc)))[0]
            t.pay(TransferReason.POT, POT, r.pot_to, t.pot, "the highest card takes the pot", multiply=False)


def check_round(ruleset: Any) -> Optional[str]:
    if list(ruleset.round) != [ToyPhase.DEAL, ToyPhase.SHOW]:
        return "a round of high card is [high_card_deal, high_card_show]"
    return None


KIND = Kind(rules=RULES, phases=(HighCardDeal, HighCardShow), actions=(Show,), check_round=check_round,
            next_dealer=lambda ruleset, r: (r.start + 1) % r.players)      # the start passes to the left
