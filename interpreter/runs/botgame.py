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
from typing import Any, Optional, Sequence, Union

from ...ruleset.bundled import bundled_name_of, is_name
from ...ruleset.model import Ruleset
from ..engine.actions import CHANCE, POT
from ..bots import Bot, make_bot
from ...ruleset.model import TransferReason
from ..engine.effect_events import ACTION_EVENTS, EffectFired, PotPaid
from ..engine.events import Applied, FieldMade, RolesShown, RoundEnded, Transfer
from ..engine.gamestate import GameState
from ..engine.phases.base import PhaseRule
from ...ruleset.tablenumbers import at_table
from ..engine.round_phases import build_phases

__all__ = ["GameResult", "Job", "RulesetRef", "RulesetSpec", "Task", "game_seed", "open_rules", "play_one",
           "play_out", "play_task", "seat_bots", "spec_of", "summarise"]


_EFFECT_EVENTS = ACTION_EVENTS          # what an effect logs besides payments


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
    effects: tuple[tuple[str, int, int], ...] = ()     # per effect: (name, times fired, chips it moved)
    specials: tuple[tuple[str, int], ...] = ()          # special roles made (hanafuda's 総八, H19): (role, times)
    pots: tuple[tuple[str, int], ...] = ()              # the named pots (pots:) and what each holds at the end
    pots_paid: tuple[tuple[str, int], ...] = ()         # the named pots: times each paid chips out to seats


def play_out(game: GameState, seats: Sequence[Bot], gseed: int) -> None:
    """Play ``game`` to its end: the game's own generator deals, seat s's bot draws from
    ``Random(gseed * 16 + 1 + s)`` (so every seat's choices are repeatable on their own)."""
    rngs = [random.Random(gseed * 16 + 1 + s) for s in range(game.players)]
    while not game.is_terminal:
        who = game.current_player
        if who == CHANCE:
            game.deal_random()
        elif who is not None:
            game.apply(seats[who].choose(game, who, rngs[who]))


def play_one(ruleset: Ruleset, players: int, bots: Sequence[str], seed: int, index: int,
             record_dir: Optional[Path] = None, record_ref: Optional[str] = None,
             phases: Optional[tuple[PhaseRule, ...]] = None) -> GameResult:
    """Play game ``index`` of the run seeded ``seed`` and summarise it; ``phases``: the
    ruleset's phases of a round, shared by the games of a task (:func:`.round_phases.build_phases`)."""
    gseed = game_seed(seed, index)
    game = GameState(ruleset, players, seed=gseed, phases=phases)
    first_start = game.round.start
    play_out(game, [make_bot(name, ruleset) for name in bots], gseed)
    if record_dir is not None:
        from ..records.atomicfile import write_atomic
        from ..records.gamerecord import dump_record, record_data

        names = [f"p{s}-{bots[s]}" for s in range(players)]
        path = record_dir / f"game-{index + 1:06d}.yaml"
        write_atomic(path, dump_record(record_data(game, names, record_ref), path))
    return summarise(game, index, gseed, first_start)


def summarise(game: GameState, index: int, gseed: int, first_start: int) -> GameResult:
    """Read one finished game's log into a :class:`GameResult`, checking zero-sum (T27)."""
    log = _LogTally()
    log.read(game.events)
    total = game.ruleset.chips.start * game.players
    ok = log.zero_sum and sum(game.chips) + game.pot + sum(v for _, v in game.pots) == total
    return GameResult(
        index=index, seed=gseed, first_start=first_start, chips=game.chips, leftover_pot=game.pot,
        rounds=len(log.pot_after), kinds=tuple(sorted(log.kinds.items())), roles=tuple(sorted(log.roles.items())),
        fields=tuple(sorted(log.fields.items())), pot_after=tuple(log.pot_after), pot_taken=tuple(log.taken),
        mizuten=log.mizuten, deals=tuple(log.deals), winners=game.winners, zero_sum=ok,
        effects=_effects_moved(game.events, log.fired), specials=tuple(sorted(log.specials.items())),
        pots=game.pots, pots_paid=tuple((name, log.paid_out[name]) for name, _ in game.pots))


