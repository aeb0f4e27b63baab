"""Where a round's time goes, phase by phase: each phase's steps timed in random play.

    python -m benchmarks.phases [--rules R] [--players P] [--games N] [--warm N]

The games are played as ``hachi simulate`` plays them (the random bot at every seat, each game's
seed from :func:`~hachihachi.interpreter.runs.botgame.game_seed`), after ``--warm`` games of other
seeds that fill the caches (not counted), on one
:class:`~hachihachi.interpreter.engine.gamestate.Program` of the rule file whose steps are wrapped
in a timer: each phase's ``enter`` and its actions' ``legal`` and ``apply`` (the driving of the
phases, the bots and the log between them are the rest). Printed: the microseconds a round each
takes (CPU time), its share of the whole (which the timers themselves raise by about a fifth) and
how many times a round it ran. A profile of what the phases do, not a speed figure: for speed,
``throughput``.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict
from typing import Any, Callable

from hachihachi.interpreter import GameState
from hachihachi.interpreter.bots import make_bot
from hachihachi.interpreter.engine.gamestate import Program
from hachihachi.interpreter.engine.round_phases import build_phases
from hachihachi.interpreter.runs.botgame import game_seed, play_out
from hachihachi.ruleset.loader import load_ruleset


class _Timed:
    """A phase's actions (``legal``, ``check``, ``apply``), ``legal`` and ``apply`` timed."""

    def __init__(self, acting: Any, label: str, timer: Callable[[str, Callable[..., Any]], Callable[..., Any]]):
        self.legal = timer(f"legal {label}", acting.legal)
        self.apply = timer(f"apply {label}", acting.apply)
        self.check = acting.check
        self.actor = acting.actor      # the Acting protocol's (the program's steps take the phases' own)


def timed_program(rules: Any) -> tuple[Program, dict[str, float], Counter[str]]:
    """A program of ``rules`` whose steps add their CPU seconds and calls to the two counters."""
    spent: dict[str, float] = defaultdict(float)
    calls: Counter[str] = Counter()
    clock = time.process_time

    def timer(label: str, f: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            began = clock()
            try:
                return f(*args)
            finally:
                spent[label] += clock() - began
                calls[label] += 1
        return run

    program = Program(rules, build_phases(rules))
    labels = [f"{getattr(p.phase, 'value', p.phase)}{' ' + p.when if hasattr(p, 'when') else ''}"
              for p in program.phases]
    program.steps = tuple((applies, None if enter is None else timer(f"enter {label}", enter), actor)
                          for (applies, enter, actor), label in zip(program.steps, labels))
    program.acts = tuple(_Timed(a, label, timer) for a, label in zip(program.acts, labels))
    return program, spent, calls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="hachihachi_trick")
    ap.add_argument("--players", type=int)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--warm", type=int, default=100, help="games played first, not counted")
    opts = ap.parse_args()
    rules = load_ruleset(opts.rules)
    players = opts.players or (5 if opts.rules == "hachihachi_trick" else rules.players.min)
    program, spent, calls = timed_program(rules)
    bot = make_bot("random")

    def play(run: int, games: int) -> int:
        rounds = 0
        for g in range(games):
            seed = game_seed(run, g)
            game = GameState(rules, players, seed=seed, program=program)
            play_out(game, [bot] * players, seed)
            rounds += game.round.index + 1
        return rounds

    play(99, opts.warm)
    spent.clear()
    calls.clear()
    began = time.process_time()
    rounds = play(1, opts.games)
    whole = time.process_time() - began
    print(f"{opts.rules}, {players} players: {opts.games} games, {rounds} rounds, "
          f"{whole / rounds * 1e6:.1f} us a round (timed)")
    for label, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
        print(f"  {seconds / rounds * 1e6:7.1f} us a round  {100 * seconds / whole:5.1f} %  "
              f"{calls[label] / rounds:6.2f} a round  {label}")


if __name__ == "__main__":
    main()
