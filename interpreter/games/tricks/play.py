"""T19: trick play among the goers: follow suit, highest trump or else highest of the led suit.

Also the trick game's own state of a round (:class:`TrickRound`), which its phases fill.
"""

from __future__ import annotations

from dataclasses import dataclass, field as dc_field
from functools import lru_cache
from typing import Optional

from ....ruleset.errors import IllegalAction
from ....ruleset.model import Ruleset
from ...engine.actions import Play
from .events import TrickTaken
from ...engine.state import Table
from .rules import trick_rules_of


@dataclass(slots=True)
class TrickRound:
    """The trick game's own state of a round (``RoundState.kind_state``): the mizuten call
    (T6), the turned indicator and the trump suit (T7, T8), the tricks each goer won (T19)."""

    mizuten: bool = False
    mizuten_answered: bool = False
    indicator: Optional[int] = None
    trump: Optional[int] = None
    tricks_won: dict[int, int] = dc_field(default_factory=dict)

    def copy(self) -> TrickRound:
        """An independent copy (``RoundState.copy``)."""
        return TrickRound(self.mizuten, self.mizuten_answered, self.indicator, self.trump, dict(self.tricks_won))


def trick_round(t: Table) -> TrickRound:
    """The trick game's state of the table's current round."""
    part: TrickRound = t.round.kind_state
    return part


@dataclass(slots=True)
class TrickState:
    """The trick play of one round: the goers in play order, the trick on the table, the past ones."""

    goers: list[int]
    leader: int
    current: list[int] = dc_field(default_factory=list)      # cards of the trick in play order
    done: list[TrickTaken] = dc_field(default_factory=list)
    turn: int = -1                                            # index in ``goers`` of the seat to play

    def __post_init__(self) -> None:
        if self.turn < 0:
            self.turn = self.goers.index(self.leader)

    def to_play(self) -> int:
        return self.goers[self.turn]

    def copy(self) -> TrickState:
        """An independent copy (``RoundState.copy``); the tricks taken are frozen events, shared."""
        return TrickState(list(self.goers), self.leader, list(self.current), list(self.done), self.turn)


def trick_winner(cards: list[int], leader_index: int, order: list[int], trump: Optional[int],
                 ruleset: Ruleset) -> int:
    """The seat that wins a trick whose ``cards`` were played by ``order`` starting at the leader."""
    suits = len(ruleset.deck.suits)
    best = _best_card(cards, _trick_keys(trump, suits, ruleset.deck.size), suits)
    return order[(leader_index + best) % len(order)]


def _best_card(cards: list[int], keys: tuple[tuple[int, ...], ...], suits: int) -> int:
    """The index in ``cards`` of the highest trump, or else of the highest card of the led suit
    (``keys``: the cards' strengths for the round's trump, :func:`_trick_keys`)."""
    return cards.index(max(cards, key=keys[cards[0] % suits].__getitem__))


@lru_cache(maxsize=64)
def _trick_keys(trump: Optional[int], suits: int, size: int) -> tuple[tuple[int, ...], ...]:
    """For each led suit, each card's strength in a trick: a trump above every card of the led
    suit, which is above every other card; by the card (its rank) within those. Read by
    :func:`_best_card` for cards below ``size``."""
    return tuple(tuple(c + (2 * 65536 if c % suits == trump else 65536 if c % suits == led else 0)
                       for c in range(size)) for led in range(suits))


class TrickEngine:
    """Trick play (T19): the first goer leads; clockwise among the goers; 7 tricks."""

    standing_unit = "tricks"

    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset
        self._suits = len(ruleset.deck.suits)
        self._plays = tuple(Play(c) for c in ruleset.deck.cards)     # one shared action per card
        self._follow = trick_rules_of(ruleset).trick_play.must_follow_suit
        self._trump = trick_rules_of(ruleset).trick_play.must_trump
        self._size = ruleset.deck.size
        self._keys = {trump: _trick_keys(trump, self._suits, self._size) for trump in (None, *range(self._suits))}
        """The cards' strengths in a trick (:func:`_trick_keys`) for each trump, or none."""

    def start(self, t: Table) -> None:
        r = t.round
        r.play = TrickState(goers=list(r.playing), leader=r.playing[0], turn=0)       # the first goer leads
        trick_round(t).tricks_won = dict.fromkeys(r.playing, 0)

    def standing(self, t: Table) -> dict[int, int]:
        return trick_round(t).tricks_won

    def actor(self, t: Table) -> Optional[int]:
        r = t.round
        p: TrickState = r.play                  # typed: the compiled engine reads it natively
        seat = p.goers[p.turn]
        return seat if r.hands[seat] else None

    def legal(self, t: Table) -> tuple[Play, ...]:
        r = t.round
        p: TrickState = r.play
        hand = r.hands[p.goers[p.turn]]         # sorted since the deal
        plays = self._plays
        if not p.current:                       # the leader plays any card
            return tuple([plays[c] for c in hand])
        return tuple([plays[c] for c in self.playable(t, hand)])

    def playable(self, t: Table, hand: list[int]) -> list[int]:
        """T19: cards of the led suit if the hand has any (``must_follow_suit``), else the whole
        hand, or only its trumps when it has some and the rule file says ``must_trump``."""
        p: TrickState = t.round.play
        current = p.current
        if not current:
            return hand
        n = self._suits
        led = current[0] % n
        if self._follow:
            follow = [c for c in hand if c % n == led]
            if follow:
                return follow
        if self._trump and not any(c % n == led for c in hand):
            trump = trick_round(t).trump
            trumps = [c for c in hand if c % n == trump]
            if trumps:
                return trumps
        return hand

    def check(self, t: Table, action: object) -> None:
        deck = self.ruleset.deck
        if not isinstance(action, Play):
            raise IllegalAction(f"{action!r} is not a card to play; it is trick play")
        seat = t.round.play.to_play()
        hand = t.round.hands[seat]
        if action.card not in hand:
            shown = deck.name(action.card) if isinstance(action.card, int) and 0 <= action.card < deck.size \
                else repr(action.card)
            raise IllegalAction(f"seat {seat} does not hold {shown} (hand: {deck.format(sorted(hand))})")
        if action.card not in self.playable(t, hand):
            led = deck.suit(t.round.play.current[0])
            if any(deck.suit(c) == led for c in hand):
                raise IllegalAction(f"revoke: seat {seat} plays {deck.name(action.card)} but holds the led "
                                    f"suit {deck.suits[led]} and must follow (hand: {deck.format(sorted(hand))})")
            raise IllegalAction(f"seat {seat} plays {deck.name(action.card)} but cannot follow and holds a trump, "
                                f"so must trump (trick_play.must_trump; hand: {deck.format(sorted(hand))})")

    def apply(self, t: Table, action: Play) -> None:
        r = t.round
        p: TrickState = r.play
        goers = p.goers
        r.hands[goers[p.turn]].remove(action.card)
        p.current.append(action.card)
        p.turn = (p.turn + 1) % len(goers)
        if len(p.current) < len(goers):
            return
        part: TrickRound = r.kind_state
        best = _best_card(p.current, self._keys[part.trump], self._suits)
        winner_i = (p.turn + best) % len(goers)         # p.turn: the leader again
        winner = goers[winner_i]
        taken = TrickTaken(r.index, len(p.done), p.leader, tuple(p.current), winner)
        p.done.append(taken)
        t.emit_play(taken)
        part.tricks_won[winner] += 1
        p.leader, p.current, p.turn = winner, [], winner_i
