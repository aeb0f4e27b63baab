"""The scorekeeper against the engine: random games written as score sheets settle to the same totals.

Run: ``python -m benchmarks.scorekeeper [GAMES_PER_RULESET]`` (default 400, so 1,200 games).
For each ruleset, seeded random games at 3-7 players (as the ruleset allows) are played card by
card, written as the sheet a table would keep (only what it sees; role holders' hands laid open,
claimed, or mixed in turn) and settled by ``hachi score``'s code; every round's kind, multiplier,
goers, tricks, pot and chips must agree with the record. Prints the games checked, the
disagreements (must be 0), and the time to settle a sheet against the time to play the game.
"""

from __future__ import annotations

import random
import sys
import time

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.scorekeeper.sheet_write import CLAIM, MIXED, SHOW, sheet_difference
from hachihachi.ruleset.loader import load_ruleset

from benchmarks.record import Result

NAME = "scorekeeper"
RULESETS = ("hachihachi_trick", "hanafuda_hachihachi", "hanafuda_go_drop")


def check(name: str, games: int) -> tuple[int, int, float, float, int]:
    rules = load_ruleset(name)
    lo, hi = rules.players.min, rules.players.max
    bad = rounds = 0
    played = settled = 0.0
    for seed in range(games):
        rng = random.Random(seed)
        players = lo + seed % (hi - lo + 1)
        began = time.perf_counter()
        g = GameState(rules, players, seed=seed)
        while not g.is_terminal:
            g.deal_random(rng) if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
        played += time.perf_counter() - began
        rounds += g.rounds
        began = time.perf_counter()
        problem = sheet_difference(g, [f"p{s}" for s in range(players)], (SHOW, CLAIM, MIXED)[seed % 3])
        settled += time.perf_counter() - began
        if problem:
            bad += 1
            print(f"  {name} seed {seed} ({players} players): {problem[:300]}")
    return games, bad, played, settled, rounds


def bench(quick: bool = False) -> Result:
    """The suite's run: every ruleset, 400 games each (``quick``: 20); the baseline of the time to
    write and settle a sheet is the time to play its game."""
    games = 20 if quick else 400
    result = Result(params={"quick": quick, "games_per_ruleset": games})
    for name in RULESETS:
        n, bad, played, settled, rounds = check(name, games)
        print(f"  {name:<20} {n:5d} games ({rounds} rounds), {bad} disagree")
        result.figures.update({f"{name}_games": n, f"{name}_disagree": bad,
                               f"{name}_settle_ms_a_game": round(1000 * settled / n, 2)})
        result.ratios[f"{name}: settle / play (time)"] = round(settled / played, 3)
        result.ok = result.ok and not bad
    return result


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    total = disagree = 0
    for name in RULESETS:
        n, bad, played, settled, rounds = check(name, games)
        total, disagree = total + n, disagree + bad
        print(f"{name:<20} {n:5d} games ({rounds} rounds), {bad} disagree; "
              f"write+settle the sheet {settled / played:.2f}x the time of playing it "
              f"({1000 * settled / n:.1f} ms/game)")
    print(f"checked {total} games sheet against record; {disagree} disagree")
    sys.exit(1 if disagree else 0)


if __name__ == "__main__":
    main()
