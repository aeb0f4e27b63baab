"""What one seat knows about the cards of the current round, read from its view alone.

The cards out (played this round, in the seat's hand, the indicator), the cards still unseen,
who played what, and the suits each goer is known to be void in (T19: a goer who did not
follow the led suit holds none of it).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping, Optional, Sequence

from ....ruleset.cards import Deck
from ...engine.events import slot_setters
from ...engine.view import View


@dataclass(frozen=True, slots=True)
class Knowledge:
    seat: int
    deck: Deck
    trump: Optional[int]
    hand: tuple[int, ...]
    played_by: Mapping[int, tuple[int, ...]]        # cards each goer played this round, in order
    voids: Mapping[int, frozenset[int]]             # suits each goer is known not to hold
    unseen: frozenset[int]                          # cards this seat has not seen this round
    order: tuple[int, ...]                          # the goers in the current trick's play order
    top_unseen: Mapping[int, int]                   # suit -> the highest unseen rank in it
    count_unseen: Mapping[int, int]                 # suit -> how many of its cards are unseen

    def __init__(self, seat: int, deck: Deck, trump: Optional[int], hand: tuple[int, ...],
                 played_by: Mapping[int, tuple[int, ...]], voids: Mapping[int, frozenset[int]],
                 unseen: frozenset[int], order: tuple[int, ...], top_unseen: Mapping[int, int],
                 count_unseen: Mapping[int, int]) -> None:
        # made at every card the heuristic plays in a roll-out: each slot set through its setter,
        # as the events most made are (engine/events.py)
        a, b, c, d, e, f, g, h, i, j = _KNOWLEDGE_SLOTS
        a(self, seat)
        b(self, deck)
        c(self, trump)
        d(self, hand)
        e(self, played_by)
        f(self, voids)
        g(self, unseen)
        h(self, order)
        i(self, top_unseen)
        j(self, count_unseen)

    def higher_unseen(self, card: int) -> bool:
        """Whether an unseen card of ``card``'s suit outranks it."""
        d = self.deck
        return self.top_unseen.get(d.suit_table[card], -1) > d.rank_table[card]

    def unseen_in(self, suit: int) -> int:
        return self.count_unseen.get(suit, 0)


_KNOWLEDGE_SLOTS = slot_setters(Knowledge)


def trick_order(goers: tuple[int, ...], leader: int) -> tuple[int, ...]:
    """The goers in play order for a trick led by ``leader`` (clockwise among goers, T19)."""
    i = goers.index(leader)
    return goers[i:] + goers[:i]


def knowledge(view: View, deck: Deck) -> Knowledge:
    """Everything ``view.seat`` may know about this round's cards (called at every card the
    heuristic plays in a roll-out, so written for speed: a card is ``rank * width + suit``, and
    the unseen cards of a suit are read from its cards ranked high to low, :func:`_suits`)."""
    width, cards, by_suit, suit_sets = _suits(deck)
    goers = view.goers
    play = view.play
    played: dict[int, list[int]] = {g: [] for g in goers}
    voids: dict[int, set[int]] = {g: set() for g in goers}
    out = set(view.hand)
    n = len(goers)
    for t in play.tricks:
        _read_trick(t.leader, t.cards, goers, n, width, played, voids, out)
    leader = play.trick_leader
    if play.trick and leader is not None:
        _read_trick(leader, play.trick, goers, n, width, played, voids, out)
    if play.indicator is not None:
        out.add(play.indicator)
    unseen = cards - out
    top: dict[int, int] = {}
    count: dict[int, int] = {}
    for s, high_to_low in enumerate(by_suit):
        for c in high_to_low:               # the suit's highest unseen card, if any
            if c in unseen:
                top[s] = c // width
                count[s] = len(suit_sets[s] & unseen)
                break
    order = trick_order(goers, leader) if leader is not None else tuple(goers)
    return Knowledge(
        seat=view.seat, deck=deck, trump=play.trump, hand=tuple(view.hand),
        played_by={s: tuple(cs) for s, cs in played.items()},
        voids={s: frozenset(v) for s, v in voids.items()},
        unseen=unseen, order=order, top_unseen=top, count_unseen=count,
    )


def _read_trick(leader: int, trick: Sequence[int], goers: tuple[int, ...], n: int, width: int,
                played: dict[int, list[int]], voids: dict[int, set[int]], out: set[int]) -> None:
    """Note a trick's cards: who played which (clockwise among goers from ``leader``), the suits
    shown void in, the cards out."""
    led = trick[0] % width
    i = goers.index(leader)
    for j, card in enumerate(trick):
        seat = goers[(i + j) % n]
        played[seat].append(card)
        if card % width != led:
            voids[seat].add(led)
    out.update(trick)


Suits = tuple[int, frozenset[int], tuple[tuple[int, ...], ...], tuple[frozenset[int], ...]]


def _suits(deck: Deck) -> Suits:
    """The deck's suit count, its cards, each suit's cards from the highest rank down, and each
    suit's cards as a set."""
    return _suits_of(deck.size, len(deck.suits))


@lru_cache(maxsize=16)
def _suits_of(size: int, width: int) -> Suits:
    """:func:`_suits` of a deck of ``size`` cards numbered ``rank * width + suit`` (once a shape:
    keyed by what decides it, not by a deck object's id, which a later deck may reuse)."""
    by_suit = tuple(tuple(sorted((c for c in range(size) if c % width == s), reverse=True)) for s in range(width))
    return width, frozenset(range(size)), by_suit, tuple(frozenset(cs) for cs in by_suit)
