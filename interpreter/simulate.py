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

import dataclasses
import hashlib
import random
import time
from collections import Counter
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Optional, Sequence, Union

from ..ruleset.errors import HachiError
from ..ruleset.model import Ruleset
from .actions import CHANCE, POT, Deal
from .bots import make_bot
from .events import Applied, RolesShown, RoundEnded, Transfer
from .game import Game
from .kinds import RoundKind
from .recordfile import ensure_folder
from .simstats import Moments

MAX_GAMES = 10_000_000      # about a day of play on one core
MAX_WORKERS = 256

RulesetRef = Union[str, Path, Ruleset]
Progress = Callable[[int], None]

__all__ = ["GameResult", "Summary", "SeatSummary", "simulate", "play_one", "game_seed", "seat_bots",
           "iter_results", "Job", "RulesetSpec", "play_task"]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed`` (the same on every platform)."""
    digest = hashlib.sha256(f"hachihachi/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seat_bots(names: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot name per seat: a shorter list repeats its last name."""
    names = [n.strip() for n in names if n.strip()] or ["random"]
    return tuple(names[s] if s < len(names) else names[-1] for s in range(players))


@dataclass(frozen=True)
class GameResult:
    """What one game leaves for the statistics (small and picklable)."""

    index: int
    seed: int
    first_start: int
    chips: tuple[int, ...]
    leftover_pot: int
    rounds: int
    kinds: tuple[tuple[str, int], ...]
    roles: tuple[tuple[str, int], ...]
    fields: tuple[tuple[str, int], ...]
    pot_after: tuple[int, ...]          # the pot after each round
    pot_taken: tuple[int, ...]          # each amount a seat took from the pot
    mizuten: int                        # rounds in which mizuten was declared
    deals: tuple[int, ...]              # a hash of each round's deal (to check common deals)
    winners: tuple[int, ...]
    zero_sum: bool


def play_out(game: Game, seats: Sequence, gseed: int) -> None:
    """Play ``game`` to its end: the game's own generator deals, seat s's bot draws from
    ``Random(gseed * 16 + 1 + s)`` (so every seat's choices are repeatable on their own)."""
    rngs = [random.Random(gseed * 16 + 1 + s) for s in range(game.players)]
    while not game.is_terminal:
        who = game.current_player
        if who == CHANCE:
            game.deal_random()
        else:
            game.apply(seats[who].choose(game, who, rngs[who]))


def play_one(ruleset: Ruleset, players: int, bots: Sequence[str], seed: int, index: int,
             record_dir: Optional[Path] = None, record_ref: Optional[str] = None) -> GameResult:
    """Play game ``index`` of the run seeded ``seed`` and summarise it."""
    gseed = game_seed(seed, index)
    game = Game(ruleset, players, seed=gseed)
    first_start = game.round.start
    play_out(game, [make_bot(name) for name in bots], gseed)
    if record_dir is not None:
        from .atomicfile import write_atomic
        from .record import dump_record, record_data

        names = [f"p{s}-{bots[s]}" for s in range(players)]
        path = record_dir / f"game-{index + 1:06d}.yaml"
        write_atomic(path, dump_record(record_data(game, names, record_ref), path))
    return summarise(game, index, gseed, first_start)


