"""T10-T18: declarations, drop fees, forced-out players, payments before play, one and two goers."""

import pytest

from hachihachi.interpreter import CallMizuten, RoundOutcome
from hachihachi.interpreter.engine.events import RoundEnded
from hachihachi.interpreter.parts.go_drop.events import ForcedOut
from hachihachi.ruleset.errors import IllegalAction
from hachihachi.ruleset.model import TransferReason
from hachihachi.interpreter.games.tricks.rules import TrickTransfer
from hachihachi.interpreter.parts.go_drop.state import declared
from tests.interp_support import (DROP, GO, PLAY, RULES, SPLIT, assert_zero_sum, deal, flows, new_game, play_first,
                            run)
from hachihachi.interpreter.parts.go_drop.rules import GoDropTransfer

NO_ROLE = ["As Kh 9d 7c 5s 3h 2d", "Ad Ks 9h 7d 5c 3s 2h", "Ah Kd 9c 7s 5h 3d 2s",
           "Ac Kc 9s 7h 5d 3c 2c", "Qs Jh 8d 6c 4s Th 8s"]
SANBON = "6s 6h 6d Tc 8h Qd Js"                # 三本 only


def started(players=3, start=0, indicator="4h", hands=(), mizuten=False, **kw):
    g = new_game(players=players, start=start, **kw)
    g.apply(CallMizuten(mizuten))
    deal(g, *hands[:players], indicator=indicator)
    return g


def test_T10_declarations_go_clockwise_from_the_start_player():
    g = started(players=4, start=1)
    seen = []
    for _ in range(4):
        seen.append(g.current_player)
        g.apply(DROP)
    assert seen == [1, 2, 3, 0]


def test_T11_drop_fees_rise_per_voluntary_dropper():
    g = started(players=5)
    ev = run(g, DROP, GO, DROP, GO, DROP)
    assert flows(ev, GoDropTransfer.DROP_FEE) == [(0, "pot", 2), (2, "pot", 3), (4, "pot", 4)]
    assert g.pot == 9
    assert_zero_sum(g)


def test_T11_forced_out_players_pay_no_fee_and_do_not_count():
    g = started(players=6)
    ev = run(g, DROP, GO, GO, GO)                  # seats 4 and 5 are forced out
    assert flows(ev, GoDropTransfer.DROP_FEE) == [(0, "pot", 2)]


def test_T12_at_most_three_go_the_rest_are_forced_out():
    g = started(players=5, hands=NO_ROLE)
    ev = run(g, GO, GO, GO)
    assert [e.seats for e in ev if isinstance(e, ForcedOut)] == [(3, 4)]
    assert declared(g.round).forced_out == (3, 4) and g.round.outcome is RoundOutcome.THREE_GOERS
    assert g.current_player == 0                   # play begins: no declaration for seats 3, 4
    with pytest.raises(IllegalAction, match="forced out"):
        g.apply(GO)


def test_T13_skipped_round_carries_the_pot_and_moves_the_start():
    g = new_game(players=3, start=1, rounds=2)
    g.apply(CallMizuten(False))
    deal(g)
    ev = run(g, DROP, DROP, DROP)
    end = next(e for e in ev if isinstance(e, RoundEnded))
    assert end.kind is RoundOutcome.SKIPPED and end.pot_after == 9 and end.next_start == 2
    assert g.round_index == 1 and g.round.start == 2 and g.pot == 9
    assert g.current_player == 2                   # round 2 begins with the mizuten call


def test_T13_leftover_pot_after_the_last_round_goes_to_nobody():
    g = new_game(players=3, start=0, rounds=1)
    g.apply(CallMizuten(False))
    deal(g)
    ev = run(g, DROP, DROP, DROP)
    assert g.is_terminal and g.pot == 9 and g.chips == (48, 47, 46)
    assert ev[-1].leftover_pot == 9
    assert_zero_sum(g)


