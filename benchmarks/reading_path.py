"""The reading path of one ``GameState.apply``: what a newcomer reads to follow one action.

    python -m benchmarks.reading_path [--rules hachihachi_trick] [--players 4] [--seed 7] [--rounds 2]

Plays a seeded game of random legal actions (chance by ``sample_chance``) and traces every
``GameState.apply(action)`` with :func:`sys.settrace`: the functions of the package it runs
(their code objects, so a function run twice counts once) and the modules they are in. For each
apply the path is the lines of those functions (first line to last, docstrings included) and
the modules touched; the figure is the longest path over the game's applies, printed with its
action, phase and functions by module, and the median apply beside it. A game is played once
untraced first, so that imports are not traced; caches a game builds anew (its phases, its role
cache) are traced as the game builds them. It measures reading, not speed: nothing is timed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from collections import defaultdict
from functools import lru_cache
from pathlib import Path
from types import CodeType, FrameType
from typing import Any, Optional

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = tuple(str(ROOT / f) + "/" for f in ("ruleset", "rules", "interpreter", "cli", "openspiel", "web"))


@lru_cache(maxsize=None)
def real(filename: str) -> str:
    """A module's file as it is (an editable install or ``.typing/`` may reach it by a link)."""
    return os.path.realpath(filename)


def _ours(code: CodeType) -> bool:
    return real(code.co_filename).startswith(FOLDERS) and code.co_name != "<module>"


def lines_of(code: CodeType) -> int:
    """A function's lines, from its ``def`` to its last line."""
    last = max((line for _, _, line in code.co_lines() if line is not None), default=code.co_firstlineno)
    return last - code.co_firstlineno + 1


class Path_:
    """The functions one apply ran."""

    def __init__(self, action: object, phase: object):
        self.action, self.phase = action, phase
        self.codes: set[CodeType] = set()

    @property
    def lines(self) -> int:
        return sum(lines_of(c) for c in self.codes)

    @property
    def modules(self) -> dict[str, list[CodeType]]:
        out: dict[str, list[CodeType]] = defaultdict(list)
        for c in self.codes:
            out[str(Path(real(c.co_filename)).relative_to(ROOT))].append(c)
        return out


def traced_apply(game: Any, action: object) -> Path_:
    path = Path_(action, game.phase)

    def tracer(frame: FrameType, event: str, arg: object) -> Optional[Any]:
        if event == "call" and _ours(frame.f_code):
            path.codes.add(frame.f_code)
        return None                         # calls only: no line events

    sys.settrace(tracer)
    try:
        game.apply(action)
    finally:
        sys.settrace(None)
    return path


def play(rules: Any, players: int, seed: int, rounds: int, trace: bool) -> list[Path_]:
    from hachihachi.interpreter import CHANCE, GameState

    game, rng, paths = GameState(rules, players, seed=seed, rounds=rounds), random.Random(seed), []
    while not game.is_terminal:
        action = game.sample_chance(rng) if game.current_player == CHANCE else rng.choice(list(game.legal_actions()))
        if trace:
            paths.append(traced_apply(game, action))
        else:
            game.apply(action)
    return paths


def module_lines(name: str) -> int:
    return len((ROOT / name).read_text(encoding="utf-8").splitlines())


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.reading_path", description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="hachihachi_trick")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    from hachihachi.ruleset.loader import load_ruleset

    rules = load_ruleset(args.rules)
    play(rules, args.players, args.seed + 1, args.rounds, trace=False)         # imports, untraced
    paths = play(rules, args.players, args.seed, args.rounds, trace=True)
    longest = max(paths, key=lambda p: p.lines)
    mods = longest.modules
    print(f"{args.rules}, {args.players} players, seed {args.seed}: {len(paths)} applies traced")
    print(f"median apply: {statistics.median(p.lines for p in paths):.0f} lines of "
          f"{statistics.median(len(p.codes) for p in paths):.0f} functions in "
          f"{statistics.median(len(p.modules) for p in paths):.0f} modules")
    print(f"longest apply: {longest.action!r} in {longest.phase}: {longest.lines} lines of {len(longest.codes)} "
          f"functions in {len(mods)} modules ({sum(map(module_lines, mods))} lines of module in all)")
    for name in sorted(mods, key=lambda m: -sum(lines_of(c) for c in mods[m])):
        codes = sorted(mods[name], key=lambda c: c.co_firstlineno)
        print(f"  {sum(lines_of(c) for c in codes):5d}  {name}: "
              + ", ".join(f"{c.co_qualname if hasattr(c, 'co_qualname') else c.co_name}" for c in codes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
