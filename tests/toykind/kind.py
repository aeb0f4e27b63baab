"""The interpreter's side of ``highcard``: its two phases, its actions and its record codec."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Optional

from hachihachi.interpreter.engine.actions import POT, ActionBase
from hachihachi.interpreter.engine.events import Applied, RoundStarted
from hachihachi.interpreter.engine.kindplugin import NoKindState
from hachihachi.interpreter.engine.phases.base import PhaseRule
from hachihachi.interpreter.engine.phases.chance import ChancePhase
from hachihachi.interpreter.records.replaying import RecordProblem, apply_at, check_turn
from hachihachi.ruleset.errors import CardError, HachiError
from hachihachi.ruleset.model import TransferKind

from .rules import ToyPhase, ToyTransfer


@dataclass(frozen=True)
class ToyDeal(ActionBase):
    hands: tuple[tuple[int, ...], ...]

    def told(self, deck: Any) -> str:
        return "the deal"


@dataclass(frozen=True)
class Show(ActionBase):
    card: int

    def told(self, deck: Any) -> str:
        return f"Show({deck.name(self.card)})"


class ToyDeals:
    """Every deal of ``hand_size`` cards to each seat: ``in``, checking and sampling."""

    def __init__(self, ruleset: Any, players: int):
        self.ruleset, self.players = ruleset, players

    def sample(self, rng: random.Random) -> ToyDeal:
        cards = list(self.ruleset.deck.cards)
        rng.shuffle(cards)
        n = self.ruleset.hand_size
        return ToyDeal(tuple(tuple(sorted(cards[i * n:(i + 1) * n])) for i in range(self.players)))

    def problem(self, deal: object) -> Optional[str]:
        if not isinstance(deal, ToyDeal) or len(deal.hands) != self.players:
            return f"{deal!r} is not a deal to {self.players} seats"
        cards = [c for h in deal.hands for c in h]
        if any(len(h) != self.ruleset.hand_size for h in deal.hands) or len(set(cards)) != len(cards) \
                or not all(c in self.ruleset.deck.cards for c in cards):
            return "every seat is dealt hand_size different cards of the deck"
        return None

    def __contains__(self, deal: object) -> bool:
        return self.problem(deal) is None


class HighCardDeal(ChancePhase):
    """Everybody antes into the pot and plays; chance deals the hands."""

    phase = ToyPhase.DEAL                       # the kind's own phase

    def enter(self, t: Any) -> None:
        r = t.round
        r.playing = list(r.seats_from_start())
        for seat in range(t.players):
            t.pay(ToyTransfer.ANTE, seat, POT, self.ruleset.kind_rules.ante, "ante", multiply=False)

    def space(self, players: int) -> ToyDeals:
        return ToyDeals(self.ruleset, players)

    def apply(self, t: Any, action: Any) -> None:
        t.round.dealt, t.round.hands = action.hands, [list(h) for h in action.hands]


@dataclass
class Shown:
    order: list[int]
    cards: list[tuple[int, int]] = field(default_factory=list)        # (seat, card) in order


class HighCardShow(PhaseRule):
    """Each seat from the start player shows one card; the highest rank takes the pot."""

    phase = ToyPhase.SHOW

    def enter(self, t: Any) -> None:
        t.round.play = Shown(list(t.round.seats_from_start()))

    def actor(self, t: Any) -> Optional[int]:
        p = t.round.play
        return p.order[len(p.cards)] if len(p.cards) < len(p.order) else None

    def legal(self, t: Any) -> tuple[Show, ...]:
        seat = self.actor(t)
        return () if seat is None else tuple(Show(c) for c in sorted(t.round.hands[seat]))

    def apply(self, t: Any, action: Any) -> None:
        r, p = t.round, t.round.play
        seat = self.actor(t)
        r.hands[seat].remove(action.card)
        p.cards.append((seat, action.card))
        if len(p.cards) == len(p.order):
            rank = self.ruleset.deck.rank
            winner = max(p.cards, key=lambda sc: (rank(sc[1]), -p.cards.index(sc)))[0]
            r.pot_to = r.play_winner = winner
            t.pay(TransferKind.POT, POT, winner, t.pot, "the highest card takes the pot", multiply=False)


class Record:
    """A round of a record: ``{start, hands, actions: [{seat, show}]}``."""

    def rounds_data(self, game: Any) -> list[dict[str, Any]]:
        deck, rounds = game.ruleset.deck, []
        for e in game.events:
            if isinstance(e, RoundStarted):
                rounds.append({"start": e.start, "actions": []})
            elif isinstance(e, Applied) and isinstance(e.action, ToyDeal):
                rounds[-1]["hands"] = [[deck.name(c) for c in h] for h in e.action.hands]
            elif isinstance(e, Applied) and isinstance(e.action, Show):
                rounds[-1]["actions"].append({"seat": int(e.seat), "show": deck.name(e.action.card)})
        return [r for r in rounds if "hands" in r]

    def replay_round(self, game: Any, r: int, rnd: Any, last: bool) -> None:
        where, deck = f"round {r}", game.ruleset.deck
        if not isinstance(rnd, dict) or rnd.get("start") != game.round.start:
            raise RecordProblem(where, "a round is a mapping with the start player the rules give")
        try:
            apply_at(game, f"{where}, the deal", ToyDeal(tuple(tuple(deck.parse_list(h)) for h in rnd["hands"])))
            for i, item in enumerate(rnd.get("actions") or [], 1):
                action = Show(deck.parse(item["show"]))
                check_turn(game, item["seat"], action, f"{where}, action {i}")
                apply_at(game, f"{where}, action {i}", action)
        except (CardError, KeyError, TypeError) as e:
            raise RecordProblem(where, f"not a round of high card ({e})") from None

    def round_extras(self, events: Any, names: Any) -> dict[int, dict[str, Any]]:
        return {}


def no_search(*args: Any) -> Any:
    raise HachiError("high card has no search bots")


class HighCardPlugin(NoKindState):
    kind = "highcard"
    phases = (HighCardDeal, HighCardShow)
    told = None                                 # no scorekeeper part
    record = Record()
    starter = "start player"
    next_starter = "start"
    narrate_events: dict[type, Any] = {}
    narrate_actions: dict[type, Any] = {}
    sample_deal = staticmethod(no_search)
    rollout_bot = "random"

    def engine(self, ruleset: Any) -> Any:
        raise HachiError("high card plays in its own phase, not the play phase")

    def next_dealer(self, ruleset: Any, r: Any) -> Optional[int]:
        return (r.start + 1) % r.players        # the start passes to the left every round

    def check_round(self, ruleset: Any) -> Optional[str]:
        if list(ruleset.round) != [ToyPhase.DEAL, ToyPhase.SHOW]:
            return "a round of high card is [high_card_deal, high_card_show]"
        return None

    def view(self, round: Any) -> Any:
        return None


PLUGIN = HighCardPlugin()
