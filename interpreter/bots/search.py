"""What the search bots (``mc``, ``ismcts``) share: a forced move is played at once, and the
decisions with a choice are counted with the CPU time spent on them (``decisions``, ``elapsed``,
``times``), which the benchmarks report."""

from __future__ import annotations

import random
import time
from typing import Any

from ..game import GameState


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
        return action

    def decide(self, game: GameState, seat: int, legal: tuple[Any, ...], rng: random.Random, began: float) -> Any:
        """The action to take among ``legal`` (more than one), the search begun at ``began``."""
        raise NotImplementedError
