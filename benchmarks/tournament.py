"""Seeded bot tournaments: mean chips per game per bot kind with a 95% confidence interval.

    python -m benchmarks.tournament [--ruleset R] [--match A:B ...] [--games N] [--ms MS]
                                    [--mc-samples S] [--ismcts-iterations I] [--players P]
                                    [--rounds R] [--seed S] [--workers W] [--report K]

Each match (default: heuristic:random and mc:heuristic) plays N games. Seats are mixed (the two
kinds alternate round the table) and rotate from game to game, so each kind sits in every seat.
Per game, each kind's score is the mean final chips of its seats; the interval is
mean +- 1.96 * stdev / sqrt(games), also for the per-game difference A - B (paired, same deals).
The search bots' budget is the same CPU time a decision with ``--ms`` (ismcts ``ms``, mc cut
short after ``ms``), else ``--ismcts-iterations`` / ``--mc-samples`` (repeatable by seed). For every
bot with a choice to make, the time a decision is printed (mean, median and 95th percentile):
equal time is equal mean CPU time (ismcts spends its ``ms`` as a mean, :mod:`.bots.clock`).
With ``--report K`` a running line is printed every K games, so a cut run still has figures.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.bots import make_bot
from hachihachi.interpreter.bots.ismcts import DEFAULT_ITERATIONS
from hachihachi.ruleset.loader import load_ruleset

from benchmarks.record import Result

NAME = "bots"
_MATCH: dict = {}           # per process: the ruleset and bots of the match being played


def play(rules, bots, seed: int, rounds: int, times=None):
    """Play one game; the final chips. ``times[seat]`` collects the CPU seconds of each decision
    with a choice (CPU time, so a busy machine does not inflate them)."""
    game = GameState(rules, len(bots), seed=seed, rounds=rounds)
    rng = random.Random(seed)
    while not game.is_terminal:
        who = game.current_player
        if who == CHANCE:
            game.deal_random(rng)
            continue
        choice = len(game.legal_actions()) > 1
        began = time.process_time()
        action = bots[who].choose(game, who, rng)
        if choice and times is not None:
            times[who].append(time.process_time() - began)
        game.apply(action)
    return game.chips


def build(bot: str, budget: dict):
    """The bot of ``bot``: a bot name, or ``ismcts/uniform`` (ismcts dealing its worlds without
    inference from the declarations, to measure what inference brings)."""
    if bot == "ismcts/uniform":
        if budget["ms"] is not None:
            return make_bot("ismcts", ms=budget["ms"], infer=False)
        return make_bot("ismcts", iterations=budget["ismcts_iterations"], infer=False)
    if bot == "mc":
        if budget["ms"] is not None:
            return make_bot("mc", samples=10 ** 6, seconds=budget["ms"] / 1000)
        return make_bot("mc", samples=budget["mc_samples"])
    if bot == "ismcts":
        if budget["ms"] is not None:
            return make_bot("ismcts", ms=budget["ms"])
        return make_bot("ismcts", iterations=budget["ismcts_iterations"])
    return make_bot(bot)


def one_game(job):
    """Play game ``g`` of a match; (scores by kind, decision times by kind)."""
    ruleset, a, b, g, players, rounds, seed, budget = job
    key = (ruleset, a, b, tuple(sorted(budget.items())))
    if key not in _MATCH:
        _MATCH.clear()
        _MATCH[key] = load_ruleset(ruleset), {k: build(k, budget) for k in (a, b)}
    rules, made = _MATCH[key]
    seated = [a if (s + g) % 2 == 0 else b for s in range(players)]
    seat_times: list[list[float]] = [[] for _ in seated]
    chips = play(rules, [made[k] for k in seated], seed + g, rounds, seat_times)
    scores = {k: statistics.fmean(c for c, bot in zip(chips, seated) if bot == k) for k in (a, b)}
    times = {k: [t for ts, bot in zip(seat_times, seated) if bot == k for t in ts] for k in (a, b)}
    return scores, times


def interval(values) -> tuple[float, float]:
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return round(statistics.fmean(values), 2), round(half, 2)


def percentile(values, q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def summary(a: str, b: str, scores: dict, times: dict, began: float) -> str:
    n = len(scores[a])
    diff = [x - y for x, y in zip(scores[a], scores[b])]
    parts = [f"{a} vs {b}: {n} games in {time.perf_counter() - began:.0f} s"]
    parts += [f"{k} {m} +- {h}" for k in (a, b) for m, h in [interval(scores[k])]]
    m, h = interval(diff)
    parts.append(f"{a} - {b} {m} +- {h} chips a game")
    for k in (a, b):
        if times[k]:
            parts.append(f"{k} {1000 * statistics.fmean(times[k]):.1f} ms mean, "
                         f"{1000 * statistics.median(times[k]):.1f} ms median, "
                         f"{1000 * percentile(times[k], 0.95):.1f} ms p95 CPU a decision "
                         f"({len(times[k])} decisions)")
    return "; ".join(parts)


def match(ruleset: str, a: str, b: str, games: int, players: int, rounds: int, seed: int,
          budget: dict, workers: int, report: int) -> str:
    return summary(*played(ruleset, a, b, games, players, rounds, seed, budget, workers, report))


def played(ruleset: str, a: str, b: str, games: int, players: int, rounds: int, seed: int,
           budget: dict, workers: int, report: int) -> tuple[str, str, dict, dict, float]:
    """Play a match: (a, b, scores by kind, decision times by kind, when it began)."""
    scores: dict[str, list[float]] = {a: [], b: []}
    times: dict[str, list[float]] = {a: [], b: []}
    began = time.perf_counter()
    jobs = [(ruleset, a, b, g, players, rounds, seed, budget) for g in range(games)]
    if workers > 1:
        pool = ProcessPoolExecutor(workers)
        results = pool.map(one_game, jobs, chunksize=1)
    else:
        pool, results = None, map(one_game, jobs)
    for i, (s, t) in enumerate(results, 1):
        for k in (a, b):
            scores[k].append(s[k])
            times[k].extend(t[k])
        if report and i % report == 0 and i < games:
            print("  running: " + summary(a, b, scores, times, began), flush=True)
    if pool is not None:
        pool.shutdown()
    return a, b, scores, times, began


def figures(a: str, b: str, scores: dict, times: dict, began: float) -> dict:
    """A match as data: each kind's mean chips, the paired difference, CPU ms a decision."""
    m, h = interval([x - y for x, y in zip(scores[a], scores[b])])
    out = {"games": len(scores[a]), "diff": m, "diff_half_95": h}
    for k in (a, b):
        out[f"{k}_chips"], out[f"{k}_half_95"] = interval(scores[k])
        if times[k]:
            out[f"{k}_ms_mean"] = round(1000 * statistics.fmean(times[k]), 4)
    return out


