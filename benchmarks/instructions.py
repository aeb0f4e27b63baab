"""Load-independent speed figures: instructions counted by valgrind, for the ratios of throughput.py.

    python -m benchmarks.instructions [--games N] [--rounds R] [--only interpreter,baseline,...] [--replay]

On a shared, busy machine CPU times swing twofold between runs; instruction counts do not. For
each workload this script runs itself under ``valgrind --tool=callgrind`` twice, once with the
workload and once with the warm-up alone, and takes the difference (so imports, rule loading and
the caches' warm-up are not counted). It prints each workload's instructions and the ratios of
``benchmarks/throughput.py`` (a ratio of 1.0 = as fast; more is faster):

- ``interpreter``: N games of the trick game, 5 players, random bots (as ``throughput.py``);
- ``simulate``: the same N games through ``simulate`` (games summarised, one worker);
- ``baseline``: the same N games on the hand-written engine (``tests/oracles/baseline_engine.py``);
- ``hanafuda`` and ``trick``: R rounds of 3-player random play of each game (as ``throughput.py``'s stepped measure).
  With ``--replay`` the warm-up plays those very rounds first, so that they are counted with the
  caches they leave, as ``throughput.py``'s best of several runs of one seed is (without it, most
  hands' roles are new to the caches).

Instructions are not time (a cache miss costs more than an add), so these ratios complement the
timed ones, they do not replace them. Needs valgrind (``apt install valgrind``).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORKLOADS = ("interpreter", "simulate", "baseline", "hanafuda", "trick")


_LOADED: dict[str, object] = {}         # each ruleset loaded once, in the warm-up (not counted)


def _random_rounds(name: str, rounds: int, seed: int) -> None:
    from hachihachi.interpreter import CHANCE, GameState
    from hachihachi.ruleset.loader import load_ruleset

    rules = _LOADED.get(name) or _LOADED.setdefault(name, load_ruleset(name))
    rng = random.Random(seed)
    g = GameState(rules, players=3, seed=seed, rounds=rounds)  # type: ignore[arg-type]
    while not g.is_terminal:
        if g.current_player == CHANCE:
            g.deal_random(rng)
        else:
            g.apply(rng.choice(g.legal_actions()))


def run(workload: str, games: int, rounds: int, replay: bool = False) -> None:
    """Warm up (other seeds), then play ``workload`` unless it is ``none``."""
    from tests.oracles.baseline_engine import native_roles, play_game

    from hachihachi.interpreter import GameState
    from hachihachi.interpreter.bots import make_bot
    from hachihachi.interpreter.runs.botgame import game_seed, play_out
    from hachihachi.interpreter.runs.simulate import simulate
    from hachihachi.ruleset.loader import load_ruleset

    rules = load_ruleset("hachihachi_trick")
    bot = make_bot("random")
    for i in range(30):
        s = game_seed(99, i)
        play_out(GameState(rules, 5, seed=s), [bot] * 5, s)
    simulate(rules, games=5, players=5, bots=["random"], seed=99)
    _random_rounds("hanafuda_hachihachi", 60, 99)
    _random_rounds("hachihachi_trick", 60, 99)
    if replay:                                  # the rounds counted below, played once already
        _random_rounds("hanafuda_hachihachi", rounds, 1)
        _random_rounds("hachihachi_trick", rounds, 1)
    seeds = [game_seed(1, i) for i in range(games)]
    if workload == "interpreter":
        for s in seeds:
            play_out(GameState(rules, 5, seed=s), [bot] * 5, s)
    elif workload == "simulate":
        simulate(rules, games=games, players=5, bots=["random"], seed=1)
    elif workload == "baseline":
        for s in seeds:
            play_game(s, 5, 12, native_roles)
    elif workload in ("hanafuda", "trick"):
        _random_rounds("hanafuda_hachihachi" if workload == "hanafuda" else "hachihachi_trick", rounds, 1)


def count(workload: str, games: int, rounds: int, replay: bool = False) -> int:
    """Instructions of this script running ``workload`` under callgrind."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          "-m", "benchmarks.instructions", "--run", workload, "--games", str(games),
                          "--rounds", str(rounds)] + (["--replay"] if replay else []), cwd=HERE.parent,
                         capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if not found:
        raise SystemExit(f"no instruction count from valgrind: {out.stderr[-500:]}")
    return int(found.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=150)
    ap.add_argument("--replay", action="store_true",
                    help="Count hanafuda and trick rounds played once already (as throughput.py's best of N).")
    ap.add_argument("--only", default=",".join(WORKLOADS),
                    help="Comma-separated workloads to count (default: all); ratios need both sides.")
    ap.add_argument("--run", choices=WORKLOADS + ("none",), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.run:
        run(a.run, a.games, a.rounds, a.replay)
        return
    only = [w for w in WORKLOADS if w in a.only.split(",")]
    if not only:
        raise SystemExit(f"--only: name one or more of {', '.join(WORKLOADS)}")
    warm = count("none", a.games, a.rounds, a.replay)
    n = {w: count(w, a.games, a.rounds, a.replay) - warm for w in only}
    for w in only:
        print(f"{w:12s} {n[w] / 1e6:10.1f} M instructions")
    for label, top, bottom in (("interpreter / baseline:  ", "baseline", "interpreter"),
                               ("simulate / baseline:     ", "baseline", "simulate"),
                               ("simulate / interpreter:  ", "interpreter", "simulate"),
                               ("hanafuda / trick (rounds):", "trick", "hanafuda")):
        if top in n and bottom in n:
            print(f"ratio {label} {n[top] / n[bottom]:.3f}")


if __name__ == "__main__":
    main()
