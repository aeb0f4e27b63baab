"""Determinization of a trick-play round: every hidden hand sampled anew (T19).

What the seat has seen is kept: its own hand, the cards each goer already played, and the suits
a goer showed it is void in; the indicator is the real one.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ...ruleset.errors import HachiError
from ..actions import Deal
from .knowledge import Knowledge, knowledge

ATTEMPTS = 200


def sample_trick_deal(game: Any, seat: int, events: Sequence[object], rng: random.Random) -> Deal:
    """A deal of the current round consistent with what ``seat`` has seen (the plug-in's ``sample_deal``)."""
    return sample_hidden(game, seat, knowledge(game.view(seat), game.ruleset.deck), rng)


def sample_hidden(game: Any, seat: int, k: Knowledge, rng: random.Random) -> Deal:
    """A deal of the current round: ``seat``'s own cards as dealt, every other hand sampled."""
    rules, r = game.ruleset, game.round
    n, suit = rules.hand_size, rules.deck.suit
    others = [s for s in range(game.players) if s != seat]
    size = {s: n - len(k.played_by.get(s, ())) for s in others}
    others.sort(key=lambda s: (-len(k.voids.get(s, ())), s))
    pool = sorted(k.unseen)
    for _ in range(ATTEMPTS):
        rng.shuffle(pool)
        left, hands = list(pool), {}
        for s in others:
            voids = k.voids.get(s, frozenset())
            allowed = [c for c in left if suit(c) not in voids] if voids else left
            if len(allowed) < size[s]:
                break
            hands[s] = allowed[:size[s]]
            taken = set(hands[s])
            left = [c for c in left if c not in taken]
        else:
            hands[seat] = list(k.hand)
            dealt = tuple(tuple(sorted(hands[s] + list(k.played_by.get(s, ())))) for s in range(game.players))
            return Deal(dealt, r.indicator)
    raise HachiError(f"no deal fits what seat {seat} has seen ({game.describe_state()})")
