"""Determinization of a trick-play round: every hidden hand sampled anew (T19).

What the seat has seen is kept: its own hand, the cards each goer already played, the suits a
goer showed it is void in, and the roles each goer (T15) and forced-out player (T14) showed: a
hand is drawn for such a seat until it shows the same roles (a seat whose roles are too rare to
draw in ``SEAT_ATTEMPTS`` tries makes the whole deal fall back to ignoring roles). The indicator
is the real one.

With a ``memo`` (one per position and seat: a search's decision), what was read of the seat's
view is kept, and so is every hand found that shows a seat's roles: the next deals draw only
``REUSE_ATTEMPTS`` fresh hands for that seat and, failing those, take one of the hands found
before that still fits the cards left, so rare roles cost their many draws once a decision
rather than once a world.

With ``infer``, a hand is also drawn for each seat until it fits the seat's go or drop
(:mod:`.inference`: one the heuristic would have declared the same with, or now and then one it
would not have), so that the goers hold the stronger hands, as they do at a real table.
"""

from __future__ import annotations

import random
from typing import Any, Optional, Sequence

from ....ruleset.errors import HachiError
from .actions import Deal
from ...engine.draws import choice, sample, shuffle
from ...engine.events import RolesShown, round_pot
from .inference import HandCheck, declaration_checks
from .knowledge import Knowledge, knowledge
from .deal import goes_to_start
from .play import TrickRound

ATTEMPTS = 200
SEAT_ATTEMPTS = 40              # hands drawn for one seat before its shown roles are given up
DEAL_ATTEMPTS = 3               # deals tried seat by seat before the roles are ignored
REUSE_ATTEMPTS = 3              # fresh hands drawn for a seat once the memo holds some that fit
POOL_SIZE = 256                 # hands kept per seat in a memo


def _part(game: Any) -> TrickRound:
    """The trick game's state of the game's current round (the real indicator and trump)."""
    part: TrickRound = game.round.kind_state
    return part


def _indicator(game: Any) -> int:
    """The round's real indicator (a round is determinized once dealt)."""
    indicator = _part(game).indicator
    assert indicator is not None
    return indicator


def sample_trick_deal(game: Any, seat: int, events: Sequence[object], rng: random.Random,
                      memo: Optional[dict[Any, Any]] = None, infer: bool = False) -> Deal:
    """A deal of the current round consistent with what ``seat`` has seen (the plug-in's
    ``sample_deal``); with ``infer``, weighed by what the declarations tell (module doc). Under
    T7's ``indicator: dealer_hand`` the deal is given as held: the indicator in the start
    player's hand, for a card of it not played yet (the one put out, which nobody else saw)."""
    deal = _sample_trick_deal(game, seat, events, rng, memo, infer)
    start = game.round.start
    if deal.indicator in deal.hands[start] or not goes_to_start(game.ruleset, deal.indicator):
        return deal
    played = knowledge(game.view(seat), game.ruleset.deck).played_by.get(start, ())
    hand = list(deal.hands[start])
    out = choice([c for c in hand if c not in played], rng)
    hand[hand.index(out)] = deal.indicator
    hands = list(deal.hands)
    hands[start] = tuple(sorted(hand))
    return Deal(tuple(hands), deal.indicator)


def _sample_trick_deal(game: Any, seat: int, events: Sequence[object], rng: random.Random,
                       memo: Optional[dict[Any, Any]] = None, infer: bool = False) -> Deal:
    seen = None if memo is None else memo.get(("seen", infer))
    if seen is None:
        view = game.view(seat)
        k = knowledge(view, game.ruleset.deck)
        shown = {e.seat: e.roles for e in events if isinstance(e, RolesShown) and e.seat != seat}
        checks = declaration_checks(game.ruleset, view, round_pot(events)) if infer else {}
        seen = (k, shown, checks)
        if memo is not None:
            memo[("seen", infer)] = seen
    k, shown, checks = seen
    if shown or checks:
        deal = sample_showing(game, seat, k, shown, rng, memo=memo, checks=checks)
        if deal is not None:
            return deal
    if shown and checks:
        deal = sample_showing(game, seat, k, shown, rng, memo=memo)
        if deal is not None:
            return deal
    return sample_hidden(game, seat, k, rng)


