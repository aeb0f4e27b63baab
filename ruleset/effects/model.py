"""The frozen model of an effect (docs/effects.md): the points of a round (``when``), a counter,
a set of seats, the effect itself, and what every action is (:class:`ActionBase`) and may use
of the table it runs on (:class:`Run`). The actions themselves are in :mod:`.actions`, one
module each."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Mapping, Optional, Protocol, Union

from ..bounds import bounded
from ..expressions import Expression, Facts

__all__ = ["bounded",
           "WHENS", "ROUND_START", "AFTER_PLAY", "ROUND_END", "GAME_END", "DOC",
           "AFTER_TRICK", "AFTER_CAPTURE", "AFTER_TURN", "IN_PLAY",
           "Counter", "SeatSet", "Effect", "ActionBase", "Run", "EffectTable", "Problem", "Teller"]

ROUND_START, AFTER_PLAY, ROUND_END, GAME_END = "round_start", "after_play", "round_end", "game_end"
AFTER_TRICK, AFTER_CAPTURE, AFTER_TURN = "after_trick", "after_capture", "after_turn"
# the core's points (a part brings its own: ``RulePart.effect_points``, ruleset/effects/whens.py)
WHENS: dict[str, str] = {
    ROUND_START: "at the start of every round, before its first phase (before a play kind's own first phases and "
                 "the deal): the start player is known, no card is dealt",
    AFTER_PLAY: "after the last card is played (in a round that is played), before the play is settled "
                "(by the play kind's settlement phases: the tricks and the pot; in hanafuda the card points)",
    ROUND_END: "after every phase of the round, before the round's result is written",
    # the points inside the play (ruleset/effects/play_points.py): each play kind says which it has
    AFTER_TRICK: "after each trick is taken (trick play), before the next is led",
    AFTER_CAPTURE: "after each capture (matching play): the played card's, then the turned card's",
    AFTER_TURN: "after each seat's turn of the play",
    GAME_END: "once, after the last round's result, before the final chips are written",
}
IN_PLAY = (AFTER_TRICK, AFTER_CAPTURE, AFTER_TURN)
DOC = "docs/effects.md"


@dataclass(frozen=True)
class Counter:
    """A number kept across rounds, for each seat (``scope: seat``) or for the table, from ``start``."""

    name: str
    scope: str
    start: int = 0

    @property
    def fact(self) -> str:
        return f"counter.{self.name}"


@dataclass(frozen=True)
class SeatSet:
    """``pot``, ``pot.NAME`` (a named pot), ``start player`` (also ``dealer``), or ``each GROUP
    [where CONDITION]`` (also ``first GROUP ...`` and ``all but the first GROUP ...``)."""

    text: str
    group: Optional[str] = None         # seat, goer, dropper, forced_out; None for pot/start
    where: Optional[Expression] = None  # a condition on one seat
    pot: bool = False
    start: bool = False
    first: bool = False                 # ``first GROUP ...``: only the first of them from the start player
    by_number: bool = False             # ``each GROUP by seat number``: from seat 0, not from the start player
    in_play: bool = False               # ``each GROUP in play order``: in the order the round's seats play
    rest: bool = False                  # ``all but the first GROUP ...``: every one of them but the first
    pot_name: Optional[str] = None      # ``pot.NAME``: a named pot (``pot`` is then true too)

    @property
    def reads(self) -> tuple[str, ...]:
        return self.where.reads if self.where is not None else ()

    def fold(self, constants: Mapping[str, int]) -> SeatSet:
        return self if self.where is None else dataclasses.replace(self, where=self.where.fold(constants))


class EffectTable(Protocol):
    """What of a table (``interpreter/engine/state.py``'s ``Table``) an action reads and changes."""

    round: Any                                  # the round's state: index, start, scale, multiplier...
    pot: int
    pots: dict[str, int]                        # the named pots (``pots:``), kept across rounds
    chips: list[int]
    no_negative: bool                           # ``chips.allow_negative: false``: a seat pays at most what it has
    counters: dict[str, list[int]]
    parts: dict[str, Any]                       # each part's own state of the game (a part's actions keep theirs)
    ending: bool

    def emit(self, event: object) -> None: ...

    def pay(self, kind: Any, source: Any, target: Any, base: int, reason: str, multiply: bool = True) -> None: ...


class Run(Protocol):
    """An action running: the table, its facts now, the effect's name, the seats a set names now
    and the party that stands for the pot (the engine's, ``interpreter/engine/phases/effects.py``)."""

    @property
    def table(self) -> EffectTable: ...

    @property
    def facts(self) -> Facts: ...

    @property
    def name(self) -> str: ...

    @property
    def pot(self) -> Any: ...

    def members(self, seats: SeatSet) -> list[int]: ...


Teller = Callable[[Any, Any], Optional[str]]
Problem = tuple[str, tuple[object, ...]]
"""A problem of an action where it stands: the message and the path under the action (``()``: the
action itself)."""



class ActionBase:
    """What every action is: its key in a rule file (``pay``), what it does in words (the
    reference's list), its part of the JSON Schema, how it is built from its mapping and checked,
    how it reads in each language, the facts it reads, the same with the settings folded
    in, and what it does when it runs. The facts it reads and the folding are found from its fields
    (an :class:`Expression`, a :class:`SeatSet`, words holding expressions), so an action declares
    only the rest. Each action is a frozen dataclass deriving from this class, listed once: the
    core's in :data:`.actions.ACTIONS`, a part's in its ``RulePart.effect_actions`` (go/drop's
    ``force``); :func:`.actions.every_action` reads both."""

    key: ClassVar[str]
    summary: ClassVar[str]
    schema: ClassVar[dict[str, Any]]
    # the events it logs besides payments (Transfer), each with how it reads in play, in the
    # narrator's language (``(narrator, event) -> line``; the narrator as cli/narrate.py's tellers
    # get it; the words: the catalogs' effects.*)
    tellers: ClassVar[Mapping[type, Teller]] = {}

    @classmethod
    def build(cls, body: Any, at: tuple[object, ...], b: Any, name: str) -> ActionBase:
        """The action from its mapping ``body`` at the path ``at``, checked and compiled by the
        builder ``b`` (:class:`.build.Builder`); ``name`` is the effect's."""
        raise NotImplementedError

    def check(self, when: str, rules: Any) -> Optional[Problem]:
        """What is wrong with the action at the point ``when`` of a game of ``rules``, or None."""
        return None

    def words(self, lang: str = "en") -> str:
        """What it does in words, in ``lang`` (the catalogs' effects.*; the author's text as written)."""
        raise NotImplementedError

    def run(self, r: Run) -> Optional[tuple[int, ...]]:
        """Do the action now; the seats that must answer before the effects go on (``ask``), else None."""
        raise NotImplementedError

    def reads(self) -> set[str]:
        """Every fact the action reads."""
        names: set[str] = set()
        for f in dataclasses.fields(self):      # type: ignore[arg-type]  # every action is a dataclass
            for v in _parts(getattr(self, f.name)):
                names.update(v.reads)
        return names

    def fold(self, constants: Mapping[str, int]) -> ActionBase:
        """The action with the facts of ``constants`` folded into what it reads (:meth:`Expression.fold`)."""
        changes = {f.name: _fold(getattr(self, f.name), constants)
                   for f in dataclasses.fields(self)}       # type: ignore[arg-type]  # a dataclass
        return dataclasses.replace(self, **changes)         # type: ignore[type-var]  # a dataclass


def _parts(value: Any) -> tuple[Union[Expression, SeatSet], ...]:
    if isinstance(value, (Expression, SeatSet)):
        return (value,)
    if isinstance(value, tuple):
        return tuple(v for v in value if isinstance(v, (Expression, SeatSet)))
    return ()


def _fold(value: Any, constants: Mapping[str, int]) -> Any:
    if isinstance(value, (Expression, SeatSet)):
        return value.fold(constants)
    if isinstance(value, tuple) and any(isinstance(v, (Expression, SeatSet)) for v in value):
        return tuple(v.fold(constants) if isinstance(v, (Expression, SeatSet)) else v for v in value)
    return value


@dataclass(frozen=True)
class Effect:
    name: str
    when: str
    condition: Optional[Expression]
    actions: tuple[ActionBase, ...]
    place: Optional[str] = None

    @property
    def reads(self) -> set[str]:
        """Every fact the effect reads: its condition's and its actions'."""
        names: set[str] = set(self.condition.reads if self.condition is not None else ())
        for a in self.actions:
            names |= a.reads()
        return names
