"""Regenerate the golden playthroughs: ``python -m tests.golden.regen`` (from the repository's root).

Each trace is a whole game of the standard ruleset with seeded random legal play: the deal from
the game's own seeded generator, every decision from ``random.Random(seed)``.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.cli.narrate import Narrator

HERE = Path(__file__).parent
CASES = ((1, 3), (2, 5), (3, 7))       # (seed, players)


def play(seed: int, players: int, ruleset: str = "hachihachi_trick", rounds: int | None = None) -> GameState:
    """A whole game of seeded random legal play (of ``rounds`` rounds, else the standard length)."""
    game = GameState(ruleset, players, seed=seed, rounds=rounds)
    rng = random.Random(seed)
    while not game.is_terminal:
        if game.current_player == CHANCE:
            game.deal_random()
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


def trace(game: GameState) -> str:
    names = [f"p{s}" for s in range(game.players)]
    return "\n".join(Narrator(game.ruleset, names).lines(game.events)) + "\n"


def path_for(seed: int, players: int) -> Path:
    return HERE / f"trick_seed{seed}_p{players}.txt"


HANAFUDA_CASES = (4,)                  # seeds of 3-player hanafuda games


def play_hanafuda(seed: int) -> GameState:
    return play(seed, 3, "hanafuda_hachihachi")


def hanafuda_trace(game: GameState) -> str:
    """One line per event of a hanafuda game, cards in the deck's notation."""
    from hachihachi.interpreter.engine.events import Applied

    deck = game.ruleset.deck
    lines = []
    for e in game.events:
        if isinstance(e, Applied) and hasattr(e.action, "stock"):
            a = e.action
            lines.append(f"r{e.round + 1} deal: " + " | ".join(deck.format(h) for h in a.hands)
                         + f" | field {deck.format(a.field)} | stock {deck.format(a.stock)}")
            continue
        fields = {f.name: (deck.format(getattr(e, f.name)) if f.name in ("taken", "cards") else getattr(e, f.name))
                  for f in dataclasses.fields(e)}         # in field order (the hot events have no __dict__)
        if isinstance(e, Applied):
            a = e.action
            fields["action"] = type(a).__name__ + "(" + " ".join(deck.name(getattr(a, n)) for n in ("card", "target")
                                                               if hasattr(a, n)) + ")"
        if "card" in fields:
            fields["card"] = deck.name(fields["card"])
        lines.append(f"{type(e).__name__} " + " ".join(f"{k}={v}" for k, v in fields.items()))
    return "\n".join(lines) + "\n"


def hanafuda_path(seed: int) -> Path:
    return HERE / f"hanafuda_seed{seed}_p3.txt"


if __name__ == "__main__":
    for seed, players in CASES:
        path_for(seed, players).write_text(trace(play(seed, players)), encoding="utf-8")
        print("wrote", path_for(seed, players))
    for seed in HANAFUDA_CASES:
        hanafuda_path(seed).write_text(hanafuda_trace(play_hanafuda(seed)), encoding="utf-8")
        print("wrote", hanafuda_path(seed))
