"""Decision regret of the bots against a strong Monte Carlo judge, a low-noise companion of the
tournament: on N seeded positions (heuristic self-play stopped at a decision with ``--choices``
or more legal actions), the judge (``mc`` with many worlds, the same worlds for every action)
values each legal action; a bot's regret is the judge's value of the best action minus that of
the bot's choice, in chips. The judge shares ``mc``'s roll-out policy, so it leans towards
``mc``'s view. Regret is also broken down by the kind of decision (``Declare``, ``Play``...),
since the declarations move the most chips.

    python benchmarks/regret.py [--ruleset R] [--players P] [--positions N] [--judge S] [--ms MS]
                                [--choices C] [--bots mc,ismcts,heuristic]
"""

from __future__ import annotations

import argparse
import random
import statistics

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.bots import make_bot
from hachihachi.interpreter.bots.rollout import rollout_policy
from hachihachi.ruleset.loader import load_ruleset


def positions(rules, players: int, n: int, choices: int = 3) -> list[GameState]:
    policy, out, seed = rollout_policy(rules), [], 0
    while len(out) < n:
        g, rng = GameState(rules, players, seed=seed, rounds=1), random.Random(seed)
        stop, k, seed = rng.randrange(3, 14), 0, seed + 1
        while not g.is_terminal:
            who = g.current_player
            if who == CHANCE:
                g.deal_random(rng)
                continue
            if len(g.legal_actions()) >= choices:
                k += 1
                if k == stop:
                    out.append(g)
                    break
            g.apply(policy.choose(g, who, rng))
    return out


def build(name: str, rules, ms: float):
    if name == "mc":
        return make_bot("mc", samples=10 ** 6, seconds=ms / 1000)
    if name == "ismcts":
        return make_bot("ismcts", ms=ms)
    if name == "heuristic":
        return rollout_policy(rules)
    return make_bot(name, rules)


def line(name: str, v: list[float]) -> str:
    half = 1.96 * statistics.stdev(v) / len(v) ** 0.5 if len(v) > 1 else float("inf")
    return f"{name:10s} regret {statistics.fmean(v):6.2f} +- {half:.2f} chips a decision ({len(v)})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="hachihachi_trick")
    ap.add_argument("--players", type=int)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--judge", type=int, default=60, help="worlds the judge samples per position")
    ap.add_argument("--ms", type=float, default=25.0, help="CPU time a decision of the search bots")
    ap.add_argument("--choices", type=int, default=3, help="least legal actions of a position")
    ap.add_argument("--bots", default="mc,ismcts,heuristic")
    args = ap.parse_args()
    rules = load_ruleset(args.ruleset)
    players = args.players or min(5, rules.players.max)
    bots = {name: build(name, rules, args.ms) for name in args.bots.split(",")}
    regret: dict[str, list[float]] = {k: [] for k in bots}
    kinds: dict[str, dict[str, list[float]]] = {}
    for i, g in enumerate(positions(rules, players, args.positions, args.choices)):
        who, legal = g.current_player, tuple(g.legal_actions())
        totals = make_bot("mc", samples=args.judge).evaluate(g, who, legal, random.Random(1000 + i), 0.0)
        value = dict(zip(legal, (t / args.judge for t in totals)))
        best = max(value.values())
        kind = type(legal[0]).__name__
        for name, bot in bots.items():
            r = best - value[bot.choose(g, who, random.Random(i))]
            regret[name].append(r)
            kinds.setdefault(kind, {k: [] for k in bots})[name].append(r)
    print(f"{args.ruleset}: {players} players, {args.positions} positions (>= {args.choices} choices), "
          f"judge {args.judge} worlds, {args.ms} ms CPU a decision")
    for name, v in regret.items():
        print("  " + line(name, v))
    if len(kinds) > 1:
        for kind, per in sorted(kinds.items()):
            print(f"  {kind}:")
            for name, v in per.items():
                print("    " + line(name, v))


if __name__ == "__main__":
    main()
