"""The interface of a play kind: everything particular to one way of playing the cards.

A rule file's ``play:`` names its play kind (``tricks``, ``matching``); :mod:`.plugins` maps the
name to one :class:`PlayKindPlugin`. The core (the phase runner in :mod:`.game`, records,
narration, simulation) asks the plug-in and never names a play kind itself. The plug-in owns:
its phases, its play engine (actions, state and events of the play), the record codec of its
rounds, its fragment of :class:`~.view.View`, how its actions and events read in words, how a
table tells its rounds to the scorekeeper, and what the search bots need of it: how to deal a
round anew for one seat (determinization) and which fast bot plays their worlds out. It also
owns its own state of a round (``RoundState.kind_state``, :meth:`PlayKindPlugin.new_round`) and
tells the core what the core's phases need of it: who must go (:meth:`~PlayKindPlugin.must_go`),
what the hand roles are valued with (:meth:`~PlayKindPlugin.valued_with`), its facts for effects
(:attr:`~PlayKindPlugin.seat_facts`, :attr:`~PlayKindPlugin.table_facts`) and the tricks of the
round's end event (:meth:`~PlayKindPlugin.round_tricks`). :class:`NoKindState` gives these for a
kind that keeps no state of its own in a round.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Optional, Protocol, Sequence

from ...ruleset.model import PlayKind, Ruleset
from .phases.base import PhaseRule
from .playengine import PlayEngine
from ..scorekeeper.told import ToldKind


class Teller(Protocol):
    """What narration fragments may use of the narrator (:class:`~.narrate.Narrator`)."""

    rules: Ruleset
    names: list[str]
    goer_order: dict[int, list[int]]
    lang: str                       # "ja": tell it in Japanese

    @property
    def ja(self) -> bool: ...

    @property
    def deck(self) -> Any: ...

    def who(self, seat: Any) -> str: ...

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
    :attr:`PlayKindPlugin.sample_deal`. ``memo``, when given, is a dict the sampler may keep what
    it learns in, to sample the next deal of the same position for the same seat faster (a search
    passes one per decision). ``infer`` asks for hidden hands weighed by what the other seats'
    declarations tell of them (a sampler that cannot deals them uniformly)."""

    def __call__(self, game: Any, seat: int, events: Sequence[object], rng: random.Random,
                 memo: Optional[dict[Any, Any]] = None, infer: bool = False) -> Any: ...


class RecordCodec(Protocol):
    """Reads and writes the rounds of a play kind in a game record (interfaces.md)."""

    def replay_round(self, game: Any, r: int, rnd: Any, last: bool) -> None:
        """Replay round ``r`` (1-based) onto ``game``; a problem raises ``RecordProblem``."""

    def rounds_data(self, game: Any) -> list[dict[str, Any]]:
        """The rounds of ``game`` as record data."""

    def round_extras(self, events: Any, names: Sequence[str]) -> dict[int, dict[str, Any]]:
        """Per round index, the play kind's own fields of ``hachi replay --json``."""


class PlayKindPlugin(Protocol):
    @property
    def kind(self) -> PlayKind: ...

    @property
    def phases(self) -> tuple[type[PhaseRule], ...]:
        """The phases only this play kind has."""

    @property
    def record(self) -> RecordCodec: ...

    @property
    def told(self) -> ToldKind:
        """Its part of the scorekeeper: told phases and its fields of a score sheet (:mod:`.told`)."""

    @property
    def starter(self) -> str:
        """Who begins a round, in words ("start player")."""

    @property
    def next_starter(self) -> str:
        """The same in a round's result line ("start")."""

    @property
    def starter_ja(self) -> str:
        """Who begins a round, in Japanese ("スタP")."""

    @property
    def narrate_events(self) -> Mapping[type, EventTeller]:
        """How its own events read (and RolesShown, FieldMade)."""

    @property
    def narrate_actions(self) -> Mapping[type, EventTeller]:
        """How Applied events of its own actions read."""

    @property
    def sample_deal(self) -> DealSampler:
        """``(game, seat, round_events, rng)``: the current round's deal (its chance action) with
        every card hidden from ``seat`` sampled anew, consistent with what the seat has seen."""

    @property
    def rollout_bot(self) -> str:
        """The name of the fast bot (``make_bot``) the search bots play this kind's rounds out with."""

    def engine(self, ruleset: Ruleset) -> PlayEngine:
        """The play engine of a round."""

    def next_dealer(self, ruleset: Ruleset, r: Any) -> Optional[int]:
        """The seat that begins the round after ``r`` when the play kind decides it, else None
        (the shared rules of T13 and T24 decide)."""

    def check_round(self, ruleset: Ruleset) -> Optional[str]:
        """What is wrong with the ruleset's ``round:`` list for this play kind, or None."""

    def view(self, round: Any) -> Any:
        """The play kind's own part of :class:`~.view.View` (``View.play``, a frozen value) from the
        round's state (``round.play`` is None before the play), or None."""

    def new_round(self) -> Any:
        """The play kind's own state of a new round (``RoundState.kind_state``, which only its phases
        and engine change), or None. It has ``copy()`` (an independent copy, for
        ``GameState.clone``)."""

    def must_go(self, round: Any) -> Mapping[int, str]:
        """The seats the play kind's own rules oblige to go in the round's declarations, each with
        the words that refuse its drop; empty when none must."""

    def valued_with(self, round: Any) -> tuple[Optional[int], Optional[int]]:
        """What the round's hand roles are valued with (the role evaluator's trump suit and turned
        card, ``ruleset/roles.py``): (None, None) when the kind has neither."""

    def round_tricks(self, round: Any) -> dict[int, int]:
        """The tricks each goer won in the round, for its end event (``RoundEnded``); {} for a kind
        without tricks or a round without play."""

    @property
    def seat_facts(self) -> Mapping[str, SeatFact]:
        """The readers of the effect facts of one seat the play kind declares (its
        ``RuleKind.own_facts``, docs/effects.md), by name."""

    @property
    def table_facts(self) -> Mapping[str, TableFact]:
        """The same for the facts of the table."""

    def play_order(self, t: Any) -> Sequence[int]:
        """The seats in the order they play this round, for the seat sets ``each ... in play
        order`` of effects (``t`` the table)."""


NO_SEATS: Mapping[int, str] = {}


class NoKindState:
    """The members of :class:`PlayKindPlugin` for a play kind that keeps no state of its own in a
    round: none, nobody obliged to go, roles valued with neither trump nor turned card, no tricks,
    no facts of its own."""

    seat_facts: Mapping[str, SeatFact] = {}
    table_facts: Mapping[str, TableFact] = {}

    def new_round(self) -> Any:
        return None

    def must_go(self, round: Any) -> Mapping[int, str]:
        return NO_SEATS

    def valued_with(self, round: Any) -> tuple[Optional[int], Optional[int]]:
        return None, None

    def round_tricks(self, round: Any) -> dict[int, int]:
        return {}

    def play_order(self, t: Any) -> Sequence[int]:
        order: list[int] = t.round.seats_from_start()     # clockwise from the start player (T10)
        return order
