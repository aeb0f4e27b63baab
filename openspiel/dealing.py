"""The engine's deal, one card at a time: the chance outcomes of a deal and the deal they build.

The engine deals a whole round in one chance action (a ``Deal`` for trick play, a ``HanaDeal``
for matching play). OpenSpiel deals card by card: each chance outcome is the id of the next card,
drawn uniformly from the cards not yet dealt. The cards go, in order, to seat 0's hand, seat 1's
hand, ... (``hand_size`` each), then the indicator (trick play) or the field cards and then the
stock, top first (matching play). Sizes come from the ruleset; whether a finished deal is valid
(a hanafuda field holding a whole month is dealt again) is asked of the engine's deal space.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..interpreter.actions import Deal
from ..interpreter.phases.hanafuda import HanaDeal


@dataclass(frozen=True)
class DealLayout:
    """Where each card of a card-by-card deal goes, for a ruleset and a number of players."""

    players: int
    hand_size: int
    deck_size: int
    field_cards: int            # matching play: the field; trick play: 0 (one indicator instead)
    matching: bool

    @classmethod
    def of(cls, ruleset, players: int) -> "DealLayout":
        matching = ruleset.hanafuda is not None
        return cls(players, ruleset.hand_size, ruleset.deck.size,
                   ruleset.hanafuda.field_cards if matching else 0, matching)

    @property
    def hands_end(self) -> int:
        return self.players * self.hand_size

    @property
    def length(self) -> int:
        """How many chance outcomes make one deal."""
        return self.deck_size if self.matching else self.hands_end + 1

    def owner(self, slot: int):
        """The seat whose hand the ``slot``-th card goes to, ``"public"`` for a card dealt face up
        (the indicator, a field card), or None for a hidden stock card."""
        if slot < self.hands_end:
            return slot // self.hand_size
        if not self.matching or slot < self.hands_end + self.field_cards:
            return "public"
        return None

    def build(self, cards: list[int]):
        """The engine's deal action made of ``length`` dealt cards."""
        n, end = self.hand_size, self.hands_end
        hands = tuple(tuple(sorted(cards[i * n:(i + 1) * n])) for i in range(self.players))
        if not self.matching:
            return Deal(hands, cards[end])
        field = cards[end:end + self.field_cards]
        return HanaDeal(hands, tuple(sorted(field)), tuple(cards[end + self.field_cards:]))

    def cards_of(self, deal) -> list[int]:
        """The chance outcomes that build ``deal`` (the inverse of :meth:`build`)."""
        cards = [c for hand in deal.hands for c in sorted(hand)]
        if isinstance(deal, HanaDeal):
            return cards + sorted(deal.field) + list(deal.stock)
        return cards + [deal.indicator]

    def seen_by(self, deal, seat: int) -> str:
        """What ``seat`` saw of a finished deal: its own hand and the cards dealt face up."""
        shown = sorted(deal.field) if isinstance(deal, HanaDeal) else [deal.indicator]
        return f"deal mine={sorted(deal.hands[seat])} up={shown}"

    def seen_pending(self, cards: list[int], seat: int) -> str:
        """What ``seat`` saw of a deal still being dealt."""
        mine = sorted(c for i, c in enumerate(cards) if self.owner(i) == seat)
        up = sorted(c for i, c in enumerate(cards) if self.owner(i) == "public")
        return f"dealing {len(cards)} mine={mine} up={up}"
