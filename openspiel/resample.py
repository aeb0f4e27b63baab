"""A deal of the current round consistent with what one seat has seen, for
``resample_from_infostate``.

Trick play uses the engine's own :func:`~hachihachi.interpreter.bots.determinize.determinize`
(the cards each goer played, the suits it showed void). Matching play keeps every card the seat
has seen where it was seen (its hand, the field, the cards each seat played from its hand or
showed for a hand role, the stock cards turned so far) and deals the rest at random. Either way
the bridge replays the round on the sampled deal and keeps it only when the seat's
information state comes out the same (see :meth:`~.game.HachiState.resample_from_infostate`).
"""

from __future__ import annotations

import random
from typing import Optional

from ..interpreter.actions import CHANCE, Deal
from ..interpreter.bots.determinize import determinize, round_events
from ..interpreter.bots.knowledge import knowledge
from ..interpreter.events import Applied, RolesShown
from ..interpreter.phases.hanafuda import HanaDeal, HandRolesShown
from ..interpreter.play.matching import Captured


def sample_deal(game, seat: int, rng: random.Random):
    """A deal of ``game``'s current round that ``seat`` cannot tell from the real one, or None
    when the round has not been dealt yet."""
    events = round_events(game)
    real = next((e.action for e in events if isinstance(e, Applied) and e.seat == CHANCE), None)
    if real is None:
        return None
    if isinstance(real, HanaDeal):
        return _matching_deal(real, events, seat, rng)
    assert isinstance(real, Deal)
    shown = {e.seat: e.roles for e in events if isinstance(e, RolesShown)}
    if not shown:
        world = determinize(game, seat, rng)
        return next(a for a in world.actions if type(a) is type(real))
    return _trick_deal(game, real, seat, shown, rng)


def _trick_deal(game, real: Deal, seat: int, shown: dict, rng: random.Random) -> Deal:
    """Like the engine's ``sample_hidden``, and each hand also shows the roles its seat showed
    (T14, T15): sampled seat by seat, so that rare roles do not make whole deals fail."""
    k = knowledge(game.view(seat), game.ruleset.deck)
    others = sorted((s for s in range(game.players) if s != seat),
                    key=lambda s: (s not in shown, -len(k.voids.get(s, ())), s))
    for _ in range(SEAT_ATTEMPTS):
        hands, left = {seat: tuple(real.hands[seat])}, set(k.unseen)
        for s in others:
            hand = _hand_for(game, k, s, left, shown.get(s), rng)
            if hand is None:
                break
            hands[s] = hand
            left.difference_update(hand)
        else:
            return Deal(tuple(hands[s] for s in range(game.players)), real.indicator)
    world = determinize(game, seat, rng)            # a deal the replay check is likely to refuse
    return next(a for a in world.actions if type(a) is type(real))


def _hand_for(game, k, s: int, left: set, roles, rng: random.Random):
    """A hand for seat ``s`` as dealt: the cards it played, the rest from ``left`` outside the
    suits it showed void in, showing ``roles`` (unless None); None when none was found."""
    rules, r = game.ruleset, game.round
    played = list(k.played_by.get(s, ()))
    voids = k.voids.get(s, frozenset())
    allowed = sorted(c for c in left if rules.deck.suit(c) not in voids)
    need = rules.hand_size - len(played)
    if len(allowed) < need:
        return None
    for _ in range(SEAT_ATTEMPTS):
        hand = tuple(sorted(played + rng.sample(allowed, need)))
        if roles is None or rules.evaluator.values(hand, r.trump, r.indicator).ids == roles:
            return hand
    return None


SEAT_ATTEMPTS = 50


def _matching_deal(real: HanaDeal, events: list, seat: int, rng: random.Random) -> HanaDeal:
    known: dict[int, list[int]] = {s: [] for s in range(len(real.hands))}
    turned: list[int] = []
    for e in events:
        if isinstance(e, Captured) and e.turned:
            turned.append(e.card)
        elif isinstance(e, (Captured, HandRolesShown)):
            shown = (e.card,) if isinstance(e, Captured) else e.cards
            known[e.seat].extend(c for c in shown if c not in known[e.seat])
    known[seat] = list(real.hands[seat])
    placed = {c for cs in known.values() for c in cs} | set(real.field) | set(turned)
    pool = [c for h in real.hands for c in h if c not in placed] + [c for c in real.stock if c not in placed]
    rng.shuffle(pool)
    hands = []
    for s, hand in enumerate(real.hands):
        take = len(hand) - len(known[s])
        hands.append(tuple(sorted(known[s] + pool[:take])))
        del pool[:take]
    return HanaDeal(tuple(hands), real.field, tuple(turned) + tuple(pool))


def seed_from(sampler) -> Optional[int]:
    """A seed drawn from OpenSpiel's probability sampler (a callable giving floats in [0, 1))."""
    try:
        return int(sampler() * 2 ** 53)
    except TypeError:
        return None
