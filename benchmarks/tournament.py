"""Seeded bot tournaments: mean chips per game per bot kind with a 95% confidence interval.

    python benchmarks/tournament.py [--games N] [--mc-games N] [--mc-samples S] [--players P]
                                    [--rounds R] [--seed S]

Two matches: heuristic against random, and mc against heuristic. Seats are mixed (the two
kinds alternate round the table) and rotate from game to game, so each kind sits in every seat.
Per game, each kind's score is the mean final chips of its seats; the interval is
mean +- 1.96 * stdev / sqrt(games). Also prints mc's time per decision (decisions with a choice).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.bots import make_bot
from hachihachi.ruleset.loader import load_ruleset


def play(rules, bots, seed: int, rounds: int):
    game = GameState(rules, len(bots), seed=seed, rounds=rounds)
    rng = random.Random(seed)
    while not game.is_terminal:
        who = game.current_player
        if who == CHANCE:
            game.deal_random(rng)
        else:
            game.apply(bots[who].choose(game, who, rng))
    return game.chips


def match(rules, a: str, b: str, games: int, players: int, rounds: int, seed: int, samples: int) -> dict:
    made = {k: make_bot(k, samples=samples) if k == "mc" else make_bot(k) for k in (a, b)}
    scores: dict[str, list[float]] = {a: [], b: []}
    began = time.perf_counter()
    for g in range(games):
        kinds = [a if (s + g) % 2 == 0 else b for s in range(players)]
        chips = play(rules, [made[k] for k in kinds], seed + g, rounds)
        for k in (a, b):
            mine = [c for c, kind in zip(chips, kinds) if kind == k]
            scores[k].append(sum(mine) / len(mine))
    out = {"games": games, "elapsed_s": round(time.perf_counter() - began, 1)}
    for k, v in scores.items():
        half = 1.96 * statistics.stdev(v) / math.sqrt(len(v))
        out[k] = (round(statistics.fmean(v), 2), round(half, 2))
    mc = made.get("mc")
    if mc is not None and mc.decisions:
        out["mc_ms_per_decision"] = round(1000 * mc.elapsed / mc.decisions, 1)
        out["mc_decisions"] = mc.decisions
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--mc-games", type=int, default=1000)
    ap.add_argument("--mc-samples", type=int, default=4)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rules = load_ruleset("hachihachi_trick")
    print(f"players {args.players}, rounds {args.rounds}, seed {args.seed}, mc samples {args.mc_samples}")
    for a, b, n in (("heuristic", "random", args.games), ("mc", "heuristic", args.mc_games)):
        if n < 2:
            continue
        r = match(rules, a, b, n, args.players, args.rounds, args.seed, args.mc_samples)
        line = f"{a} vs {b}: {r['games']} games in {r['elapsed_s']} s; " + "; ".join(
            f"{k} {r[k][0]} +- {r[k][1]}" for k in (a, b))
        if "mc_ms_per_decision" in r:
            line += f"; mc {r['mc_ms_per_decision']} ms per decision over {r['mc_decisions']} decisions"
        print(line, flush=True)


if __name__ == "__main__":
    main()
