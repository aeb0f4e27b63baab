"""Time management of a search bot, as a game engine does it: ``ms`` is the MEAN CPU time a
decision with a choice, not the time of each.

Each decision is given an allowance: ``ms`` times the decision's weight (:func:`weight`), plus a
share of the bank. The weights put the time where a search pays. Measured on seeded positions of
the trick game (5 players; each choice played on the real deal and the round played out, against
the heuristic's choice, ``python -m benchmarks.budget``), ismcts gained +0.58 chips a go/drop
declaration at 8 ms, +0.96 at 40 ms and +1.00 at 100 ms (10 against 35 ms, paired, 1,500
positions: +0.30 +- 0.21); on a card, with its worlds dealt uniformly (:mod:`.ismcts`), +0.06
+- 0.06 at 3 ms, +0.15 +- 0.08 at 6 ms and +0.13 +- 0.11 at 10 ms (2,500 to 3,000 positions); on
a mizuten call nothing (-0.24 at 8 ms, -0.31 at 40 ms). So the go/drop and split declarations,
close and costly two-way choices, weigh several times the mean and may spend half the bank; a
card weighs about half the mean (the first of a round a little more, as it has the most to
choose from and the longest play-outs); a mizuten call, made before the deal with nothing seen,
weighs nothing: the heuristic's call stands (-0.20 +- 0.23 chips a call at 10 ms, 1,500
positions). A seat makes about 10 go/drop declarations a game and 35 choices of a card, so at
these weights the declarations, which mostly settle before their allowance, and the cards
together spend a little less than the mean; the rest goes through the bank. A decision whose allowance cannot
buy one paired comparison (the running cost of its kind's first pair) keeps the heuristic's
choice too, and its time goes to the bank. A decision the search settles early (no contender
can still beat the heuristic's choice, :func:`.search.settled`) stops there; the time every
decision leaves unspent (or overspends) goes to the bank, so over a game the mean time a
decision stays ``ms``. No decision's allowance exceeds ``cap_ms`` (:data:`CAP_MS`, the issue's
100 ms), and a search stops before a play-out would pass it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence

from ..engine.actions import YesNo
from ..parts.go_drop.actions import Declare, Split

CAP_MS = 100.0                   # no decision is given more CPU time than this
DECLARATION_WEIGHT = 3.5         # go/drop and split: the close and costly two-way choices
MIZUTEN_WEIGHT = 0.0             # a mizuten call, before the deal: not searched (the search gained nothing)
FIRST_CARD_WEIGHT = 0.6          # the first card of a round ...
LAST_CARD_WEIGHT = 0.4           # ... down to the last choice of a card
DECLARATION_DRAW = 0.5           # the share of the bank a declaration may spend
CARD_DRAW = 0.1                  # the share of the bank a card decision may spend (or repay)
FLOOR = 0.2                      # no allowance below this share of ``ms`` times the weight


def weight(legal: Sequence[Any], hand: int, hand_size: int) -> float:
    """How much of the mean budget a decision among ``legal`` deserves (1.0 is the mean);
    ``hand`` is the number of cards the seat holds, of ``hand_size`` dealt."""
    if isinstance(legal[0], (Declare, Split)):
        return DECLARATION_WEIGHT
    if isinstance(legal[0], YesNo):             # a play kind's own yes or no (mizuten, T6)
        return MIZUTEN_WEIGHT
    if hand_size <= 2:
        return FIRST_CARD_WEIGHT
    depth = max(0.0, min(1.0, (hand - 2) / (hand_size - 2)))        # 1 at the first card, 0 at two left
    return LAST_CARD_WEIGHT + (FIRST_CARD_WEIGHT - LAST_CARD_WEIGHT) * depth


@dataclass
class Clock:
    """The bank of one bot: ``ms`` the mean time a decision, ``cap_ms`` the most any may take."""

    ms: float
    cap_ms: float = CAP_MS
    bank: float = 0.0                  # seconds saved (positive) or overspent (negative) so far

    def allowance(self, w: float) -> float:
        """Seconds for a decision of weight ``w`` (:func:`weight`)."""
        base = self.ms / 1000 * w
        draw = DECLARATION_DRAW if w >= DECLARATION_WEIGHT else CARD_DRAW
        return max(FLOOR * base, min(self.cap_ms / 1000, base + draw * self.bank))

    def spent(self, seconds: float) -> None:
        """Bank what a decision left of the mean budget (or take what it overspent)."""
        self.bank += self.ms / 1000 - seconds

    @property
    def cap(self) -> float:
        return self.cap_ms / 1000


def hand_of(game: Any, seat: int) -> Optional[int]:
    """The number of cards ``seat`` holds now (None before the deal)."""
    hands = game.round.hands
    return len(hands[seat]) if hands else None
