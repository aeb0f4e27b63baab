"""CPU time a decision of the search bots (ismcts, mc) at a fixed budget, in one or more source trees,
interleaved, with a digest of every game's actions so that the trees are seen to decide alike.

    python -m benchmarks.search_time [TREE ...] [--bots ismcts,mc] [--rules R] [--games N]
                                     [--rounds R] [--repeat K] [--profile]

Each game seats the search bot at seat 0 and the roll-out heuristic at the others; the bot's budget
is fixed (ismcts ``iterations``, mc ``samples``), so its choices depend on the seed alone and two
trees that play the same games give the same digest: of every action applied (the deals, every
seat's decisions) and of each game's final chips. Only the actions and the chips: the events a
game logs besides have grown fields over time (a hanafuda round without go/drop has had no kind,
``RoundEnded.kind`` None, since go/drop became a part), so a digest of the whole log would tell
two trees apart that decide alike. Each TREE (default: this one) is a checkout
of the project (``git worktree add --detach /tmp/base COMMIT``); its games run in a process of
their own with ``PYTHONPATH=TREE/.typing``, the trees taking turns ``--repeat`` times. Printed: the
median of the runs' mean CPU ms a decision with a choice, its ratio to the first tree (the
baseline of the same run: less than 1 is faster), and whether the digests agree. ``--profile``
prints the top functions of one run of this tree instead (cProfile).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time

from benchmarks.record import ROOT

BUDGET = {"ismcts": {"iterations": 20}, "mc": {"samples": 8}}
PLAYERS = {"hachihachi_trick": 5, "hanafuda_hachihachi": 3, "koikoi": 2}     # else the ruleset's fewest


def worker(bot: str, rules: str, games: int, rounds: int, seed: int) -> dict[str, object]:
    """Play the games in this process (the tree's ``hachihachi`` on the path): the search bot's
    CPU seconds a decision and a digest of every action applied and the chips of every game."""
    from hachihachi.interpreter import CHANCE, GameState
    from hachihachi.interpreter.engine.events import Applied
    from hachihachi.interpreter.bots import make_bot
    from hachihachi.ruleset.loader import load_ruleset

    ruleset = load_ruleset(rules)
    players = PLAYERS.get(rules, ruleset.players.min)
    digest = hashlib.sha256()
    times: list[float] = []
    for g in range(games):
        search = make_bot(bot, **BUDGET[bot])
        others = make_bot("heuristic" if ruleset.play == "tricks" else "heuristic_matching")
        game = GameState(ruleset, players, seed=seed + g, rounds=rounds)
        rng = random.Random(seed + g)
        while not game.is_terminal:
            who = game.current_player
            if who == CHANCE:
                game.deal_random(rng)
                continue
            game.apply((search if who == 0 else others).choose(game, who, rng))
        times.extend(search.times)              # type: ignore[attr-defined]
        for e in game.events:
            if isinstance(e, Applied):
                digest.update(repr((e.round, int(e.seat), e.action)).encode())
        digest.update(repr(tuple(game.chips)).encode())
    return {"decisions": len(times), "ms": 1000 * sum(times) / max(1, len(times)), "digest": digest.hexdigest()[:16]}


def run(tree: str, bot: str, rules: str, games: int, rounds: int, seed: int) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": os.path.join(os.path.abspath(tree), ".typing")}
    command = [sys.executable, "-m", "benchmarks.search_time", "--worker", bot, "--rules", rules,
               "--games", str(games), "--rounds", str(rounds), "--seed", str(seed)]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trees", nargs="*")
    ap.add_argument("--bots", default="ismcts,mc")
    ap.add_argument("--rules", default="hachihachi_trick")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--worker", metavar="BOT")
    opts = ap.parse_args()
    if opts.worker:
        print(json.dumps(worker(opts.worker, opts.rules, opts.games, opts.rounds, opts.seed)))
        return
    if opts.profile:
        import cProfile
        import pstats

        for bot in opts.bots.split(","):
            profile = cProfile.Profile()
            began = time.process_time()
            profile.runcall(worker, bot, opts.rules, opts.games, opts.rounds, opts.seed)
            print(f"== {bot}: {time.process_time() - began:.2f} s CPU under the profiler")
            pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
        return
    trees = opts.trees or [str(ROOT)]
    for bot in opts.bots.split(","):
        runs: dict[str, list[dict[str, object]]] = {t: [] for t in trees}
        for _ in range(opts.repeat):
            for tree in trees:                  # interleaved: every tree sees the same machine
                runs[tree].append(run(tree, bot, opts.rules, opts.games, opts.rounds, opts.seed))
        first = statistics.median(float(str(r["ms"])) for r in runs[trees[0]])
        digests = {str(r["digest"]) for rs in runs.values() for r in rs}
        print(f"{bot} ({opts.rules}, {BUDGET[bot]}, {opts.games} games of {opts.rounds} rounds): "
              f"{'same games in every tree' if len(digests) == 1 else 'GAMES DIFFER: ' + ', '.join(sorted(digests))}")
        for tree in trees:
            ms = statistics.median(float(str(r["ms"])) for r in runs[tree])
            print(f"  {tree:40} {ms:8.2f} ms a decision ({runs[tree][0]['decisions']} decisions, "
                  f"digest {runs[tree][0]['digest']})  {ms / first:5.2f}x")


if __name__ == "__main__":
    main()
