"""Play many seeded bot games, in one process or several, and summarise each game.

>>> s = simulate("hachihachi_trick", games=4, players=4, bots=["random"], seed=3)
>>> s.games, s.zero_sum_violations, len(s.seats)
(4, 0, 4)
>>> s.totals == simulate("hachihachi_trick", games=4, players=4, bots=["random"], seed=3, workers=2).totals
True

Every game's seed comes from ``(seed, game index)`` alone (:func:`game_seed`); the game's own
generator deals (and picks the first start player), and each seat's bot draws from its own
generator seeded from the game seed and the seat. Games are aggregated in game order, so the
totals are the same for any number of workers. Two rulesets run with the same seed see the same
deals as far as their rules allow (common random numbers, used by :mod:`.compare`).
"""

from __future__ import annotations

import time
from collections import Counter
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Generator, Iterator, Optional, Sequence, Union

from ...ruleset.errors import SetupError
from ...ruleset.model import Ruleset
from ..bots import make_bot
from ..records.recordfile import ensure_folder
from .botgame import (GameResult, Job, RulesetRef, RulesetSpec, game_seed, open_rules, play_one, play_task,
                    seat_bots, spec_of)
from .simstats import Moments

MAX_GAMES = 10_000_000      # about a day of play on one core
MAX_WORKERS = 256

Progress = Callable[[int], None]

__all__ = ["GameResult", "Summary", "SeatSummary", "simulate", "play_one", "game_seed", "seat_bots",
           "iter_results", "Job", "RulesetSpec", "play_task"]




def chunks(games: int, size: int) -> Iterator[range]:
    for lo in range(0, games, size):
        yield range(lo, min(games, lo + size))