def sample_showing(game: Any, seat: int, k: Knowledge, shown: dict[int, tuple[str, ...]],
                   rng: random.Random, deals: int = DEAL_ATTEMPTS, tries: int = SEAT_ATTEMPTS,
                   memo: Optional[dict[Any, Any]] = None,
                   checks: Optional[dict[int, HandCheck]] = None) -> Optional[Deal]:
    """A deal like :func:`sample_hidden`'s in which every seat of ``shown`` holds (as dealt) a
    hand showing those roles (T14, T15), drawn seat by seat so that a rare role does not make
    whole deals fail (``deals`` deals of ``tries`` hands a seat); None when none was found.
    Each seat of ``checks`` holds a hand its check keeps (:mod:`.inference`).
    ``memo``: see the module's doc."""
    checks = checks or {}
    others = sorted((s for s in range(game.players) if s != seat),
                    key=lambda s: (s not in shown, s not in checks, -len(k.voids.get(s, ())), s))
    own = tuple(sorted(k.hand + k.played_by.get(seat, ())))
    for _ in range(deals):
        hands, left = {seat: own}, set(k.unseen)
        for s in others:
            roles, check = shown.get(s), checks.get(s)
            pool = None
            if memo is not None and (roles is not None or check is not None):
                pool = memo.setdefault(("shown", s, check is not None), [])
            hand = _hand_for(game, k, s, left, roles, rng, tries, pool, check)
            if hand is None:
                break
            hands[s] = hand
            left.difference_update(hand)
        else:
            return Deal(tuple(hands[s] for s in range(game.players)), _indicator(game))
    return None


def _hand_for(game: Any, k: Knowledge, s: int, left: set[int], roles: Optional[tuple[str, ...]],
              rng: random.Random, tries: int,
              pool: Optional[list[tuple[int, ...]]] = None,
              check: Optional[HandCheck] = None) -> Optional[tuple[int, ...]]:
    """A hand for seat ``s`` as dealt: the cards it played, the rest from ``left`` outside the
    suits it showed void in, showing ``roles`` (unless None) and kept by ``check`` (unless
    None); None when none was found. ``pool`` (a memo's) keeps the hands found so, and gives
    one that fits ``left`` when the few fresh draws made once it is not empty all fail."""
    rules, part = game.ruleset, _part(game)
    played = list(k.played_by.get(s, ()))
    voids = k.voids.get(s, frozenset())
    allowed = sorted(c for c in left if rules.deck.suit(c) not in voids)
    need = rules.hand_size - len(played)
    if len(allowed) < need:
        return None
    picky = roles is not None or check is not None
    if picky and pool:
        tries = min(tries, REUSE_ATTEMPTS)
    for _ in range(tries if picky else 1):
        hand = tuple(sorted(played + sample(allowed, need, rng)))
        if (roles is None or rules.evaluator.values(hand, part.trump, part.indicator).ids == roles) \
                and (check is None or check(hand, rng)):
            if pool is not None and len(pool) < POOL_SIZE:
                pool.append(hand)
            return hand
    return _from_pool(pool, left, played, rng) if pool else None


def _from_pool(pool: list[tuple[int, ...]], left: set[int], played: list[int],
               rng: random.Random) -> Optional[tuple[int, ...]]:
    """A hand of the memo's ``pool`` that the cards ``left`` (and the seat's ``played`` ones)
    can still make, at random; None when none can."""
    mine = set(played)
    fits = [h for h in pool if all(c in left or c in mine for c in h)]
    return choice(fits, rng) if fits else None


def sample_hidden(game: Any, seat: int, k: Knowledge, rng: random.Random) -> Deal:
    """A deal of the current round: ``seat``'s own cards as dealt, every other hand sampled."""
    rules = game.ruleset
    n, suit = rules.hand_size, rules.deck.suit
    others = [s for s in range(game.players) if s != seat]
    size = {s: n - len(k.played_by.get(s, ())) for s in others}
    others.sort(key=lambda s: (-len(k.voids.get(s, ())), s))
    pool = sorted(k.unseen)
    for _ in range(ATTEMPTS):
        shuffle(pool, rng)
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
            return Deal(dealt, _indicator(game))
    raise HachiError(f"no deal fits what seat {seat} has seen ({game.describe_state()})")
