"""What one seat may see (for bots and the terminal game): ``GameState.view(seat)``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ...ruleset.model import Field, Phase
from .actions import ActionBase
from .roundkind import RoundKind


@dataclass(frozen=True)
class View:
    """One seat's observation of the game; nothing in it is hidden from that seat.

    ``hand`` is only the seat's own hand. Other hands are never shown (cards shown at T14/T15
    are in the event log as ``RolesShown``; the log is public apart from the deal).
    """

    seat: int
    players: int
    round_index: int
    rounds: int
    phase: Optional[Phase]
    to_act: Optional[int]
    start: int
    mizuten: bool
    hand: tuple[int, ...]
    indicator: Optional[int]
    trump: Optional[int]
    field: Optional[Field]
    multiplier: int
    declarations: tuple[tuple[int, bool], ...]
    goers: tuple[int, ...]
    dropped: tuple[int, ...]
    forced_out: tuple[int, ...]
    splits: tuple[tuple[int, bool], ...]
    kind: Optional[RoundKind]
    tricks_won: tuple[tuple[int, int], ...]     # (goer, tricks) in goer order
    chips: tuple[int, ...]
    pot: int
    legal: tuple[ActionBase, ...] = ()                         # legal actions when it is this seat's turn
    # trick play; empty otherwise
    trick: tuple[int, ...] = ()                 # cards on the table in the trick being played
    trick_leader: Optional[int] = None
    tricks: tuple[Any, ...] = ()         # the finished tricks of this round
    # matching play (hanafuda); empty otherwise
    table_cards: tuple[int, ...] = ()           # the field cards (場札) face up now
    captures: tuple[tuple[int, tuple[int, ...]], ...] = ()   # (seat, captured cards) in play order
    stock_left: int = 0                         # cards still in the stock
    turned: Optional[int] = None                # a turned card waiting for this turn's capture choice