class _LogTally:
    """The counts :func:`summarise` reads from a game's log, one method an event class."""

    def __init__(self) -> None:
        self.kinds: Counter[str] = Counter()
        self.roles: Counter[str] = Counter()
        self.fields: Counter[str] = Counter()
        self.fired: Counter[str] = Counter()
        self.specials: Counter[str] = Counter()
        self.paid_out: Counter[str] = Counter()     # the named pots: times each paid seats out (once a payment)
        self.pot_after: list[int] = []
        self.taken: list[int] = []
        self.deals: list[int] = []
        self.mizuten = 0
        self.pot = 0
        self.named = 0                  # what this round put into the named pots (pots:)
        self.zero_sum = True

    def read(self, events: Sequence[object]) -> None:
        readers: dict[type, Any] = {Transfer: self.transfer, RolesShown: self.roles_shown,
                                    RoundEnded: self.round_ended, FieldMade: self.field_made,
                                    EffectFired: self.effect_fired}
        other, deals = self.other, self.deals
        paying: Optional[str] = None        # the named pot whose payment out the last events were
        e: Any
        for e in events:
            cls = type(e)
            if cls is PotPaid:
                paying = self.pot_paid(e, paying)
                continue
            paying = None
            if cls is Applied:              # the most common event, read here
                if e.seat == CHANCE:        # the deal of either play kind: its cards, as a number
                    deals.append(hash(e.action))
                elif getattr(e.action, "call", False) is True:
                    self.mizuten += 1
                continue
            readers.get(cls, other)(e)

    def transfer(self, e: Transfer) -> None:
        if e.source == POT and e.target != POT:
            self.taken.append(e.amount)

    def roles_shown(self, e: RolesShown) -> None:
        self.roles.update(e.roles)

    def round_ended(self, e: RoundEnded) -> None:
        if e.kind is not None:          # how the round went, in a game with go/drop
            self.kinds[e.kind.value] += 1
        self.zero_sum = self.zero_sum and sum(e.delta) + e.pot_after - self.pot + self.named == 0
        self.pot, self.named = e.pot_after, 0
        self.pot_after.append(self.pot)

    def field_made(self, e: FieldMade) -> None:
        self.fields[e.field or "none"] += 1

    def effect_fired(self, e: EffectFired) -> None:
        self.fired[e.name] += 1

    def pot_paid(self, e: PotPaid, paying: Optional[str]) -> Optional[str]:
        """A named pot's payment; ``paying``: the pot the events just before it paid out (one
        payment to many seats is counted once). The pot this one pays out, or None."""
        self.named += e.amount if e.into else -e.amount
        out = not e.into and e.party >= 0 and e.amount > 0
        if out and paying != e.pot:
            self.paid_out[e.pot] += 1
        return e.pot if out else None

    def other(self, e: object) -> None:
        made = getattr(e, "specials", None)     # a round's special roles (a play kind's, H19)
        if made:
            self.specials.update(role for role, _, _ in made)


def _effects_moved(events: Sequence[object], fired: Counter[str]) -> tuple[tuple[str, int, int], ...]:
    """Per effect that fired: its name, the times it fired and the chips its payments moved (a
    payment follows its ``EffectFired``, or names the effect in its reason)."""
    if not fired:
        return ()
    moved: Counter[str] = Counter()
    by: Optional[str] = None            # the effect whose events follow its EffectFired
    e: Any
    for e in events:
        cls = type(e)
        if cls is EffectFired:
            by = e.name
        elif (cls is Transfer or cls is PotPaid) and by is not None and e.reason.startswith(by):
            moved[by] += e.amount       # a payment of the effect, of any kind (as: capture_roles), or a pot's
        elif cls is Transfer and e.kind is TransferReason.EFFECT:
            moved[next((n for n in fired if e.reason.startswith(n)), e.reason)] += e.amount
        elif cls is not Transfer and cls not in _EFFECT_EVENTS:
            by = None
    return tuple((name, n, moved[name]) for name, n in sorted(fired.items()))


# -- running many games ----------------------------------------------------------------------

@dataclass(frozen=True)
class RulesetSpec:
    """How a worker (another process, another machine) builds a ruleset again: a bundled name or
    a file path, and the ``--set`` settings merged over it (:func:`~..ruleset.loader.load_variant`)."""

    ref: str
    settings: tuple[tuple[str, Any], ...] = ()          # ((dotted key, value), ...)

    def load(self) -> Ruleset:
        from ...ruleset.loader import load_variant

        return load_variant(self.ref, self.settings)


RulesetRef = Union[str, Path, Ruleset]      # a bundled name, a rule file's path, or a loaded ruleset


def spec_of(ruleset: Ruleset) -> RulesetSpec:
    """How every command and worker names a loaded ruleset: its bundled name when it was loaded
    from the bundled file of that name, else its file's absolute path (else its source as given)."""
    from ...ruleset.loader import bundled_path

    if is_name(ruleset.name) and ruleset.source == str(bundled_path(ruleset.name)):
        return RulesetSpec(ruleset.name)
    name = bundled_name_of(ruleset.source)
    if name is not None:
        return RulesetSpec(name)
    path = Path(ruleset.source)
    return RulesetSpec(str(path.resolve()) if path.is_file() else ruleset.source)


def open_rules(ref: RulesetRef) -> tuple[Ruleset, RulesetSpec]:
    """The one front door to a rule file: the ruleset ``ref`` names (a bundled name or a path,
    a bad file one :class:`~..ruleset.errors.RuleFileError` with its place) and its spec."""
    if isinstance(ref, Ruleset):
        return ref, spec_of(ref)
    from ...ruleset.loader import load_ruleset

    rules = load_ruleset(str(ref))
    return rules, spec_of(rules)


def named_in(ref: str, path: str | Path | None) -> str:
    """How a file at ``path`` (a save, a score sheet, a record) names the ruleset of a spec's
    ``ref``, decided once by :func:`~..records.gamerecord.record_ref`: a bundled name, or a copy of
    a bundled file, by its name; any other rule file relative to that file's folder."""
    if path is None:
        return ref
    from ..records.gamerecord import record_ref

    return record_ref(ref, Path(path).resolve().parent)


def named_by(saved: str, path: str | Path) -> str:
    """The ref of the ruleset a file at ``path`` names as ``saved`` (the inverse of :func:`named_in`):
    a bundled name as it is, a rule file as an absolute path."""
    if is_name(saved):
        return saved
    return str((Path(path).parent / saved).resolve())


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
    """Play one task's games (``job`` must be :meth:`Job.loaded`); they share the ruleset's
    phases of a round (which keep no game state)."""
    which, indices = task
    assert job.rulesets is not None, "a job is loaded before its tasks are played"
    rules = at_table(job.rulesets[which], job.players)     # its numbers of the table filled in
    phases = build_phases(rules)
    return [play_one(rules, job.players, job.bots, job.seed, i, job.record_dir, job.record_ref, phases)
            for i in indices]
