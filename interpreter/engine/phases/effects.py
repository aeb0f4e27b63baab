"""Effects as phases of the round (docs/effects.md): at each point an effect names, a phase that
checks each effect's condition and runs its actions on the table, logging what it does.

:func:`effect_phases` places them among a round's phases: ``after_declarations`` right after the
declarations, ``after_play`` right after the play, ``round_end`` after the last phase; the
``game_end`` ones run from :meth:`~..game.GameState` when the game ends (:func:`run_effects`).
They wait for an action only when an effect asks a seat (``ask``): the answers are ordinary legal
actions (:class:`~..actions.Choose`), so every path that plays a round (bots, ``hachi play``, the
scorekeeper's told rounds, replays, ``simulate``) runs them the same way.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable, Mapping, Optional, Sequence

from mypy_extensions import mypyc_attr

from ....ruleset.effects import (AFTER_DECLARATIONS, AFTER_PLAY, GAME_END, ROUND_END, ROUND_START, Ask, Effect,
                                EndGame, Force, Multiply, Pay, SeatSet, SetCounter, specialize, vocabulary)
from ....ruleset.kind_registry import transfer_named
from ....ruleset.model import Phase, Ruleset, TransferKind, TransferName
from ..actions import POT, Choose
from ..bounds import MAX_VALUE, ValueBoundError, bounded
from ..kindplugin import SeatFact
from ..effect_events import CounterChanged, DecisionForced, EffectFired, GameEndCalled, Multiplied
from ..events import RolesShown, RoundStarted, Transfer
from ..roundkind import PLAYED, RoundKind
from ..registry import plugin_for
from ..state import Table
from .base import PhaseRule

__all__ = ["EffectPhase", "SettlementPhase", "effect_phases", "folded_effects", "run_effects", "TableFacts",
           "EffectOverflow", "MAX_EFFECT_VALUE"]

MAX_EFFECT_VALUE = MAX_VALUE     # the one bound on every number a game holds (..bounds), by its older name
EffectOverflow = ValueBoundError


def _bounded(t: Table, value: int, what: str) -> int:
    """``value`` when within the bound on every number a game holds, else :class:`ValueBoundError`."""
    return bounded(value, what, t.round.index)


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


SeatReader = Callable[[Table, int, Any], int]
_SEAT: dict[str, SeatReader] = {
    "went": lambda t, s, e: s in t.round.goers,
    "dropped": lambda t, s, e: s in t.round.dropped,
    "forced_out": lambda t, s, e: s in t.round.forced_out,
    "start": lambda t, s, e: s == t.round.start,
    "card_points": lambda t, s, e: e.card_points(t).get(s, 0),
    "roles": lambda t, s, e: e.log().roles[s],
    "role_count": lambda t, s, e: e.log().role_count[s],
    "took_pot": lambda t, s, e: e.log().pot_share[s] > 0,
    "pot_share": lambda t, s, e: e.log().pot_share[s],
    "chips": lambda t, s, e: t.chips[s],
    "gain": lambda t, s, e: t.chips[s] - t.round.chips_before[s],
    "seat": lambda t, s, e: s,
    "position": lambda t, s, e: (s - t.round.start) % t.players,
}
# the facts of every game that are settings of the rule file (ruleset/effects.py SETTINGS), read
# from the ruleset: the same all game, folded into a game's effects (:func:`folded_effects`)
_SETTINGS: dict[str, Callable[[Ruleset], int]] = {
    "table.start_chips": lambda r: r.chips.start,
    "table.hand_size": lambda r: r.hand_size,
}
TableReader = Callable[[Table], int]


def _of_ruleset(read: Callable[[Ruleset], int]) -> TableReader:
    return lambda t: read(t.ruleset)


_TABLE: dict[str, TableReader] = {
    **{name: _of_ruleset(read) for name, read in _SETTINGS.items()},
    "table.players": lambda t: t.players,
    "round.number": lambda t: t.round.index + 1,
    "round.last": lambda t: t.counted + 1 >= t.rounds,
    "round.pot": lambda t: t.pot,
    "round.pot_taken": lambda t: sum(RoundLog(t).pot_share),
    "round.goers": lambda t: len(t.round.goers),
    "round.droppers": lambda t: len(t.round.dropped),
    "round.forced_out": lambda t: len(t.round.forced_out),
    "round.multiplier": lambda t: t.round.multiplier,
    "round.skipped": lambda t: t.round.kind is RoundKind.SKIPPED,
    "round.split": lambda t: t.round.kind is RoundKind.TWO_GOERS_SPLIT,
    "round.played": lambda t: t.round.kind in PLAYED and t.round.play is not None,
    "game.rounds": lambda t: t.rounds,
    "game.rounds_left": lambda t: max(t.rounds - t.counted - 1, 0),
}


Readers = tuple[Mapping[str, SeatFact], dict[str, SeatReader], dict[str, TableReader]]
"""The readers of a game's facts: the play kind's own of one seat (``(table, seat)``), the core's
of one seat (``(table, seat, facts)``: some read the round's log through the facts), and the
table's (the core's and the play kind's)."""


def readers_for(ruleset: Ruleset) -> Readers:
    """The readers of the facts of one seat and of the table: the core's and the play kind's own
    (``Kind.seat_facts``, ``table_facts``: the trick game's ``tricks``, the settings of
    its sections...). The vocabulary of a file has the facts of its own play kind only (a fact of
    another kind is refused when the file is read), so every fact an effect reads has a reader."""
    kind = plugin_for(ruleset)
    table = dict(_TABLE)
    table.update(kind.table_facts)
    return kind.seat_facts, _SEAT, table


@mypyc_attr(allow_interpreted_subclasses=True)     # hanafuda's card scoring reads the round's score (ScoredFacts)
class TableFacts:
    """The facts of :mod:`...ruleset.effects` read from a table now (the ``Facts`` of an expression)."""

    def __init__(self, t: Table, engine: Any, readers: Readers):
        self.t, self.engine = t, engine
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
        return self.t.counters[name[len("counter."):]][seat]

    def table(self, name: str) -> int:
        reader = self._table.get(name)
        if reader is not None:
            return reader(self.t)
        if name == "round.most_card_points":
            return max(self.card_points(self.t).values(), default=0)
        if name.startswith("field."):
            field = self.t.round.field
            return int(field is not None and field.id == name[len("field."):])
        if name.startswith("parameter."):
            return dict(self.t.ruleset.parameters)[name[len("parameter."):]]
        return self.t.counters[name[len("counter."):]][0]

    def card_points(self, t: Table) -> dict[int, int]:
        engine = self.engine
        if engine is None or engine.standing_unit != "card points" or t.round.play is None:
            return {}
        return dict(engine.standing(t))


def _members(t: Table, facts: TableFacts, seats: SeatSet) -> list[int]:
    """The seats a :class:`SeatSet` names now, clockwise from the start player (``in play order``:
    in the order the play kind gives, ``Kind.play_order``)."""
    r = t.round
    if seats.start:
        return [r.start]
    if seats.in_play:
        play_order = plugin_for(t.ruleset).play_order
        order = list(play_order(t) if play_order is not None else r.seats_from_start())
    else:
        order = list(range(t.players)) if seats.by_number else r.seats_from_start()
    group = seats.group
    if group == "goer":
        order = [s for s in order if s in r.goers]
    elif group == "dropper":
        order = [s for s in order if s in r.dropped]
    elif group == "forced_out":
        order = [s for s in order if s in r.forced_out]
    where = seats.where
    if seats.first:
        return next(([s] for s in order if where is None or where.run(facts, s)), [])
    if where is not None:
        order = [s for s in order if where.run(facts, s)]
    return order


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
        self.engine = _engine_for(ruleset, self.effects)
        self.readers = readers_for(ruleset)
        self.folded = folded_effects(ruleset, self.effects)

    def _effects_for(self, t: Table) -> tuple[Effect, ...]:
        """The effects a game of this phase's ruleset runs (its settings folded in), else as written."""
        return self.folded if t.ruleset is self.ruleset else self.effects

    def applies(self, t: Table) -> bool:
        if self.when == AFTER_PLAY:
            return t.round.kind in PLAYED and t.round.play is not None
        return True

    def enter(self, t: Table) -> None:
        run_effects(t, self._effects_for(t), TableFacts(t, self.engine, self.readers), self.when, logged=self.logged)

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
        run_effects(t, self._effects_for(t), TableFacts(t, self.engine, self.readers), self.when, (effect, index + 1),
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
        self.engine = _engine_for(ruleset, self.effects)
        self.readers = readers_for(ruleset)
        self.folded = folded_effects(ruleset, self.effects)

    def applies(self, t: Table) -> bool:
        return t.round.kind in PLAYED and t.round.play is not None


def folded_effects(ruleset: Ruleset, effects: Sequence[Effect]) -> tuple[Effect, ...]:
    """``effects`` as the games of ``ruleset`` run them: the settings they read (the facts that are
    the same all game) folded in, those that can then never fire left out (:func:`specialize`)."""
    if not effects:
        return ()
    stand_in: Any = SimpleNamespace(ruleset=ruleset)    # what the play kind's readers of settings look at
    kind = plugin_for(ruleset).table_facts
    constants: dict[str, int] = {}
    for name, fact in vocabulary(ruleset, ruleset.counters).facts.items():
        if not fact.fixed:
            continue
        if name.startswith("parameter."):
            constants[name] = dict(ruleset.parameters)[name[len("parameter."):]]
        elif name in _SETTINGS:                 # a setting of every game
            constants[name] = _SETTINGS[name](ruleset)
        else:                                   # a setting of the play kind's own sections
            constants[name] = int(kind[name](stand_in))
    return tuple(f for f in (specialize(e, constants) for e in effects) if f is not None)


def _engine_for(ruleset: Ruleset, effects: Sequence[Effect]) -> Any:
    """The play engine that counts card points, for effects that read them; else None."""
    if any({"card_points", "round.most_card_points"} & _reads(e) for e in effects):
        return plugin_for(ruleset).engine(ruleset)
    return None


def _reads(effect: Effect) -> set[str]:
    names: set[str] = set(effect.condition.reads if effect.condition else ())
    for a in effect.actions:
        if isinstance(a, Pay):
            names |= {*a.amount.reads, *_set_reads(a.payers), *_set_reads(a.receivers),
                      *(a.compare.reads if a.compare is not None else ())}
        elif isinstance(a, Multiply):
            names |= set(a.by.reads)
        elif isinstance(a, SetCounter):
            names |= {*a.value.reads, *(_set_reads(a.seats) if a.seats else ())}
        elif isinstance(a, (Force, Ask)):
            names |= set(_set_reads(a.seats))
    return names


def _set_reads(seats: SeatSet) -> tuple[str, ...]:
    return seats.where.reads if seats.where is not None else ()


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
        try:
            for j in range(first_action if resumed else 0, len(effect.actions)):
                action = effect.actions[j]
                if isinstance(action, Ask):
                    seats = tuple(_members(t, facts, action.seats))
                    if seats:
                        t.round.asking, asked = (k, j, seats), True
                        break
                    continue
                _act(t, facts, effect, action)
        except ValueBoundError as e:
            raise e.naming(effect.name) from None
        finally:
            t.watch, t.watch_transfers = watch, watch_transfers
        if logged and not resumed and (asked or len(log) > first):
            log.insert(first, EffectFired(t.round.index, effect.name, when))
            t.tell(log[first:])
        if asked:
            return


def _act(t: Table, facts: TableFacts, effect: Effect, action: Any) -> None:
    r = t.round
    if isinstance(action, Pay):
        _pay(t, facts, action)
    elif isinstance(action, SetCounter):
        _count(t, facts, action)
    elif isinstance(action, Force):
        for seat in _members(t, facts, action.seats):
            applies = r.index + (0 if action.this else 1)
            t.forced.setdefault(applies, {})[seat] = action.go
            t.emit(DecisionForced(r.index, seat, action.go, effect.name, applies))
    elif isinstance(action, Multiply):
        by = _bounded(t, int(action.by.evaluate(facts)), "the multiplier")
        scale = r.scale if r.scale is not None else {}
        for kind in action.kinds:
            key = transfer_named(kind)
            scale[key] = _bounded(t, scale.get(key, 1) * by, "the multiplier")
        r.scale = scale
        t.emit(Multiplied(r.index, by, action.kinds, effect.name))
    elif isinstance(action, EndGame):
        t.ending = True
        t.emit(GameEndCalled(r.index, effect.name))


def _count(t: Table, facts: TableFacts, action: SetCounter) -> None:
    counter = action.counter
    values = t.counters[counter.name]
    if action.seats is None:                    # the table's counter
        value = int(action.value.evaluate(facts))
        old, values[0] = values[0], _bounded(t, values[0] + value if action.add else value,
                                             f"counter {counter.name}")
        if values[0] != old:
            t.emit(CounterChanged(t.round.index, counter.name, None, values[0]))
        return
    seats = _members(t, facts, action.seats)
    new = [(s, int(action.value.evaluate(facts, s))) for s in seats]     # every value read before any is set
    what = f"counter {counter.name}"
    new = [(s, _bounded(t, values[s] + v if action.add else v, what)) for s, v in new]    # checked before any is set
    for seat, value in new:
        old, values[seat] = values[seat], value
        if values[seat] != old:                 # an unchanged counter is not told
            t.emit(CounterChanged(t.round.index, counter.name, seat, values[seat]))


def _pay(t: Table, facts: TableFacts, pay: Pay) -> None:
    kind = transfer_named(pay.kind)
    multiply = kind is not TransferKind.EFFECT      # a kind of its own is multiplied as the field says for it
    mult = t.round.multiplier if pay.field else 1
    field = f" (x{mult} field)" if mult != 1 else ""
    if pay.pairs:
        _settle_pairs(t, facts, pay, kind, multiply, mult, field)
        return
    if pay.payers.pot:
        r = t.round
        owed = [(s, _bounded(t, pay.amount.run(facts, s) * mult, "a payment"))
                for s in _members(t, facts, pay.receivers)]
        for seat, amount in owed:               # read before anything moves; the pot pays what it holds
            amount = min(amount, t.pot)
            if kind is TransferKind.POT:        # it takes the pot (T21), even an empty one: T24 reads it
                r.pot_to = r.play_winner = seat
            if amount > 0:
                t.pay(kind, POT, seat, amount, _why(pay, facts, seat) + field, multiply=False)
        return
    receivers: Optional[list[int]] = None if pay.receivers.pot else _members(t, facts, pay.receivers)
    if receivers is not None and not receivers:
        return                                  # nobody to pay: no amount is read
    payers = _members(t, facts, pay.payers)
    amounts = [(s, _bounded(t, pay.amount.run(facts, s) * mult, "a payment")) for s in payers]     # read first
    for payer, amount in amounts:
        if receivers is None:
            _move(t, kind, multiply, payer, POT, amount, _why(pay, facts, payer) + field)
            continue
        for receiver in receivers:
            if receiver != payer:
                _move(t, kind, multiply, payer, receiver, amount, _why(pay, facts, receiver) + field)


def _why(pay: Pay, facts: TableFacts, seat: int) -> str:
    """The payment's reason, its numbers read for ``seat`` (the receiving one; the payer into the pot)."""
    if not pay.words:
        return pay.reason
    return "".join(w if isinstance(w, str) else str(w.run(facts, seat)) for w in pay.words)


def _settle_pairs(t: Table, facts: TableFacts, pay: Pay, kind: TransferName, multiply: bool, mult: int,
                  field: str) -> None:
    """``between``: of every two seats (in order from the start player), the one whose ``compare``
    is lower pays the other ``amount`` for each one of difference (T15 and T20 are of this form)."""
    assert pay.compare is not None
    seats = _members(t, facts, pay.payers)
    value = {s: _bounded(t, pay.compare.run(facts, s), "a payment") for s in seats}    # read before anything moves
    per = _bounded(t, pay.amount.run(facts, None) * mult, "a payment")
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            low, high = (a, b) if value[a] < value[b] else (b, a)
            t.pay(kind, low, high, per * (value[high] - value[low]),
                  f"{_why(pay, facts, high)} {value[high]} against {value[low]}{field}", multiply=multiply)


def _move(t: Table, kind: TransferName, multiply: bool, source: int, target: Any, amount: int, why: str) -> None:
    """Pay ``amount`` (a negative amount is paid the other way)."""
    if amount < 0:
        if target == POT:
            amount = max(amount, -t.pot)        # the pot pays back at most what it holds
        source, target, amount = target, source, -amount
    if amount:
        t.pay(kind, source, target, amount, why, multiply=multiply)


def effect_phases(ruleset: Ruleset, phases: tuple[PhaseRule, ...]) -> tuple[PhaseRule, ...]:
    """``phases`` with the ruleset's effects placed where their ``when`` says (none: unchanged)."""
    whens = {e.when for e in ruleset.effects}
    if not whens - {GAME_END}:
        return phases
    out: list[PhaseRule] = [EffectPhase(ruleset, ROUND_START)] if ROUND_START in whens else []
    for phase in phases:
        out.append(phase)
        if phase.phase is Phase.DECLARATIONS and AFTER_DECLARATIONS in whens:
            out.append(EffectPhase(ruleset, AFTER_DECLARATIONS))
        if phase.phase is Phase.PLAY and AFTER_PLAY in whens:
            out.append(EffectPhase(ruleset, AFTER_PLAY))
    if ROUND_END in whens:
        out.append(EffectPhase(ruleset, ROUND_END))
    return tuple(out)


def game_end_effects(ruleset: Ruleset) -> Optional[EffectPhase]:
    """The phase of the ``game_end`` effects (run once from the game), or None."""
    return EffectPhase(ruleset, GAME_END) if any(e.when == GAME_END for e in ruleset.effects) else None
