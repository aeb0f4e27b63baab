"""Effects as phases of the round (docs/effects.md): at each point an effect names, a phase that
checks each effect's condition and runs its actions on the table, logging what it does.

:func:`effect_phases` places them among a round's phases: ``after_declarations`` right after the
declarations, ``after_play`` right after the play, ``round_end`` after the last phase; the
``game_end`` ones run from :class:`~..gamestate.GameState` when the game ends (:func:`run_effects`).
They wait for an action only when an effect asks a seat (``ask``): the answers are ordinary legal
actions (:class:`~..actions.Choose`), so every path that plays a round (bots, ``hachi play``, the
scorekeeper's told rounds, replays, ``simulate``) runs them the same way.
"""

from __future__ import annotations

import weakref
from typing import Any, Callable, Mapping, Optional, Sequence

from mypy_extensions import mypyc_attr

from ....ruleset.effects import AFTER_PLAY, GAME_END, ROUND_END, ROUND_START, Ask, Effect, SeatSet, specialize
from ....ruleset.effects.facts import POT as POT_FACT
from ....ruleset.effects.facts import ROLE, settings
from ....ruleset.effects.actions import CounterChanged
from ....ruleset.bounds import ValueBoundError
from ....ruleset.model import Phase, Ruleset
from ..actions import POT, Choose, Party
from ..kindplugin import SeatFact
from ..effect_events import EffectFired
from ..events import RolesShown, RoundStarted, Transfer
from ..parts import group_seats, parts_for
from ..registry import plugin_for
from ..state import Table
from .base import PhaseRule

__all__ = ["EffectPhase", "SettlementPhase", "effect_phases", "folded_effects", "run_effects", "TableFacts"]

class RoundLog:
    """What the log of the current round says of each seat (the roles shown, the chips taken from
    the pot), read in one pass back to the round's start and kept while the log does not grow."""

    __slots__ = ("length", "roles", "role_count", "pot_share")

    def __init__(self, t: Table):
        players = t.players
        self.length = len(t.events)
        self.roles, self.role_count, self.pot_share = [0] * players, [0] * players, [0] * players
        index = t.round.index
        for e in reversed(t.events):
            if isinstance(e, Transfer):
                if e.source == POT and e.target != POT:
                    self.pot_share[e.target] += e.amount
            elif isinstance(e, RolesShown):
                if not e.captured:
                    self.roles[e.seat] += e.value
                    self.role_count[e.seat] += len(e.roles)
            elif isinstance(e, RoundStarted) and e.round == index:
                break


def holds_role(t: Table, seat: int, role: str) -> int:
    """The fact ``role.ID``: ``seat`` showed the hand role or made the capture role ``role`` this
    round so far (its :class:`RolesShown` events since the round's start)."""
    index = t.round.index
    for e in reversed(t.events):
        if isinstance(e, RolesShown):
            if e.seat == seat and role in e.roles:
                return 1
        elif isinstance(e, RoundStarted) and e.round == index:
            break
    return 0


SeatReader = Callable[[Table, int, Any], int]
_SEAT: dict[str, SeatReader] = {
    "plays": lambda t, s, e: s in t.round.playing,
    "start": lambda t, s, e: s == t.round.start,
    "roles": lambda t, s, e: e.log().roles[s],
    "role_count": lambda t, s, e: e.log().role_count[s],
    "took_pot": lambda t, s, e: e.log().pot_share[s] > 0,
    "pot_share": lambda t, s, e: e.log().pot_share[s],
    "chips": lambda t, s, e: t.chips[s],
    "gain": lambda t, s, e: t.chips[s] - t.round.chips_before[s],
    "seat": lambda t, s, e: s,
    "position": lambda t, s, e: (s - t.round.start) % t.players,
}
TableReader = Callable[[Table], int]


def _of_ruleset(read: Callable[[Any], int]) -> TableReader:
    """The reader of a setting (``Fact.setting``) on a table: read from the table's ruleset."""
    return lambda t: read(t.ruleset)


