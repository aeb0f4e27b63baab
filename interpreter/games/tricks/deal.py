"""T7, T8: the trick game's deal (a chance action), the indicator, trump and the field."""

from __future__ import annotations

import random

from mypy_extensions import mypyc_attr

from ....ruleset.errors import IllegalAction
from ....ruleset.model import Ruleset
from .rules import TrickPhase
from .actions import Deal
from .play import trick_round
from .rules import trick_rules_of
from ...engine.draws import shuffle
from ...engine.events import FieldMade
from ...engine.phases.chance import ChancePhase
from ...engine.state import Table


class DealSpace:
    """The set of all valid deals for a table: supports ``in``, checking and sampling."""

    def __init__(self, ruleset: Ruleset, players: int):
        self.ruleset, self.players = ruleset, players
        self._deck = tuple(ruleset.deck.cards)
        n = ruleset.hand_size
        self._cuts = tuple(range(0, players * n, n))        # where each hand begins in the shuffled deck
        self._n, self._turned = n, players * n

    def sample(self, rng: random.Random) -> Deal:
        """A uniformly random deal: shuffle the deck, deal hands, turn the next card."""
        cards = list(self._deck)
        shuffle(cards, rng)
        n = self._n
        hands = []
        for i in self._cuts:
            hand = cards[i:i + n]
            hand.sort()                                     # in place: no second list a hand
            hands.append(tuple(hand))
        return Deal(tuple(hands), cards[self._turned])

    def problem(self, deal: object) -> str | None:
        """Why ``deal`` is not a valid deal, or None."""
        if not isinstance(deal, Deal):
            return f"{deal!r} is not a deal"
        deck = self.ruleset.deck
        if len(deal.hands) != self.players:
            return f"the deal has {len(deal.hands)} hands for {self.players} players"
        seen: set[int] = set()
        for seat, hand in enumerate(deal.hands):
            if len(hand) != self.ruleset.hand_size:
                return f"seat {seat} is dealt {len(hand)} cards instead of {self.ruleset.hand_size}"
            for card in hand:
                if not isinstance(card, int) or not 0 <= card < deck.size:
                    return f"seat {seat} is dealt {card!r}, which is not a card of the deck"
                if card in seen:
                    return f"the card {deck.name(card)} is dealt twice"
                seen.add(card)
        if not isinstance(deal.indicator, int) or not 0 <= deal.indicator < deck.size:
            return f"the indicator {deal.indicator!r} is not a card of the deck"
        if deal.indicator in seen and not goes_to_start(self.ruleset, deal.indicator):
            return f"the indicator {deck.name(deal.indicator)} is also in a hand"
        return None

    def __contains__(self, deal: object) -> bool:
        return self.problem(deal) is None

    def __repr__(self) -> str:
        return f"<any deal of {self.ruleset.hand_size} cards to {self.players} seats and an indicator>"


@mypyc_attr(allow_interpreted_subclasses=True)     # the told rounds (told_*.py) subclass it
class DealPhase(ChancePhase):
    """T7: the trick game's deal: the hands and the turned indicator, which makes trump and the field."""

    phase = TrickPhase.DEAL

    def space(self, players: int) -> DealSpace:
        return DealSpace(self.ruleset, players)

    def check(self, t: Table, action: object) -> None:
        super().check(t, action)
        assert isinstance(action, Deal)         # checked just above
        held = [s for s, h in enumerate(action.hands) if action.indicator in h]
        if held and held != [t.round.start]:    # T7 indicator: dealer_hand, a deal given as held
            raise IllegalAction(f"bad deal: the indicator {self.ruleset.deck.name(action.indicator)} is in "
                                f"seat {held[0]}'s hand, not the start player's")

    def apply(self, t: Table, action: Deal) -> None:
        r = t.round
        r.dealt = tuple(map(tuple, action.hands))
        r.hands = list(map(sorted, action.hands))           # kept sorted: legal cards come in order
        part = trick_round(t)
        part.indicator = action.indicator
        part.trump = self.ruleset.deck.suit(action.indicator)
        try:
            r.field = self.ruleset.field_for(action.indicator)
        except KeyError:            # a rank no field names: multiplier 1
            r.field = None
        t.emit(FieldMade(r.index, r.field.id if r.field else None, r.multiplier))
        own = trick_rules_of(self.ruleset).fields
        if r.field is not None:
            if r.field.id in own.no_trump:              # T8 trump: none
                part.trump = None
            if r.field.id in own.to_dealer and r.hands[r.start] and action.indicator not in r.hands[r.start]:
                to_start_hand(t, action.indicator)      # (a deal given as held has it there already)


def goes_to_start(ruleset: Ruleset, indicator: int) -> bool:
    """T7 ``indicator: dealer_hand``: whether ``indicator`` makes a field whose indicator goes into
    the start player's hand."""
    try:
        field = ruleset.field_for(indicator)
    except KeyError:
        return False
    return field.id in trick_rules_of(ruleset).fields.to_dealer


def to_start_hand(t: Table, indicator: int) -> None:
    """T7 ``indicator: dealer_hand``: the indicator goes into the start player's hand, which puts
    its weakest card out of play face down: the lowest rank of a suit other than trump, else the
    lowest trump; of equal ranks the first suit in the deck's order. The hand as dealt (read by
    the hand roles, T15) is the hand after the exchange."""
    r, deck = t.round, t.ruleset.deck
    hand = r.hands[r.start]
    trump = trick_round(t).trump
    out = min(hand, key=lambda c: (deck.suit(c) == trump, deck.rank(c), deck.suit(c)))
    hand.remove(out)
    hand.append(indicator)
    hand.sort()
    assert r.dealt is not None          # set by the deal just before
    dealt = list(r.dealt)
    dealt[r.start] = tuple(hand)
    r.dealt = tuple(dealt)