def summarise(game: Game, index: int, gseed: int, first_start: int) -> GameResult:
    """Read one finished game's log into a :class:`GameResult`, checking zero-sum (T27)."""
    ruleset = game.ruleset
    kinds: Counter = Counter()
    roles: Counter = Counter()
    fields: Counter = Counter()
    pot_after, taken, deals, mizuten = [], [], [], 0
    pot, ok = 0, True
    for e in game.events:
        cls = type(e)
        if cls is Transfer:
            if e.source == POT and e.target != POT:
                taken.append(e.amount)
        elif cls is RolesShown:
            roles.update(e.roles)
        elif cls is RoundEnded:
            kinds[e.kind.value] += 1
            ok = ok and sum(e.delta) + e.pot_after - pot == 0
            pot = e.pot_after
            pot_after.append(pot)
        elif cls is Applied and isinstance(e.action, Deal):
            fields[_field_id(ruleset, e.action.indicator)] += 1
            deals.append(hash((e.action.hands, e.action.indicator)))
        elif cls is Applied and getattr(e.action, "call", False) is True:
            mizuten += 1
    total = ruleset.chips.start * game.players
    ok = ok and sum(game.chips) + game.pot == total
    return GameResult(
        index=index, seed=gseed, first_start=first_start, chips=game.chips, leftover_pot=game.pot,
        rounds=len(pot_after), kinds=tuple(sorted(kinds.items())), roles=tuple(sorted(roles.items())),
        fields=tuple(sorted(fields.items())), pot_after=tuple(pot_after), pot_taken=tuple(taken),
        mizuten=mizuten, deals=tuple(deals), winners=game.winners, zero_sum=ok)


def _field_id(ruleset: Ruleset, indicator: int) -> str:
    try:
        return ruleset.field_for(indicator).id
    except KeyError:
        return "none"


# -- running many games ----------------------------------------------------------------------

@dataclass(frozen=True)
class RulesetSpec:
    """How a worker (another process, another machine) builds a ruleset again: a bundled name or
    a file path, and the ``--set`` settings merged over it (:func:`~..ruleset.loader.load_variant`)."""

    ref: str
    settings: tuple = ()

    def load(self) -> Ruleset:
        from ..ruleset.loader import load_variant

        return load_variant(self.ref, self.settings)


def spec_of(ruleset: Ruleset) -> RulesetSpec:
    """The spec of a ruleset loaded from a file: its bundled name, else its file's path."""
    bundled = is_name(ruleset.name) and ruleset.source == str(_bundled(ruleset.name))
    return RulesetSpec(ruleset.name if bundled else ruleset.source)


@dataclass(frozen=True)
class Job:
    """What every task of a run shares: the rulesets (None: build them from ``specs``), the seats,
    the seed. A task is ``(ruleset number, range of game indices)``."""

    rulesets: Optional[tuple]
    specs: tuple
    players: int
    bots: tuple[str, ...]
    seed: int
    record_dir: Optional[Path] = None
    record_ref: Optional[str] = None

    def portable(self) -> "Job":
        """The job without its built rulesets (they do not pickle): workers build them from specs."""
        return dataclasses.replace(self, rulesets=None)

    def loaded(self) -> "Job":
        return self if self.rulesets is not None else \
            dataclasses.replace(self, rulesets=tuple(s.load() for s in self.specs))


Task = tuple  # (ruleset number, range of game indices)


def play_task(job: Job, task: Task) -> list[GameResult]:
    """Play one task's games (``job`` must be :meth:`Job.loaded`)."""
    which, indices = task
    rules = job.rulesets[which]
    return [play_one(rules, job.players, job.bots, job.seed, i, job.record_dir, job.record_ref)
            for i in indices]


def chunks(games: int, size: int) -> Iterator[range]:
    for lo in range(0, games, size):
        yield range(lo, min(games, lo + size))