def bench(quick: bool = False) -> Result:
    """The suite's run: heuristic against random and mc against heuristic (the baseline of each
    match is its second bot), seeded and budgeted in samples, on the trick game at 5 players
    (``quick``: 12 games of 2 rounds; else 200 games of 12)."""
    games, rounds = (12, 2) if quick else (200, 12)
    budget = {"ms": None, "mc_samples": 4, "ismcts_iterations": DEFAULT_ITERATIONS}
    result = Result(params={"quick": quick, "ruleset": "hachihachi_trick", "players": 5, "games": games,
                            "rounds": rounds, "seed": 1, "mc_samples": 4})
    for a, b in (("heuristic", "random"), ("mc", "heuristic")):
        match_data = played("hachihachi_trick", a, b, games, 5, rounds, 1, budget, 1, 0)
        print(summary(*match_data), flush=True)
        found = figures(*match_data)
        result.figures.update({f"{a}_vs_{b}_{k}": v for k, v in found.items()})
        result.ratios[f"{a} - {b} (chips a game)"] = found["diff"]
        if f"{a}_ms_mean" in found and f"{b}_ms_mean" in found and found[f"{b}_ms_mean"]:
            result.ratios[f"{a} / {b} (CPU a decision)"] = round(found[f"{a}_ms_mean"] / found[f"{b}_ms_mean"], 2)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="hachihachi_trick")
    ap.add_argument("--match", action="append", help="A:B, two bot names (repeatable)")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--ms", type=float, help="time a decision of the search bots (equal for both)")
    ap.add_argument("--mc-samples", type=int, default=4)
    ap.add_argument("--ismcts-iterations", type=int, default=DEFAULT_ITERATIONS)
    ap.add_argument("--players", type=int)
    ap.add_argument("--rounds", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--report", type=int, default=0)
    args = ap.parse_args()
    rules = load_ruleset(args.ruleset)
    players = args.players or min(5, rules.players.max)
    rounds = args.rounds or rules.rounds.standard
    matches = [m.split(":") for m in args.match or ("heuristic:random", "mc:heuristic")]
    budget = {"ms": args.ms, "mc_samples": args.mc_samples, "ismcts_iterations": args.ismcts_iterations}
    what = (f"{args.ms} ms a decision" if args.ms is not None else
            f"mc {args.mc_samples} samples, ismcts {args.ismcts_iterations} iterations")
    print(f"{args.ruleset}: players {players}, rounds {rounds}, seed {args.seed}, {what}", flush=True)
    for a, b in matches:
        if args.games >= 2:
            print(match(args.ruleset, a, b, args.games, players, rounds, args.seed, budget,
                        args.workers, args.report), flush=True)


if __name__ == "__main__":
    main()
