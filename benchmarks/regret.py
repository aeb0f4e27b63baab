"""Decision regret of the bots against a strong Monte Carlo judge, a low-noise companion of the
tournament: on N seeded positions (heuristic self-play stopped at a decision with ``--choices``
or more legal actions), the judge (``mc`` with many worlds, the same worlds for every action)
values each legal action; a bot's regret is the judge's value of the best action minus that of
the bot's choice, in chips. The judge shares ``mc``'s roll-out policy, so it leans towards
``mc``'s view. Regret is also broken down by the kind of decision (``Declare``, ``Play``...),
since the declarations move the most chips.

A second, unbiased measure needs no judge: each bot's choice is played in the real position (the
hidden cards as they really lie) and the round played out by the roll-out policy; its "gain" is
that result minus the result of the heuristic's choice played out the same way (one play-out,
the same random numbers: the heuristics are deterministic once the cards are dealt). It is noisy
per position, as a real deal is, but has no judge's bias; with ``--judge 0`` only it is computed.

    python -m benchmarks.regret [--ruleset R] [--players P] [--positions N] [--judge S] [--ms MS]
                                [--choices C] [--bots mc,ismcts,heuristic]

``--bots`` also takes ``mc_plain`` and ``ismcts_plain``: the search bots without the heuristic
as prior (``confidence=None``, the arg-max of the search alone); ``NAME@MS`` gives one search bot
its own time a decision (``mc@50``). Every bot after the first is also compared with the first,
paired position by position ("- FIRST"), which is far tighter than the two intervals apart.
"""

from __future__ import annotations

import argparse
import random
import statistics

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.bots import make_bot
from hachihachi.interpreter.bots.determinize import carried_pot, play_out, round_value
from hachihachi.interpreter.bots.rollout import rollout_policy
from hachihachi.interpreter.engine.events import RoundEnded
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


def true_value(game: GameState, seat: int, action, seed: int) -> float:
    """``seat``'s change of chips when it plays ``action`` in the real position and the roll-out
    policy plays the round out (random numbers from ``seed``)."""
    world, policy = game.clone(), rollout_policy(game.ruleset)
    end = next((e for e in world.apply(action) if isinstance(e, RoundEnded)), None)
    end = end or play_out(world, policy, random.Random(seed))
    return round_value(world, end, seat, carried_pot(game))


def build(name: str, rules, ms: float):
    if "@" in name:
        name, own = name.split("@")
        return build(name, rules, float(own))
    if name == "mc":
        return make_bot("mc", samples=10 ** 6, seconds=ms / 1000)
    if name == "ismcts":
        return make_bot("ismcts", ms=ms)
    if name == "mc_plain":
        return make_bot("mc", samples=10 ** 6, seconds=ms / 1000, confidence=None)
    if name == "ismcts_plain":
        return make_bot("ismcts", ms=ms, confidence=None)
    if name == "heuristic":
        return rollout_policy(rules)
    return make_bot(name, rules)


def interval(v: list[float]) -> str:
    half = 1.96 * statistics.stdev(v) / len(v) ** 0.5 if len(v) > 1 else float("inf")
    return f"{statistics.fmean(v):+7.3f} +- {half:.3f}"


def line(name: str, v: list[float], ref: str, r: list[float]) -> str:
    text = f"{name:13s} {interval(v)} chips a decision ({len(v)} positions)"
    if name != ref:
        text += f"; - {ref} {interval([a - b for a, b in zip(v, r)])} (paired)"
    return text


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
    regret: dict[str, dict[str, list[float]]] = {"all": {k: [] for k in bots}}
    gain: dict[str, dict[str, list[float]]] = {"all": {k: [] for k in bots}}
    policy = rollout_policy(rules)
    for i, g in enumerate(positions(rules, players, args.positions, args.choices)):
        who, legal = g.current_player, tuple(g.legal_actions())
        kind = type(legal[0]).__name__
        value = {}
        if args.judge:
            totals = make_bot("mc", samples=args.judge).evaluate(g, who, legal, random.Random(1000 + i), 0.0)
            value = dict(zip(legal, (t / args.judge for t in totals)))
        base = policy.choose(g, who, random.Random(i))
        truth = {base: true_value(g, who, base, i)}
        for name, bot in bots.items():
            choice = bot.choose(g, who, random.Random(i))
            if choice not in truth:
                truth[choice] = true_value(g, who, choice, i)
            for key in ("all", kind):
                gain.setdefault(key, {k: [] for k in bots})[name].append(truth[choice] - truth[base])
                if value:
                    regret.setdefault(key, {k: [] for k in bots})[name].append(max(value.values()) - value[choice])
    print(f"{args.ruleset}: {players} players, {args.positions} positions (>= {args.choices} choices), "
          f"judge {args.judge} worlds, {args.ms} ms CPU a decision")
    for title, table in (("regret against the judge", regret), ("gain over the heuristic on the real deal", gain)):
        if not table["all"][next(iter(bots))]:
            continue
        print(f"  {title}:")
        for key, per in sorted(table.items(), key=lambda kv: kv[0] != "all"):
            if key != "all" and len(table) == 2:
                continue                        # one kind of decision only: "all" says it
            print(f"    {key}:")
            ref = next(iter(per))
            for name, v in per.items():
                print("      " + line(name, v, ref, per[ref]))


if __name__ == "__main__":
    main()