def chunk_size(games: int, workers: int) -> int:
    """Games per task: 64 in one process, else small enough for about 8 tasks a worker."""
    return 64 if workers <= 1 else max(1, min(64, games // (workers * 8) or 1))


def iter_results(ruleset: Ruleset, games: int, players: int, bots: Sequence[str], seed: int,
                 workers: int = 1, record_dir: Optional[Path] = None,
                 record_ref: Optional[str] = None, backend: str = "local",
                 address: Optional[str] = None) -> Iterator[GameResult]:
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

    def as_json(self) -> dict:
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
    kinds: Counter = field(default_factory=Counter)
    roles: Counter = field(default_factory=Counter)
    fields: Counter = field(default_factory=Counter)
    pot_after: Moments = field(default_factory=Moments)
    pot_taken: Moments = field(default_factory=Moments)
    mizuten: int = 0
    leftover_pot: Moments = field(default_factory=Moments)
    zero_sum_violations: int = 0
    final_chips: list[int] = field(default_factory=list)

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
        self.kinds.update(dict(g.kinds))
        self.roles.update(dict(g.roles))
        self.fields.update(dict(g.fields))
        for p in g.pot_after:
            self.pot_after.add(p)
        for p in g.pot_taken:
            self.pot_taken.add(p)
        self.leftover_pot.add(g.leftover_pot)
        self.mizuten += g.mizuten
        self.zero_sum_violations += not g.zero_sum

    @property
    def totals(self) -> tuple:
        """Everything that must not depend on the number of workers (for checks and tests)."""
        return (self.games, self.rounds, tuple((s.chips.total, s.chips.sq, s.wins, s.shared_wins) for s in self.seats),
                tuple(sorted(self.kinds.items())), tuple(sorted(self.roles.items())),
                tuple(sorted(self.fields.items())), self.pot_after.total, self.zero_sum_violations)

    @property
    def rounds_per_s(self) -> float:
        return self.rounds / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def as_json(self) -> dict:
        """The object ``hachi simulate --json`` prints (interfaces.md), with a few more fields."""
        return {
            "games": self.games, "rounds": self.rounds, "seed": self.seed, "workers": self.workers,
            "elapsed_s": round(self.elapsed_s, 3), "rounds_per_s": round(self.rounds_per_s, 1),
            "seats": [s.as_json() for s in self.seats],
            "kinds": {k.value: self.kinds.get(k.value, 0) for k in RoundKind} | dict(sorted(self.kinds.items())),
            "zero_sum_violations": self.zero_sum_violations,
            "ruleset": self.ruleset, "players": self.players,
            "roles": dict(sorted(self.roles.items())), "fields": dict(sorted(self.fields.items())),
            "mean_pot_after_round": round(self.pot_after.mean, 4),
            "mean_pot_taken": round(self.pot_taken.mean, 4), "mizuten_rounds": self.mizuten,
        }


def resolve(ruleset: RulesetRef) -> tuple[Ruleset, str]:
    """The ruleset and the reference a record should name (a bundled name or a file path)."""
    if isinstance(ruleset, Ruleset):
        return ruleset, ruleset.source
    from ..ruleset.loader import load_ruleset

    text = str(ruleset)
    rules = load_ruleset(text)      # a bad file is one RuleFileError with its place
    return rules, (rules.name if rules.source == str(_bundled(text)) else str(Path(rules.source).resolve()))


def is_name(text: str) -> bool:
    from ..ruleset.bundled import is_name as bundled_name

    return bundled_name(text)


def _bundled(name: str) -> Path:
    from ..ruleset.loader import bundled_path

    return bundled_path(name)


def check_args(ruleset: Ruleset, games: int, players: Optional[int], bots: Sequence[str],
               workers: int) -> tuple[int, tuple[str, ...]]:
    """Check a run's arguments; return the number of players and the bot of every seat."""
    if not 1 <= games <= MAX_GAMES:
        raise HachiError(f"--games must be from 1 to {MAX_GAMES:,}, not {games}", "--games")
    if not 1 <= workers <= MAX_WORKERS:
        raise HachiError(f"--workers must be from 1 to {MAX_WORKERS}, not {workers}", "--workers")
    if players is None:
        players = min(max(5, ruleset.players.min), ruleset.players.max)
    lo, hi = ruleset.players.min, ruleset.players.max
    if not lo <= players <= hi:
        raise HachiError(f"{ruleset.name} is for {lo} to {hi} players, not {players}", "--players")
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
    rules, ref = resolve(ruleset)
    players, per_seat = check_args(rules, games, players, bots, workers)
    rdir = None
    if record_dir is not None:
        rdir = ensure_folder(record_dir)     # fails now, not after the games
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
