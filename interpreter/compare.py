"""Compare two rulesets (a house rule against the standard) on the same deals.

Both variants play games with the same game seeds (:func:`~.simulate.game_seed`), so the deals and
the bots' random streams match as far as the rules allow (common random numbers). Each measure is
taken per game; the difference B - A is paired game by game, which removes most of the noise of
the deals from its 95% confidence interval.
"""

from __future__ import annotations

import time
from contextlib import closing
from dataclasses import dataclass, field
from typing import Optional, Sequence

from .simstats import Moments
from .simulate import GameResult, RulesetRef, check_args, iter_results, resolve

__all__ = ["Comparison", "Measure", "compare"]


@dataclass
class Measure:
    """One per-game measure under both variants and their paired difference."""

    name: str
    a: Moments = field(default_factory=Moments)
    b: Moments = field(default_factory=Moments)
    diff: Moments = field(default_factory=Moments)

    def add(self, x: float, y: float) -> None:
        self.a.add(x)
        self.b.add(y)
        self.diff.add(y - x)

    def as_json(self) -> dict:
        return {"name": self.name, "a": round(self.a.mean, 4), "b": round(self.b.mean, 4),
                "diff": round(self.diff.mean, 4), "ci95": round(self.diff.ci95, 4)}


@dataclass
class Comparison:
    a: str
    b: str
    games: int
    players: int
    seed: int
    workers: int
    bots: tuple[str, ...]
    measures: list[Measure]
    rounds: int = 0                     # rounds compared (the shorter game's, game by game)
    same_deals: int = 0                 # of these, rounds dealt the same cards under both
    elapsed_s: float = 0.0

    def as_json(self) -> dict:
        return {"a": self.a, "b": self.b, "games": self.games, "players": self.players,
                "seed": self.seed, "workers": self.workers, "bots": list(self.bots),
                "rounds": self.rounds, "same_deals": self.same_deals, "elapsed_s": round(self.elapsed_s, 3),
                "measures": [m.as_json() for m in self.measures]}


def _measures(players: int) -> list[Measure]:
    names = [f"seat {s} chips" for s in range(players)]
    names += ["first start player's chips", "skipped rounds per game", "pot after a round (game mean)",
              "pot taken (game mean)", "swing per game (mean |chip change|)", "leftover pot"]
    return [Measure(n) for n in names]


def _values(g: GameResult, start: int) -> list[float]:
    n = len(g.chips)
    skipped = dict(g.kinds).get("skipped", 0)
    return [*g.chips, g.chips[g.first_start], skipped,
            sum(g.pot_after) / max(1, len(g.pot_after)),
            sum(g.pot_taken) / len(g.pot_taken) if g.pot_taken else 0.0,
            sum(abs(c - start) for c in g.chips) / n, g.leftover_pot]


def compare(a: RulesetRef, b: RulesetRef, games: int, players: Optional[int] = None,
            bots: Sequence[str] = ("random",), seed: int = 0, workers: int = 1) -> Comparison:
    """Play ``games`` games under ``a`` and under ``b`` with the same seeds; pair the results."""
    ra, _ = resolve(a)
    rb, _ = resolve(b)
    players, per_seat = check_args(ra, games, players, bots, workers)
    check_args(rb, games, players, bots, workers)
    out = Comparison(ra.source, rb.source, games, players, seed, workers, per_seat, _measures(players))
    t0 = time.perf_counter()
    with closing(iter_results(ra, games, players, per_seat, seed, workers)) as run_a, \
            closing(iter_results(rb, games, players, per_seat, seed, workers)) as run_b:
        for ga, gb in zip(run_a, run_b):
            out.rounds += min(len(ga.deals), len(gb.deals))
            out.same_deals += sum(x == y for x, y in zip(ga.deals, gb.deals))
            for m, x, y in zip(out.measures, _values(ga, ra.chips.start), _values(gb, rb.chips.start)):
                m.add(x, y)
    out.elapsed_s = time.perf_counter() - t0
    return out
