"""Random-play speed of hanafuda Hachi-Hachi: rounds per second, against the trick game.

Run: ``python benchmarks/hanafuda.py [ROUNDS]``. Prints rounds/s of random play for both
rulesets measured in the same run, and their ratio.
"""

from __future__ import annotations

import random
import sys
import time

from hachihachi.interpreter import CHANCE, GameState


def rounds_per_second(rules: str, players: int, rounds: int, seed: int = 1) -> float:
    rng = random.Random(seed)
    g = GameState(rules, players=players, seed=seed, rounds=rounds)
    began = time.perf_counter()
    while not g.is_terminal:
        if g.current_player == CHANCE:
            g.deal_random(rng)
        else:
            g.apply(rng.choice(g.legal_actions()))
    return rounds / (time.perf_counter() - began)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    hana = rounds_per_second("hanafuda_hachihachi", 3, rounds)
    trick = rounds_per_second("hachihachi_trick", 3, rounds)
    print(f"hanafuda_hachihachi: {hana:8.1f} rounds/s (3 players, random play, {rounds} rounds)")
    print(f"hachihachi_trick:    {trick:8.1f} rounds/s (3 players, random play, baseline)")
    print(f"ratio hanafuda/trick: {hana / trick:.2f}")


if __name__ == "__main__":
    main()
