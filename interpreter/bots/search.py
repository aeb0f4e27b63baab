"""What the search bots (``mc``, ``ismcts``) share: a forced move is played at once, and the
decisions with a choice are counted with the CPU time spent on them (``decisions``, ``elapsed``,
``times``), which the benchmarks report.

They also share the rule that keeps a small budget from playing worse than the roll-out
heuristic: the heuristic's own choice stands unless the search found an action better by more
than ``z`` standard errors of the difference (:func:`confident_best`). With a few dozen noisy
play-outs a plain argmax picks a worse action about as often as a better one, and the
declarations (go or drop, mizuten, split) swing many chips on a two-way choice.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from ..engine.gamestate import GameState

CONFIDENCE = 1.0                 # standard errors an action must beat the heuristic's choice by
SETTLE_Z = 1.0                   # a decision is settled when every contender is this far behind
SETTLE_PAIRS = 3                 # ... after at least this many paired play-outs each


@dataclass(frozen=True)
class Estimate:
    """What the search knows of one action: its play-outs, and the mean and standard error of
    its advantage over the heuristic's choice (in chips, the seat's change of the round)."""

    action: Any
    samples: int
    advantage: float
    error: float


def confident_best(estimates: Sequence[Estimate], default: Any, z: float = CONFIDENCE) -> Any:
    """The action with the largest advantage among those ahead of ``default`` by more than ``z``
    standard errors (with at least two play-outs); ``default`` when there is none."""
    best, best_gain = default, 0.0
    for e in estimates:
        if e.samples >= 2 and e.advantage - z * e.error > 0 and e.advantage > best_gain:
            best, best_gain = e.action, e.advantage
    return best


def settled(estimates: Sequence[Estimate], z: float = SETTLE_Z, least: int = SETTLE_PAIRS) -> bool:
    """Whether the search may stop early and keep the default: every contender has ``least``
    play-outs or more and is behind the default (or level with it) by ``z`` standard errors, so
    that more play-outs would hardly make :func:`confident_best` pick it."""
    return bool(estimates) and all(e.samples >= least and e.advantage + z * e.error <= 0 for e in estimates)


def paired(values: Sequence[float], base: Sequence[float]) -> tuple[float, float]:
    """Mean and standard error of ``values - base`` (the same worlds, in order)."""
    d = [a - b for a, b in zip(values, base)]
    n = len(d)
    if n < 2:
        return (d[0] if d else 0.0), math.inf
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean, math.sqrt(var / n)


class SearchBot:
    def __init__(self) -> None:
        self.decisions = 0
        self.elapsed = 0.0
        self.times: list[float] = []

    def choose(self, game: GameState, seat: int, rng: random.Random) -> Any:
        legal = tuple(game.legal_actions())
        if len(legal) == 1:
            return legal[0]
        began = time.process_time()
        action = self.decide(game, seat, legal, rng, began)
        spent = time.process_time() - began
        self.decisions += 1
        self.elapsed += spent
        self.times.append(spent)
        self.spent(spent)
        return action

    def spent(self, seconds: float) -> None:
        """Told the CPU time a decision with a choice took (a time manager's bank, :mod:`.clock`)."""

    def decide(self, game: GameState, seat: int, legal: tuple[Any, ...], rng: random.Random, began: float) -> Any:
        """The action to take among ``legal`` (more than one), the search begun at ``began``."""
        raise NotImplementedError


def heuristic_choice(policy: Any, game: GameState, seat: int, rng: random.Random,
                     legal: Sequence[Any]) -> Optional[Any]:
    """The roll-out heuristic's choice for ``seat`` now (from its own generator drawn from
    ``rng``, so the search's random numbers do not depend on it)."""
    choice = policy.choose(game, seat, random.Random(rng.getrandbits(64)))
    return choice if choice in legal else None