_TABLE: dict[str, TableReader] = {
    "table.players": lambda t: t.players,
    "round.number": lambda t: t.round.index + 1,
    "round.last": lambda t: t.counted + 1 >= t.rounds,
    "round.pot": lambda t: t.pot,
    "round.pot_taken": lambda t: sum(RoundLog(t).pot_share),
    "round.multiplier": lambda t: t.round.multiplier,
    "round.played": lambda t: t.round.played and t.round.play is not None,
    "game.rounds": lambda t: t.rounds,
    "game.rounds_left": lambda t: max(t.rounds - t.counted - 1, 0),
}


Readers = tuple[Mapping[str, SeatFact], dict[str, SeatReader], dict[str, TableReader]]
"""The readers of a game's facts: the play kind's own of one seat (``(table, seat)``), the core's
of one seat (``(table, seat, facts)``: some read the round's log through the facts), and the
table's (the core's and the play kind's)."""


def readers_for(ruleset: Ruleset) -> Readers:
    """The readers of the facts of one seat and of the table: the core's, the parts' (go/drop's
    ``went``, ``round.goers``...), the play kind's own (``Kind.seat_facts``, ``table_facts``: the
    trick game's ``tricks``...) and those of the settings (each fact's ``setting``, read from the
    table's ruleset). The vocabulary of a file has the facts of its own play kind and parts only (a
    fact of another is refused when the file is read), so every fact an effect reads has a reader."""
    kind, parts = plugin_for(ruleset), parts_for(ruleset)
    table = dict(_TABLE)
    own = kind.seat_facts
    if parts:                                   # the parts' facts (go/drop's went, round.goers, ...)
        own = {**own, **{n: f for p in parts for n, f in p.seat_facts.items()}}
        table.update((n, f) for p in parts for n, f in p.table_facts.items())
    table.update(kind.table_facts)
    for name, read in settings(ruleset).items():
        table[name] = _of_ruleset(read)
    return own, _SEAT, table


@mypyc_attr(allow_interpreted_subclasses=True)     # hanafuda's card scoring reads the round's score (ScoredFacts)
class TableFacts:
    """The facts of :mod:`...ruleset.effects` read from a table now (the ``Facts`` of an expression)."""

    def __init__(self, t: Table, readers: Readers):
        self.t = t
        self._own, self._seat, self._table = readers
        self._log: Optional[RoundLog] = None

    def log(self) -> RoundLog:
        """The round's log read per seat, read again once the log has grown."""
        log = self._log
        if log is None or log.length != len(self.t.events):
            log = self._log = RoundLog(self.t)
        return log

    @property
    def seats(self) -> int:
        return self.t.players

    def seat(self, name: str, seat: int) -> int:
        own = self._own.get(name)                   # the play kind's (the trick game's tricks)
        if own is not None:
            return own(self.t, seat)
        reader = self._seat.get(name)
        if reader is not None:
            return reader(self.t, seat, self)          # a whole number (a truth value as a bool)
        if name.startswith(ROLE):
            return holds_role(self.t, seat, name[len(ROLE):])
        return self.t.counters[name[len("counter."):]][seat]

    def table(self, name: str) -> int:
        reader = self._table.get(name)
        if reader is not None:
            return reader(self.t)
        if name.startswith(POT_FACT):               # a named pot: the chips in it now
            return self.t.pots[name[len(POT_FACT):]]
        if name.startswith("field."):
            field = self.t.round.field
            return int(field is not None and field.id == name[len("field."):])
        return self.t.counters[name[len("counter."):]][0]


class EffectRun:
    """An effect's actions running on a table (the :class:`~....ruleset.effects.model.Run` an
    action is given): the table, its facts, the effect's name and the seats a set names now."""

    pot: Party = POT

    def __init__(self, t: Table, facts: TableFacts, name: str = ""):
        self.table, self.facts, self.name = t, facts, name

    def members(self, seats: SeatSet) -> list[int]:
        return _members(self.table, self.facts, seats)