def test_T14_forced_out_players_receive_aces_and_roles_from_each_goer():
    hands = ["Kh Qd 9d 7c 5s 3h 2d", "Ks Qh 9h 7d 5c 3s 2h", "Kd Qc 9c 7s 5h 3d 2s",
             "As Ah Ad 8c 6h 4d Tc",                # three aces: 三本 (forced 1) + 3 aces
             "Ac 8s 6d 4s Th 8h 4c"]                # one ace, pairs of 8 and 4, 3 lights
    g = started(players=5, hands=hands, indicator="Jc")             # オオバ x2
    ev = run(g, GO, GO, GO)
    base3 = 3 + RULES.evaluator.evaluate(RULES.deck.parse_list(hands[3]), 3).forced
    assert base3 == 4
    assert flows(ev, GoDropTransfer.FORCED_OUT) == [(0, 3, 8), (1, 3, 8), (2, 3, 8), (0, 4, 2), (1, 4, 2), (2, 4, 2)]
    assert_zero_sum(g)


def test_T15_role_settlement_pairwise_difference():
    hands = ["2s 2h 2d 5c 7h Kd As",               # 三本 2
             "3s 3h 5s 5h 8d 8c Kh",               # 喰付 4 + 光一 2 = 6
             "Ah Kc 9c 7s Jh 4d Qs"]               # nothing
    g = started(players=3, hands=hands)
    values = [RULES.evaluator.evaluate(RULES.deck.parse_list(h), 3).go for h in hands]
    assert values == [2, 6, 0]
    ev = run(g, GO, GO, GO)
    assert flows(ev, TransferReason.ROLES) == [(0, 1, 4), (2, 0, 2), (2, 1, 6)]
    assert_zero_sum(g)


def test_T16_two_goers_earlier_plays_later_is_not_asked():
    g = started(players=4, hands=NO_ROLE)
    run(g, GO, DROP, GO, DROP)
    assert g.current_player == 0 and tuple(g.legal_actions()) == (PLAY, SPLIT)
    run(g, PLAY)
    assert g.round.outcome is RoundOutcome.TWO_GOERS_PLAY and g.phase.value == "play"


def test_T16_two_goers_later_answers_after_a_split_and_may_play():
    g = started(players=4, hands=NO_ROLE)
    run(g, DROP, GO, DROP, GO)                     # goers 1 and 3
    run(g, SPLIT)
    assert g.current_player == 3
    run(g, PLAY)
    assert g.round.outcome is RoundOutcome.TWO_GOERS_PLAY


def test_T16_both_split_the_pot_odd_chip_to_the_earlier_no_roles_no_tricks():
    hands = [SANBON] + NO_ROLE[1:]
    g = started(players=4, hands=hands, rounds=2)
    ev = run(g, GO, DROP, GO, DROP, SPLIT, SPLIT)      # pot 2 + 3 = 5
    assert flows(ev, TransferReason.POT) == [("pot", 0, 3), ("pot", 2, 2)]
    assert flows(ev, TransferReason.ROLES) == [] and flows(ev, TrickTransfer.TRICKS) == []
    end = next(e for e in ev if isinstance(e, RoundEnded))
    assert end.kind is RoundOutcome.TWO_GOERS_SPLIT and end.tricks == {} and end.next_start == 0
    assert_zero_sum(g)


def test_T17_one_goer_takes_the_pot_without_play_or_roles():
    g = started(players=4, start=3, hands=[SANBON] + NO_ROLE[1:4], rounds=2)
    ev = run(g, DROP, DROP, GO, DROP)            # seats 3, 0 drop; 1 goes; 2 drops
    assert flows(ev) == [(3, "pot", 2), (0, "pot", 3), (2, "pot", 4), ("pot", 1, 9)]
    end = next(e for e in ev if isinstance(e, RoundEnded))
    assert end.kind is RoundOutcome.ONE_GOER and end.pot_to == 1 and end.next_start == 1
    assert g.current_player == 1


@pytest.mark.parametrize("answers", [(GO, DROP, GO, PLAY), (GO, DROP, GO, SPLIT, SPLIT), (GO, DROP, DROP)])
def test_T18_mizuten_is_void_with_one_or_two_goers(answers):
    hands = ["Ac Kc Qc Jc Tc 9c 8c", "Ad Ks 9h 7d 5s 3h 2h", "Ah Kd 9s 7s 5h 3d 2s"]
    g = started(players=3, hands=hands, indicator="2c", mizuten=True)
    run(g, *answers)
    play_first(g)
    assert g.is_terminal
    assert flows(g.events, TrickTransfer.MIZUTEN) == []
    assert_zero_sum(g)
