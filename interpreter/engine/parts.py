"""The interface of a round's part (``parts:`` of a rule file, :mod:`...ruleset.part_registry`):
rules a game opts into beside its play kind, as go/drop's declarations (T10-T17).

The core's round knows its seats, hands, field, phases, payments and log, and who plays it
(``RoundState.playing``: every seat, unless a part leaves some out). A part brings its phases,
its own state of a round (``RoundState.parts[name]``, made by :meth:`RoundPart.new_round` and
copied by ``GameState.clone``) and of the game (``Table.parts[name]``, :meth:`RoundPart.new_game`,
kept across rounds), its actions and events (in its package), the outcome of a round
it names (``RoundState.outcome``), whether a round counts toward the game's length, the start of
the next round, its fields of a seat's view, its facts for effects, its words in the account of a
game and the refusal of an action out of its turn.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any, Mapping, Optional, Protocol

from ...ruleset.model import PhaseName, Ruleset
from ...ruleset.part_registry import PARTS
from .actions import ActionBase
from .kindplugin import Words
from .phases.base import PhaseRule

SeatFact = Any          # (table, seat) -> int, as a play kind's (kindplugin.SeatFact)
TableFact = Any         # (table) -> int


class RoundPart(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def phases(self) -> tuple[type[PhaseRule], ...]:
        """The phases the part runs (a rule file's ``round:`` names them)."""

    @property
    def actions(self) -> tuple[type[ActionBase], ...]:
        """Its actions (frozen dataclasses, go/drop's ``Declare`` and ``Split``): the record codec
        of frozen actions writes and reads them by class name."""

    @property
    def seat_facts(self) -> Mapping[str, SeatFact]:
        """The readers of its facts of one seat (``went``)."""

    @property
    def table_facts(self) -> Mapping[str, TableFact]:
        """The readers of its facts of the table (``round.goers``)."""

    @property
    def groups(self) -> Mapping[str, Any]:
        """The seats of each of its groups of effects (``each goer``), ``(table) -> container``."""

    @property
    def answer_words(self) -> Mapping[PhaseName, Mapping[bool, str]]:
        """The catalogs' ids of the words that answer each of its yes-or-no decisions, by phase
        (yes, then no: go/drop's ``answers.words.go`` and ``answers.words.drop``), which a typed
        answer may be in any language."""

    @property
    def role_reasons(self) -> tuple[str, ...]:
        """The beginnings of its transfers' reasons that go on to list hand roles by id
        (go/drop's ``forced out: ``), which the account names as it names the roles."""

    @property
    def words(self) -> Words:
        """How it reads in the account of a game: the tellers of its events and of its actions'
        ``Applied`` events (``msg`` unused), as a play kind's ``Kind.words``."""

    def new_round(self) -> Any:
        """Its own state of a new round (with ``copy()``)."""

    def new_game(self) -> Any:
        """Its own state of a new game (with ``copy()``), kept across rounds on the table
        (``Table.parts[name]``): what its effect actions keep for later rounds (go/drop's
        decisions forced by ``force``)."""

    def counts(self, ruleset: Ruleset, r: Any) -> bool:
        """Whether the round ``r`` counts toward the game's length."""

    def next_start(self, ruleset: Ruleset, r: Any) -> Optional[int]:
        """The start player of the round after ``r`` by the part's rules, or None (the core's:
        the left neighbour)."""

    def view(self, r: Any) -> Mapping[str, Any]:
        """Its fields of a seat's :class:`~.view.View` (the declarations so far, ...)."""

    def refuse(self, r: Any, action: object) -> Optional[str]:
        """Why ``action`` is refused now whatever the phase (a declaration after the
        declarations closed), or None."""


@lru_cache(maxsize=None)
def round_part(name: str) -> RoundPart:
    """The interpreter's side of the part ``name``, imported on first use."""
    part: RoundPart = getattr(importlib.import_module(f"{PARTS[name]}.part"), "PART")
    return part


@lru_cache(maxsize=None)
def group_seats(group: str) -> Any:
    """``(table) -> container``: the seats of a part's group of effects (go/drop's ``goer``)."""
    return next(part.groups[group] for name in PARTS if group in (part := round_part(name)).groups)


def part_actions() -> tuple[type[ActionBase], ...]:
    """The actions of every registered part."""
    return tuple(cls for name in PARTS for cls in round_part(name).actions)


def parts_for(ruleset: Ruleset) -> tuple[RoundPart, ...]:
    """The parts of the ruleset's round, in the order its ``parts:`` names them."""
    return tuple(round_part(name) for name in ruleset.parts)
