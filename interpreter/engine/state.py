"""Mutable game state: the table (chips, pot, log) and the state of the current round.

Only the interpreter's phases change it, through :meth:`Table.pay` and :meth:`Table.emit`;
everything else reads it through ``GameState`` and ``GameState.view``.
"""

from __future__ import annotations

from dataclasses import dataclass, field as dc_field, replace
from typing import Any, Callable, Optional, Protocol, Union

from ...ruleset.model import Field, Ruleset
from ...ruleset.bounds import bounded
from ...ruleset.model import TransferReasonName
from .actions import POT
from .events import Seat, Transfer
from .roundoutcome import RoundOutcomeName


class Claimed(Protocol):
    """A hand not laid open, as a told round holds it (``told.Claim``): the roles its holder
    claims and, when forced out, the aces (T14)."""

    @property
    def roles(self) -> tuple[str, ...]: ...

    @property
    def aces(self) -> int: ...


DealtHand = Union[tuple[int, ...], Claimed]
"""A seat's hand as dealt: its cards, or in a told round what the table told of a hand not laid
open (its claimed roles)."""


@dataclass(slots=True)
class RoundState:
    """Everything that happens in one round; reset at the start of every round."""

    index: int
    start: int
    players: int
    chips_before: tuple[int, ...]
    phase_index: int = -1
    entered: bool = False
    dealt: Optional[tuple[DealtHand, ...]] = None
    hands: list[list[int]] = dc_field(default_factory=list)
    field: Optional[Field] = None
    playing: list[int] = dc_field(default_factory=list)    # the seats that play the round, in order (the goers)
    played: bool = True                     # False once a part settles the round without play
    outcome: Optional[RoundOutcomeName] = None   # how the round went, by a part (go/drop); None without one
    parts: dict[str, Any] = dc_field(default_factory=dict)     # each part's own state of the round
    play: Any = None                        # the play engine's own state
    kind_state: Any = None                  # the play kind's own state of the round (Kind.new_round)
    pot_to: Optional[int] = None
    play_winner: Optional[int] = None       # who took the pot by play (T21), for T24
    scale: Optional[dict[TransferReasonName, int]] = None     # effects' multipliers of the round, by kind
    asking: Optional[tuple[int, int, tuple[int, ...]]] = None  # an effect's question: effect, action, seats

    @property
    def multiplier(self) -> int:
        return self.field.multiplier if self.field else 1

    def seats_from_start(self) -> list[int]:
        """All seats clockwise (to the left) from the start player (T10)."""
        return [(self.start + i) % self.players for i in range(self.players)]

    def copy(self) -> RoundState:
        """An independent copy (for ``GameState.clone``): its lists, the play engine's state
        (``play.copy()``), the play kind's own state (``kind_state.copy()``) and each part's copied,
        the frozen parts (the deal, the field) shared."""
        return replace(self, hands=[list(h) for h in self.hands], playing=list(self.playing),
                       parts={name: state.copy() for name, state in self.parts.items()} if self.parts else {},
                       play=None if self.play is None else self.play.copy(),
                       kind_state=None if self.kind_state is None else self.kind_state.copy(),
                       scale=None if self.scale is None else dict(self.scale))


