"""Events: the frozen log of a game.

``GameState.apply`` returns the events an action produced and appends them to ``GameState.events``.
Every applied action becomes an :class:`Applied`; every movement of points a
:class:`Transfer` (from a seat or the pot, to a seat or the pot); phases that decide something
without moving points say so in their own event. Records, replays, the settlement breakdown
and the zero-sum check are all read from this log.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping, Optional, Sequence, Union

from ...ruleset.model import TransferReasonName
from .actions import ActionBase, Party
from .roundoutcome import RoundOutcomeName

Seat = Union[int, Party]

# The log holds chance and the pot as :class:`Party` (``Applied.seat``, ``Transfer.source`` and
# ``target``), whatever int the writer handed over: a compiled engine hands over plain ints (an
# ``int`` it reads is unboxed), so the events make the Party from a negative seat themselves,
# read from this table (calling the enum costs far more).
_PARTY = {int(p): p for p in Party}

# The events made most often (most of a round's log: Applied, Transfer) and those of every round
# have their own ``__init__``, which sets the slots through their descriptors (and makes the Party
# as it goes): the ``__init__`` that
# ``dataclass`` writes for a frozen class sets each field with ``object.__setattr__``, and a
# ``__post_init__`` would read the fields back. The same parameters as the fields, in order, with
# their defaults (tests/test_events.py checks it); everything else (frozen, ``==``, ``hash``,
# ``repr``, ``replace``) is the dataclass's.


@dataclass(frozen=True, slots=True)
class DealerDrawn:
    """``first_dealer: draw`` (T5, H2): the card each seat drew, in seat order, and the seat whose
    card comes first in the deck's order, which starts (deals) the first round. Under
    ``draw_again`` (K3) ``cards`` holds every draw in turn, one card per seat each; the last decides."""

    cards: tuple[int, ...]
    start: int


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int                      # 0-based round index
    start: int                      # the start player (T5, T24)
    pot: int                        # the pot carried into the round

    def __init__(self, round: int, start: int, pot: int) -> None:
        r, s, p = _STARTED_SLOTS            # one a round: set as Applied is (above)
        r(self, round)
        s(self, start)
        p(self, pot)


@dataclass(frozen=True, slots=True)
class Applied:
    """An action, as applied by ``seat`` (or :data:`CHANCE`)."""

    round: int
    seat: Seat
    action: ActionBase              # of the core or of the play kind

    def __init__(self, round: int, seat: Seat, action: ActionBase) -> None:
        _APPLIED_ROUND(self, round)
        _APPLIED_SEAT(self, seat if seat >= 0 else _PARTY[seat])
        _APPLIED_ACTION(self, action)


@dataclass(frozen=True, slots=True)
class Transfer:
    """Points moving from ``source`` to ``target`` (a seat or :data:`POT`).

    ``amount`` is already multiplied by the field (T9) when ``kind`` is subject to it;
    ``base`` and ``multiplier`` keep the parts; ``reason`` says why in words.
    """

    round: int
    kind: TransferReasonName
    source: Seat
    target: Seat
    amount: int
    reason: str
    base: int = 0
    multiplier: int = 1

    def __init__(self, round: int, kind: TransferReasonName, source: Seat, target: Seat, amount: int, reason: str,
                 base: int = 0, multiplier: int = 1) -> None:
        r, k, s, t, a, why, b, m = _TRANSFER_SLOTS
        r(self, round)
        k(self, kind)
        s(self, source if source >= 0 else _PARTY[source])
        t(self, target if target >= 0 else _PARTY[target])
        a(self, amount)
        why(self, reason)
        b(self, base)
        m(self, multiplier)


def slot_setters(cls: type) -> tuple[Any, ...]:
    """The setters of ``cls``'s slots, in the order of its fields: for the ``__init__`` of a frozen
    value made often (an event, a view), which sets each slot through them (see above)."""
    return tuple(cls.__dict__[f.name].__set__ for f in fields(cls))


_APPLIED_ROUND, _APPLIED_SEAT, _APPLIED_ACTION = slot_setters(Applied)
_TRANSFER_SLOTS = slot_setters(Transfer)



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

    def __init__(self, round: int, seat: int, roles: tuple[str, ...], value: int, cards: tuple[int, ...] = (),
                 aces: int = 0, captured: bool = False) -> None:
        r, s, ids, v, c, a, cap = _SHOWN_SLOTS      # several a round: set as Applied is (above)
        r(self, round)
        s(self, seat)
        ids(self, roles)
        v(self, value)
        c(self, cards)
        a(self, aces)
        cap(self, captured)


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

    def __init__(self, round: int, field: Optional[str], multiplier: int, bound: bool = False,
                 binds_next: Optional[str] = None) -> None:
        r, f, m, b, nxt = _FIELD_SLOTS      # one a round: set as Applied is (above)
        r(self, round)
        f(self, field)
        m(self, multiplier)
        b(self, bound)
        nxt(self, binds_next)


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    kind: Optional[RoundOutcomeName]   # how the round went, by a part (go/drop's); None in a game without one
    multiplier: int
    goers: tuple[int, ...]          # the seats that played the round (with go/drop: the goers)
    tricks: Mapping[int, int]       # tricks won per goer (empty when there was no play)
    pot_to: Optional[int]
    delta: tuple[int, ...]          # each seat's change of chips in the round
    pot_after: int
    next_start: int

    def __init__(self, round: int, kind: Optional[RoundOutcomeName], multiplier: int, goers: tuple[int, ...],
                 tricks: Mapping[int, int], pot_to: Optional[int], delta: tuple[int, ...], pot_after: int,
                 next_start: int) -> None:
        r, k, m, g, t, to, d, after, nxt = _ENDED_SLOTS     # one a round: set as Applied is (above)
        r(self, round)
        k(self, kind)
        m(self, multiplier)
        g(self, goers)
        t(self, tricks)
        to(self, pot_to)
        d(self, delta)
        after(self, pot_after)
        nxt(self, next_start)


_STARTED_SLOTS = slot_setters(RoundStarted)
_SHOWN_SLOTS = slot_setters(RolesShown)
_FIELD_SLOTS = slot_setters(FieldMade)
_ENDED_SLOTS = slot_setters(RoundEnded)


@dataclass(frozen=True)
class GameEnded:
    """T26: the final chips, the winners (all of the highest total) and any leftover pot (T13)."""

    chips: tuple[int, ...]
    winners: tuple[int, ...]
    leftover_pot: int


def round_pot(events: Sequence[object]) -> int:
    """The pot a round began with: its first event's, when that is its :class:`RoundStarted`
    (``events`` from the round's start on), else 0."""
    first = events[0] if events else None
    return first.pot if isinstance(first, RoundStarted) else 0


Event = Union[RoundStarted, Applied, Transfer, RolesShown, FieldMade, RoundEnded, GameEnded]
"""The core's events; a part and a play kind log their own besides (go/drop's ``ForcedOut``, the
trick game's ``TrickTaken``)."""
