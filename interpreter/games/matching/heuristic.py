"""A simple bot for matching play (hanafuda): take the most points now, else shed the cheapest card.

It reads only its :class:`~..view.View` (the field, captures, its own hand and legal actions). An action's score is the
points it captures, plus a bonus for cards that a capture role of the ruleset names; without a
capture it plays the card of least value. Ties go to the first in the legal order, so the bot is
deterministic; ``rng`` is accepted for the common interface.

Go or drop (the go/drop form, T10-T14 on H1): judged from the hand and the field, with the
ruleset's fees: the card points the hand is expected to capture above an average hand (its own
points and the field cards of its months), its hand roles (paid by every other goer, in kan),
the forced-out payments it would owe (per card class, estimated from the unseen cards) and its
chance at the pot, all times the field, against the drop fee it pays now. Any other decision
outside matching play is a random legal action.
"""

from __future__ import annotations

import random
from typing import Any, Iterable, Optional, cast

from .deck import HanafudaDeck
from .rules import HanafudaRules
from ....ruleset.model import Phase, Ruleset
from ...engine.actions import ActionBase, Choose, Play
from ...engine.draws import choice
from ...parts.go_drop.actions import Declare
from ...engine.gamestate import GameState
from ...engine.view import View
from .play import PLAY_ON, STOP, Capture, pile_roles
from ...parts.go_drop.rules import go_drop_rules

ROLE_CARD_BONUS = 6
CAPTURE_SHARE = 0.6             # card points over par per point of hand strength over the mean
GOER_SHARE = 0.45               # share of the seats still to declare expected to go


class MatchingHeuristicBot:
    name = "heuristic_matching"
    plays = frozenset({"matching"})

    def __init__(self) -> None:
        self._kept: Optional[tuple[Ruleset, tuple[int, ...], tuple[int, ...]]] = None   # see _values

    def choose(self, game: GameState, seat: int, rng: random.Random) -> ActionBase:
        legal: tuple[ActionBase, ...] = game.legal_actions()    # the seat's own: its view's legal
        if len(legal) == 1:
            return legal[0]                 # no choice: no view needed
        view = game.view(seat)
        legal = view.legal
        first = legal[0]
        if isinstance(first, Declare):
            return Declare(go_value(game.ruleset, view) > -drop_cost(game.ruleset, view))
        if isinstance(first, Choose):           # the answers of a decision (a phase's are of one kind)
            if STOP in legal and PLAY_ON in legal:
                return stop_or_play_on(game.ruleset, view)
            return first                        # a house rule's question (ask): its first answer, as written
        if not view.play.captures or view.phase is not Phase.PLAY:     # not matching play
            return choice(legal, rng)
        values, month = self._values(game.ruleset)
        by_month: dict[int, list[int]] = {}         # the field's cards of each month, in field order
        for f in view.play.table_cards:
            by_month.setdefault(month[f], []).append(f)

        def score(action: ActionBase) -> int:
            assert isinstance(action, (Play, Capture))      # the legal actions of matching play
            card = action.card
            if isinstance(action, Capture):
                return values[card] + values[action.target]
            taken = by_month.get(month[card])
            if taken:
                return values[card] + sum(values[f] for f in taken)
            return -values[card]

        return max(legal, key=score)


    def _values(self, ruleset: Ruleset) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each card's value to capture (its points, and :data:`ROLE_CARD_BONUS` for a card a
        capture role names) and its month, read once for the ruleset the bot last played."""
        kept = self._kept
        if kept is None or kept[0] is not ruleset:
            deck, wanted = hanafuda_deck(ruleset), ruleset.kind_rules.capture_role_cards
            kept = self._kept = (ruleset, tuple(deck.points(c) + (ROLE_CARD_BONUS if c in wanted else 0)
                                                for c in range(deck.size)),
                                 tuple(deck.rank(c) for c in range(deck.size)))
        return kept[1], kept[2]


def stop_or_play_on(ruleset: Ruleset, view: View) -> Choose:
    """H18 with ``after_capture_role: choose``: the role is paid either way; playing on risks the
    card points against par (H21) and the other seats' roles for the chance of more. Play on only
    when the captures already reach par (the card points then likely pay, not cost) and cards are
    left to play; else stop."""
    if ruleset.kind_rules.capture_roles_paid == "at_stop":
        return koi_or_stop(ruleset, view)
    deck = hanafuda_deck(ruleset)
    mine = dict(view.play.captures).get(view.seat, ())
    return PLAY_ON if view.hand and deck.points_of(mine) >= ruleset.kind_rules.par else STOP


KOI_HAND = 4        # cards the hand must still hold to call koi


def koi_or_stop(ruleset: Ruleset, view: View) -> Choose:
    """K15 (capture roles paid at the stop): calling koi risks the whole total, since a role of
    the seat that loses the round is paid nothing. Call koi only with a small total (below the 7
    that doubles it), KOI_HAND or more cards in hand, and no other seat's captures making a role
    yet (it could stop first); else stop."""
    piles = dict(view.play.captures)
    mine = pile_roles(ruleset, piles.get(view.seat, ()), piles.values()).go
    others = any(pile_roles(ruleset, pile, piles.values()).go for seat, pile in piles.items()
                 if seat != view.seat and pile)
    return PLAY_ON if len(view.hand) >= KOI_HAND and mine < 7 and not others else STOP


def hanafuda_deck(ruleset: Ruleset) -> HanafudaDeck:
    """The deck of a matching ruleset, with card points."""
    return cast(HanafudaDeck, ruleset.deck)


def strength(ruleset: Ruleset, hand: Iterable[int], field: Iterable[int]) -> float:
    """The card points ``hand`` may capture: its own points and those of the field cards of its months."""
    deck = hanafuda_deck(ruleset)
    months = {deck.rank(c) for c in hand}
    return sum(deck.points(c) for c in hand) + sum(deck.points(f) for f in field if deck.rank(f) in months)


def mean_strength(ruleset: Ruleset) -> float:
    """The strength of an average hand: its points, and the field's cards of the same months."""
    deck, n = hanafuda_deck(ruleset), ruleset.hand_size
    per_card = sum(deck.points(c) for c in deck.cards) / deck.size
    mates = deck.size / len(deck.ranks) - 1                   # the other cards of a month
    rules: HanafudaRules = ruleset.kind_rules
    field_share = rules.field_cards / (deck.size - 1)
    return n * per_card * (1 + mates * field_share)


