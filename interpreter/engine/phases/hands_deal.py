"""The plainest deal, for a play kind that needs no other: ``hand_size`` cards of the shuffled deck
to each seat, nothing turned, no stock (the toy kind of ``tests/toykind`` deals so).

A kind's deal phase subclasses :class:`HandsDealPhase` and gives its ``phase``; chance's action is
a :class:`HandsDeal`, which the generic record codec writes (``records/actions_codec.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional

from ....ruleset.model import Ruleset
from ..actions import ActionBase, Card
from ..draws import shuffle
from ..state import Table
from .chance import ChancePhase


@dataclass(frozen=True)
class HandsDeal(ActionBase):
    """Chance's deal: each seat's hand, in seat order."""

    hands: tuple[tuple[Card, ...], ...]

    def told(self, deck: Any) -> str:
        return "; ".join(deck.format(h) for h in self.hands)


class HandsDeals:
    """Every deal of ``hand_size`` different cards of the deck to each of ``players`` seats."""

    def __init__(self, ruleset: Ruleset, players: int):
        self.cards, self.n, self.players = tuple(ruleset.deck.cards), ruleset.hand_size, players

    def sample(self, rng: random.Random) -> HandsDeal:
        cards = list(self.cards)
        shuffle(cards, rng)
        return HandsDeal(tuple(tuple(sorted(cards[i * self.n:(i + 1) * self.n])) for i in range(self.players)))

    def problem(self, deal: object) -> Optional[str]:
        hands = deal.hands if isinstance(deal, HandsDeal) else ()
        cards = {c for h in hands for c in h}
        if len(hands) != self.players or {len(h) for h in hands} != {self.n} or len(cards) != self.n * self.players \
                or not cards <= set(self.cards):
            return f"each of {self.players} seats is dealt {self.n} different cards of the deck"
        return None

    def __contains__(self, deal: object) -> bool:
        return self.problem(deal) is None


class HandsDealPhase(ChancePhase):
    """Chance deals the hands (:class:`HandsDeals`); a subclass names its ``phase``."""

    def space(self, players: int) -> HandsDeals:
        return HandsDeals(self.ruleset, players)

    def apply(self, t: Table, action: Any) -> None:
        t.round.dealt, t.round.hands = action.hands, [list(h) for h in action.hands]