class Table:
    """The chips, the pot, the log and the current round, shared by all phases."""

    def __init__(self, ruleset: Ruleset, players: int, rounds: int, start: int, kind_state: Any = None,
                 round_parts: Optional[dict[str, Any]] = None, parts: Optional[dict[str, Any]] = None):
        self.ruleset = ruleset
        self.players = players
        self.rounds = rounds
        self.chips = [ruleset.chips.start] * players
        self.no_negative = not ruleset.chips.allow_negative
        self.pot = 0
        self.events: list[object] = []         # the core's events and the play kind's own
        self.round = RoundState(index=0, start=start, players=players, chips_before=tuple(self.chips),
                                kind_state=kind_state, parts=round_parts or {})
        self.finished = False
        self.watch: Optional[Callable[[object], None]] = None             # see GameState.watch
        self.watch_transfers: Optional[Callable[[object], None]] = None   # the same, or None
        self.watch_play: Optional[Callable[[object], None]] = None        # the same, or None
        self.pot_taken: list[int] = []          # each amount a seat took from the pot, in order
        self.factors: tuple[Optional[Field], dict[TransferReasonName, int]] = (None, {})   # a field's factors (pay)
        # effects (docs/effects.md): counters kept across rounds (one value per seat, or one for
        # the table), the game ended early
        self.counters: dict[str, list[int]] = {c.name: [c.start] * (players if c.scope == "seat" else 1)
                                               for c in ruleset.counters}
        self.pots: dict[str, int] = {name: 0 for name in ruleset.pots}   # named pots, kept across rounds
        # each part's own state of the game, kept across rounds (RoundPart.new_game: go/drop's
        # decisions its effect action forced), beside its state of the round (round.parts)
        self.parts: dict[str, Any] = parts or {}
        self.ending = False
        self.counted = 0                        # rounds finished that count toward the game's length

    def copy(self) -> Table:
        """An independent copy, not watched (for ``GameState.clone``): the chips, the pot, each
        part's state of the game (``copy()``) and the round copied; the ruleset and the log's
        frozen events shared."""
        other = Table(self.ruleset, self.players, self.rounds, self.round.start)
        other.chips, other.pot, other.events = list(self.chips), self.pot, list(self.events)
        other.round, other.finished = self.round.copy(), self.finished
        other.pot_taken, other.factors = list(self.pot_taken), self.factors
        other.counters = {name: list(values) for name, values in self.counters.items()}
        other.pots = dict(self.pots)
        other.parts = {name: state.copy() for name, state in self.parts.items()} if self.parts else {}
        other.ending, other.counted = self.ending, self.counted
        return other

    @property
    def total(self) -> int:
        """The sum that chips plus pot (and the named pots) must always equal (T27)."""
        return self.ruleset.chips.start * self.players

    def emit(self, event: object) -> None:
        self.events.append(event)
        if self.watch is not None:
            self.watch(event)

    def tell(self, events: list[object]) -> None:
        """Hand ``events``, already in the log but kept from the watchers while they were written
        (an effect's, told after it fired), to the watchers as :meth:`emit` and :meth:`pay` do."""
        for event in events:
            see = self.watch_transfers if isinstance(event, Transfer) else self.watch
            if see is not None:
                see(event)

    def emit_play(self, event: object) -> None:
        """Log an event of the play kind's own play (a trick taken, a card placed): handed to the
        watcher only when it asked for them (``GameState.watch``'s ``play``)."""
        self.events.append(event)
        if self.watch_play is not None:
            self.watch_play(event)

    def pay(self, kind: TransferReasonName, source: Seat, target: Seat, base: int, reason: str,
            multiply: bool = True) -> None:
        """Move ``base`` points (times the field multiplier for ``kind``) from source to target.

        ``source`` and ``target`` are seats or ``POT``; a zero amount moves nothing and logs nothing.
        With ``chips.allow_negative: false`` a seat pays at most what it has (T3 as a house rule).
        """
        r = self.round
        field = r.field
        if multiply and field is not None:
            known = self.factors
            if known[0] is not field:           # the field's factor of each kind, read once a round
                known = self.factors = (field, {})
            factors = known[1]
            found = factors.get(kind)
            if found is None:
                found = factors[kind] = field.factor(kind)
            factor = found
        else:
            factor = 1
        if r.scale is not None:
            factor *= r.scale.get(kind, 1)
        amount = bounded(base * factor, "a payment", r.index)
        chips = self.chips
        if self.no_negative and source != POT and amount > chips[source]:
            amount = max(chips[source], 0)              # T3 as a house rule: nobody goes below zero
            reason += f" (all the payer has: {amount})"
        if not amount:
            return
        if target == POT:                   # every number checked before any is stored
            bounded(self.pot + amount, "the pot", r.index)
        else:
            bounded(chips[target] + amount, "a seat's chips", r.index)
        if source != POT:
            bounded(chips[source] - amount, "a seat's chips", r.index)
        if source == POT:
            self.pot -= amount
            if target != POT:
                self.pot_taken.append(amount)
        else:
            chips[source] -= amount
        if target == POT:
            self.pot += amount
        else:
            chips[target] += amount
        event = Transfer(r.index, kind, source, target, amount, reason, base, factor)
        self.events.append(event)
        if self.watch_transfers is not None:
            self.watch_transfers(event)
