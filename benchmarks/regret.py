"""Decision regret of the bots against a strong Monte Carlo judge, a low-noise companion of the
tournament: on N seeded positions (heuristic self-play stopped at a decision with three or more
choices), the judge (``mc`` with many worlds, the same worlds for every action) values each
legal action; a bot's regret is the judge's value of the best action minus that of the bot's
choice, in chips. The judge shares ``mc``'s roll-out policy, so it leans towards ``mc``'s view.

    python benchmarks/regret.py [--ruleset R] [--players P] [--positions N] [--judge S] [--ms MS]
"""

from __future__ import annotations

import argparse
import random
import statistics

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.bots import make_bot
from hachihachi.interpreter.bots.rollout import rollout_policy
from hachihachi.ruleset.loader import load_ruleset


def positions(rules, players: int, n: int) -> list[GameState]:
    policy, out, seed = rollout_policy(rules), [], 0
    while len(out) < n:
        g, rng = GameState(rules, players, seed=seed, rounds=1), random.Random(seed)
        stop, k, seed = rng.randrange(3, 14), 0, seed + 1
        while not g.is_terminal:
            who = g.current_player
            if who == CHANCE:
                g.deal_random(rng)
                continue
            if len(g.legal_actions()) > 2:
                k += 1
                if k == stop:
                    out.append(g)
                    break
            g.apply(policy.choose(g, who, rng))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="hachihachi_trick")
    ap.add_argument("--players", type=int)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--judge", type=int, default=60, help="worlds the judge samples per position")
    ap.add_argument("--ms", type=float, default=25.0, help="CPU time a decision of the search bots")
    args = ap.parse_args()
    rules = load_ruleset(args.ruleset)
    players = args.players or min(5, rules.players.max)
    bots = {"mc": make_bot("mc", samples=10 ** 6, seconds=args.ms / 1000),
            "ismcts": make_bot("ismcts", ms=args.ms), "heuristic": rollout_policy(rules)}
    regret: dict[str, list[float]] = {k: [] for k in bots}
    for i, g in enumerate(positions(rules, players, args.positions)):
        who, legal = g.current_player, tuple(g.legal_actions())
        totals = make_bot("mc", samples=args.judge).evaluate(g, who, legal, random.Random(1000 + i), 0.0)
        value = dict(zip(legal, (t / args.judge for t in totals)))
        best = max(value.values())
        for name, bot in bots.items():
            regret[name].append(best - value[bot.choose(g, who, random.Random(i))])
    print(f"{args.ruleset}: {players} players, {args.positions} positions, judge {args.judge} worlds, "
          f"{args.ms} ms CPU a decision")
    for name, v in regret.items():
        half = 1.96 * statistics.stdev(v) / len(v) ** 0.5
        print(f"  {name:10s} regret {statistics.fmean(v):6.2f} +- {half:.2f} chips a decision")


if __name__ == "__main__":
    main()
