"""Random-play speed of hanafuda Hachi-Hachi: rounds per second, against the trick game.

Run: ``python benchmarks/hanafuda.py [ROUNDS] [REPEAT]``. Prints rounds/s of random play for
both rulesets measured in the same run, and their ratio: the best CPU time of ``REPEAT`` runs
(default 3), alternating between the two games so that other work on a shared machine hits both.
"""

from __future__ import annotations

import gc
import random
import sys
import time

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.ruleset.loader import load_ruleset


def rounds_per_second(rules, players: int, rounds: int, seed: int = 1) -> float:
    rng = random.Random(seed)
    g = GameState(rules, players=players, seed=seed, rounds=rounds)
    began = time.process_time()
    while not g.is_terminal:
        if g.current_player == CHANCE:
            g.deal_random(rng)
        else:
            g.apply(rng.choice(g.legal_actions()))
    return rounds / (time.process_time() - began)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    rules = {name: load_ruleset(name) for name in ("hanafuda_hachihachi", "hachihachi_trick")}
    best = dict.fromkeys(rules, 0.0)
    gc.collect()
    gc.freeze()                 # the loaded rules out of the collector's way, as in speed.py
    for _ in range(repeat):
        for name, ruleset in rules.items():
            best[name] = max(best[name], rounds_per_second(ruleset, 3, rounds))
    hana, trick = best["hanafuda_hachihachi"], best["hachihachi_trick"]
    print(f"hanafuda_hachihachi: {hana:8.1f} rounds/s (3 players, random play, {rounds} rounds, best of {repeat})")
    print(f"hachihachi_trick:    {trick:8.1f} rounds/s (3 players, random play, baseline)")
    print(f"ratio hanafuda/trick: {hana / trick:.2f}")


if __name__ == "__main__":
    main()
