"""Events: the frozen log of a game.

``GameState.apply`` returns the events an action produced and appends them to ``GameState.events``.
Every applied action becomes an :class:`Applied`; every movement of points a
:class:`Transfer` (from a seat or the pot, to a seat or the pot); phases that decide something
without moving points say so in their own event. Records, replays, the settlement breakdown
and the zero-sum check are all read from this log.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, ClassVar, Mapping, Optional, Sequence, Union

from ..ruleset.model import TransferKind
from .actions import ActionBase, Party
from .kinds import RoundKind

Seat = Union[int, Party]


# The hot events (one per action, per payment, per trick, per round) are frozen dataclasses with
# slots: no dict per event, one object the collector tracks instead of three (the instance, its
# dict and the keywords that filled it). A frozen class refuses ``self.x = ...``, and its generated
# ``__init__`` sets each field through ``object.__setattr__``, which costs more than the rest of
# applying a card; so each is built by its ``__new__`` as an instance of an open twin with the same
# slots, whose fields are set plainly, and then given its own class (the same layout, so Python
# allows it). Its ``__init__`` is then ``object.__init__``: nothing is left to do. Still frozen:
# nothing else may set a field.
def built_open(cls: type) -> None:
    """Give the frozen slots dataclass ``cls`` its open twin (``cls._open``, used by its
    ``__new__``) and a ``__reduce__`` by fields, so that copies and pickles are built by ``__new__``."""
    names = tuple(f.name for f in fields(cls))
    setattr(cls, "_open", type(f"_Open{cls.__name__}", (), {"__slots__": names, "__module__": __name__}))

    def __reduce__(self: Any) -> tuple[type, tuple[Any, ...]]:
        return type(self), tuple([getattr(self, n) for n in names])

    setattr(cls, "__reduce__", __reduce__)
    setattr(cls, "__init__", object.__init__)       # instead of the generated one: __new__ did it all


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int                      # 0-based round index
    start: int                      # the start player (T5, T24)
    pot: int                        # the pot carried into the round

    _open: ClassVar[Callable[[], Any]]      # set by :func:`built_open`

    def __new__(cls, round: int, start: int, pot: int) -> "RoundStarted":
        e = cls._open()                 # see :func:`built_open`
        e.round, e.start, e.pot = round, start, pot
        e.__class__ = cls
        return e  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class Applied:
    """An action, as applied by ``seat`` (or :data:`CHANCE`)."""

    round: int
    seat: Seat
    action: ActionBase              # of the core or of the play kind

    _open: ClassVar[Callable[[], Any]]      # set by :func:`built_open`

    def __new__(cls, round: int, seat: Seat, action: ActionBase) -> "Applied":
        e = cls._open()                 # see :func:`built_open`
        e.round, e.seat, e.action = round, seat, action
        e.__class__ = cls
        return e  # type: ignore[no-any-return]


class InternedApplied:
    """:class:`Applied` events made once and shared (they are frozen): a phase's loop of uniform
    picks looks one up in the row of its round by a number standing for the seat and the action
    (``seat * kinds + action number``, below ``width``) and logs it without building it again.
    Rounds past ``rounds`` get a row of their own that is not kept."""

    def __init__(self, width: int, rounds: int = 64) -> None:
        self.width, self.rounds = width, rounds
        self.rows: list[list[Optional[Applied]]] = []

    def row(self, index: int) -> list[Optional[Applied]]:
        """The events of round ``index`` by number (None: not made yet)."""
        rows = self.rows
        if index >= self.rounds:
            return [None] * self.width
        while len(rows) <= index:
            rows.append([None] * self.width)
        return rows[index]


@dataclass(frozen=True, slots=True)
class Transfer:
    """Points moving from ``source`` to ``target`` (a seat or :data:`POT`).

    ``amount`` is already multiplied by the field (T9) when ``kind`` is subject to it;
    ``base`` and ``multiplier`` keep the parts; ``reason`` says why in words.
    """

    round: int
    kind: TransferKind
    source: Seat
    target: Seat
    amount: int
    reason: str
    base: int = 0
    multiplier: int = 1

    _open: ClassVar[Callable[[], Any]]      # set by :func:`built_open`

    def __new__(cls, round: int, kind: TransferKind, source: Seat, target: Seat, amount: int, reason: str,
                base: int = 0, multiplier: int = 1) -> "Transfer":
        return new_transfer(round, kind, source, target, amount, reason, base, multiplier)


@dataclass(frozen=True, slots=True)
class ForcedOut:
    """T12: ``seats`` did not declare because the goers were full; they are forced out."""

    round: int
    seats: tuple[int, ...]

    _open: ClassVar[Callable[[], Any]]      # set by :func:`built_open`

    def __new__(cls, round: int, seats: tuple[int, ...]) -> "ForcedOut":
        e = cls._open()                 # see :func:`built_open`
        e.round, e.seats = round, seats
        e.__class__ = cls
        return e  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class RolesShown:
    """Roles a seat shows, whatever the game: T14/T15 (a goer's or a forced-out player's hand
    roles), H11 (hanafuda hand roles, with the ``cards`` shown), H18 (roles ``captured``, which
    stop the round). ``value`` is the roles' value in this context (kan in hanafuda)."""

    round: int
    seat: int
    roles: tuple[str, ...]
    value: int
    cards: tuple[int, ...] = ()     # the cards shown, where the game shows them (H11)
    aces: int = 0                   # cards counted per card class (T14), 0 for goers
    captured: bool = False          # made from captured cards (H18), not from the hand

    _open: ClassVar[Callable[[], Any]]      # set by :func:`built_open`

    def __new__(cls, round: int, seat: int, roles: tuple[str, ...], value: int, cards: tuple[int, ...] = (),
                aces: int = 0, captured: bool = False) -> "RolesShown":
        return new_roles_shown(round, seat, roles, value, cards, aces, captured)


