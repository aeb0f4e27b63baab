"""Koi-Koi against hanafuda Hachi-Hachi: rounds per second of random play, in one run.

    python -m benchmarks.koikoi [--games N] [--chunk C] [--repeat R] [--seed S]

Each game is played through ``GameState.apply`` with seeded random choices (``rules/koikoi.yaml``
at 2 players, ``rules/hanafuda_hachihachi.yaml`` at 3, 6 rounds each). The games are cut into
chunks played by the two rule files in turn, ``--repeat`` times over, and each file's CPU time is
summed over its chunks, so both see the same machine; printed: rounds/s of each and their ratio.
"""

from __future__ import annotations

import argparse
import random
import time

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.ruleset.loader import load_ruleset


def play(rules: object, players: int, seed: int) -> int:
    """One seeded random game; the rounds it played."""
    rng = random.Random(seed)
    g = GameState(rules, players=players, seed=seed, rounds=6)
    while not g.is_terminal:
        if g.current_player == CHANCE:
            g.deal_random(rng)
        else:
            g.apply(rng.choice(list(g.legal_actions())))
    return g.round.index + 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--chunk", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    files = {"koikoi": (load_ruleset("koikoi"), 2), "hanafuda_hachihachi": (load_ruleset("hanafuda_hachihachi"), 3)}
    spent = {name: 0.0 for name in files}
    rounds = {name: 0 for name in files}
    for rep in range(a.repeat):
        for start in range(0, a.games, a.chunk):
            seeds = range(a.seed + rep * a.games + start, a.seed + rep * a.games + min(start + a.chunk, a.games))
            for name, (rules, players) in files.items():
                t0 = time.process_time()
                rounds[name] += sum(play(rules, players, s) for s in seeds)
                spent[name] += time.process_time() - t0
    per = {name: rounds[name] / spent[name] for name in files}
    for name in files:
        print(f"{name:22} {rounds[name]:7d} rounds {spent[name]:7.2f} s CPU {per[name]:9.0f} rounds/s")
    print(f"koikoi / hanafuda_hachihachi: {per['koikoi'] / per['hanafuda_hachihachi']:.2f}")


if __name__ == "__main__":
    main()