def _members(t: Table, facts: TableFacts, seats: SeatSet) -> list[int]:
    """The seats a :class:`SeatSet` names now, clockwise from the start player (``in play order``:
    in the order the play kind gives, ``Kind.play_order``; ``all but the first``: without the
    first of them)."""
    r = t.round
    if seats.start:
        return [r.start]
    if seats.in_play:
        play_order = plugin_for(t.ruleset).play_order
        order = list(play_order(t) if play_order is not None else r.seats_from_start())
    else:
        order = list(range(t.players)) if seats.by_number else r.seats_from_start()
    group = seats.group
    if group == "player":
        order = [s for s in order if s in r.playing]
    elif group is not None and group != "seat":     # a part's group (go/drop's goer: the seats that went)
        members = group_seats(group)(t)
        order = [s for s in order if s in members]
    where = seats.where
    if seats.first:
        return next(([s] for s in order if where is None or where.run(facts, s)), [])
    if where is not None:
        order = [s for s in order if where.run(facts, s)]
    return order[1:] if seats.rest else order


class EffectPhase(PhaseRule):
    """The effects of one point (``when``) of the round, in the rule file's order. It waits only
    while an effect asks a seat a question (``ask``): the seat's legal actions are then the
    answers (:class:`~..actions.Choose`), and the effects go on after the last answer."""

    phase = Phase.EFFECTS
    logged = True           # each effect that fires is told (EffectFired) before what it did

    def __init__(self, ruleset: Ruleset, when: str) -> None:
        super().__init__(ruleset)
        self.when = when
        self.effects: tuple[Effect, ...] = tuple(e for e in ruleset.effects if e.when == when)
        self.readers = readers_for(ruleset)
        self.folded = folded_effects(ruleset, self.effects)

    def _effects_for(self, t: Table) -> tuple[Effect, ...]:
        """The effects a game of this phase's ruleset runs (its settings folded in), else as written."""
        return self.folded if t.ruleset is self.ruleset else self.effects

    def applies(self, t: Table) -> bool:
        if self.when == AFTER_PLAY:
            return t.round.played and t.round.play is not None
        return True

    def enter(self, t: Table) -> None:
        run_effects(t, self._effects_for(t), TableFacts(t, self.readers), self.when, logged=self.logged)

    def actor(self, t: Table) -> Optional[int]:
        asking = t.round.asking
        return asking[2][0] if asking is not None else None

    def _question(self, t: Table) -> Ask:
        asking = t.round.asking
        assert asking is not None               # asked only while a question waits
        action = self._effects_for(t)[asking[0]].actions[asking[1]]
        assert isinstance(action, Ask)
        return action

    def legal(self, t: Table) -> tuple[Choose, ...]:
        ask = self._question(t)
        return tuple(Choose(ask.counter.name, name) for name, _ in ask.options)

    def apply(self, t: Table, action: Choose) -> None:
        r = t.round
        assert r.asking is not None
        effect, index, seats = r.asking
        ask = self._question(t)
        values = t.counters[ask.counter.name]
        seat, value = seats[0], dict(ask.options)[action.option]
        if values[seat] != value:
            values[seat] = value
            t.emit(CounterChanged(r.index, ask.counter.name, seat, value))
        if len(seats) > 1:
            r.asking = (effect, index, seats[1:])
            return
        r.asking = None
        run_effects(t, self._effects_for(t), TableFacts(t, self.readers), self.when, (effect, index + 1),
                    self.logged)


class SettlementPhase(EffectPhase):
    """A settlement phase of the round (``trick_settlement``, ``pot``, ``mizuten_bonus``...) written
    as effects in the rule file's ``settlement:``: it runs them where the phase stands in ``round:``,
    in played rounds. They are the game's own rules: their payments are logged with their kinds and
    reasons, not as a house rule that fired."""

    logged = False

    def __init__(self, ruleset: Ruleset, name: str) -> None:
        PhaseRule.__init__(self, ruleset)
        self.when = name
        self.effects = dict(ruleset.settlement)[name]
        self.readers = readers_for(ruleset)
        self.folded = folded_effects(ruleset, self.effects)

    def applies(self, t: Table) -> bool:
        return t.round.played and t.round.play is not None


