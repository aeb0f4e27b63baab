"""The random bot: a uniformly random legal action."""

from __future__ import annotations

import random


class RandomBot:
    name = "random"
    uniform = True          # draws by position among the legal actions only (drive.py)

    def choose(self, game, seat: int, rng: random.Random):
        return rng.choice(game.legal_actions())
