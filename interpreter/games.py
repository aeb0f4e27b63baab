"""One seeded bot game played and summarised, and the jobs of games that workers play.

Every game's seed comes from ``(seed, game index)`` alone (:func:`game_seed`), so a game is the
same wherever it is played: in this process, in a worker process (:mod:`.backends.local`) or on
a Ray node (:mod:`.backends.ray`). :mod:`.simulate` runs many of them and sums them up.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence, TypeVar

from ..ruleset.bundled import is_name
from ..ruleset.model import Ruleset
from .actions import CHANCE, POT, Deal
from .bots import Bot, make_bot
from .drive import drive_game, is_uniform
from .events import Applied, FieldMade, RolesShown, RoundEnded, Transfer
from .game import GameState
from .kinds import RoundKind

S = TypeVar("S", bound=str)        # a name counted: a role's, a field's, a round kind (a str enum)

__all__ = ["GameFold", "GameResult", "Job", "RulesetSpec", "Task", "game_seed", "play_one", "play_out", "play_task",
           "seat_bots", "shared_seats", "spec_of", "summarise"]


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


def play_out(game: GameState, seats: Sequence[Bot], gseed: int) -> None:
    """Play ``game`` to its end: the game's own generator deals, seat s's bot draws from
    ``Random(gseed * 16 + 1 + s)`` (so every seat's choices are repeatable on their own)."""
    rngs = [random.Random(gseed * 16 + 1 + s) for s in range(game.players)]
    if is_uniform(seats):
        drive_game(game, rngs)          # the same game, phase by phase (drive.py)
        return
    while not game.is_terminal:
        who = game.current_player
        if who == CHANCE:
            game.deal_random()
        elif who is not None:
            game.apply(seats[who].choose(game, who, rngs[who]))


def play_one(ruleset: Ruleset, players: int, bots: Sequence[str], seed: int, index: int,
             record_dir: Optional[Path] = None, record_ref: Optional[str] = None,
             seats: Optional[Sequence[Bot]] = None) -> GameResult:
    """Play game ``index`` of the run seeded ``seed`` and summarise it; ``seats``: the bots
    to play with (:func:`shared_seats`), else the game makes its own from their names."""
    gseed = game_seed(seed, index)
    game = GameState(ruleset, players, seed=gseed)
    first_start = game.round.start
    fold = GameFold(game)
    play_out(game, [make_bot(name) for name in bots] if seats is None else seats, gseed)
    if record_dir is not None:
        from .atomicfile import write_atomic
        from .record import dump_record, record_data

        names = [f"p{s}-{bots[s]}" for s in range(players)]
        path = record_dir / f"game-{index + 1:06d}.yaml"
        write_atomic(path, dump_record(record_data(game, names, record_ref), path))
    return fold.result(index, gseed, first_start)


class GameFold:
    """The summary of one game folded as it is played: the game hands it its events as they
    happen (:meth:`GameState.watch`), so that nothing reads the log afterwards. The same
    :class:`GameResult` as :func:`summarise` gives from the log (the tests compare both)."""

    def __init__(self, game: GameState) -> None:
        self.game = game
        self.kinds: list[RoundKind] = []        # what is counted is listed, and counted at the end
        self.roles: list[str] = []
        self.fields: list[str] = []
        self.pot_after: list[int] = []
        self.deals: list[int] = []
        self.mizuten, self.pot, self.ok = 0, 0, True
        game.watch(self.see, transfers=False, play=False)   # the amounts taken from the pot:
        #                                                           game.pot_taken; no event of play

    def see(self, e: Any) -> None:
        cls = type(e)
        if cls is RolesShown:
            self.roles += e.roles
        elif cls is RoundEnded:
            self.kinds.append(e.kind)           # named by its value once counted (result)
            self.ok = self.ok and sum(e.delta) + e.pot_after - self.pot == 0
            self.pot = e.pot_after
            self.pot_after.append(self.pot)
            r = self.game.round                 # the round that ends: its deal and mizuten call
            if r.indicator is not None and r.dealt is not None:        # the trick game's Deal
                self.deals.append(hash((r.dealt, r.indicator)))
            self.mizuten += r.mizuten is True
        elif cls is FieldMade:
            self.fields.append(e.field or "none")

    def result(self, index: int, gseed: int, first_start: int) -> GameResult:
        """The finished game's :class:`GameResult`, checking zero-sum (T27)."""
        game = self.game
        game.watch(None)
        ok = self.ok and sum(game.chips) + game.pot == game.ruleset.chips.start * game.players
        return GameResult(
            index=index, seed=gseed, first_start=first_start, chips=game.chips, leftover_pot=game.pot,
            rounds=len(self.pot_after), kinds=tuple((k.value, n) for k, n in _counted(self.kinds)),
            roles=_counted(self.roles),
            fields=_counted(self.fields),
            pot_after=tuple(self.pot_after), pot_taken=game.pot_taken, mizuten=self.mizuten,
            deals=tuple(self.deals), winners=game.winners, zero_sum=ok)


def _counted(names: Sequence[S]) -> tuple[tuple[S, int], ...]:
    counts: dict[S, int] = {}
    for name in names:                      # a game's few names: a Counter costs more to set up
        counts[name] = counts.get(name, 0) + 1
    return tuple(sorted(counts.items()))


def summarise(game: GameState, index: int, gseed: int, first_start: int) -> GameResult:
    """Read one finished game's log into a :class:`GameResult`, checking zero-sum (T27) (what
    :class:`GameFold` folds as the game goes)."""
    ruleset = game.ruleset
    kinds: Counter[str] = Counter()
    roles: Counter[str] = Counter()
    fields: Counter[str] = Counter()
    pot_after, taken, deals, mizuten = [], [], [], 0
    pot, ok = 0, True
    e: Any
    for e in game.events:
        cls = type(e)
        if cls is Applied:                  # the most common event first
            if isinstance(e.action, Deal):
                deals.append(hash((e.action.hands, e.action.indicator)))
            elif getattr(e.action, "call", False) is True:
                mizuten += 1
        elif cls is Transfer:
            if e.source == POT and e.target != POT:
                taken.append(e.amount)
        elif cls is RolesShown:
            roles.update(e.roles)
        elif cls is RoundEnded:
            kinds[e.kind.value] += 1
            ok = ok and sum(e.delta) + e.pot_after - pot == 0
            pot = e.pot_after
            pot_after.append(pot)
        elif cls is FieldMade:
            fields[e.field or "none"] += 1
    total = ruleset.chips.start * game.players
    ok = ok and sum(game.chips) + game.pot == total
    return GameResult(
        index=index, seed=gseed, first_start=first_start, chips=game.chips, leftover_pot=game.pot,
        rounds=len(pot_after), kinds=tuple(sorted(kinds.items())), roles=tuple(sorted(roles.items())),
        fields=tuple(sorted(fields.items())), pot_after=tuple(pot_after), pot_taken=tuple(taken),
        mizuten=mizuten, deals=tuple(deals), winners=game.winners, zero_sum=ok)


# -- running many games ----------------------------------------------------------------------

@dataclass(frozen=True)
class RulesetSpec:
    """How a worker (another process, another machine) builds a ruleset again: a bundled name or
    a file path, and the ``--set`` settings merged over it (:func:`~..ruleset.loader.load_variant`)."""

    ref: str
    settings: tuple[tuple[str, Any], ...] = ()          # ((dotted key, value), ...)

    def load(self) -> Ruleset:
        from ..ruleset.loader import load_variant

        return load_variant(self.ref, self.settings)


def spec_of(ruleset: Ruleset) -> RulesetSpec:
    """The spec of a ruleset loaded from a file: its bundled name, else its file's path."""
    from ..ruleset.loader import bundled_path

    bundled = is_name(ruleset.name) and ruleset.source == str(bundled_path(ruleset.name))
    return RulesetSpec(ruleset.name if bundled else ruleset.source)


@dataclass(frozen=True)
class Job:
    """What every task of a run shares: the rulesets (None: build them from ``specs``), the seats,
    the seed. A task is ``(ruleset number, range of game indices)``."""

    rulesets: Optional[tuple[Ruleset, ...]]
    specs: tuple[RulesetSpec, ...]
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


Task = tuple[int, range]  # (ruleset number, range of game indices)


def play_task(job: Job, task: Task) -> list[GameResult]:
    """Play one task's games (``job`` must be :meth:`Job.loaded`)."""
    which, indices = task
    assert job.rulesets is not None, "a job is loaded before its tasks are played"
    rules = job.rulesets[which]
    seats = shared_seats(job.bots)
    return [play_one(rules, job.players, job.bots, job.seed, i, job.record_dir, job.record_ref, seats)
            for i in indices]


def shared_seats(bots: Sequence[str]) -> Optional[list[Bot]]:
    """Bots that every game of a task may share, or None. Only uniform bots qualify: no game asks
    them anything (:mod:`.drive` draws for them from the seats' generators), so they keep no
    state; any other bot is made anew for each game."""
    seats = [make_bot(name) for name in bots]
    return seats if is_uniform(seats) else None
