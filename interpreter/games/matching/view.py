"""Matching play's own part of a seat's view (``View.play``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True, slots=True)
class MatchingView:
    """What every seat sees of matching play (H14, H15): the field cards face up, each seat's
    captured cards, the cards left in the stock and a turned card waiting for its capture."""

    table_cards: tuple[int, ...] = ()           # the field cards (場札) face up now
    captures: tuple[tuple[int, tuple[int, ...]], ...] = ()   # (seat, captured cards) in play order
    stock_left: int = 0                         # cards still in the stock
    turned: Optional[int] = None                # a turned card waiting for this turn's capture choice
