"""Regenerate the golden playthroughs: ``python tests/golden/regen.py``.

Each trace is a whole game of the standard ruleset with seeded random legal play: the deal from
the game's own seeded generator, every decision from ``random.Random(seed)``.
"""

from __future__ import annotations

import random
from pathlib import Path

from hachihachi.interpreter import CHANCE, Game
from hachihachi.interpreter.narrate import Narrator

HERE = Path(__file__).parent
CASES = ((1, 3), (2, 5), (3, 7))       # (seed, players)


def play(seed: int, players: int) -> Game:
    game = Game("hachihachi_trick", players, seed=seed)
    rng = random.Random(seed)
    while not game.is_terminal:
        if game.current_player == CHANCE:
            game.deal_random()
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


def trace(game: Game) -> str:
    names = [f"p{s}" for s in range(game.players)]
    return "\n".join(Narrator(game.ruleset, names).lines(game.events)) + "\n"


def path_for(seed: int, players: int) -> Path:
    return HERE / f"trick_seed{seed}_p{players}.txt"


if __name__ == "__main__":
    for seed, players in CASES:
        path_for(seed, players).write_text(trace(play(seed, players)), encoding="utf-8")
        print("wrote", path_for(seed, players))
