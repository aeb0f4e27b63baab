"""``hachi simulate`` speed of hanafuda Hachi-Hachi against the trick game: rounds per second.

Run: ``python benchmarks/hanafuda_simulate.py [GAMES] [REPEAT]``. Plays GAMES games (default 200)
of each ruleset through :func:`~hachihachi.interpreter.runs.simulate.simulate` (3 players, random bots,
one worker, seed 7), as ``hachi simulate -n GAMES -p 3 --rules NAME --seed 7`` does, and prints the
best rounds/s of REPEAT runs (default 3) of each, alternating between the two games so that other
work on a shared machine hits both, and their ratio. Unlike ``benchmarks/hanafuda.py``, which
steps ``GameState`` action by action over one seed, every game here deals new hands and is
played through ``GameState.apply`` and summarised from its log.
"""

from __future__ import annotations

import sys
import time

from hachihachi.interpreter.runs.simulate import simulate

NAMES = ("hanafuda_hachihachi", "hachihachi_trick")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    for name in NAMES:                  # rules loaded and compiled before timing
        simulate(name, 5, 3)
    best = dict.fromkeys(NAMES, 0.0)
    for _ in range(repeat):
        for name in NAMES:
            began = time.process_time()
            summary = simulate(name, games, 3, seed=7)
            best[name] = max(best[name], summary.rounds / (time.process_time() - began))
    hana, trick = best["hanafuda_hachihachi"], best["hachihachi_trick"]
    print(f"hanafuda_hachihachi: {hana:8.1f} rounds/s (simulate, 3 players, random bots, {games} games, "
          f"best of {repeat})")
    print(f"hachihachi_trick:    {trick:8.1f} rounds/s (the same)")
    print(f"ratio hanafuda/trick: {hana / trick:.2f}")


if __name__ == "__main__":
    main()
