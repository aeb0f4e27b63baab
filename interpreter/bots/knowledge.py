"""What one seat knows about the cards of the current round, read from its view alone.

The cards out (played this round, in the seat's hand, the indicator), the cards still unseen,
who played what, and the suits each goer is known to be void in (T19: a goer who did not
follow the led suit holds none of it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional

from ...ruleset.cards import Deck
from ..view import View


@dataclass(frozen=True)
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

    def is_void(self, seat: int, suit: int) -> bool:
        return suit in self.voids.get(seat, frozenset())

    def higher_unseen(self, card: int) -> bool:
        """Whether an unseen card of ``card``'s suit outranks it."""
        d = self.deck
        return self.top_unseen.get(d.suit(card), -1) > d.rank(card)

    def unseen_in(self, suit: int) -> int:
        return self.count_unseen.get(suit, 0)


def trick_order(goers: tuple[int, ...], leader: int) -> tuple[int, ...]:
    """The goers in play order for a trick led by ``leader`` (clockwise among goers, T19)."""
    i = goers.index(leader)
    return goers[i:] + goers[:i]


def knowledge(view: View, deck: Deck) -> Knowledge:
    """Everything ``view.seat`` may know about this round's cards (called at every card the
    heuristic plays in a roll-out, so written for speed: a card is ``rank * width + suit``)."""
    width = len(deck.suits)                  # a card is rank * width + suit (cards.py)
    goers = view.goers
    played: dict[int, list[int]] = {g: [] for g in goers}
    voids: dict[int, set[int]] = {g: set() for g in goers}
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick and view.trick_leader is not None:
        tricks.append((view.trick_leader, view.trick))
    out = set(view.hand)
    for leader, cards in tricks:
        led = cards[0] % width
        for seat, card in zip(trick_order(goers, leader), cards):
            played[seat].append(card)
            out.add(card)
            if card % width != led:
                voids[seat].add(led)
    if view.indicator is not None:
        out.add(view.indicator)
    top: dict[int, int] = {}
    count: dict[int, int] = {}
    unseen = []
    for c in range(deck.size):               # ascending: the last rank seen per suit is the top
        if c in out:
            continue
        unseen.append(c)
        s = c % width
        count[s] = count.get(s, 0) + 1
        top[s] = c // width
    order = trick_order(goers, view.trick_leader) if view.trick_leader is not None else tuple(goers)
    return Knowledge(
        seat=view.seat, deck=deck, trump=view.trump, hand=tuple(view.hand),
        played_by={s: tuple(cs) for s, cs in played.items()},
        voids={s: frozenset(v) for s, v in voids.items()},
        unseen=frozenset(unseen), order=order, top_unseen=top, count_unseen=count,
    )
