"""Interpreter rounds per second against the hand-written baseline, same seeded play, one core.

    python benchmarks/speed.py [--games N] [--players P] [--seed S] [--repeat R] [--chunk C] [--same-games]
                               [--profile] [--gc]

Both engines play the same games (``benchmarks/baseline_engine.py`` explains how); the script
first checks that every game ends with the same chips and pot in both, then times each engine
and prints the ratio interpreter / baseline (1.0 = as fast). It also times ``simulate`` (what
``hachi simulate`` runs on one worker: games each summarised, and the summary of the run) against
the baseline and against the interpreter alone.

Timing: the games are cut into chunks of ``--chunk`` games, and each chunk is played by the three
workloads in turn, ``--repeat`` times over; a workload's time is its CPU time summed over all its
chunks. On a shared machine whose speed drifts over seconds, whole runs timed one after the other
swung the ratio twofold; chunks a few hundred milliseconds long, interleaved, see the same
machine. (``simulate``'s chunks are runs of their own seeds, the same number of games and rounds.)

Every repeat plays games that no workload has played before (the interpreter and the baseline
the same ones), after the checked games have warmed the interpreter's caches: the steady state
of a long ``hachi simulate`` run. Timing the checked games again (``--same-games``, the method
before) let the interpreter read every hand's roles from its caches, which a run of new games
cannot, while ``simulate``'s chunks met new hands: it flattered interpreter / baseline (0.89
against 0.83 with new games, same tree, same run) and understated simulate / interpreter (0.88
against 0.94).

``--gc`` also prints, per game of each workload played once more after the timing, the
collections of the cyclic garbage collector by generation and the CPU time spent in them.

Role values: when the hand-written role table of the baseline agrees with the ruleset's evaluator
on a sample of hands, the baseline uses its own; otherwise it calls the ruleset's evaluator (so
that the games still agree) and says so.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from baseline_engine import evaluator_roles, native_roles, play_game  # noqa: E402

from hachihachi.interpreter import GameState  # noqa: E402
from hachihachi.interpreter.bots import make_bot  # noqa: E402
from hachihachi.interpreter.games import game_seed, play_out  # noqa: E402
from hachihachi.interpreter.round_phases import build_phases  # noqa: E402
from hachihachi.interpreter.simulate import simulate  # noqa: E402
from hachihachi.ruleset.loader import load_ruleset  # noqa: E402


def interpreter_game(rules, gseed: int, players: int, bot, phases=None) -> tuple:
    """One game on the interpreter with the random bot at every seat (as ``hachi simulate``);
    ``phases``: the ruleset's phases of a round, shared by the games (as a task's games share them)."""
    game = GameState(rules, players, seed=gseed, phases=phases)
    play_out(game, [bot] * players, gseed)
    return list(game.chips), game.pot, game.rounds


def roles_agree(rules, hands: int = 3000) -> int:
    """How many of ``hands`` random hands the two role tables value differently."""
    rng, ev, bad = random.Random(5), rules.evaluator, 0
    for _ in range(hands):
        cards = rng.sample(range(52), 8)
        hand, ind = sorted(cards[:7]), cards[7]
        r = ev.evaluate(hand, ind & 3, ind)
        bad += (r.go, r.forced) != native_roles(hand, ind & 3, ind)
    return bad


def interleaved(fns, chunks: int, repeat: int) -> list[float]:
    """CPU time of each of ``fns`` (called with a repeat's and a chunk's index), summed over
    ``chunks`` chunks played in turn by every function, ``repeat`` times over (see the module's doc)."""
    total = [0.0] * len(fns)
    for r in range(repeat):
        for c in range(chunks):
            for i, fn in enumerate(fns):
                t = time.process_time()
                fn(r, c)
                total[i] += time.process_time() - t
    return total


def collections_of(fn) -> tuple[list[int], float]:
    """The collections of each generation while ``fn`` runs, and the CPU time spent in them."""
    spent, began = [0.0], [0.0]

    def clock(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.process_time()
        else:
            spent[0] += time.process_time() - began[0]

    before = [g["collections"] for g in gc.get_stats()]
    gc.callbacks.append(clock)
    try:
        fn()
    finally:
        gc.callbacks.remove(clock)
    return [g["collections"] - b for g, b in zip(gc.get_stats(), before)], spent[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--chunk", type=int, default=25, help="games a chunk (see the module's doc)")
    ap.add_argument("--profile", action="store_true", help="Print the interpreter's top functions.")
    ap.add_argument("--gc", action="store_true", help="Print each workload's garbage collections per game.")
    ap.add_argument("--same-games", action="store_true",
                    help="Time the checked games again in every repeat (the older method: the same games each repeat).")
    args = ap.parse_args()
    import hachihachi.interpreter.game as engine

    print(f"engine: {'compiled (mypyc)' if engine.__file__.endswith(('.so', '.pyd')) else 'pure Python'} "
          f"({engine.__file__})")
    rules = load_ruleset("hachihachi_trick")
    bot, players = make_bot("random"), args.players
    seeds = [game_seed(args.seed, i) for i in range(args.games)]
    mismatched = roles_agree(rules)
    roles = native_roles if not mismatched else evaluator_roles(rules)
    print(f"role values: {'hand-written table' if not mismatched else 'the ruleset evaluator'} "
          f"({mismatched} of 3000 sample hands valued differently by the two tables)")

    # What the setup made (the rules, their caches, the sample hands above) is moved out of the
    # cyclic collector's way, as `hachi simulate` does once its rules are loaded: otherwise a full
    # collection walking all of it lands in whichever engine happens to be running.
    gc.collect()
    gc.freeze()
    phases = build_phases(rules)            # shared by the games, as a task of `hachi simulate` shares them
    res_int = [interpreter_game(rules, s, players, bot, phases) for s in seeds]
    res_base = [play_game(s, players, 12, roles) for s in seeds]
    summary = simulate(rules, games=args.games, players=players, bots=["random"], seed=args.seed)
    same = sum(a[:2] == b[:2] for a, b in zip(res_int, res_base))
    rounds = sum(r[2] for r in res_int)
    print(f"same final chips and pot in {same} of {args.games} games")
    print(f"simulate ends every game with the interpreter's chips: "
          f"{summary.final_chips == [c for r in res_int for c in r[0]]}")
    size = max(1, args.chunk)
    parts = [seeds[i:i + size] for i in range(0, len(seeds), size)]
    def chunk(r: int, c: int) -> list[int]:
        """The seeds of chunk ``c`` in repeat ``r``: new games (see the module's doc), unless
        ``--same-games``."""
        if args.same_games:
            return parts[c]
        return [game_seed(args.seed + 1 + r, i) for i in range(c * size, c * size + len(parts[c]))]

    def sim_seed(r: int, c: int) -> int:
        return (args.seed + (0 if args.same_games else 1 + r)) * 100_003 + c

    t_int, t_base, t_sim = interleaved(
        [lambda r, c: [interpreter_game(rules, s, players, bot, phases) for s in chunk(r, c)],
         lambda r, c: [play_game(s, players, 12, roles) for s in chunk(r, c)],
         lambda r, c: simulate(rules, games=len(parts[c]), players=players, bots=["random"], seed=sim_seed(r, c))],
        len(parts), args.repeat)
    rounds *= args.repeat
    print(f"{args.games} games, {rounds // args.repeat} rounds, {players} players, random bots, one core, "
          f"{args.repeat} times over in interleaved chunks of {size} games")
    print(f"interpreter: {rounds / t_int:9.0f} rounds/s")
    print(f"baseline:    {rounds / t_base:9.0f} rounds/s")
    print(f"simulate:    {rounds / t_sim:9.0f} rounds/s (games summarised, one worker)")
    print(f"ratio interpreter / baseline: {t_base / t_int:.2f}")
    print(f"ratio simulate / baseline:    {t_base / t_sim:.2f}")
    print(f"ratio simulate / interpreter: {t_int / t_sim:.2f}")
    if args.gc:
        for name, fn in (("interpreter", lambda: [interpreter_game(rules, s, players, bot, phases) for s in seeds]),
                         ("baseline", lambda: [play_game(s, players, 12, roles) for s in seeds]),
                         ("simulate", lambda: simulate(rules, games=args.games, players=players, bots=["random"],
                                                       seed=args.seed))):
            runs, cpu = collections_of(fn)
            print(f"gc {name + ':':12s} collections per game by generation "
                  f"{' '.join(f'{n / args.games:.3f}' for n in runs)}, {1e6 * cpu / args.games:.0f} us a game "
                  f"in the collector")
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(lambda: [interpreter_game(rules, s, players, bot, phases) for s in seeds])
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
    if same != args.games or summary.final_chips != [c for r in res_int for c in r[0]]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
