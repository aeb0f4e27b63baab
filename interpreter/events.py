"""Events: the frozen log of a game.

``GameState.apply`` returns the events an action produced and appends them to ``GameState.events``.
Every applied action becomes an :class:`Applied`; every movement of points a
:class:`Transfer` (from a seat or the pot, to a seat or the pot); phases that decide something
without moving points say so in their own event. Records, replays, the settlement breakdown
and the zero-sum check are all read from this log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional, Union

from ..ruleset.model import TransferKind
from .actions import ActionBase, Party
from .kinds import RoundKind

Seat = Union[int, Party]


@dataclass(frozen=True)
class RoundStarted:
    round: int                      # 0-based round index
    start: int                      # the start player (T5, T24)
    pot: int                        # the pot carried into the round

    def __init__(self, round: int, start: int, pot: int) -> None:
        self.__dict__.update(round=round, start=start, pot=pot)        # as Applied


@dataclass(frozen=True)
class Applied:
    """An action, as applied by ``seat`` (or :data:`CHANCE`)."""

    round: int
    seat: Seat
    action: ActionBase              # of the core or of the play kind

    # The hot events (one per action, per payment, per trick, per round) set their fields straight
    # into the instance's dict: the generated frozen __init__ calls object.__setattr__ field by field,
    # which costs more than the rest of applying a card. Still frozen: nothing else may set them.
    def __init__(self, round: int, seat: Seat, action: ActionBase) -> None:
        self.__dict__.update(round=round, seat=seat, action=action)


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


@dataclass(frozen=True)
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

    def __init__(self, round: int, kind: TransferKind, source: Seat, target: Seat, amount: int,
                 reason: str, base: int = 0, multiplier: int = 1) -> None:
        self.__dict__.update(round=round, kind=kind, source=source, target=target, amount=amount,
                             reason=reason, base=base, multiplier=multiplier)      # as Applied


@dataclass(frozen=True)
class ForcedOut:
    """T12: ``seats`` did not declare because the goers were full; they are forced out."""

    round: int
    seats: tuple[int, ...]

    def __init__(self, round: int, seats: tuple[int, ...]) -> None:
        self.__dict__.update(round=round, seats=seats)                  # as Applied


@dataclass(frozen=True)
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
        self.__dict__.update(round=round, seat=seat, roles=roles, value=value, cards=cards, aces=aces,
                             captured=captured)                         # as Applied


@dataclass(frozen=True)
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
        self.__dict__.update(round=round, field=field, multiplier=multiplier, bound=bound,
                             binds_next=binds_next)                     # as Applied


@dataclass(frozen=True)
class TrickTaken:
    """T19: one finished trick: ``cards`` in play order starting with ``leader``."""

    round: int
    index: int                      # 0-based trick number
    leader: int
    cards: tuple[int, ...]
    winner: int

    def __init__(self, round: int, index: int, leader: int, cards: tuple[int, ...], winner: int) -> None:
        self.__dict__.update(round=round, index=index, leader=leader, cards=cards, winner=winner)  # as Applied


@dataclass(frozen=True)
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

    def __init__(self, round: int, kind: RoundKind, multiplier: int, goers: tuple[int, ...],
                 tricks: Mapping[int, int], pot_to: Optional[int], delta: tuple[int, ...], pot_after: int,
                 next_start: int) -> None:
        self.__dict__.update(round=round, kind=kind, multiplier=multiplier, goers=goers, tricks=tricks,
                             pot_to=pot_to, delta=delta, pot_after=pot_after, next_start=next_start)  # as Applied


@dataclass(frozen=True)
class GameEnded:
    """T26: the final chips, the winners (all of the highest total) and any leftover pot (T13)."""

    chips: tuple[int, ...]
    winners: tuple[int, ...]
    leftover_pot: int


Event = Union[RoundStarted, Applied, Transfer, ForcedOut, RolesShown, FieldMade, TrickTaken, RoundEnded, GameEnded]
