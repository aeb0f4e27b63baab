"""Hints: the search's evaluation of every legal action of the seat to play, best first.

:func:`hints` runs the ``ismcts`` search (or flat ``mc``, with the same worlds for every action)
from the seat's information set and reports, per legal action, the expected change of the
seat's chips this round (the carried pot's share included) with a 95% interval
(mean +- 1.96 * stdev / sqrt(n) over the play-outs that tried it). It sees only what the seat
may see, like the bots. Seeded ``rng`` and an iteration budget make it repeatable.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Optional

from ...ruleset.errors import HachiError
from ..engine.gamestate import GameState
from .ismcts import IsmctsBot
from .mc import MonteCarloBot

HINT_ITERATIONS = 400           # ismcts iterations (or mc worlds) behind one hint
Z95 = 1.96


@dataclass(frozen=True)
class Hint:
    """One legal action: the expected change of chips this round, its 95% interval, play-outs."""

    action: Any
    mean: float
    low: float
    high: float
    samples: int


def _hint(action: Any, n: int, mean: float, variance: float) -> Hint:
    if n == 0:
        return Hint(action, math.nan, -math.inf, math.inf, 0)
    half = Z95 * math.sqrt(variance / n) if n > 1 else math.inf
    return Hint(action, mean, mean - half, mean + half, n)


def hints(game: GameState, seat: Optional[int] = None, rng: Optional[random.Random] = None,
          iterations: int = HINT_ITERATIONS, method: str = "ismcts") -> list[Hint]:
    """Every legal action of ``seat`` (default: the seat to play), best expected value first."""
    seat = game.current_player if seat is None else seat
    if seat is None or seat != game.current_player or game.is_terminal or seat < 0:
        raise HachiError(f"there is nothing for seat {seat} to decide now ({game.describe_state()})")
    rng = rng or random.Random()
    legal = tuple(game.legal_actions())
    out: list[Hint]
    if method == "ismcts":
        out = [_hint(s.action, s.visits, s.mean, s.variance * s.visits / max(1, s.visits - 1))
               for s in IsmctsBot(iterations=iterations).search(game, seat, rng)]
    elif method == "mc":
        samples = max(2, iterations // max(1, len(legal)))
        out = []
        for action, vs in zip(legal, MonteCarloBot(samples=samples).values(game, seat, legal, rng, 0.0)):
            n = len(vs)
            mean = sum(vs) / n if n else 0.0
            var = sum((v - mean) ** 2 for v in vs) / (n - 1) if n > 1 else 0.0
            out.append(_hint(action, n, mean, var))
    else:
        raise HachiError(f"there is no hint method '{method}'; methods are ismcts, mc")
    return sorted(out, key=lambda h: (-h.mean if h.samples else math.inf, -h.samples))
