"""Where a search bot's time pays: its gain over the heuristic per decision, by kind of decision
and budget, the measure behind the weights of ``interpreter/bots/clock.py``.

    python -m benchmarks.budget KIND POSITIONS BUDGETS [--ruleset R] [--players P]

KIND is an action class (``Declare``, ``Play``, ``CallMizuten``, ``Split``); BUDGETS a comma list
of CPU milliseconds a decision, each optionally with a confidence (``35``, ``35z0.5``), and with a
leading ``mc`` for the flat Monte Carlo bot cut short after that time (``mc10``), as
``benchmarks/tournament.py --ms`` makes it. Positions
are drawn from seeded one-round heuristic games (each decision of KIND with two or more choices
kept with chance 0.3). At each, ismcts (or mc) decides with the budget (no time management: every
decision gets exactly its budget), its choice is played on the real deal and the round played out
by the roll-out heuristic, and its gain is that result minus the heuristic's choice played out the
same way (0 where they agree): unbiased, as no judge values the actions. With two budgets the
paired difference is printed too.
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Iterator

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.bots.ismcts import IsmctsBot
from hachihachi.interpreter.bots.mc import MonteCarloBot
from hachihachi.interpreter.bots.rollout import rollout_policy
from hachihachi.ruleset.loader import load_ruleset

from benchmarks.regret import true_value


def positions(rules, players: int, kind: str) -> Iterator[GameState]:
    """Seeded decisions of ``kind`` with two or more choices, from heuristic self-play."""
    policy, seed = rollout_policy(rules), 0
    while True:
        g, rng = GameState(rules, players, seed=seed, rounds=1), random.Random(seed)
        seed += 1
        while not g.is_terminal:
            who = g.current_player
            if who == CHANCE:
                g.deal_random(rng)
                continue
            legal = g.legal_actions()
            if len(legal) >= 2 and type(legal[0]).__name__ == kind and rng.random() < 0.3:
                yield g.clone()
            g.apply(policy.choose(g, who, rng))


def interval(v: list[float]) -> str:
    return f"{statistics.fmean(v):+.3f} +- {1.96 * statistics.stdev(v) / len(v) ** 0.5:.3f}"


def make(budget: str) -> IsmctsBot | MonteCarloBot:
    """The bot a budget names: ``35``, ``35z0.5`` (ismcts, exactly that time), ``mc10`` (mc)."""
    if budget.startswith("mc"):
        return MonteCarloBot(samples=10 ** 6, seconds=float(budget[2:]) / 1000)
    ms, _, z = budget.partition("z")
    return IsmctsBot(ms=float(ms), managed=False, confidence=float(z) if z else 1.0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind")
    ap.add_argument("positions", type=int)
    ap.add_argument("budgets")
    ap.add_argument("--ruleset", default="hachihachi_trick")
    ap.add_argument("--players", type=int, default=5)
    args = ap.parse_args()
    rules = load_ruleset(args.ruleset)
    policy = rollout_policy(rules)
    budgets = args.budgets.split(",")
    gains: dict[str, list[float]] = {b: [] for b in budgets}
    departs = dict.fromkeys(budgets, 0)
    for i, g in zip(range(args.positions), positions(rules, args.players, args.kind)):
        who = g.current_player
        base = policy.choose(g, who, random.Random(i))
        truth = {base: true_value(g, who, base, i)}
        for b in budgets:
            bot = make(b)
            choice = bot.choose(g, who, random.Random(i))
            if choice not in truth:
                truth[choice] = true_value(g, who, choice, i)
            gains[b].append(truth[choice] - truth[base])
            departs[b] += choice != base
    print(f"{args.ruleset}, {args.players} players, {args.kind}: gain over the heuristic on the real deal")
    for b in budgets:
        print(f"  {b:>8s} ms: {interval(gains[b])} chips a decision, departs from the heuristic "
              f"{departs[b] / len(gains[b]):.2f} ({len(gains[b])} positions)")
    if len(budgets) == 2:
        a, b = budgets
        print(f"  {b} - {a} (paired): {interval([y - x for x, y in zip(gains[a], gains[b])])}")


if __name__ == "__main__":
    main()
