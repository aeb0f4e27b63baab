"""The Monte Carlo bot: determinized rollouts of the round with the heuristic bot.

For each sampled world (hidden hands dealt anew, consistent with what the seat has seen, see
:mod:`.determinize`), every legal action is tried and the round is played out by the heuristic
in all seats (the heuristic of the ruleset's kind of play, trick or matching), with the same
random numbers for every action. The heuristic's own choice stands unless another action's mean
change of chips (carried pot included) beats it by more than ``confidence`` standard errors of
the paired difference over the same worlds (:func:`.search.confident_best`); ``confidence=None``
takes the best mean outright. The budget is ``samples`` worlds per decision,
cut short by ``seconds`` of the process's CPU time when given: no world is begun that would end
more than half a world past it, so that ``seconds`` is about the mean time a decision (then the
choice depends on the machine's speed, but not on how busy it is).
"""

from __future__ import annotations

import random
import time
from typing import Any, Optional, Sequence

from ..engine.events import RoundEnded
from ..engine.gamestate import GameState
from .determinize import carried_pot, determinize, play_out, round_value
from .rollout import rollout_policy
from .search import CONFIDENCE, Estimate, SearchBot, confident_best, heuristic_choice, paired

DEFAULT_SAMPLES = 16


class MonteCarloBot(SearchBot):
    name = "mc"

    def __init__(self, samples: int = DEFAULT_SAMPLES, seconds: Optional[float] = None,
                 confidence: Optional[float] = CONFIDENCE):
        super().__init__()
        self.samples, self.seconds = max(1, int(samples)), seconds
        self.confidence = confidence

    def decide(self, game: GameState, seat: int, legal: tuple[Any, ...], rng: random.Random, began: float) -> Any:
        z = self.confidence
        default = None if z is None else heuristic_choice(rollout_policy(game.ruleset), game, seat, rng, legal)
        values = self.values(game, seat, legal, rng, began)
        if default is None or z is None:
            totals = [sum(v) for v in values]
            return legal[max(range(len(legal)), key=lambda i: (totals[i], -i))]
        base = values[legal.index(default)]
        estimates = [Estimate(a, len(v), *paired(v, base)) for a, v in zip(legal, values) if a != default]
        return confident_best(estimates, default, z)

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
            if n and self.seconds is not None:
                spent = time.process_time() - began
                if spent + spent / n / 2 > self.seconds:        # the next world would end past the budget
                    break
            world = determinize(game, seat, rng).game()
            seed = rng.getrandbits(64)
            for i, action in enumerate(legal):
                trial = world.clone() if i < len(legal) - 1 else world     # a copy is cheaper than a replay
                end = _first_end(trial.apply(action)) or play_out(trial, policy, random.Random(seed))
                if end is not None:
                    values[i].append(round_value(trial, end, seat, carried))
        return values


def _first_end(events: Sequence[object]) -> Optional[RoundEnded]:
    return next((e for e in events if isinstance(e, RoundEnded)), None)
