"""Determinization: a game like the real one, with the cards a seat cannot see dealt at random.

Works through the public engine API only: :func:`determinize` builds a fresh one-round
:class:`~hachihachi.interpreter.game.Game` with the real round's start player, replays the
round's public actions on a deal in which every hidden hand is sampled from the cards the seat
has not seen, consistent with what it saw: the cards each goer already played, and the suits a
goer showed it is void in (T19). The carried pot is not in the fresh game; :func:`round_value`
adds the seat's share of it back.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional

from ...ruleset.errors import HachiError
from ...ruleset.model import Transfer as TransferKind
from ..actions import CHANCE, Deal
from ..events import Applied, RoundEnded, RoundStarted, Transfer
from ..game import Game
from ..kinds import RoundKind
from .knowledge import Knowledge, knowledge

ATTEMPTS = 200


def round_events(game: Game) -> list:
    """The events of the current round, from its RoundStarted on."""
    events = game.events
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], RoundStarted):
            return list(events[i:])
    return list(events)


def sample_hidden(game: Game, seat: int, k: Knowledge, rng: random.Random) -> Deal:
    """A deal of the current round: ``seat``'s own cards as dealt, every other hand sampled."""
    rules, r = game.ruleset, game.round
    n, suit = rules.hand_size, rules.deck.suit
    others = [s for s in range(game.players) if s != seat]
    size = {s: n - len(k.played_by.get(s, ())) for s in others}
    others.sort(key=lambda s: (-len(k.voids.get(s, ())), s))
    pool = sorted(k.unseen)
    for _ in range(ATTEMPTS):
        rng.shuffle(pool)
        left, hands = list(pool), {}
        for s in others:
            voids = k.voids.get(s, frozenset())
            allowed = [c for c in left if suit(c) not in voids] if voids else left
            if len(allowed) < size[s]:
                break
            hands[s] = allowed[:size[s]]
            taken = set(hands[s])
            left = [c for c in left if c not in taken]
        else:
            hands[seat] = list(k.hand)
            dealt = tuple(tuple(sorted(hands[s] + list(k.played_by.get(s, ())))) for s in range(game.players))
            return Deal(dealt, r.indicator)
    raise HachiError(f"no deal fits what seat {seat} has seen ({game.describe_state()})")


@dataclass(frozen=True)
class World:
    """One determinization of the current round: rebuild it with :meth:`game` as often as needed."""

    game_of: Game
    actions: tuple                  # the round's actions, the deal among them as sampled

    def game(self) -> Game:
        """A fresh one-round game at the same point of the round (cheaper than a deep clone)."""
        src = self.game_of
        g = Game(src.ruleset, src.players, rounds=1, start=src.round.start)
        for action in self.actions:
            g.apply(action)
        return g


def determinize(game: Game, seat: int, rng: random.Random) -> World:
    """The current round with every hand hidden from ``seat`` sampled anew (see module doc)."""
    events = round_events(game)
    if game.round.dealt is None:                    # before the deal: nothing is hidden yet
        return World(game, tuple(e.action for e in events if isinstance(e, Applied)))
    dealt = next(e.action for e in events if isinstance(e, Applied) and e.seat == CHANCE)
    if not isinstance(dealt, Deal):                 # matching play: a field and a stock (H4)
        from .determinize_matching import sample_matching_deal

        deal = sample_matching_deal(game, seat, events, rng)
    else:
        deal = sample_hidden(game, seat, knowledge(game.view(seat), game.ruleset.deck), rng)
    actions = tuple(deal if e.seat == CHANCE else e.action for e in events if isinstance(e, Applied))
    return World(game, actions)


def round_value(world: Game, end: RoundEnded, seat: int, carried: int) -> float:
    """``seat``'s change of chips in the round, with its share of the ``carried`` pot restored."""
    value = float(end.delta[seat])
    if carried == 0 or seat not in end.goers:
        return value
    if end.kind is RoundKind.TWO_GOERS_SPLIT:
        fees = sum(e.amount for e in world.events if isinstance(e, Transfer) and e.kind is TransferKind.DROP_FEE)
        return value + _share(world, end, seat, fees + carried) - _share(world, end, seat, fees)
    return value + (carried if end.pot_to == seat else 0)


def _share(world: Game, end: RoundEnded, seat: int, total: int) -> int:
    small, big = total // 2, total - total // 2
    earlier_big = world.ruleset.two_goers.odd_chip == "earlier_goer"
    first = seat == end.goers[0]
    return big if first == earlier_big else small


def carried_pot(game: Game) -> int:
    """The pot the current round started with."""
    events = round_events(game)
    return events[0].pot if events and isinstance(events[0], RoundStarted) else 0


def play_out(world: Game, policy, rng: random.Random) -> Optional[RoundEnded]:
    """Play the world's round to its end with ``policy`` in every seat; its RoundEnded event."""
    while world.current_player is not None:
        who = world.current_player
        produced = world.deal_random(rng) if who == CHANCE else world.apply(policy.choose(world, who, rng))
        for e in produced:
            if isinstance(e, RoundEnded):
                return e
    return None
