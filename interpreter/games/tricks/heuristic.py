"""The heuristic bot: rules of thumb for every decision, deterministic, fast enough for rollouts.

- Mizuten (T6, T22): called before the deal, so judged from the table and the standings: the
  bonus expected (paid by every other seat when the round has the goers it needs and the start
  player takes enough tricks) against the cost of giving up the drop (a bad hand must go), both
  at the expected field multiplier; in the last round a start player behind the leader by no
  more than the bonus can bring calls, since the bonus may be what wins the game.
- Go or drop (T10-T15): the expected value of going (tricks expected from trump length and
  high cards, its role value from the evaluator, its chance at the pot, the forced-out payments
  it would owe) against the drop fee it would pay now, both times the field multiplier.
- Split (T16): split when the sure half of the pot is worth more than playing it out.
- Cards (T19): lead a card no unseen card can beat, else a low card; follow with the lowest card
  that surely wins, else the lowest card (ruffing with the lowest winning trump when void).
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from ....ruleset.model import Ruleset
from ....ruleset.model import TransferReasonName
from .rules import TrickTransfer
from ...engine.actions import ActionBase, Play
from ...parts.go_drop.actions import Declare, Split
from .actions import CallMizuten
from ...engine.gamestate import GameState
from ...engine.view import View
from .rules import trick_rules_of
from .going import OTHER_ROLE_VALUE, drop_cost, go_value, place_of, tricks_among
from .knowledge import Knowledge, knowledge
from ...parts.go_drop.rules import GoDropTransfer, go_drop_rules

MIZUTEN_MADE = 0.25             # chance that a mizuten start player's round pays the bonus (T22)
MIZUTEN_COST = 0.6              # the cost of going with every hand, in first drop fees (T6, T11)


def mean_factor(ruleset: Ruleset, transfer: TransferReasonName) -> float:
    """T8, T9: the field multiplier of ``transfer`` expected before the indicator is turned."""
    total = 0
    for card in ruleset.deck.cards:
        try:
            total += ruleset.field_for(card).factor(transfer)
        except KeyError:                    # a rank no field names: multiplier 1 (T8)
            total += 1
    return total / ruleset.deck.size


def mizuten_gain(ruleset: Ruleset, players: int) -> float:
    """T22: the bonus a mizuten call is expected to bring: every other seat pays it."""
    return trick_rules_of(ruleset).mizuten.bonus * (players - 1) * mean_factor(ruleset, TrickTransfer.MIZUTEN)


def wants_mizuten(ruleset: Ruleset, view: View) -> bool:
    """T6: call mizuten when the bonus expected beats the cost of giving up the drop, or, in the
    last round, when the bonus could lift a start player who trails the leader into the lead."""
    gain = mizuten_gain(ruleset, view.players)
    first_fee = go_drop_rules(ruleset).declaration.drop_fee.fee(0)
    cost = MIZUTEN_COST * first_fee * mean_factor(ruleset, GoDropTransfer.DROP_FEE)
    if gain * MIZUTEN_MADE > cost:
        return True
    behind = max(view.chips) - view.chips[view.seat]
    return view.round_index == view.rounds - 1 and 0 < behind <= gain


def wants_split(ruleset: Ruleset, view: View) -> bool:
    """T16: split when the sure half of the pot beats the expected result of playing."""
    earlier = view.goers[0] == view.seat
    half = view.pot - view.pot // 2 if earlier else view.pot // 2
    tricks = tricks_among(view.hand, view.play.trump, ruleset, 2)
    per, n = trick_rules_of(ruleset).trick_settlement.per_trick, ruleset.hand_size
    roles = ruleset.evaluator.evaluate(view.hand, view.play.trump, view.play.indicator).go
    p_pot = min(1.0, max(0.0, 0.5 + (tricks - n / 2) / 4))
    play = (per * (2 * tricks - n) + roles - OTHER_ROLE_VALUE) * view.multiplier + p_pot * view.pot
    return half >= play


class HeuristicBot:
    """The trick game's heuristic; in another play kind it plays as that kind's roll-out bot
    (matching play: ``heuristic_matching``)."""

    name = "heuristic"

    def choose(self, game: GameState, seat: int, rng: random.Random) -> ActionBase:
        if game.ruleset.play != "tricks":
            from ...bots.base import make_bot
            from ...engine.registry import search_for

            return make_bot(search_for(game.ruleset).rollout_bot, game.ruleset).choose(game, seat, rng)
        legal: tuple[ActionBase, ...] = game.legal_actions()    # the seat's own: its view's legal
        if len(legal) == 1:
            return legal[0]                 # no choice: no view needed
        view = game.view(seat)
        first = legal[0]
        rules = game.ruleset
        if isinstance(first, Play):         # most decisions: the legal action of the card chosen
            card = choose_card(view, knowledge(view, rules.deck))
            for action in legal:
                if isinstance(action, Play) and action.card == card:
                    return action
            return Play(card)
        if isinstance(first, CallMizuten):
            return _legal_one(legal, CallMizuten(wants_mizuten(rules, view)))
        if isinstance(first, Declare):
            place = place_of(view)
            return _legal_one(legal, Declare(go_value(rules, place) > -drop_cost(rules, place)))
        if isinstance(first, Split):
            return _legal_one(legal, Split(wants_split(rules, view)))
        return first


def _legal_one(legal: Sequence[ActionBase], chosen: ActionBase) -> ActionBase:
    """The action of ``legal`` equal to ``chosen`` (the very one the game gave, which it knows to
    be legal without comparing), else ``chosen``."""
    for action in legal:
        if action == chosen:
            return action
    return chosen


# -- card play (T19) ------------------------------------------------------------------------

def beats(card: int, best: int, trump: int | None, k: Knowledge) -> bool:
    """Whether ``card`` played now would beat the trick's ``best`` card so far."""
    suit = k.deck.suit_table
    s, b = suit[card], suit[best]
    if s == b:
        rank = k.deck.rank_table
        return rank[card] > rank[best]
    return s == trump


