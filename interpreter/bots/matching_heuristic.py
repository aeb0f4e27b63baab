"""A simple bot for matching play (hanafuda): take the most points now, else shed the cheapest card.

It reads only its :class:`~..view.View` (the field, captures, its own hand and legal actions). An action's score is the
points it captures, plus a bonus for cards that a capture role of the ruleset names; without a
capture it plays the card of least value. Ties go to the first in the legal order, so the bot is
deterministic; ``rng`` is accepted for the common interface. Outside matching play it falls back
to a random legal action.
"""

from __future__ import annotations

import random

from ...ruleset.model import Phase, PlayKind
from ..actions import Play
from ..play.matching import Capture

ROLE_CARD_BONUS = 6


class MatchingHeuristicBot:
    name = "heuristic_matching"
    plays = frozenset({PlayKind.MATCHING})

    def choose(self, game, seat: int, rng: random.Random):
        view = game.view(seat)
        legal = view.legal
        if not view.captures or view.phase is not Phase.PLAY:     # not matching play (or declarations)
            return rng.choice(legal)
        deck = game.ruleset.deck
        wanted = _role_cards(game.ruleset)

        def value(card: int) -> int:
            return deck.points(card) + (ROLE_CARD_BONUS if card in wanted else 0)

        def score(action) -> int:
            card = action.card
            month = deck.rank(card)
            if isinstance(action, Capture):
                return value(card) + value(action.target)
            taken = [f for f in view.table_cards if deck.rank(f) == month]
            if taken:
                return value(card) + sum(value(f) for f in taken)
            return -value(card)

        return max(legal, key=score)


def _role_cards(ruleset) -> frozenset:
    """Every card some capture role names explicitly (``cards ...``) or by kind."""
    from ...ruleset.patterns import CardList, parse_pattern, walk

    out = set()
    for role in ruleset.hanafuda.capture_roles.roles:
        for node in walk(parse_pattern(role.pattern)):
            if isinstance(node, CardList):
                out.update(ruleset.deck.parse(c) for c in node.items)
    return frozenset(out)


def make(**options) -> MatchingHeuristicBot:
    return MatchingHeuristicBot()


__all__ = ["MatchingHeuristicBot", "Play"]
