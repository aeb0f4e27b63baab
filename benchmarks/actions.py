"""Actions per second of random play, each game of this engine against OpenSpiel's ``oh_hell``.

    python -m benchmarks.actions [--only trick,hanafuda,koikoi,oh_hell] [--chunk C] [--repeat R] [--seed N]

The same loop drives every workload: while the state is not terminal, a chance node draws from its
outcomes and a seat's node takes a legal action, each picked as ``options[rng.randrange(len)]`` of
a seeded ``random.Random`` of the workload's own. Ours are stepped through ``GameState.apply`` (``deal_random`` at
chance): the trick game at 5 players (``hachihachi_trick``), hanafuda at 3 (``hanafuda_hachihachi``)
and Koi-Koi at 2 (``koikoi``), 12 rounds a game. The baseline is OpenSpiel's trick-taking game
``oh_hell`` at 5 players (52 cards) through its Python API (``pyspiel``, the extra
``[openspiel]``): ``legal_actions()`` and ``apply_action()``, ``chance_outcomes()`` at chance.

An action is one ``apply``: OpenSpiel deals card by card (each card a chance action, 38 to 300
actions a game), our engines deal a round in one chance action, so actions/s are not
work/s: both are printed, with each game's rounds/s (an ``oh_hell`` game is one round).

Timing: each workload plays for ``--chunk`` seconds of CPU in turn, ``--repeat`` times round, so
all see the same machine; a workload's rate is its actions over its CPU time summed over chunks.
Printed: actions/s and rounds/s of each, and each of ours against OpenSpiel (1.0 = as many actions
a second; more is faster).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any, Callable

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.ruleset.loader import load_ruleset

OURS = (("trick", "hachihachi_trick", 5), ("hanafuda", "hanafuda_hachihachi", 3), ("koikoi", "koikoi", 2))
ROUNDS = 12


def ours(name: str, players: int) -> Callable[[random.Random], tuple[int, int]]:
    """One seeded random game of a bundled rule file: (actions applied, rounds played)."""
    rules = load_ruleset(name)

    def game(rng: random.Random) -> tuple[int, int]:
        g = GameState(rules, players=players, seed=rng.getrandbits(32), rounds=ROUNDS)
        n = 0
        while not g.is_terminal:
            if g.current_player == CHANCE:
                g.deal_random(rng)
            else:
                legal = g.legal_actions()
                g.apply(legal[rng.randrange(len(legal))])
            n += 1
        return n, g.round.index + 1
    return game


def oh_hell(players: int = 5) -> Callable[[random.Random], tuple[int, int]]:
    """One seeded random game of OpenSpiel's ``oh_hell``: (actions applied, 1 round)."""
    import pyspiel

    game_def = pyspiel.load_game("oh_hell", {"players": players})

    def game(rng: random.Random) -> tuple[int, int]:
        s = game_def.new_initial_state()
        n = 0
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = s.legal_actions()
                s.apply_action(legal[rng.randrange(len(legal))])
            n += 1
        return n, 1
    return game


def measure(workloads: dict[str, Callable[[random.Random], tuple[int, int]]], chunk: float, repeat: int,
            seed: int) -> dict[str, tuple[float, float]]:
    """Each workload's (actions/s, rounds/s), from CPU time in interleaved chunks."""
    totals = {name: [0, 0, 0.0] for name in workloads}
    rngs = {name: random.Random(seed) for name in workloads}
    for _ in range(repeat):
        for name, play in workloads.items():
            t = totals[name]
            start = time.process_time()
            while time.process_time() - start < chunk:
                actions, rounds = play(rngs[name])
                t[0] += actions
                t[1] += rounds
            t[2] += time.process_time() - start
    return {name: (a / s, r / s) for name, (a, r, s) in totals.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--chunk", type=float, default=0.5, help="CPU seconds a workload plays in turn")
    ap.add_argument("--repeat", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="trick,hanafuda,koikoi,oh_hell",
                    help="the workloads, comma-separated (an older tree may lack koikoi)")
    opts = ap.parse_args()
    only = opts.only.split(",")
    workloads: dict[str, Any] = {label: ours(name, players) for label, name, players in OURS if label in only}
    if "oh_hell" in only:
        try:
            workloads["oh_hell"] = oh_hell()
        except ImportError:
            print("OpenSpiel is not installed (pip install '.[openspiel]'): ours alone")
    for play in workloads.values():     # warm: caches, imports
        play(random.Random(0))
    rates = measure(workloads, opts.chunk, opts.repeat, opts.seed)
    base = rates.get("oh_hell")
    for name, (actions, rounds) in rates.items():
        ratio = f"  {actions / base[0]:.3f}x oh_hell's actions/s" if base and name != "oh_hell" else ""
        print(f"{name:10} {actions:10.0f} actions/s {rounds:9.0f} rounds/s{ratio}")


if __name__ == "__main__":
    main()
