"""T1-T9: material, the deal, the field and its multiplier (pinned decks)."""

import dataclasses

import pytest

from hachihachi.interpreter import CHANCE, CallMizuten, Deal, GameState
from hachihachi.interpreter.games.tricks.play import trick_winner
from hachihachi.ruleset.errors import IllegalAction, SetupError
from hachihachi.ruleset.model import Chips, TransferReason
from tests.interp_support import (DROP, GO, RULES, assert_zero_sum, c, deal, flows, new_game, run, transfers,
                           variant)
from hachihachi.interpreter.parts.go_drop.rules import GoDropTransfer


def test_T1_deck_has_52_cards_and_ace_ranks_highest():
    assert RULES.deck.size == 52
    order = [c("2s"), c("As"), c("Ks"), c("Ts")]       # spades led, no trump
    assert trick_winner(order, 0, [0, 1, 2, 3], trump=None, ruleset=RULES) == 1
    g = new_game()
    g.apply(CallMizuten(False))
    with pytest.raises(IllegalAction, match="not a card of the deck"):
        g.apply(Deal(((52, 1, 2, 3, 4, 5, 6), (7,) * 7, (8,) * 7), 9))


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_T2_three_to_seven_players(players):
    g = GameState(RULES, players, seed=1)
    assert g.players == players and len(g.chips) == players


@pytest.mark.parametrize("players", [2, 8])
def test_T2_other_player_counts_are_refused(players):
    with pytest.raises(SetupError, match="3 to 7 players"):
        GameState(RULES, players)


def test_T3_chips_start_at_50_and_may_go_negative():
    assert new_game(players=5).chips == (50,) * 5
    g = new_game(rules=variant(chips=Chips(start=0)))
    g.apply(CallMizuten(False))
    deal(g, indicator="2c")
    run(g, DROP)
    assert g.chips[0] == -2 and g.pot == 2
    assert_zero_sum(g)


def test_T3_house_rule_no_negative_chips_caps_each_payment_at_what_the_payer_has():
    g = new_game(rules=variant(chips=Chips(start=1, allow_negative=False)))
    g.apply(CallMizuten(False))
    deal(g, indicator="2c")
    events = run(g, DROP)                          # the fee is 2; seat 0 has 1
    assert g.chips[0] == 0 and g.pot == 1
    fee = transfers(events)[0]
    assert fee.amount == 1 and "all the payer has" in fee.reason
    events = run(g, DROP)                          # seat 1 pays 3 of its 1
    assert g.chips[1] == 0 and g.pot == 2
    assert_zero_sum(g)


def test_T4_role_values_go_and_forced_differ():
    ev = RULES.evaluator
    hand = RULES.deck.parse_list("2s 2h 2d 5c 7h 9d Js")       # 三本, no other role ... 1 light: 光一
    result = ev.evaluate(hand)
    ids = {h.id for h in result.roles}
    assert ids == {"sanbon", "hikariichi"}
    assert (result.go, result.forced) == (2 + 2, 1 + 1)


def test_T5_start_player_given_or_seeded():
    assert new_game(players=5, start=3).round.start == 3
    starts = {GameState(RULES, 5, seed=s).round.start for s in range(30)}
    assert len(starts) > 1
    assert GameState(RULES, 5, seed=11).round.start == GameState(RULES, 5, seed=11).round.start


def test_T6_mizuten_is_declared_before_the_deal_and_forces_a_go():
    g = new_game(players=4, start=2)
    assert g.current_player == 2 and CallMizuten(True) in g.legal_actions()
    g.apply(CallMizuten(True))
    assert g.current_player == CHANCE
    deal(g)
    assert g.current_player == 2
    assert tuple(g.legal_actions()) == (GO,)
    with pytest.raises(IllegalAction, match="mizuten and must go") as err:
        g.apply(DROP)
    assert "round 1, phase declarations, seat 2 to act" in str(err.value)
    assert g.current_player == 2 and g.pot == 0     # unchanged


def test_T7_deal_seven_cards_each_indicator_sets_trump():
    g = new_game(players=5)
    g.apply(CallMizuten(False))
    d = g.sample_chance()
    assert all(len(h) == 7 for h in d.hands) and d in g.legal_actions()
    g.apply(d)
    assert g.round.kind_state.trump == RULES.deck.suit(d.indicator)
    cards = [x for h in d.hands for x in h] + [d.indicator]
    assert len(set(cards)) == 36


@pytest.mark.parametrize("problem, hands, indicator, message", [
    ("duplicate", ("As Ks Qs Js Ts 9s 8s", "As 2h 3h 4h 5h 6h 7h", "2d 3d 4d 5d 6d 7d 8d"), "2c", "dealt twice"),
    ("size", ("As Ks Qs Js Ts 9s", "2h 3h 4h 5h 6h 7h 8h", "2d 3d 4d 5d 6d 7d 8d"), "2c", "6 cards instead of 7"),
    ("indicator", ("As Ks Qs Js Ts 9s 8s", "2h 3h 4h 5h 6h 7h 8h", "2d 3d 4d 5d 6d 7d 8d"), "8d", "also in a hand"),
])
def test_T7_bad_deals_are_illegal(problem, hands, indicator, message):
    g = new_game()
    g.apply(CallMizuten(False))
    with pytest.raises(IllegalAction, match=message):
        g.apply(Deal(tuple(RULES.deck.parse_list(h) for h in hands), c(indicator)))
    assert g.current_player == CHANCE


@pytest.mark.parametrize("indicator, field, multiplier", [
    ("Qh", "ooba", 2), ("Jh", "ooba", 2), ("Th", "ooba", 2), ("Ah", "zetsuba", 4), ("Kh", "zetsuba", 4),
    ("9h", "normal", 1), ("2h", "normal", 1),
])
def test_T8_indicator_rank_sets_the_field(indicator, field, multiplier):
    g = new_game()
    g.apply(CallMizuten(False))
    deal(g, "As Ks Qs Js Ts 9s 8s", indicator=indicator)
    assert g.round.field.id == field and g.round.multiplier == multiplier


def test_T9_multiplier_applies_to_transfers_but_not_to_the_pot():
    g = new_game(players=3, start=0)
    g.apply(CallMizuten(False))
    deal(g, indicator="Kc")                     # ゼツバ x4
    ev = run(g, DROP, DROP, GO)                 # fees 2 and 3, times 4; seat 2 goes alone
    assert flows(ev, GoDropTransfer.DROP_FEE) == [(0, "pot", 8), (1, "pot", 12)]
    assert flows(ev, TransferReason.POT) == [("pot", 2, 20)]      # the pot as it is, not x4
    assert g.chips == (42, 38, 70)
    assert_zero_sum(g)


def test_T9_applies_to_lets_a_variant_exempt_a_transfer():
    fields = tuple(dataclasses.replace(f, applies_to=f.applies_to - {GoDropTransfer.DROP_FEE}) for f in RULES.fields)
    g = new_game(rules=variant(fields=fields))
    g.apply(CallMizuten(False))
    deal(g, indicator="Ac")
    ev = run(g, DROP)
    assert flows(ev) == [(0, "pot", 2)]