def winning_card(trick: Sequence[int], trump: int | None, k: Knowledge) -> int:
    best = trick[0]
    for c in trick[1:]:
        if beats(c, best, trump, k):
            best = c
    return best


def cheap(k: Knowledge) -> Callable[[int], tuple[bool, int]]:
    """The order in which cards are given away, as a sort key: side suits before trump, low
    before high."""
    suit, rank, trump = k.deck.suit_table, k.deck.rank_table, k.trump

    def order(card: int) -> tuple[bool, int]:
        return (suit[card] == trump, rank[card])
    return order


def safe(card: int, led: int, after: Sequence[int], k: Knowledge) -> bool:
    """Whether no seat still to play could hold a card that beats ``card`` (led suit ``led``): a
    trump above it (a seat void in the led suit, or trumps led, unless void in trump), or, of the
    led suit, a higher card of it (a seat not void in it)."""
    trump = k.trump
    suit = k.deck.suit_table[card]
    higher = k.higher_unseen(card)
    if trump is None:
        higher_trump = False
    elif suit == trump:
        higher_trump = higher
    else:
        higher_trump = k.unseen_in(trump) > 0
    outranked = higher and suit == led      # a card of the led suit above it is unseen
    voids, none = k.voids, frozenset[int]()
    for seat in after:
        void = voids.get(seat, none)
        if higher_trump and (trump is None or trump not in void) and (led == trump or led in void):
            return False                    # the seat may ruff it, or over-trump it
        if outranked and led not in void:
            return False                    # the seat may follow above it
    return True


def choose_card(view: View, k: Knowledge) -> int:
    legal = [a.card for a in view.legal if isinstance(a, Play)]      # all of them in trick play
    order = k.order
    me = order.index(k.seat)
    after = order[me + 1:]
    trick = view.play.trick
    if not trick:
        return lead(legal, order[1:], k)
    trump, given_away = k.trump, cheap(k)
    led = k.deck.suit_table[trick[0]]
    best = winning_card(trick, trump, k)
    sure = [c for c in legal if beats(c, best, trump, k) and safe(c, led, after, k)]
    if sure:
        return min(sure, key=given_away)    # the first of the cheapest, in the hand's order
    return min(legal, key=given_away)


def lead(legal: list[int], others: Sequence[int], k: Knowledge) -> int:
    """Lead a card nobody can beat; else draw trumps with the top trump; else a low side card."""
    suit, rank, trump = k.deck.suit_table, k.deck.rank_table, k.trump
    masters = [c for c in legal if safe(c, suit[c], others, k)]
    side = [c for c in masters if suit[c] != trump]
    if side:
        return max(side, key=rank.__getitem__)
    trumps = [c for c in legal if suit[c] == trump]
    if masters and len(trumps) >= 2:
        return max(masters, key=rank.__getitem__)
    non_trump = [c for c in legal if suit[c] != trump]
    if non_trump:
        counts = {s: sum(1 for c in non_trump if suit[c] == s) for s in {suit[c] for c in non_trump}}
        shortest = min(counts, key=lambda s: (counts[s], s))
        return min((c for c in non_trump if suit[c] == shortest), key=rank.__getitem__)
    return min(legal, key=rank.__getitem__)
