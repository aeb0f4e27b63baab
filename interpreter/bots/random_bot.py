"""The random bot: a uniformly random legal action."""

from __future__ import annotations

import random

from ..engine.actions import ActionBase
from ..engine.draws import choice
from ..engine.gamestate import GameState


class RandomBot:
    name = "random"

    def choose(self, game: GameState, seat: int, rng: random.Random) -> ActionBase:
        action: ActionBase = choice(game.legal_actions(), rng)      # a seat's legal actions: a tuple
        return action
