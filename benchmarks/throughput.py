"""Random-play throughput: rounds per second of the interpreter, each against its baseline.

    python -m benchmarks.throughput [--games N] [--players P] [--seed S] [--repeat R] [--chunk C]
                                    [--same-games] [--hanafuda-rounds N] [--profile] [--gc]

Two measures, each against a baseline played in the same run:

1. **Trick game against the hand-written engine.** Both engines play the same seeded games
   (``tests/oracles/baseline_engine.py`` explains how, T1-T27 hard-coded); the benchmark first
   checks that every game ends with the same chips and pot in both, then times the interpreter
   (``GameState`` driven by the random bot), ``simulate`` (what ``hachi simulate`` runs on one
   worker: games summarised) and the baseline, and prints interpreter / baseline, simulate /
   baseline and simulate / interpreter (1.0 = as fast; more is faster).
2. **Hanafuda against the trick game.** Rounds/s of 3-player random play of
   ``hanafuda_hachihachi`` against ``hachihachi_trick``: stepped action by action through
   ``GameState.apply`` over one seed, and through ``simulate`` (new deals every game).

Timing: the games are cut into chunks of ``--chunk`` games, and each chunk is played by every
workload in turn, ``--repeat`` times over; a workload's time is its CPU time summed over its
chunks. On a shared machine whose speed drifts over seconds, whole runs timed one after the other
swung the ratio twofold; chunks a few hundred milliseconds long, interleaved, see the same
machine. Every repeat plays games no workload has played before (the steady state of a long
``hachi simulate`` run), after the checked games have warmed the caches; ``--same-games`` times
the checked games again instead, which lets the interpreter read every hand's roles from its
caches (it flattered interpreter / baseline, 0.89 against 0.83 with new games).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import random
import time
from typing import Any, Callable

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.bots import make_bot
from hachihachi.interpreter.runs.botgame import game_seed, play_out
from hachihachi.interpreter.engine.round_phases import build_phases
from hachihachi.interpreter.runs.simulate import simulate
from hachihachi.ruleset.loader import load_ruleset

from benchmarks.record import Result, keep, show
from tests.oracles.baseline_engine import evaluator_roles, native_roles, play_game

NAME = "throughput"
HANAFUDA, TRICK = "hanafuda_hachihachi", "hachihachi_trick"


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


def interleaved(fns: list[Callable[[int, int], Any]], chunks: int, repeat: int) -> list[float]:
    """CPU time of each of ``fns`` (called with a repeat's and a chunk's index), summed over
    ``chunks`` chunks played in turn by every function, ``repeat`` times over."""
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


def trick(games: int = 500, players: int = 5, seed: int = 1, repeat: int = 3, chunk: int = 25,
          same_games: bool = False, profile: bool = False, show_gc: bool = False) -> Result:
    """The trick game on the interpreter and on ``simulate`` against the hand-written engine."""
    import hachihachi.interpreter.engine.gamestate as engine

    compiled = engine.__file__.endswith((".so", ".pyd"))
    print(f"engine: {'compiled (mypyc)' if compiled else 'pure Python'} ({engine.__file__})")
    rules = load_ruleset(TRICK)
    bot = make_bot("random")
    seeds = [game_seed(seed, i) for i in range(games)]
    mismatched = roles_agree(rules)
    roles = native_roles if not mismatched else evaluator_roles(rules)
    print(f"role values: {'hand-written table' if not mismatched else 'the ruleset evaluator'} "
          f"({mismatched} of 3000 sample hands valued differently by the two tables)")
    # What the setup made (the rules, their caches, the sample hands) is moved out of the cyclic
    # collector's way, as `hachi simulate` does once its rules are loaded.
    gc.collect()
    gc.freeze()
    phases = build_phases(rules)
    res_int = [interpreter_game(rules, s, players, bot, phases) for s in seeds]
    res_base = [play_game(s, players, 12, roles) for s in seeds]
    summary = simulate(rules, games=games, players=players, bots=["random"], seed=seed)
    same = sum(a[:2] == b[:2] for a, b in zip(res_int, res_base))
    sim_same = summary.final_chips == [c for r in res_int for c in r[0]]
    rounds = sum(r[2] for r in res_int)
    print(f"same final chips and pot in {same} of {games} games; simulate ends every game alike: {sim_same}")
    size = max(1, chunk)
    parts = [seeds[i:i + size] for i in range(0, len(seeds), size)]

    def chunk_seeds(r: int, c: int) -> list[int]:
        if same_games:
            return parts[c]
        return [game_seed(seed + 1 + r, i) for i in range(c * size, c * size + len(parts[c]))]

    def sim_seed(r: int, c: int) -> int:
        return (seed + (0 if same_games else 1 + r)) * 100_003 + c

    t_int, t_base, t_sim = interleaved(
        [lambda r, c: [interpreter_game(rules, s, players, bot, phases) for s in chunk_seeds(r, c)],
         lambda r, c: [play_game(s, players, 12, roles) for s in chunk_seeds(r, c)],
         lambda r, c: simulate(rules, games=len(parts[c]), players=players, bots=["random"], seed=sim_seed(r, c))],
        len(parts), repeat)
    timed = rounds * repeat
    print(f"trick game: {games} games, {rounds} rounds, {players} players, random bots, one core, "
          f"{repeat} times over in interleaved chunks of {size} games")
    print(f"  interpreter: {timed / t_int:9.0f} rounds/s")
    print(f"  baseline:    {timed / t_base:9.0f} rounds/s (hand-written engine)")
    print(f"  simulate:    {timed / t_sim:9.0f} rounds/s (games summarised, one worker)")
    if show_gc:
        for name, fn in (("interpreter", lambda: [interpreter_game(rules, s, players, bot, phases) for s in seeds]),
                         ("baseline", lambda: [play_game(s, players, 12, roles) for s in seeds])):
            runs, cpu = collections_of(fn)
            print(f"  gc {name + ':':12s} collections per game by generation "
                  f"{' '.join(f'{n / games:.3f}' for n in runs)}, {1e6 * cpu / games:.0f} us a game in the collector")
    if profile:
        prof = cProfile.Profile()
        prof.runcall(lambda: [interpreter_game(rules, s, players, bot, phases) for s in seeds])
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
    gc.unfreeze()
    return Result(
        figures={"engine": "compiled" if compiled else "pure", "games": games, "rounds": rounds,
                 "interpreter_rounds_s": round(timed / t_int, 1), "baseline_rounds_s": round(timed / t_base, 1),
                 "simulate_rounds_s": round(timed / t_sim, 1), "games_alike": same, "roles_mismatched": mismatched},
        ratios={"interpreter / baseline": round(t_base / t_int, 4), "simulate / baseline": round(t_base / t_sim, 4),
                "simulate / interpreter": round(t_int / t_sim, 4)},
        ok=same == games and sim_same,
        params={"games": games, "players": players, "seed": seed, "repeat": repeat, "chunk": size,
                "same_games": same_games})


def stepped_rounds(rules, players: int, rounds: int, seed: int = 1) -> tuple[int, float]:
    """Rounds of random play stepped through ``GameState.apply``: (rounds, CPU seconds)."""
    rng = random.Random(seed)
    g = GameState(rules, players=players, seed=seed, rounds=rounds)
    began = time.process_time()
    while not g.is_terminal:
        if g.current_player == CHANCE:
            g.deal_random(rng)
        else:
            g.apply(rng.choice(g.legal_actions()))
    return g.rounds, time.process_time() - began


def simulated_rounds(name: str, games: int, seed: int) -> tuple[int, float]:
    began = time.process_time()
    summary = simulate(name, games, 3, seed=seed)
    return summary.rounds, time.process_time() - began


def hanafuda(rounds: int = 300, games: int = 200, repeat: int = 3) -> Result:
    """Hanafuda against the trick game, 3 players, random play: the best rounds/s of ``repeat``
    runs of each, alternating between the two games so that other work hits both."""
    rules = {name: load_ruleset(name) for name in (HANAFUDA, TRICK)}
    for name in rules:                               # rules loaded and compiled before timing
        simulate(name, 5, 3)
    gc.collect()
    gc.freeze()
    stepped = dict.fromkeys(rules, 0.0)
    simulated = dict.fromkeys(rules, 0.0)
    for _ in range(repeat):
        for name, ruleset in rules.items():
            n, seconds = stepped_rounds(ruleset, 3, rounds)
            stepped[name] = max(stepped[name], n / seconds)
            n, seconds = simulated_rounds(name, games, 7)
            simulated[name] = max(simulated[name], n / seconds)
    gc.unfreeze()
    print(f"hanafuda against the trick game: 3 players, random play, best of {repeat}")
    print(f"  stepped ({rounds} rounds, one seed): hanafuda {stepped[HANAFUDA]:8.1f}, "
          f"trick {stepped[TRICK]:8.1f} rounds/s")
    print(f"  simulate ({games} games, seed 7):    hanafuda {simulated[HANAFUDA]:8.1f}, "
          f"trick {simulated[TRICK]:8.1f} rounds/s")
    return Result(
        figures={"hanafuda_stepped_rounds_s": round(stepped[HANAFUDA], 1),
                 "trick_stepped_rounds_s": round(stepped[TRICK], 1),
                 "hanafuda_simulate_rounds_s": round(simulated[HANAFUDA], 1),
                 "trick_simulate_rounds_s": round(simulated[TRICK], 1)},
        ratios={"hanafuda / trick (stepped)": round(stepped[HANAFUDA] / stepped[TRICK], 4),
                "hanafuda / trick (simulate)": round(simulated[HANAFUDA] / simulated[TRICK], 4)},
        params={"rounds": rounds, "games": games, "repeat": repeat})


def merged(*results: Result) -> Result:
    out = Result()
    for r in results:
        out.figures.update(r.figures)
        out.ratios.update(r.ratios)
        out.params.update({k: v for k, v in r.params.items() if k not in out.params})
        out.ok = out.ok and r.ok
    return out


def bench(quick: bool = False) -> Result:
    """The suite's run: both measures (``quick``: fewer games, one repeat)."""
    if quick:
        result = merged(trick(games=60, repeat=1, chunk=20), hanafuda(rounds=60, games=20, repeat=1))
    else:
        result = merged(trick(), hanafuda())
    result.params["quick"] = quick
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--chunk", type=int, default=25, help="games a chunk (see the module's doc)")
    ap.add_argument("--same-games", action="store_true", help="time the checked games again in every repeat")
    ap.add_argument("--hanafuda-rounds", type=int, default=300,
                    help="rounds of the stepped hanafuda measure (0: leave hanafuda out)")
    ap.add_argument("--profile", action="store_true", help="print the interpreter's top functions")
    ap.add_argument("--gc", action="store_true", help="print each engine's garbage collections per game")
    ap.add_argument("--no-record", action="store_true", help=f"do not append to benchmarks/results/{NAME}.jsonl")
    args = ap.parse_args(argv)
    parts = [trick(args.games, args.players, args.seed, args.repeat, args.chunk, args.same_games, args.profile,
                   args.gc)]
    if args.hanafuda_rounds:
        parts.append(hanafuda(args.hanafuda_rounds, max(20, args.games // 3), args.repeat))
    result = merged(*parts)
    show(NAME, result)
    if not args.no_record:
        print(f"  kept in {keep(NAME, result)}")
    return 0 if result.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
