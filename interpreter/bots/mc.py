"""The Monte Carlo bot: determinized rollouts of the round with the heuristic bot.

For each sampled world (hidden hands dealt anew, consistent with what the seat has seen, see
:mod:`.determinize`), every legal action is tried and the round is played out by the heuristic
in all seats (the heuristic of the ruleset's kind of play, trick or matching), with the same
random numbers for every action. The action with the best mean change of chips (carried pot
included) is chosen. The budget is ``samples`` worlds per decision,
cut short by ``seconds`` of the process's CPU time when given (then the choice depends on the
machine's speed, but not on how busy it is).
"""

from __future__ import annotations

import random
import time
from typing import Any, Optional, Sequence

from ..events import RoundEnded
from ..game import GameState
from .determinize import carried_pot, determinize, play_out, round_value
from .rollout import rollout_policy
from .search import SearchBot

DEFAULT_SAMPLES = 16


class MonteCarloBot(SearchBot):
    name = "mc"

    def __init__(self, samples: int = DEFAULT_SAMPLES, seconds: Optional[float] = None):
        super().__init__()
        self.samples, self.seconds = max(1, int(samples)), seconds

    def decide(self, game: GameState, seat: int, legal: tuple[Any, ...], rng: random.Random, began: float) -> Any:
        totals = self.evaluate(game, seat, legal, rng, began)
        return legal[max(range(len(legal)), key=lambda i: (totals[i], -i))]

    def evaluate(self, game: GameState, seat: int, legal: tuple[Any, ...], rng: random.Random,
                 began: float) -> list[float]:
        """The summed round value of each legal action over the sampled worlds."""
        return [sum(v) for v in self.values(game, seat, legal, rng, began)]

    def values(self, game: GameState, seat: int, legal: tuple[Any, ...], rng: random.Random,
               began: float) -> list[list[float]]:
        """The round value of each legal action in each sampled world (same worlds for all)."""
        values: list[list[float]] = [[] for _ in legal]
        carried = carried_pot(game)
        policy = rollout_policy(game.ruleset)
        for n in range(self.samples):
            if n and self.seconds is not None and time.process_time() - began > self.seconds:
                break
            world = determinize(game, seat, rng)
            seed = rng.getrandbits(64)
            for i, action in enumerate(legal):
                trial = world.game()
                end = _first_end(trial.apply(action)) or play_out(trial, policy, random.Random(seed))
                if end is not None:
                    values[i].append(round_value(trial, end, seat, carried))
        return values


def _first_end(events: Sequence[object]) -> Optional[RoundEnded]:
    return next((e for e in events if isinstance(e, RoundEnded)), None)
