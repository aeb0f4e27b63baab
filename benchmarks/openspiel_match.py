"""OpenSpiel's python ISMCTS through the bridge (``hachihachi.openspiel``), against a baseline and
against our own ``ismcts`` bot, at the same time a decision.

    python -m benchmarks.openspiel_match [--game trick|hanafuda] [--games N] [--vs-ours-games N]
                                         [--ms 100] [--players 3] [--rounds 1] [--seed 1]
                                         [--baseline heuristic]

Matches, each on the OpenSpiel game (dealt card by card, chance drawn from a seeded generator):
OpenSpiel ISMCTS against the baseline bot (``--games``), then OpenSpiel ISMCTS against our
``ismcts`` from the bot registry (``--vs-ours-games``; skipped, saying so, when no bot of that
name is registered). The two kinds alternate round the table and the seats rotate from game to
game. Per game each kind scores the mean chips won by its seats; intervals are
mean +- 1.96 * stdev / sqrt(games). OpenSpiel's bot runs as many simulations as fit the budget
(``--ms``, CPU time), from its measured time a simulation; ours gets the same budget
(``make_bot("ismcts", ms=...)``). Also printed: CPU time a decision (median, 95th percentile;
decisions with a choice), the resamplings that found no other deal, and game throughput (wall
clock) with random play through the bridge against the engine alone.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import hachihachi.openspiel  # noqa: F401  (registers the games)
from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.bots import bot_names, make_bot
from hachihachi.openspiel import MATCHING_GAME, TRICK_GAME
from hachihachi.ruleset.loader import load_ruleset

GAMES = {"trick": (TRICK_GAME, "hachihachi_trick", "heuristic"),
         "hanafuda": (MATCHING_GAME, "hanafuda_hachihachi", "heuristic_matching")}


class Timed:
    """Times each decision that has a choice."""

    def __init__(self, name: str):
        self.name, self.times = name, []

    def timed(self, state, choose) -> int:
        if len(state.legal_actions()) == 1:
            return state.legal_actions()[0]
        began = time.process_time()
        action = choose()
        self.times.append(time.process_time() - began)
        return action


class OpenSpielISMCTS(Timed):
    """open_spiel.python.algorithms.ismcts with random roll-outs, simulations fitted to a budget."""

    def __init__(self, game, seconds: float, seed: int):
        super().__init__("openspiel_ismcts")
        self.seconds, self.per_sim, self.sims = seconds, None, []
        self.rs = np.random.RandomState(seed)
        self.bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, self.rs), uct_c=2.0,
                                    max_simulations=1, random_state=self.rs)

    def act(self, state, seat: int, rng) -> int:
        def search():
            n = max(2, int(self.seconds / self.per_sim)) if self.per_sim else 4   # 1 only expands the root
            self.bot._max_simulations = n
            began = time.process_time()
            action = self.bot.step(state)
            per = (time.process_time() - began) / n
            self.per_sim = per if self.per_sim is None else 0.8 * self.per_sim + 0.2 * per
            self.sims.append(n)
            return action
        return self.timed(state, search)


class EngineBot(Timed):
    """One of our bots, choosing from the engine game behind the OpenSpiel state."""

    def __init__(self, name: str, **options):
        super().__init__(name)
        self.bot = make_bot(name, **options)

    def act(self, state, seat: int, rng) -> int:
        codec = state._shared.codec
        return self.timed(state, lambda: codec.encode(self.bot.choose(state.engine, seat, rng)))


def play(game, seats, seed: int):
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():                  # the bridge's chance outcomes are uniform
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            seat = state.current_player()
            state.apply_action(seats[seat].act(state, seat, rng))
    return state.returns(), state.resample_misses


def match(game, a, b, games: int, seed: int) -> dict:
    players = game.num_players()
    scores = {a.name: [], b.name: []}
    misses, began = 0, time.process_time()
    for g in range(games):
        seated = [a if (s + g) % 2 == 0 else b for s in range(players)]
        seated = seated[g % players:] + seated[:g % players]
        returns, missed = play(game, seated, seed + g)
        misses += missed
        for k in (a, b):
            mine = [r for r, bot in zip(returns, seated) if bot is k]
            scores[k.name].append(sum(mine) / len(mine))
    out = {"games": games, "elapsed_s": time.process_time() - began, "misses": misses}   # CPU s
    for k in (a, b):
        v = scores[k.name]
        half = 1.96 * statistics.stdev(v) / math.sqrt(len(v)) if len(v) > 1 else float("nan")
        out[k.name] = (statistics.fmean(v), half)
    return out


def decision_times(bot) -> str:
    if not bot.times:
        return f"{bot.name}: no decisions with a choice"
    ts = sorted(bot.times)
    p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
    return (f"{bot.name}: CPU time a decision median {1000 * statistics.median(ts):.1f} ms, 95th percentile "
            f"{1000 * p95:.1f} ms over {len(ts)} decisions")


def report(title: str, r: dict, bots) -> None:
    line = f"{title}: {r['games']} games in {r['elapsed_s']:.1f} CPU s; " + "; ".join(
        f"{b.name} {r[b.name][0]:+.2f} +- {r[b.name][1]:.2f} chips a game" for b in bots)
    print(line)
    for b in bots:
        print("  " + decision_times(b))
    sims = [s for b in bots for s in getattr(b, "sims", ())]
    if sims:
        print(f"  openspiel_ismcts simulations a decision: median {statistics.median(sims):.0f}; "
              f"resamplings with no other deal found: {r['misses']}")


def throughput(game, rules: str, games: int, seed: int) -> None:
    """Random play: games a second through the bridge and with the engine alone."""
    began = time.perf_counter()
    for g in range(games):
        rng, state = random.Random(seed + g), game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    bridge = games / (time.perf_counter() - began)
    rules = load_ruleset(rules)
    began = time.perf_counter()
    for g in range(games):
        rng, eng = random.Random(seed + g), GameState(rules, game.num_players(), seed=seed + g,
                                                      rounds=state.engine.rounds, start=0)
        while not eng.is_terminal:
            if eng.current_player == CHANCE:
                eng.deal_random(rng)
            else:
                eng.apply(rng.choice(eng.legal_actions()))
    engine = games / (time.perf_counter() - began)
    print(f"random play, {games} games: bridge {bridge:.1f} games/s, engine alone {engine:.1f} "
          f"games/s (bridge/engine {bridge / engine:.2f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=sorted(GAMES), default="trick")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--vs-ours-games", type=int, default=300)
    ap.add_argument("--ms", type=float, default=100.0, help="time a decision, both search bots")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--baseline", default=None, help="our bot to play against (default: the heuristic)")
    args = ap.parse_args()
    name, rules, heuristic = GAMES[args.game]
    game = pyspiel.load_game(name, {"rules": rules, "players": args.players, "rounds": args.rounds})
    seconds = args.ms / 1000
    print(f"{name}: players {args.players}, rounds {args.rounds}, seed {args.seed}, "
          f"{args.ms:g} ms a decision")
    throughput(game, rules, 20, args.seed)
    if args.games > 0:
        os_bot, base = OpenSpielISMCTS(game, seconds, args.seed), EngineBot(args.baseline or heuristic)
        report(f"openspiel_ismcts vs {base.name}", match(game, os_bot, base, args.games, args.seed),
               (os_bot, base))
    if args.vs_ours_games > 0:
        if "ismcts" not in bot_names():
            print("ours vs openspiel_ismcts: skipped, no bot 'ismcts' is registered "
                  f"(bots: {', '.join(bot_names())})")
            return
        try:
            ours = EngineBot("ismcts", ms=args.ms)
        except TypeError:
            print("our ismcts takes no 'ms' budget; it plays with its default budget")
            ours = EngineBot("ismcts")
        os_bot = OpenSpielISMCTS(game, seconds, args.seed + 1)
        report("ismcts (ours) vs openspiel_ismcts",
               match(game, ours, os_bot, args.vs_ours_games, args.seed), (ours, os_bot))


if __name__ == "__main__":
    main()