@dataclass(frozen=True, slots=True)
class FieldMade:
    """T8, H5, H6: the field of the round (its id, or None when no field applies) and its
    multiplier; in hanafuda whether it came from the last round's binding, and the field the
    next round is bound to (or None)."""

    round: int
    field: Optional[str]
    multiplier: int
    bound: bool = False
    binds_next: Optional[str] = None

    _open: ClassVar[Callable[[], Any]]      # set by :func:`built_open`

    def __new__(cls, round: int, field: Optional[str], multiplier: int, bound: bool = False,
                binds_next: Optional[str] = None) -> "FieldMade":
        e = cls._open()                 # see :func:`built_open`
        e.round, e.field, e.multiplier, e.bound, e.binds_next = (
            round, field, multiplier, bound, binds_next)
        e.__class__ = cls
        return e  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """T19: one finished trick: ``cards`` in play order starting with ``leader``."""

    round: int
    index: int                      # 0-based trick number
    leader: int
    cards: tuple[int, ...]
    winner: int

    _open: ClassVar[Callable[[], Any]]      # set by :func:`built_open`

    def __new__(cls, round: int, index: int, leader: int, cards: tuple[int, ...], winner: int) -> "TrickTaken":
        return new_trick_taken(round, index, leader, cards, winner)


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    kind: RoundKind
    multiplier: int
    goers: tuple[int, ...]
    tricks: Mapping[int, int]       # tricks won per goer (empty when there was no play)
    pot_to: Optional[int]
    delta: tuple[int, ...]          # each seat's change of chips in the round
    pot_after: int
    next_start: int

    _open: ClassVar[Callable[[], Any]]      # set by :func:`built_open`

    def __new__(cls, round: int, kind: RoundKind, multiplier: int, goers: tuple[int, ...],
                tricks: Mapping[int, int], pot_to: Optional[int], delta: tuple[int, ...], pot_after: int,
                next_start: int) -> "RoundEnded":
        e = cls._open()                 # see :func:`built_open`
        e.round, e.kind, e.multiplier, e.goers, e.tricks, e.pot_to, e.delta, e.pot_after, e.next_start = (
            round, kind, multiplier, goers, tricks, pot_to, delta, pot_after, next_start)
        e.__class__ = cls
        return e  # type: ignore[no-any-return]


@dataclass(frozen=True)
class GameEnded:
    """T26: the final chips, the winners (all of the highest total) and any leftover pot (T13)."""

    chips: tuple[int, ...]
    winners: tuple[int, ...]
    leftover_pot: int


for _hot in (RoundStarted, Applied, Transfer, ForcedOut, RolesShown, FieldMade, TrickTaken, RoundEnded):
    built_open(_hot)


# The events made most often (a few per payment, hand shown and trick), made by functions that
# their classes' ``__new__`` call too: a hot path calls the function itself, which saves the class
# call (its ``__new__`` and ``__init__``) for every event; the event is the same.
def new_transfer(round: int, kind: TransferKind, source: Seat, target: Seat, amount: int, reason: str,
                 base: int = 0, multiplier: int = 1) -> Transfer:
    """``Transfer(...)``."""
    e = _open_transfer()                # see :func:`built_open`
    e.round, e.kind, e.source, e.target, e.amount, e.reason, e.base, e.multiplier = (
        round, kind, source, target, amount, reason, base, multiplier)
    e.__class__ = Transfer
    return e  # type: ignore[no-any-return]


def new_roles_shown(round: int, seat: int, roles: tuple[str, ...], value: int, cards: tuple[int, ...] = (),
                    aces: int = 0, captured: bool = False) -> RolesShown:
    """``RolesShown(...)``."""
    e = _open_roles_shown()
    e.round, e.seat, e.roles, e.value, e.cards, e.aces, e.captured = (
        round, seat, roles, value, cards, aces, captured)
    e.__class__ = RolesShown
    return e  # type: ignore[no-any-return]


def new_trick_taken(round: int, index: int, leader: int, cards: tuple[int, ...], winner: int) -> TrickTaken:
    """``TrickTaken(...)``."""
    e = _open_trick_taken()
    e.round, e.index, e.leader, e.cards, e.winner = round, index, leader, cards, winner
    e.__class__ = TrickTaken
    return e  # type: ignore[no-any-return]


_open_transfer, _open_roles_shown, _open_trick_taken = Transfer._open, RolesShown._open, TrickTaken._open


def round_pot(events: Sequence[object]) -> int:
    """The pot a round began with: its first event's, when that is its :class:`RoundStarted`
    (``events`` from the round's start on), else 0."""
    first = events[0] if events else None
    return first.pot if isinstance(first, RoundStarted) else 0


Event = Union[RoundStarted, Applied, Transfer, ForcedOut, RolesShown, FieldMade, TrickTaken, RoundEnded, GameEnded]