def chunk_size(games: int, workers: int) -> int:
    """Games per task: 64 in one process, else small enough for about 8 tasks a worker."""
    return 64 if workers <= 1 else max(1, min(64, games // (workers * 8) or 1))


def iter_results(ruleset: Ruleset, games: int, players: int, bots: Sequence[str], seed: int,
                 workers: int = 1, record_dir: Optional[Path] = None,
                 record_ref: Optional[str] = None, backend: str = "local",
                 address: Optional[str] = None) -> Generator[GameResult, None, None]:
    """Yield the results of games ``0 .. games-1`` in game order, played by ``workers`` processes
    of ``backend`` (:mod:`.backends`).

    A worker that dies ends the run with :class:`~.pool.WorkerDied`; closing the iterator early
    (an error, Ctrl-C) stops the workers.
    """
    from .backends import make_backend

    job = Job((ruleset,), (spec_of(ruleset),), players, tuple(bots), seed, record_dir, record_ref)
    runner = make_backend(backend, min(workers, games), address)
    tasks = ((0, r) for r in chunks(games, chunk_size(games, runner.workers)))
    with closing(runner.map(job, tasks)) as results:
        for chunk in results:
            yield from chunk


# -- the summary of a run --------------------------------------------------------------------

@dataclass
class SeatSummary:
    seat: int
    bot: str
    chips: Moments = field(default_factory=Moments)
    wins: int = 0                       # sole winner
    shared_wins: int = 0                # among two or more with the highest total (T26)
    win_share: float = 0.0              # 1/k for a win shared by k seats

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "bot": self.bot, "mean": round(self.chips.mean, 4),
                "stdev": round(self.chips.stdev, 4), "ci95": round(self.chips.ci95, 4),
                "wins": self.wins, "shared_wins": self.shared_wins, "win_share": round(self.win_share, 4)}


@dataclass
class Summary:
    """The aggregate of a run, built game by game in game order."""

    ruleset: str
    players: int
    seed: int
    workers: int
    start_chips: int
    seats: list[SeatSummary]
    games: int = 0
    rounds: int = 0
    elapsed_s: float = 0.0
    kinds: Counter[str] = field(default_factory=Counter)
    roles: Counter[str] = field(default_factory=Counter)
    fields: Counter[str] = field(default_factory=Counter)
    pot_after: Moments = field(default_factory=Moments)
    pot_taken: Moments = field(default_factory=Moments)
    mizuten: int = 0
    leftover_pot: Moments = field(default_factory=Moments)
    zero_sum_violations: int = 0
    final_chips: list[int] = field(default_factory=list)
    effects: Counter[str] = field(default_factory=Counter)        # times each effect fired
    effect_chips: Counter[str] = field(default_factory=Counter)   # chips each effect's payments moved
    specials: Counter[str] = field(default_factory=Counter)       # special roles made (H19): times each
    pots: dict[str, Moments] = field(default_factory=dict)        # the named pots (pots:): each at the game's end
    pots_paid: Counter[str] = field(default_factory=Counter)      # the named pots: times each paid seats out

    def add(self, g: GameResult) -> None:
        self.games += 1
        self.rounds += g.rounds
        for s, c in enumerate(g.chips):
            self.seats[s].chips.add(c)
            self.final_chips.append(c)
        if len(g.winners) == 1:
            self.seats[g.winners[0]].wins += 1
        else:
            for s in g.winners:
                self.seats[s].shared_wins += 1
        for s in g.winners:
            self.seats[s].win_share += 1 / len(g.winners)
        for counter, counted in ((self.kinds, g.kinds), (self.roles, g.roles), (self.fields, g.fields),
                                 (self.specials, g.specials)):
            for name, n in counted:         # (name, count) pairs: summed without a dict of them
                counter[name] += n
        self.pot_after.add_many(g.pot_after)
        self.pot_taken.add_many(g.pot_taken)
        self.leftover_pot.add(g.leftover_pot)
        for name, chips in g.pots:
            self.pots.setdefault(name, Moments()).add(chips)
        for name, n in g.pots_paid:
            self.pots_paid[name] += n
        self.mizuten += g.mizuten
        self.zero_sum_violations += not g.zero_sum
        for name, fired, moved in g.effects:
            self.effects[name] += fired
            self.effect_chips[name] += moved

    @property
    def totals(self) -> tuple[object, ...]:
        """Everything that must not depend on the number of workers (for checks and tests)."""
        return (self.games, self.rounds, tuple((s.chips.total, s.chips.sq, s.wins, s.shared_wins) for s in self.seats),
                tuple(sorted(self.kinds.items())), tuple(sorted(self.roles.items())),
                tuple(sorted(self.fields.items())), self.pot_after.total, self.zero_sum_violations,
                tuple(sorted(self.specials.items())))

    @property
    def rounds_per_s(self) -> float:
        return self.rounds / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def _kinds_json(self) -> dict[str, Any]:
        """``kinds``: the rounds of each kind, in a game whose rounds have one (go/drop's: every
        kind named, 0 for one that never came); nothing in a game without declarations."""
        if not self.kinds:
            return {}
        from ..parts.go_drop.outcomes import RoundOutcome

        return {"kinds": {k.value: self.kinds.get(k.value, 0) for k in RoundOutcome} | dict(sorted(self.kinds.items()))}

    def as_json(self) -> dict[str, Any]:
        """The object ``hachi simulate --json`` prints (interfaces.md), with a few more fields."""
        return {
            "games": self.games, "rounds": self.rounds, "seed": self.seed, "workers": self.workers,
            "elapsed_s": round(self.elapsed_s, 3), "rounds_per_s": round(self.rounds_per_s, 1),
            "seats": [s.as_json() for s in self.seats],
            **self._kinds_json(),
            "zero_sum_violations": self.zero_sum_violations,
            "ruleset": self.ruleset, "players": self.players,
            "roles": dict(sorted(self.roles.items())), "fields": dict(sorted(self.fields.items())),
            "mean_pot_after_round": round(self.pot_after.mean, 4),
            "mean_pot_taken": round(self.pot_taken.mean, 4), "mizuten_rounds": self.mizuten,
            "effects": {k: {"fired": n, "chips_moved": self.effect_chips[k]} for k, n in sorted(self.effects.items())},
            "special_roles": dict(sorted(self.specials.items())),
            **self._pots_json(),
        }

    def _pots_json(self) -> dict[str, Any]:
        """``pots``: each named pot of the file (``pots:``), the mean it holds at the game's end
        and the times it paid seats out; nothing in a game without named pots."""
        if not self.pots:
            return {}
        return {"pots": {name: {"mean_at_end": round(m.mean, 4), "paid_out": self.pots_paid[name]}
                         for name, m in self.pots.items()}}


def check_args(ruleset: Ruleset, games: int, players: Optional[int], bots: Sequence[str],
               workers: int) -> tuple[int, tuple[str, ...]]:
    """Check a run's arguments; return the number of players and the bot of every seat."""
    if not 1 <= games <= MAX_GAMES:
        raise SetupError(f"games must be from 1 to {MAX_GAMES:,}, not {games}", "games")
    if not 1 <= workers <= MAX_WORKERS:
        raise SetupError(f"workers must be from 1 to {MAX_WORKERS}, not {workers}", "workers")
    if players is None:
        players = min(max(5, ruleset.players.min), ruleset.players.max)
    lo, hi = ruleset.players.min, ruleset.players.max
    if not lo <= players <= hi:
        raise SetupError(f"{ruleset.name} is for {lo} to {hi} players, not {players}", "players")
    per_seat = seat_bots(bots, players)
    for name in dict.fromkeys(per_seat):
        make_bot(name, ruleset)         # an unknown or unfit bot fails here, before any game
    return players, per_seat


def simulate(ruleset: RulesetRef, games: int, players: Optional[int] = None,
             bots: Sequence[str] = ("random",), seed: int = 0, workers: int = 1,
             record_dir: Optional[Union[str, Path]] = None,
             progress: Optional[Progress] = None, backend: str = "local",
             address: Optional[str] = None) -> Summary:
    """Play ``games`` seeded games and return their :class:`Summary`.

    ``progress`` (if given) is called with the number of games finished so far.
    """
    rules, spec = open_rules(ruleset)
    players, per_seat = check_args(rules, games, players, bots, workers)
    rdir, ref = None, None
    if record_dir is not None:
        rdir = ensure_folder(record_dir)     # fails now, not after the games
        from ..records.gamerecord import record_ref

        ref = record_ref(spec.ref, rdir)     # a name or a path that replay can read back
    summary = Summary(rules.name, players, seed, workers, rules.chips.start,
                      [SeatSummary(s, b) for s, b in enumerate(per_seat)])
    t0 = time.perf_counter()
    with closing(iter_results(rules, games, players, per_seat, seed, workers, rdir, ref,
                              backend, address)) as results:
        for g in results:
            summary.add(g)
            if progress is not None:
                progress(summary.games)
    summary.elapsed_s = time.perf_counter() - t0
    return summary
