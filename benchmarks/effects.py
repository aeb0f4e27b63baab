"""What the house rules written as effects cost and do: each of ``tests/house_rules/variants/fx_*.yaml``
played by ``simulate`` against the standard game, on the same seeds, one core.

    python benchmarks/effects.py [--games N] [--seed S] [--repeat R]

For each rule: the players it is measured at (a rule whose numbers depend on the table is played
where it differs from the standard game), rounds per second of CPU time for the standard game and
the rule (the best of ``--repeat`` runs, interleaved, so both see the same machine), their ratio,
and what the rule's effects did: times fired per 100 rounds and the chips their payments moved.
What a rule changes in the game is measured by ``hachi simulate --compare FILE hachihachi_trick``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from hachihachi.interpreter.runs.simulate import Summary, simulate

HOUSE = Path(__file__).resolve().parents[1] / "tests" / "house_rules" / "variants"
PLAYERS = {"fx_drop_fee_by_players": 7, "fx_role_values_by_players": 4}     # where they differ from the standard


def timed(rules: str, games: int, players: int, seed: int) -> tuple[float, Summary]:
    start = time.process_time()
    summary = simulate(rules, games=games, players=players, seed=seed)
    return summary.rounds / (time.process_time() - start), summary


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=250)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"{'house rule':30s} {'players':>7s} {'standard/s':>10s} {'rule/s':>8s} {'ratio':>6s}  effects "
          "(fired per 100 rounds; chips moved)")
    for path in sorted(HOUSE.glob("fx_*.yaml")):
        players = PLAYERS.get(path.stem, 5)
        simulate(str(path), games=5, players=players, seed=args.seed + 1)        # read and warm once
        base = rule = 0.0
        summary = None
        for _ in range(args.repeat):
            base = max(base, timed("hachihachi_trick", args.games, players, args.seed)[0])
            speed, summary = timed(str(path), args.games, players, args.seed)
            rule = max(rule, speed)
        assert summary is not None
        effects = "; ".join(f"{name} {100 * n / summary.rounds:.1f}, {summary.effect_chips[name]}"
                            for name, n in sorted(summary.effects.items())) or "(a number of the table)"
        print(f"{path.stem:30s} {players:7d} {base:10.0f} {rule:8.0f} {rule / base:6.2f}  {effects}")


if __name__ == "__main__":
    main()