# the effects folded for each ruleset alive (by its id, dropped when it is freed), each list of
# effects by the ids of its effects with the effects themselves kept, so an id is never reused
_FOLDED: dict[int, dict[tuple[int, ...], tuple[tuple[Effect, ...], tuple[Effect, ...]]]] = {}


def folded_effects(ruleset: Ruleset, effects: Sequence[Effect]) -> tuple[Effect, ...]:
    """``effects`` as the games of ``ruleset`` run them: the settings they read (the facts that are
    the same all game, each read from the ruleset by its ``setting``) folded in, those that can then
    never fire left out (:func:`specialize`). Folded once per ruleset: every game built of it (a
    simulation's, a search's worlds) shares them."""
    if not effects:
        return ()
    mine = _FOLDED.get(id(ruleset))
    if mine is None:
        mine = _FOLDED[id(ruleset)] = {}
        weakref.finalize(ruleset, _FOLDED.pop, id(ruleset), None)
    key = tuple(map(id, effects))
    found = mine.get(key)
    if found is None:
        constants = {name: int(read(ruleset)) for name, read in settings(ruleset).items()}
        found = mine[key] = tuple(effects), tuple(f for f in (specialize(e, constants) for e in effects)
                                                  if f is not None)
    return found[1]


def run_effects(t: Table, effects: Sequence[Effect], facts: TableFacts, when: str,
                resume: Optional[tuple[int, int]] = None, logged: bool = True) -> None:
    """Check each effect's condition now and run the actions of those that hold, in order. An
    effect whose actions change something is logged as fired (:class:`EffectFired`) before what
    they did; one whose actions change nothing (no seat matched, an amount of 0) leaves no trace.
    An ``ask`` that names seats stops the run (``t.round.asking``); ``resume`` (effect, action)
    goes on after the last answer, the effect's condition not read again."""
    first_effect, first_action = resume if resume is not None else (0, 0)
    for k in range(first_effect, len(effects)):
        effect = effects[k]
        resumed = resume is not None and k == first_effect
        if not resumed and effect.condition is not None and not effect.condition.run(facts, None):
            continue
        log = t.events
        first = len(log)
        watch, watch_transfers = t.watch, t.watch_transfers
        if logged and not resumed:
            t.watch = t.watch_transfers = None  # the watchers see the effect's events once it is told
        asked = False
        run = EffectRun(t, facts, effect.name)
        try:
            for j in range(first_action if resumed else 0, len(effect.actions)):
                try:
                    seats = effect.actions[j].run(run)
                except ValueBoundError as e:    # the one bound (ruleset/bounds.py): named with the effect and round
                    raise e.naming(effect.name, t.round.index) from None
                if seats is not None:           # a question: the seats answer, in turn, before the rest
                    t.round.asking, asked = (k, j, seats), True
                    break
        finally:
            t.watch, t.watch_transfers = watch, watch_transfers
        if logged and not resumed and (asked or len(log) > first):
            log.insert(first, EffectFired(t.round.index, effect.name, when))
            t.tell(log[first:])
        if asked:
            return


def effect_phases(ruleset: Ruleset, phases: tuple[PhaseRule, ...]) -> tuple[PhaseRule, ...]:
    """``phases`` with the ruleset's effects placed where their ``when`` says (none: unchanged)."""
    whens = {e.when for e in ruleset.effects}
    if not whens - {GAME_END}:
        return phases
    out: list[PhaseRule] = [EffectPhase(ruleset, ROUND_START)] if ROUND_START in whens else []
    for phase in phases:
        out.append(phase)
        after = f"after_{getattr(phase.phase, 'value', phase.phase)}"    # after_play, a part's after_declarations
        if after in whens:
            out.append(EffectPhase(ruleset, after))
    if ROUND_END in whens:
        out.append(EffectPhase(ruleset, ROUND_END))
    return tuple(out)


def game_end_effects(ruleset: Ruleset) -> Optional[EffectPhase]:
    """The phase of the ``game_end`` effects (run once from the game), or None."""
    return EffectPhase(ruleset, GAME_END) if any(e.when == GAME_END for e in ruleset.effects) else None
