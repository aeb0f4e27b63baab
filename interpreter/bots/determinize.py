"""Determinization: a game like the real one, with the cards a seat cannot see dealt at random.

Works through the public engine API only: :func:`determinize` builds a fresh one-round
:class:`~hachihachi.interpreter.engine.gamestate.GameState` with the real round's start player, replays the
round's public actions on a deal in which every card hidden from the seat is sampled anew,
consistent with what it saw. The play kind's plug-in samples that deal (its ``sample_deal``:
the trick game's ``games/tricks/determinize.py`` keeps the cards each goer played and the suits
it showed void in, T19; matching play's ``games/matching/determinize.py`` keeps the field, the
turned cards and the shown hand roles).
The carried pot is not in the fresh game; :func:`round_value` adds the seat's share of it back.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional

from ..engine.actions import CHANCE, ActionBase
from ..engine.events import Applied, RoundEnded, RoundStarted, Transfer, round_pot
from ..engine.gamestate import GameState
from .base import Bot
from ..parts.go_drop.outcomes import RoundOutcome
from ..engine.registry import search_for
from ..parts.go_drop.rules import GoDropTransfer, go_drop_rules


def round_events(game: GameState) -> list[object]:
    """The events of the current round, from its RoundStarted on."""
    events = game.events
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], RoundStarted):
            return list(events[i:])
    return list(events)


@dataclass(frozen=True)
class World:
    """One determinization of the current round: rebuild it with :meth:`game` as often as needed."""

    game_of: GameState
    actions: tuple[ActionBase, ...]     # the round's actions, the deal among them as sampled

    def game(self) -> GameState:
        """A fresh one-round game at the same point of the round (cheaper than a deep clone): on the
        real game's phases and folded effects (:meth:`GameState.restarted`), its actions replayed
        unchecked (the real round's, which the engine accepted, and the deal the plug-in sampled)."""
        src = self.game_of
        g = src.restarted(src.round.start)
        g.replay(self.actions)
        return g


def determinize(game: GameState, seat: int, rng: random.Random, memo: Optional[dict[Any, Any]] = None,
                infer: bool = False) -> World:
    """The current round with every hand hidden from ``seat`` sampled anew (see module doc).
    ``memo``: a dict kept for one decision (this position and seat), which the plug-in's sampler
    may use to sample the next worlds faster. ``infer``: weigh the hidden hands by what the other
    seats' declarations tell (the sampler's :class:`~hachihachi.interpreter.engine.kindplugin.DealSampler`)."""
    events = round_events(game)
    if game.round.dealt is None:                    # before the deal: nothing is hidden yet
        return World(game, tuple(e.action for e in events if isinstance(e, Applied)))
    deal = search_for(game.ruleset).sample_deal(game, seat, events, rng, memo, infer)     # the play kind's own
    actions = tuple(deal if e.seat == CHANCE else e.action for e in events if isinstance(e, Applied))
    return World(game, actions)


def round_value(world: GameState, end: RoundEnded, seat: int, carried: int) -> float:
    """``seat``'s change of chips in the round, with its share of the ``carried`` pot restored."""
    value = float(end.delta[seat])
    if carried == 0 or seat not in end.goers:
        return value
    if end.kind is RoundOutcome.TWO_GOERS_SPLIT:
        fees = sum(e.amount for e in world.events if isinstance(e, Transfer) and e.kind is GoDropTransfer.DROP_FEE)
        return value + _share(world, end, seat, fees + carried) - _share(world, end, seat, fees)
    return value + (carried if end.pot_to == seat else 0)


def _share(world: GameState, end: RoundEnded, seat: int, total: int) -> int:
    small, big = total // 2, total - total // 2
    earlier_big = go_drop_rules(world.ruleset).two_goers.odd_chip == "earlier_goer"
    first = seat == end.goers[0]
    return big if first == earlier_big else small


def carried_pot(game: GameState) -> int:
    """The pot the current round started with."""
    return round_pot(round_events(game))


def play_out(world: GameState, policy: Bot, rng: random.Random) -> Optional[RoundEnded]:
    """Play the world's round to its end with ``policy`` in every seat; its RoundEnded event."""
    while world.current_player is not None:
        who = world.current_player
        produced = world.deal_random(rng) if who == CHANCE else world.apply(policy.choose(world, who, rng))
        for e in produced:
            if isinstance(e, RoundEnded):
                return e
    return None
