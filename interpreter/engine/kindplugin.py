"""A play kind as one object: :class:`Kind`, everything particular to one way of playing the cards.

A rule file's ``play:`` names its play kind (``tricks``, ``matching``); the registry
(:mod:`hachihachi.ruleset.kind_registry`, one line a kind) names the kind's package, whose module
``kind`` holds its ``KIND``. The core (the phase runner in :mod:`.gamestate`, records, narration,
simulation, the scorekeeper, the bots) asks it (:func:`.registry.plugin_for`) and never names a
play kind itself.

A kind writes a small core: its rule-file side (:attr:`Kind.rules`, a
:class:`~hachihachi.ruleset.rulekind.RuleKind`: its name, sections, schema part and builder) and
its phases; every other member has a default that serves a kind without it (no play engine, no
view of its own, no state of its own in a round, the generic words). Beyond the core it may claim
capabilities, each a typed protocol, checked where it is looked up and by one test over every kind
(``tests/test_kind_capabilities.py``): its record codec (:class:`RecordCodec`; without one the
generic codec of ``records/actions_codec.py`` writes its frozen actions), its part of the
scorekeeper (:class:`~..scorekeeper.told.ToldKind`), what the search bots need (:class:`Search`),
its bots, and, at the layers above the interpreter, its terminal screen and its OpenSpiel game
(named by module: ``cli/screenkind.py``'s ``ScreenPlugin``, ``openspiel/kind.py``'s
``BridgeKind``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Protocol, Sequence, runtime_checkable

from ...ruleset.errors import HachiError
from ...ruleset.model import PlayKind, Ruleset
from ...ruleset.rulekind import RuleKind
from .actions import ActionBase
from .phases.base import PhaseRule
from .playengine import PlayEngine
from ..scorekeeper.told import ToldKind


class Teller(Protocol):
    """What narration fragments may use of the narrator (``cli/narrate.py``'s ``Narrator``)."""

    rules: Ruleset
    names: list[str]
    playing_order: dict[int, list[int]]     # the seats that play each round, in the order they joined it
    lang: str                       # "ja": tell it in Japanese

    @property
    def ja(self) -> bool: ...

    @property
    def deck(self) -> Any: ...

    def who(self, seat: Any) -> str: ...

    def say(self, msg_id: str, **values: object) -> str:
        """The message ``msg_id`` of the catalogs in the narrator's language, filled in."""

    def tell(self, msg_id: str, **values: object) -> str:
        """The same as lines of a round's account (each indented)."""

    def does(self, seat: Any, verb: str) -> str: ...

    def role_name(self, role_id: str, table: Any = None) -> str: ...


EventTeller = Callable[[Teller, Any], Optional[str]]
SeatFact = Callable[[Any, int], int]
"""``(table, seat)``: a fact of one seat (docs/effects.md) read from the table (``state.Table``:
its ruleset, its round)."""
TableFact = Callable[[Any], int]
"""``(table)``: a fact of the table read from the table."""


class DealSampler(Protocol):
    """``(game, seat, round_events, rng, memo=None, infer=False)``: a deal as in
    :attr:`Search.sample_deal`. ``memo``, when given, is a dict the sampler may keep what
    it learns in, to sample the next deal of the same position for the same seat faster (a search
    passes one per decision). ``infer`` asks for hidden hands weighed by what the other seats'
    declarations tell of them (a sampler that cannot deals them uniformly)."""

    def __call__(self, game: Any, seat: int, events: Sequence[object], rng: random.Random,
                 memo: Optional[dict[Any, Any]] = None, infer: bool = False) -> Any: ...


@runtime_checkable
class RecordCodec(Protocol):
    """Reads and writes the rounds of a play kind in a game record (interfaces.md)."""

    def replay_round(self, game: Any, r: int, rnd: Any, last: bool) -> None:
        """Replay round ``r`` (1-based) onto ``game``; a problem raises ``RecordProblem``."""

    def rounds_data(self, game: Any) -> list[dict[str, Any]]:
        """The rounds of ``game`` as record data."""

    def round_extras(self, events: Any, names: Sequence[str]) -> dict[int, dict[str, Any]]:
        """Per round index, the play kind's own fields of ``hachi replay --json``."""


@dataclass(frozen=True)
class Words:
    """How a play kind reads in the account of a game (``hachi replay``, ``hachi play``), in each
    language of the message catalogs (``ruleset/catalog.py``): ``msg`` is the id its messages are
    under (its ``starter``, who begins a round, and ``next_starter``, the same in a round's result
    line; the core's ``narration`` for a kind without its own), and the tellers of its own events
    and actions (each tells the narrator's language, ``Teller.say``; an action without one is told
    by its ``told``)."""

    msg: str = "narration"
    events: Mapping[type, EventTeller] = field(default_factory=dict)     # its own events (and RolesShown, FieldMade)
    actions: Mapping[type, EventTeller] = field(default_factory=dict)    # Applied events of its own actions


@dataclass(frozen=True)
class Search:
    """What the search bots (``mc``, ``ismcts``) need of a play kind."""

    sample_deal: DealSampler
    """``(game, seat, round_events, rng)``: the current round's deal (its chance action) with every
    card hidden from ``seat`` sampled anew, consistent with what the seat has seen."""
    rollout_bot: str
    """The name of the fast bot (``make_bot``) the search bots play this kind's rounds out with."""


def _no_engine(ruleset: Ruleset) -> PlayEngine:
    raise HachiError(f"{ruleset.name} plays in its own phases: its play kind has no play engine "
                     f"for the phase 'play'")


def _nothing(*args: Any) -> None:
    return None


NO_SEATS: Mapping[int, str] = {}


def _no_seats(round: Any) -> Mapping[int, str]:
    return NO_SEATS


def _valued_with_neither(round: Any) -> tuple[Optional[int], Optional[int]]:
    return None, None


def _no_tricks(round: Any) -> dict[int, int]:
    return {}


EventFact = Callable[[Any, Any, Optional[int]], int]
"""A reader of a fact of an event inside the play: ``(table, event, seat)`` (seat None for a fact
of the table) -> its value."""

TURN_READERS: Mapping[str, EventFact] = {
    "turn.number": lambda t, e, s: e.number,
    "turn.seat": lambda t, e, s: e.seat,
    "in_turn": lambda t, e, s: int(s == e.seat),
}
"""The readers of the facts of ``after_turn`` (``ruleset.effects.play_points.TURN_FACTS``) from a
kind's turn event: anything with the ``seat`` whose turn ended and the turn's ``number`` (1 for
the first)."""


@dataclass(frozen=True)
class PlayPoints:
    """The points inside a kind's play (docs/effects.md, "Points inside the play"): ``mark(table)``
    before a seat's action of the play, ``found(table, mark, first)`` after it (``first``: where the
    action's events begin in the log) -> each point it brought with its event, in order; ``facts``:
    the readers of the events' facts (its ``RuleKind.play_points``), by name."""

    mark: Callable[[Any], Any]
    found: Callable[[Any, Any, int], Sequence[tuple[str, Any]]]
    facts: Mapping[str, EventFact]


@dataclass(frozen=True)
class Shown:
    """What a table shows of a game beside the cards, in the terminal's and the browser's header:
    the field kind and its multiplier, the pot (also when it is empty), each seat's card points,
    role values in kan (or in points). A game that has no such thing (Koi-Koi: one field x1, no
    pot, no card points) hides it."""

    field: bool = True
    pot: bool = True
    card_points: bool = True
    kan: bool = True        # role values are told in kan; else in points (hanafuda.kan: 1, Koi-Koi)


def _everything(ruleset: Ruleset) -> Shown:
    return Shown()


@dataclass(frozen=True)
class KindState:
    """A play kind's own state of a round (``RoundState.kind_state``, which only its phases and
    engine change) and what the core's phases and the round's parts read of it; the defaults
    serve a kind that keeps none."""

    new: Callable[[], Any] = _nothing
    """Its state of a new round, or None; it has ``copy()`` (for ``GameState.clone``)."""
    must_play: Callable[[Any], Mapping[int, str]] = _no_seats
    """``(round)``: the seats its own rules oblige to play the round (``RoundState.playing``), each
    with the words that refuse its leaving it: a part that lets a seat sit a round out keeps these
    in (T6: the trick game's start player who called mizuten must go)."""
    valued_with: Callable[[Any], tuple[Optional[int], Optional[int]]] = _valued_with_neither
    """``(round)``: the trump suit and turned card the round's hand roles are valued with
    (``ruleset/roles.py``)."""
    round_tricks: Callable[[Any], dict[int, int]] = _no_tricks
    """``(round)``: the tricks each goer won, for the round's end event (``RoundEnded.tricks``)."""


@dataclass(frozen=True)
class Kind:
    """One play kind. ``rules`` and ``phases`` are what every kind writes; the rest has a default."""

    # -- the core ---------------------------------------------------------------------------
    rules: RuleKind
    """The rule-file side: its name, sections, phases and transfer kinds by name, checks, builder."""
    phases: tuple[type[PhaseRule], ...]
    """The classes of the phases only this play kind has (its ``RuleKind.phases``)."""
    actions: tuple[type[ActionBase], ...] = ()
    """Its own frozen actions (the generic record codec writes and reads them by class name)."""
    engine: Callable[[Ruleset], PlayEngine] = _no_engine
    """The play engine of the core's phase ``play`` (none for a kind that plays in its own phases)."""
    view: Callable[[Any], Any] = _nothing
    """The play kind's own part of :class:`~.view.View` (``View.play``, a frozen value) from the
    round's state (``round.play`` is None before the play), or None."""
    next_dealer: Callable[[Ruleset, Any], Optional[int]] = _nothing
    """The seat that begins the round after ``r`` when the play kind decides it, else None (the
    shared rules of T13 and T24 decide)."""
    check_round: Callable[[Ruleset], Optional[str]] = _nothing
    """What is wrong with the ruleset's ``round:`` list for this play kind, or None."""
    play_order: Optional[Callable[[Any], Sequence[int]]] = None
    """``(table)``: the seats in the order they play this round, for the seat sets ``each ... in
    play order`` of effects; None: from the start player, to the left."""
    words: Words = Words()
    state: KindState = KindState()
    """Its own state of a round and what the core's phases and the parts read of it."""
    seat_facts: Mapping[str, SeatFact] = field(default_factory=dict)
    """The readers of its own effect facts of one seat (its ``RuleKind.own_facts``), by name."""
    table_facts: Mapping[str, TableFact] = field(default_factory=dict)
    """The same for the facts of the table."""
    play_points: Optional[PlayPoints] = None
    """The points inside its play that an action brought (``after_trick``...: its
    ``RuleKind.play_points``) and the readers of their events' facts; None: its play has none."""

    # -- the capabilities it may claim ------------------------------------------------------
    record: Optional[RecordCodec] = None
    """Its own record codec; None: the generic one of its frozen actions
    (:func:`hachihachi.interpreter.records.actions_codec.codec_of`)."""
    told: Optional[ToldKind] = None
    """Its part of the scorekeeper (``hachi score``): told phases and its fields of a score sheet."""
    search: Optional[Search] = None
    bots: Mapping[str, str] = field(default_factory=dict)
    """Its own bots by name, each ``"package.module:Factory"`` (``make_bot``)."""
    screen: Optional[str] = None
    """The module of its package whose ``SCREEN`` is its terminal screen (``hachi play``)."""
    shown: Callable[[Ruleset], Shown] = _everything
    """What a table shows of a game of these rules beside the cards (:class:`Shown`)."""
    bridge: Optional[str] = None
    """The module of its package whose ``BRIDGE`` is its OpenSpiel game."""

    @property
    def kind(self) -> PlayKind:
        """Its name, as a rule file's ``play:`` writes it."""
        return self.rules.kind

    def claims(self) -> tuple[str, ...]:
        """The capabilities it claims, by name (what ``tests/test_kind_capabilities.py`` checks)."""
        claimed = {"record": self.record, "told": self.told, "search": self.search, "bots": self.bots or None,
                   "screen": self.screen, "bridge": self.bridge, "engine": self.engine is not _no_engine or None}
        return tuple(name for name, part in claimed.items() if part is not None)
