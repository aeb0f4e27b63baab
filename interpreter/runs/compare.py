"""Compare two rulesets (a house rule against the standard) on the same deals.

Both variants play games with the same game seeds (:func:`~.simulate.game_seed`), so the deals and
the bots' random streams match as far as the rules allow (common random numbers). Each measure is
taken per game; the difference B - A is paired game by game, which removes most of the noise of
the deals from its 95% confidence interval.
"""

from __future__ import annotations

import time
from collections import Counter
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from ...ruleset.errors import HachiError, shown
from .simstats import Moments
from .botgame import GameResult, RulesetRef, open_rules
from .simulate import check_args, iter_results

__all__ = ["Comparison", "Measure", "compare", "measures", "add_pair"]


@dataclass
class Measure:
    """One per-game measure under both variants and their paired difference."""

    name: str
    key: str = ""                       # a short name for the command line (``swing``, ``seat0``)
    a: Moments = field(default_factory=Moments)
    b: Moments = field(default_factory=Moments)
    diff: Moments = field(default_factory=Moments)

    def add(self, x: float, y: float) -> None:
        self.a.add(x)
        self.b.add(y)
        self.diff.add(y - x)

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "key": self.key, "a": round(self.a.mean, 4), "b": round(self.b.mean, 4),
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
    rounds_a: int = 0                   # rounds played under A, under B (for the effects' rates)
    rounds_b: int = 0
    effects_a: Counter[str] = field(default_factory=Counter)     # times each house rule (effect) fired
    effects_b: Counter[str] = field(default_factory=Counter)

    def as_json(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "games": self.games, "players": self.players,
                "seed": self.seed, "workers": self.workers, "bots": list(self.bots),
                "rounds": self.rounds, "same_deals": self.same_deals, "elapsed_s": round(self.elapsed_s, 3),
                "measures": [m.as_json() for m in self.measures],
                "effects": {"a": dict(sorted(self.effects_a.items())), "b": dict(sorted(self.effects_b.items()))}}


def measures(players: int, named_pots: bool = False) -> list[Measure]:
    """The per-game measures, in the order of :func:`_values`; ``named_pots``: either file has
    named pots (``pots:``), whose chips left at the game's end are measured too."""
    keys = [(f"seat {s} chips", f"seat{s}") for s in range(players)]
    keys += [("first start player's chips", "first_start"), ("skipped rounds per game", "skipped"),
             ("pot after a round (game mean)", "pot_after"), ("pot taken (game mean)", "pot_taken"),
             ("swing per game (mean |chip change|)", "swing"), ("leftover pot", "leftover_pot")]
    if named_pots:
        keys.append(("named pots left at the end", "pots_left"))
    return [Measure(n, k) for n, k in keys]


def add_pair(out: Comparison, ga: GameResult, gb: GameResult, start_a: int, start_b: int) -> None:
    """Fold one game played under A and under B (the same game seed) into ``out``."""
    out.rounds += min(len(ga.deals), len(gb.deals))
    out.same_deals += sum(x == y for x, y in zip(ga.deals, gb.deals))
    out.rounds_a += ga.rounds
    out.rounds_b += gb.rounds
    for counts, g in ((out.effects_a, ga), (out.effects_b, gb)):
        for name, fired, _ in g.effects:
            counts[name] += fired
    for m, x, y in zip(out.measures, _values(ga, start_a), _values(gb, start_b)):
        m.add(x, y)


def _values(g: GameResult, start: int) -> list[float]:
    n = len(g.chips)
    skipped = dict(g.kinds).get("skipped", 0)
    return [*g.chips, g.chips[g.first_start], skipped,
            sum(g.pot_after) / max(1, len(g.pot_after)),
            sum(g.pot_taken) / len(g.pot_taken) if g.pot_taken else 0.0,
            sum(abs(c - start) for c in g.chips) / n, g.leftover_pot, sum(chips for _, chips in g.pots)]


def compare(a: RulesetRef, b: RulesetRef, games: int, players: Optional[int] = None,
            bots: Sequence[str] = ("random",), seed: int = 0, workers: int = 1,
            backend: str = "local", address: Optional[str] = None) -> Comparison:
    """Play ``games`` games under ``a`` and under ``b`` with the same seeds; pair the results."""
    ra, _ = open_rules(a)
    rb, _ = open_rules(b)
    if ra.play != rb.play:                  # nothing of one game's play measures the other's
        raise HachiError(f"A and B are different games ({shown(ra.name)} is played as {ra.play}, "
                         f"{shown(rb.name)} as {rb.play}); --compare pairs two variants of one game.",
                         "--compare")
    players, per_seat = check_args(ra, games, players, bots, workers)
    check_args(rb, games, players, bots, workers)
    named = bool(ra.pots or rb.pots)        # either has named pots (pots:): what they hold at the end
    out = Comparison(ra.source, rb.source, games, players, seed, workers, per_seat, measures(players, named))
    t0 = time.perf_counter()
    with closing(iter_results(ra, games, players, per_seat, seed, workers, backend=backend,
                              address=address)) as run_a, \
            closing(iter_results(rb, games, players, per_seat, seed, workers, backend=backend,
                                 address=address)) as run_b:
        for ga, gb in zip(run_a, run_b):
            add_pair(out, ga, gb, ra.chips.start, rb.chips.start)
    out.elapsed_s = time.perf_counter() - t0
    return out
