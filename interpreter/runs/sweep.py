"""Sweep a grid of settings over a base rule file, every point on the base's deals.

Each point of the grid is the base with the point's settings merged over it as a variant
(:func:`~..ruleset.loader.load_variant`). The base and every point play games ``0 .. games-1`` of
the same seed (common random numbers), and each point is paired with the base game by game
exactly as ``--compare`` pairs two files (:func:`.compare.add_pair`): the difference of every
measure with its 95% interval. The games of all points go through one backend, so workers stay
busy from one point to the next; the base's results are kept to pair them with every point.
"""

from __future__ import annotations

import itertools
import time
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from ...ruleset.errors import SetupError
from ...ruleset.overrides import Setting
from .compare import Comparison, add_pair, measures
from .botgame import GameResult, Job, RulesetRef, open_rules
from .simulate import check_args, chunk_size, chunks

__all__ = ["Point", "Sweep", "sweep", "MAX_POINTS", "MAX_SWEEP_GAMES"]

MAX_POINTS = 400                # points of one grid
MAX_SWEEP_GAMES = 1_000_000     # games a point (the base's results are kept in memory)


@dataclass
class Point:
    settings: tuple[tuple[str, Any], ...]       # ((dotted key, value), ...)
    comparison: Comparison

    def as_json(self) -> dict[str, Any]:
        c = self.comparison
        return {"settings": dict(self.settings), "rounds": c.rounds, "same_deals": c.same_deals,
                "measures": [m.as_json() for m in c.measures]}


@dataclass
class Sweep:
    base: str
    settings: list[Setting]
    games: int
    players: int
    seed: int
    bots: tuple[str, ...]
    backend: str
    workers: int
    points: list[Point] = field(default_factory=list)
    elapsed_s: float = 0.0

    def results_json(self) -> dict[str, Any]:
        """Everything that must not depend on the backend or the number of workers."""
        return {"base": self.base, "games": self.games, "players": self.players, "seed": self.seed,
                "bots": list(self.bots),
                "settings": [{"key": s.key, "values": list(s.values)} for s in self.settings],
                "points": [p.as_json() for p in self.points]}

    def as_json(self) -> dict[str, Any]:
        return self.results_json() | {"backend": self.backend, "workers": self.workers,
                                      "elapsed_s": round(self.elapsed_s, 3)}


def repeated_key(settings: Sequence[Setting]) -> Optional[str]:
    """The first key that more than one of ``settings`` sets, or None."""
    keys = [s.key for s in settings]
    return next((k for k in keys if keys.count(k) > 1), None)


def grid(settings: Sequence[Setting]) -> list[tuple[tuple[str, Any], ...]]:
    """Every combination of the settings' values, the last setting varying fastest.

    A problem is a :class:`SetupError` of the argument ``settings``."""
    twice = repeated_key(settings)
    if twice is not None:
        raise SetupError(f"{twice} is given twice; give all its values in one setting", "settings")
    keys = [s.key for s in settings]
    size = 1
    for s in settings:
        size *= len(s.values)
    if size > MAX_POINTS:
        raise SetupError(f"the grid has {size:,} points; at most {MAX_POINTS} in one sweep", "settings")
    return [tuple(zip(keys, values)) for values in itertools.product(*(s.values for s in settings))]


def sweep(base: RulesetRef, settings: Sequence[Setting], games: int, players: Optional[int] = None,
          bots: Sequence[str] = ("random",), seed: int = 0, workers: int = 1, backend: str = "local",
          address: Optional[str] = None, progress: Optional[Callable[[int], None]] = None) -> Sweep:
    """Play the base and every point of the grid of ``settings`` on the same ``games`` seeds.

    Every point's ruleset is built and checked before any game is played. ``progress`` (if
    given) is called with the number of games played so far, of ``games * (points + 1)``.
    """
    from .backends import make_backend

    if not settings:
        raise SetupError("give at least one setting to sweep, e.g. trick_settlement.per_trick=1,2,3", "settings")
    if games > MAX_SWEEP_GAMES:
        raise SetupError(f"games must be at most {MAX_SWEEP_GAMES:,} in a sweep, not {games}", "games")
    rules, spec = open_rules(base)
    players, per_seat = check_args(rules, games, players, bots, workers)
    points = grid(settings)
    specs = [spec] + [type(spec)(spec.ref, p) for p in points]
    rulesets = [rules] + [s.load() for s in specs[1:]]
    for r in rulesets[1:]:
        check_args(r, games, players, bots, workers)
    out = Sweep(spec.ref, list(settings), games, players, seed, tuple(per_seat), backend, workers)
    job = Job(tuple(rulesets), tuple(specs), players, tuple(per_seat), seed)
    runner = make_backend(backend, min(workers, games * len(specs)), address)
    size = chunk_size(games * len(specs), runner.workers)
    tasks = ((k, r) for k in range(len(specs)) for r in chunks(games, size))
    base_games: list[GameResult] = []
    comparison = None
    done = 0
    t0 = time.perf_counter()
    with closing(runner.map(job, tasks)) as results:
        for chunk in results:
            for g in chunk:
                k, i = divmod(done, games)
                done += 1
                if k == 0:
                    base_games.append(g)
                    continue
                if i == 0:
                    comparison = Comparison(spec.ref, _label(points[k - 1]), games, players, seed, workers,
                                            tuple(per_seat), measures(players))
                    out.points.append(Point(points[k - 1], comparison))
                assert comparison is not None       # made at the point's first game
                add_pair(comparison, base_games[i], g, rules.chips.start, rulesets[k].chips.start)
            if progress is not None:
                progress(done)
    out.elapsed_s = time.perf_counter() - t0
    for p in out.points:
        p.comparison.elapsed_s = out.elapsed_s
    return out


def _label(point: tuple[tuple[str, Any], ...]) -> str:
    return ", ".join(f"{k}={v}" for k, v in point)
