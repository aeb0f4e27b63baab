"""House rules of the trick game, each replayed on one recorded game (``records/``) under the
standard rules and under the variant (``variants/``), checking the transfers that must change.

The record (4 players, 12 rounds) has, among others: round 0 on a big field (Tc, x2) with two
goers who play; round 1 two goers who split a pot of 5; round 3 a lone goer on a peak field (Kc,
x4) after three drop fees; round 5 nobody going (four drop fees); rounds 7-9 forced-out players;
round 10 a mizuten bonus.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from tests.house_rules.house_replay import ended, events, flows, replay

from hachihachi.interpreter import POT
from hachihachi.interpreter.parts.go_drop.kinds import RoundKind
from hachihachi.ruleset.model import TransferKind as K
from hachihachi.interpreter.games.tricks.rules import TrickTransfer


@lru_cache(maxsize=None)
def game(name: str = "hachihachi_trick"):
    return replay(name)


def fees(name: str, r: int) -> list[tuple[int, int]]:
    """(base, amount) of each drop fee of round ``r``, in the order paid."""
    return [(base, amount) for _, _, base, amount in flows(game(name), r, K.DROP_FEE)]


def test_the_record_has_the_situations_the_rules_change():
    base = game()
    assert fees("hachihachi_trick", 5) == [(2, 2), (3, 3), (4, 4), (5, 5)]
    assert ended(base, 5).kind is RoundKind.SKIPPED
    assert ended(base, 0).kind is RoundKind.TWO_GOERS_PLAY and ended(base, 0).multiplier == 2
    assert ended(base, 1).kind is RoundKind.TWO_GOERS_SPLIT
    assert ended(base, 3).kind is RoundKind.ONE_GOER and ended(base, 3).multiplier == 4
    assert flows(base, 7, K.FORCED_OUT) and flows(base, 10, TrickTransfer.MIZUTEN)


def test_T11_drop_fee_list_doubles():
    assert fees("t11_drop_fee_doubling", 5) == [(1, 1), (2, 2), (4, 4), (8, 8)]
    assert fees("t11_drop_fee_doubling", 3) == [(1, 4), (2, 8), (4, 16)]       # x4 on a peak field


def test_T11_drop_fee_list_last_fee_repeats():
    assert fees("t11_drop_fee_capped", 5) == [(2, 2), (3, 3), (4, 4), (4, 4)]


def test_T11_flat_drop_fee():
    assert [b for b, _ in fees("t11_drop_fee_flat", 5)] == [3, 3, 3, 3]


def test_T11_drop_fee_step_two():
    assert [b for b, _ in fees("t11_drop_fee_step_two", 5)] == [1, 3, 5, 7]


def test_T11_pot_carries_the_listed_fees():
    # round 5's fees stay in the pot and go to round 6's taker: 1+2+4+8 plus round 6's own fee
    taken = flows(game("t11_drop_fee_doubling"), 6, K.POT)
    assert taken == [(POT, 1, 15 + 1, 16)]


def test_T9_field_does_not_multiply_drop_fees():
    assert fees("t9_drop_fee_unmultiplied", 3) == [(2, 2), (3, 3), (4, 4)]
    assert fees("hachihachi_trick", 3) == [(2, 8), (3, 12), (4, 16)]


def test_T8_card_field_listed_first_wins_over_its_rank():
    assert ended(game("t8_card_field_first"), 3).multiplier == 8
    assert fees("t8_card_field_first", 3) == [(2, 16), (3, 24), (4, 32)]
    assert ended(game("t8_card_field_first"), 9).multiplier == 1           # other cards: their rank's


def test_T8_card_field_listed_after_its_rank_never_applies():
    assert ended(game("t8_card_field_last"), 3).multiplier == 4
    assert flows(game("t8_card_field_last"), 3) == flows(game(), 3)


def test_T8_suit_field():
    g = game("t8_suit_field")
    assert [ended(g, r).multiplier for r in (2, 5, 6)] == [3, 3, 3]        # 2h, 8h, 9h
    assert ended(g, 3).multiplier == 4                                     # Kc: its rank's field
    assert flows(g, 2, TrickTransfer.TRICKS) == [(0, 1, 6, 18)]
    assert flows(game(), 2, TrickTransfer.TRICKS) == [(0, 1, 6, 6)]


def test_T8_ten_makes_a_normal_field():
    assert ended(game("t8_ten_is_normal"), 0).multiplier == 1
    assert flows(game("t8_ten_is_normal"), 0, K.ROLES) == [(3, 0, 8, 8)]
    assert flows(game(), 0, K.ROLES) == [(3, 0, 8, 16)]


def test_T9_field_does_not_multiply_tricks():
    g = game("t9_tricks_unmultiplied")
    assert flows(g, 0, TrickTransfer.TRICKS) == [(0, 3, 2, 2)]
    assert flows(g, 0, K.ROLES) == flows(game(), 0, K.ROLES) == [(3, 0, 8, 16)]


def test_T16_two_goers_always_split():
    g = game("t16_split_always")
    assert ended(g, 0).kind is RoundKind.TWO_GOERS_SPLIT
    assert flows(g, 0, K.POT) == [(POT, 3, 5, 5), (POT, 0, 5, 5)]
    assert flows(g, 0, K.ROLES) == [] and flows(g, 0, TrickTransfer.TRICKS) == []
    assert flows(game(), 0, K.ROLES) == [(3, 0, 8, 16)]
    assert not any(a for a in g.events if type(getattr(a, "action", None)).__name__ == "Split")


def test_T16_two_goers_never_split():
    g = game("t16_split_never")
    assert ended(g, 1).kind is RoundKind.TWO_GOERS_PLAY
    assert flows(g, 1, TrickTransfer.TRICKS) and flows(g, 1, K.POT) == [(POT, 0, 5, 5)]
    assert flows(game(), 1, K.POT) == [(POT, 3, 3, 3), (POT, 0, 2, 2)]


def test_T16_odd_chip_to_the_later_goer():
    assert flows(game("t16_odd_chip_later"), 1, K.POT) == [(POT, 3, 2, 2), (POT, 0, 3, 3)]


def test_T13_no_goers_refund():
    g = game("t13_no_goers_refund")
    assert flows(g, 5, K.POT) == [(POT, 2, 2, 2), (POT, 3, 3, 3), (POT, 0, 4, 4), (POT, 1, 5, 5)]
    assert ended(g, 5).pot_after == 0 and ended(game(), 5).pot_after == 14
    assert flows(g, 5, K.DROP_FEE) == flows(game(), 5, K.DROP_FEE)       # the fees are still paid


def test_T13_after_skip_same_start():
    assert ended(game(), 5).next_start == 3
    assert ended(game("t13_after_skip_same_start"), 5).next_start == 2


def test_T24_after_one_goer_left_of_start():
    assert ended(game(), 3).next_start == 1                  # the lone goer
    assert ended(game("t24_after_one_goer_left"), 3).next_start == 2


def test_T24_after_tricks_left_of_start():
    assert ended(game(), 0).next_start == 3                  # the pot taker
    assert ended(game("t24_after_tricks_left"), 0).next_start == 2


def test_T24_after_split_later_goer():
    assert ended(game(), 1).next_start == 3
    assert ended(game("t24_after_split_later"), 1).next_start == 0


def test_T24_after_split_left_of_start():
    # round 1: start player 3, the goers split; the deal goes to 3's left neighbour, seat 0
    assert ended(game(), 1).next_start == 3                  # the earlier goer
    assert ended(game("t24_after_split_left_of_start"), 1).next_start == 0
    assert ended(game("t24_after_split_left_of_start"), 0).next_start == 3     # other rounds as before


@pytest.mark.parametrize(("setting", "value", "round_index", "start"), [
    ("after_split", "right_of_start", 1, 2), ("after_split", "same_start", 1, 3),
    ("after_tricks", "right_of_start", 0, 0), ("after_tricks", "same_start", 0, 1),
    ("after_one_goer", "right_of_start", 3, 0), ("after_skip", "right_of_start", 5, 1)])
def test_T24_next_start_by_the_start_after_every_round_kind(setting, value, round_index, start):
    from dataclasses import replace
    from hachihachi.interpreter.parts.go_drop.rules import go_drop_rules, with_go_drop
    from tests.house_rules.house_replay import rules

    base = rules("hachihachi_trick")
    variant = with_go_drop(base, next_start=replace(go_drop_rules(base).next_start, **{setting: value}))
    assert ended(replay(variant), round_index).next_start == start


def test_T14_two_per_ace():
    base, two = flows(game(), 7, K.FORCED_OUT), flows(game("t14_two_per_ace"), 7, K.FORCED_OUT)
    assert [b for *_, b, _ in base] == [1, 1, 1] and [b for *_, b, _ in two] == [2, 2, 2]


def test_T14_no_ace_payment():
    assert flows(game("t14_no_ace_payment"), 7, K.FORCED_OUT) == []          # the aces were all of it
    assert [b for *_, b, _ in flows(game("t14_no_ace_payment"), 8, K.FORCED_OUT)] == [1, 1, 1]


def test_T12_two_goers_at_most():
    g = game("t12_two_goers_at_most")
    assert len(ended(game(), 6).goers) == 3 and len(ended(g, 6).goers) == 2
    assert flows(g, 6, K.FORCED_OUT)                      # the third is forced out and paid


def test_T20_three_per_trick():
    assert flows(game(), 0, TrickTransfer.TRICKS) == [(0, 3, 2, 4)]
    assert flows(game("t20_three_per_trick"), 0, TrickTransfer.TRICKS) == [(0, 3, 3, 6)]


def test_T22_mizuten_bonus_three():
    assert [b for *_, b, _ in flows(game(), 10, TrickTransfer.MIZUTEN)] == [1, 1, 1]
    assert [b for *_, b, _ in flows(game("t22_mizuten_bonus_three"), 10, TrickTransfer.MIZUTEN)] == [3, 3, 3]


def test_T22_mizuten_needs_six_tricks():
    assert flows(game("t22_mizuten_six_tricks"), 10, TrickTransfer.MIZUTEN) == []
    assert flows(game("t22_mizuten_six_tricks"), 10, TrickTransfer.TRICKS) == flows(game(), 10, TrickTransfer.TRICKS)


def test_T6_no_mizuten():
    g = game("t6_no_mizuten")
    assert all(flows(g, r, TrickTransfer.MIZUTEN) == [] for r in range(12))
    assert flows(g, 10, TrickTransfer.TRICKS) == flows(game(), 10, TrickTransfer.TRICKS)


def test_T3_nobody_pays_more_than_they_have():
    g = game("t3_no_debts")
    assert flows(g, 0) == []                             # everyone starts at 0: nothing moves
    assert all(chips >= 0 for chips in g.chips)


def test_T15_role_value():
    assert flows(game("t15_kuttsuki_ten"), 0, K.ROLES) == [(3, 0, 14, 28)]   # 喰付 10 + からす 4


@pytest.mark.parametrize("name", ["t11_drop_fee_doubling", "t16_split_always", "t13_no_goers_refund",
                                  "t8_card_field_first", "t3_no_debts"])
def test_T27_house_rules_keep_the_sum(name):
    g = game(name)
    assert sum(g.chips) + g.pot == g.ruleset.chips.start * g.players
    assert events(g, 0, object)
