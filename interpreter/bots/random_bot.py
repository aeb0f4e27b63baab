"""The random bot: a uniformly random legal action."""

from __future__ import annotations

import random


class RandomBot:
    name = "random"

    def choose(self, game, seat: int, rng: random.Random):
        return rng.choice(game.legal_actions())
