"""Determinization of a matching-play (hanafuda) round: the hidden hands and stock sampled anew.

What the seat has seen is kept: its own hand, the field as dealt (the field now, with every
public capture undone, H14), the cards each seat played, the cards turned from the stock in
order (H15), and the cards a seat showed for its hand roles (H11). Everything else (the other
hands, the rest of the stock) is dealt at random from the cards the seat has not seen; where a
hand role ends the round at once (Koi-Koi's K6), a round still in play was won by nobody at the
deal, so no hidden hand holds such a role. In the
go/drop form the hands of the seats that did not go lie under the stock (as dealt, seat by seat
from the dealer), so cards turned from there fix the first cards of those hands.
"""

from __future__ import annotations

import random
from typing import Any, Optional, Sequence

from ....ruleset.errors import HachiError
from ...engine.draws import shuffle
from ...engine.events import RolesShown
from .phases import HanaDeal
from .play import Captured

ATTEMPTS = 200


Seen = tuple[tuple[int, ...], tuple[int, ...], list[int], dict[int, list[int]], dict[int, set[int]]]


def _seen(game: Any, seat: int, events: Sequence[object]) -> Seen:
    """(own hand as dealt, field as dealt, turned cards in order, cards played per seat, shown per seat)."""
    view = game.view(seat)
    field = set(view.play.table_cards)
    turned: list[int] = []
    played: dict[int, list[int]] = {}
    shown: dict[int, set[int]] = {}
    for e in events:
        if isinstance(e, Captured):
            if e.turned:
                turned.append(e.card)
            else:
                played.setdefault(e.seat, []).append(e.card)
        elif isinstance(e, RolesShown) and not e.captured:     # hand roles show their cards (H11)
            shown.setdefault(e.seat, set()).update(e.cards)
    for e in reversed(events):                      # undo the captures: the field as dealt
        if isinstance(e, Captured):
            if e.taken:
                field.update(e.taken)
            else:
                field.discard(e.card)
    if view.play.turned is not None:                # turned, waiting for this seat's choice
        turned.append(view.play.turned)
    own = tuple(sorted(set(view.hand) | set(played.get(seat, ()))))
    return own, tuple(sorted(field)), turned, played, shown


def sample_matching_deal(game: Any, seat: int, events: Sequence[object], rng: random.Random,
                         memo: Optional[dict[Any, Any]] = None, infer: bool = False) -> HanaDeal:
    """A hanafuda deal of the current round consistent with what ``seat`` has seen (the plug-in's
    ``sample_deal``; ``memo`` and ``infer`` are not used: every hidden card is dealt uniformly)."""
    rules, r = game.ruleset, game.round
    n, players = rules.hand_size, game.players
    own, field, turned, played, shown = _seen(game, seat, events)
    sizes = [len(h) for h in r.dealt] if r.dealt else [n] * players    # a seat sitting out: dealt none
    stock_size = rules.deck.size - sum(sizes) - len(field)
    head = turned[:stock_size]                      # the stock's known top cards
    under = turned[stock_size:]                     # turned from the hands put under the stock
    fixed, floor = _known_hands(r, seat, own, played, shown, under, n, players)
    known = set(head) | set(field) | {c for cs in fixed.values() for c in cs}
    pool = [c for c in rules.deck.cards if c not in known]
    order = sorted((s for s in range(players) if s != seat), key=lambda s: (s not in floor, s))
    # a round still in play was won by nobody at the deal: no hidden hand held a role that ends it
    ends_round, evaluate = rules.kind_rules.ends_round, rules.evaluator.evaluate
    for _ in range(ATTEMPTS):
        shuffle(pool, rng)
        dealt = _fill(pool, order, sizes, fixed, floor)
        if dealt is None:
            continue                                # a seat's cards cannot lie above its floor: deal again
        hands, left = dealt
        if len(head) + len(left) != stock_size:
            break
        if ends_round and any(evaluate(hands[s]).go > 0 for s in order):
            continue                                # that hand would have won the round at the deal (K6)
        return HanaDeal(tuple(tuple(sorted(hands[s])) for s in range(players)), field,
                        tuple(head) + tuple(left))
    raise HachiError(f"no hanafuda deal fits what seat {seat} has seen ({game.describe_state()})")


def _known_hands(r: Any, seat: int, own: tuple[int, ...], played: dict[int, list[int]], shown: dict[int, set[int]],
                 under: list[int], n: int, players: int) -> tuple[dict[int, list[int]], dict[int, int]]:
    """The cards ``seat`` knows each hand held: its own, each other seat's played and shown cards,
    and a dropped seat's hand put under the stock and turned (``under``, in the seats' order from
    the start); and the seats of a block turned only in part, whose other cards lie above its last."""
    fixed: dict[int, list[int]] = {s: [] for s in range(players)}
    fixed[seat] = list(own)
    for s in range(players):
        if s != seat:
            fixed[s] = sorted(set(played.get(s, ())) | shown.get(s, set()))
    floor: dict[int, int] = {}                      # seat -> its remaining cards lie above this card
    dropped = [s for s in r.seats_from_start() if s not in r.playing] if under else []
    for s in dropped:
        if not under:
            break
        block, under = under[:n], under[n:]
        fixed[s] = list(block)
        if len(block) < n:
            floor[s] = block[-1]
    return fixed, floor


def _fill(pool: list[int], order: list[int], sizes: list[int], fixed: dict[int, list[int]],
          floor: dict[int, int]) -> Optional[tuple[dict[int, list[int]], list[int]]]:
    """The hands of the seats of ``order`` filled from the shuffled ``pool`` in turn (a seat with
    a floor from its cards above it), and the cards left for the stock; None when a seat cannot be."""
    left, hands = list(pool), dict(fixed)
    for s in order:
        need = sizes[s] - len(fixed[s])
        allowed = [c for c in left if c > floor[s]] if s in floor else left
        if len(allowed) < need:
            return None
        take = allowed[:need]
        hands[s] = fixed[s] + take
        taken = set(take)
        left = [c for c in left if c not in taken]
    return hands, left