def go_value(ruleset: Ruleset, view: View) -> float:
    """The points going is expected to bring this round against dropping nothing (T10-T14, H1)."""
    rules: HanafudaRules = ruleset.kind_rules
    mult, kan = view.multiplier, rules.kan
    undeclared = view.players - len(view.declarations) - 1
    goers = min(go_drop_rules(ruleset).declaration.max_goers, len(view.goers) + 1 + round(GOER_SHARE * undeclared))
    if goers == 1:
        return float(view.pot)                                # T17: a lone goer takes the pot
    edge = CAPTURE_SHARE * (strength(ruleset, view.hand, view.play.table_cards) - mean_strength(ruleset))
    value = edge * mult
    value += (goers - 1) * ruleset.evaluator.evaluate(view.hand).go * kan * mult     # H8-H11
    forced = max(0.0, view.players - len(view.dropped) - goers - 0.5 * undeclared)
    value -= forced * forced_out_expected(ruleset, view) * mult                    # T14
    p_pot = min(1.0, max(0.0, 1 / goers + edge / (2 * rules.par)))
    fees = 0.5 * undeclared * go_drop_rules(ruleset).declaration.drop_fee.fee(len(view.dropped)) * mult
    return value + p_pot * (view.pot + fees)                                       # T21


def forced_out_expected(ruleset: Ruleset, view: View) -> float:
    """T14: what one forced-out seat is expected to be paid per card class, from the unseen cards."""
    seen = set(view.hand) | set(view.play.table_cards)
    unseen = [c for c in ruleset.deck.cards if c not in seen]
    if not unseen:
        return 0.0
    ev, share = ruleset.evaluator, ruleset.hand_size / len(unseen)
    return sum(value * ev.count_class(name, unseen) * share
               for name, value in go_drop_rules(ruleset).forced_out.per_card.items())


def drop_cost(ruleset: Ruleset, view: View) -> int:
    """T11: the fee this seat pays into the pot if it drops now, times the field."""
    return go_drop_rules(ruleset).declaration.drop_fee.fee(len(view.dropped)) * view.multiplier


def make(**options: Any) -> MatchingHeuristicBot:
    return MatchingHeuristicBot()


__all__ = ["MatchingHeuristicBot", "Play"]
