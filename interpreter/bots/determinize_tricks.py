"""Determinization of a trick-play round: every hidden hand sampled anew (T19).

What the seat has seen is kept: its own hand, the cards each goer already played, the suits a
goer showed it is void in, and the roles each goer (T15) and forced-out player (T14) showed: a
hand is drawn for such a seat until it shows the same roles (a seat whose roles are too rare to
draw in ``SEAT_ATTEMPTS`` tries makes the whole deal fall back to ignoring roles). The indicator
is the real one.
"""

from __future__ import annotations

import random
from typing import Any, Optional, Sequence

from ...ruleset.errors import HachiError
from ..actions import Deal
from ..events import RolesShown
from .knowledge import Knowledge, knowledge

ATTEMPTS = 200
SEAT_ATTEMPTS = 40              # hands drawn for one seat before its shown roles are given up
DEAL_ATTEMPTS = 3               # deals tried seat by seat before the roles are ignored


def sample_trick_deal(game: Any, seat: int, events: Sequence[object], rng: random.Random) -> Deal:
    """A deal of the current round consistent with what ``seat`` has seen (the plug-in's ``sample_deal``)."""
    k = knowledge(game.view(seat), game.ruleset.deck)
    shown = {e.seat: e.roles for e in events if isinstance(e, RolesShown) and e.seat != seat}
    if shown:
        deal = sample_showing(game, seat, k, shown, rng)
        if deal is not None:
            return deal
    return sample_hidden(game, seat, k, rng)


def sample_showing(game: Any, seat: int, k: Knowledge, shown: dict[int, tuple[str, ...]],
                   rng: random.Random, deals: int = DEAL_ATTEMPTS, tries: int = SEAT_ATTEMPTS) -> Optional[Deal]:
    """A deal like :func:`sample_hidden`'s in which every seat of ``shown`` holds (as dealt) a
    hand showing those roles (T14, T15), drawn seat by seat so that a rare role does not make
    whole deals fail (``deals`` deals of ``tries`` hands a seat); None when none was found."""
    others = sorted((s for s in range(game.players) if s != seat),
                    key=lambda s: (s not in shown, -len(k.voids.get(s, ())), s))
    own = tuple(sorted(k.hand + k.played_by.get(seat, ())))
    for _ in range(deals):
        hands, left = {seat: own}, set(k.unseen)
        for s in others:
            hand = _hand_for(game, k, s, left, shown.get(s), rng, tries)
            if hand is None:
                break
            hands[s] = hand
            left.difference_update(hand)
        else:
            return Deal(tuple(hands[s] for s in range(game.players)), game.round.indicator)
    return None


def _hand_for(game: Any, k: Knowledge, s: int, left: set[int], roles: Optional[tuple[str, ...]],
              rng: random.Random, tries: int) -> Optional[tuple[int, ...]]:
    """A hand for seat ``s`` as dealt: the cards it played, the rest from ``left`` outside the
    suits it showed void in, showing ``roles`` (unless None); None when none was found."""
    rules, r = game.ruleset, game.round
    played = list(k.played_by.get(s, ()))
    voids = k.voids.get(s, frozenset())
    allowed = sorted(c for c in left if rules.deck.suit(c) not in voids)
    need = rules.hand_size - len(played)
    if len(allowed) < need:
        return None
    for _ in range(tries if roles is not None else 1):
        hand = tuple(sorted(played + rng.sample(allowed, need)))
        if roles is None or rules.evaluator.values(hand, r.trump, r.indicator).ids == roles:
            return hand
    return None


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
