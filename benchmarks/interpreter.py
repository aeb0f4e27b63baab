"""Rounds per second of seeded random play on one core, and the share of time per phase.

    python benchmarks/interpreter.py [--rounds N] [--players P]

The baseline is the cost of the random choices alone (drawing the same number of choices from
``random.Random`` without a game), measured in the same run.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.ruleset.loader import load_ruleset


def play_rounds(rules, players: int, rounds: int, seed: int = 1) -> int:
    """Play ``rounds`` rounds of random legal play; return the number of decisions taken."""
    rng, done, decisions = random.Random(seed), 0, 0
    while done < rounds:
        game = GameState(rules, players, seed=seed + done, rounds=min(12, rounds - done))
        while not game.is_terminal:
            if game.current_player == CHANCE:
                game.deal_random()
            else:
                game.apply(rng.choice(game.legal_actions()))
                decisions += 1
        done += game.rounds
    return decisions


def baseline(decisions: int) -> float:
    rng, items = random.Random(1), (1, 2, 3, 4, 5, 6, 7)
    t = time.perf_counter()
    for _ in range(decisions):
        rng.choice(items)
    return time.perf_counter() - t


def phase_shares(rules, players: int, rounds: int) -> list[tuple[str, float]]:
    """Cumulative time of each phase module's functions, as a share of the whole run."""
    prof = cProfile.Profile()
    prof.runcall(play_rounds, rules, players, rounds)
    stats = pstats.Stats(prof)
    total = stats.total_tt
    shares: dict[str, float] = {}
    for (file, _line, _name), (_cc, _nc, tt, _ct, _callers) in stats.stats.items():
        if "/interpreter/" in file:
            key = file.split("/interpreter/")[1]
        else:
            key = "ruleset/roles (evaluator)" if "/ruleset/" in file else "other (random, copy, ...)"
        shares[key] = shares.get(key, 0.0) + tt
    return sorted(((k, v / total) for k, v in shares.items()), key=lambda kv: -kv[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3000)
    ap.add_argument("--players", type=int, default=5)
    args = ap.parse_args()
    rules = load_ruleset("hachihachi_trick")
    t = time.perf_counter()
    decisions = play_rounds(rules, args.players, args.rounds)
    elapsed = time.perf_counter() - t
    base = baseline(decisions)
    print(f"{args.rounds} rounds, {args.players} players, {decisions} decisions in {elapsed:.2f} s")
    print(f"rounds per second: {args.rounds / elapsed:.0f}")
    print(f"decisions per second: {decisions / elapsed:.0f} "
          f"({elapsed / base:.0f}x the cost of the random choices alone)")
    print("\nself time by module (cProfile, share of the run):")
    for name, share in phase_shares(rules, args.players, max(300, args.rounds // 5)):
        if share >= 0.005:
            print(f"  {name:36s} {share:6.1%}")


if __name__ == "__main__":
    main()
