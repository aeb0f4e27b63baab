"""T19-T27: trick play, settlement after play, the order of a round, between rounds, the end."""

import dataclasses
import random

import pytest

from hachihachi.interpreter import CallMizuten, GameState, Play, RoundOutcome
from hachihachi.interpreter.engine.events import GameEnded, RoundEnded
from hachihachi.interpreter.games.tricks.events import TrickTaken
from hachihachi.ruleset.errors import IllegalAction
from hachihachi.interpreter.games.tricks.rules import TrickSettlement
from hachihachi.ruleset.model import Phase, TransferReason
from hachihachi.interpreter.parts.go_drop.rules import DropFee, GoDropPhase, GoDropTransfer, go_drop_rules
from hachihachi.interpreter.games.tricks.rules import TrickPhase, TrickTransfer
from tests.interp_support import (DROP, GO, PLAY, RULES, SPLIT, assert_zero_sum, c, deal, flows, new_game,
                            play_first, play_random, run, transfers, variant)

SEAT1 = "Ah Kh 3s 4d 5d Qc 7s"
SEAT2 = "2h 9h Ts 6d Jc 8s 3c"
SCRIPT = ["Ah", "9h", "3s", "Ts", "6d", "4d", "2h", "Kh", "5d", "3c", "8s", "7s", "Jc", "Qc"]
TRUMPS = "Ac Kc Qc Jc 9c 8c 7c"


def two_goer_game(**kw):
    g = new_game(players=3, start=0, **kw)
    g.apply(CallMizuten(False))
    deal(g, "As Ks Qs Js 9s 2s 2d", SEAT1, SEAT2, indicator="2c")
    run(g, DROP, GO, GO, PLAY)
    return g


def test_T19_first_goer_leads_follow_suit_trump_wins():
    g = two_goer_game()
    assert g.current_player == 1                             # the first goer, not the start player
    run(g, "Ah")
    assert set(g.legal_actions()) == {Play(c("2h")), Play(c("9h"))}   # must follow hearts
    with pytest.raises(IllegalAction, match="revoke: seat 2 plays Ts"):
        run(g, "Ts")
    with pytest.raises(IllegalAction, match="does not hold As"):
        run(g, "As")
    ev = run(g, *SCRIPT[1:])
    tricks = [e for e in ev if isinstance(e, TrickTaken)]
    assert [t.winner for t in tricks] == [1, 2, 2, 1, 2, 2, 1]
    assert tricks[4].cards == (c("5d"), c("3c"))            # void in diamonds: a low trump wins
    assert g.round.hands[1] == [] and g.round.hands[2] == [] and len(tricks) == 7


def test_T19_no_obligation_to_trump():
    g = two_goer_game()
    run(g, *SCRIPT[:9])                                      # trick 5: seat 1 leads 5d, seat 2 has none
    assert Play(c("8s")) in g.legal_actions() and Play(c("3c")) in g.legal_actions()


def test_T20_trick_settlement_per_trick_of_difference():
    g = two_goer_game()
    ev = run(g, *SCRIPT)
    assert flows(ev, TrickTransfer.TRICKS) == [(1, 2, 2)]        # 3 against 4 tricks
    g = two_goer_game(rules=variant(trick_settlement=TrickSettlement(per_trick=5)))
    assert flows(run(g, *SCRIPT), TrickTransfer.TRICKS) == [(1, 2, 5)]


def test_T20_zero_against_seven_and_no_payment_between_equals():
    g = new_game(players=3, start=0)
    g.apply(CallMizuten(False))
    deal(g, TRUMPS, "Ad Ks 9h 7d 5s 3h 2h", "Ah Kd 9s 7s 5h 3d 2s", indicator="Tc")   # オオバ x2
    run(g, GO, GO, GO)
    play_first(g)
    assert flows(g.events, TrickTransfer.TRICKS) == [(1, 0, 28), (2, 0, 28)]
    assert_zero_sum(g)


def test_T21_most_tricks_takes_the_pot_ties_to_the_earliest_goer():
    g = two_goer_game()
    ev = run(g, *SCRIPT)
    assert flows(ev, TransferReason.POT) == [("pot", 2, 2)]


def mizuten_round(players, indicator, seat0=TRUMPS, answers=(GO, DROP, GO, GO)):
    g = new_game(players=players, start=0)
    g.apply(CallMizuten(True))
    deal(g, seat0, indicator=indicator)
    run(g, *answers)
    play_first(g)
    return g


def test_T22_mizuten_bonus_from_every_other_player():
    g = mizuten_round(5, "Tc")                               # x2; seat 4 is forced out
    ended = next(e for e in g.events if isinstance(e, RoundEnded))
    assert ended.tricks == {0: 7, 2: 0, 3: 0}
    assert flows(g.events, TrickTransfer.MIZUTEN) == [(1, 0, 2), (2, 0, 2), (3, 0, 2), (4, 0, 2)]
    assert_zero_sum(g)


def test_T22_no_bonus_and_no_penalty_below_three_tricks():
    g = mizuten_round(3, "9s", seat0="2h 3h 4h 5h 2d 3d 4d", answers=(GO, GO, GO))
    ended = next(e for e in g.events if isinstance(e, RoundEnded))
    assert ended.tricks[0] < 3
    assert flows(g.events, TrickTransfer.MIZUTEN) == []


def test_T23_transfers_follow_the_order_of_the_round():
    g = mizuten_round(5, "Tc")
    order = [GoDropTransfer.DROP_FEE, GoDropTransfer.FORCED_OUT, TransferReason.ROLES, TrickTransfer.TRICKS,
             TransferReason.POT, TrickTransfer.MIZUTEN]
    kinds = [t.kind for t in transfers(g.events)]
    assert kinds == sorted(kinds, key=order.index) and TrickTransfer.MIZUTEN in kinds


def test_T23_a_variant_may_drop_or_reorder_phases():
    rnd = tuple(p for p in RULES.round if p is not GoDropPhase.ROLE_SETTLEMENT)
    rnd = tuple(p for p in rnd if p is not Phase.POT) + (Phase.POT,)
    rnd = tuple(p for p in rnd if p is not TrickPhase.TRICK_SETTLEMENT) + (TrickPhase.TRICK_SETTLEMENT,)
    g = two_goer_game(rules=variant(round=rnd))
    ev = run(g, *SCRIPT)
    kinds = [t.kind for t in transfers(g.events)]
    assert TransferReason.ROLES not in kinds and kinds[-2:] == [TransferReason.POT, TrickTransfer.TRICKS]
    assert [p.value for p in g.ruleset.round][-2:] == ["pot", "trick_settlement"] and ev


@pytest.mark.parametrize("answers, kind, start", [
    ((DROP, GO, GO, PLAY), RoundOutcome.TWO_GOERS_PLAY, 2),        # the pot taker by tricks
    ((DROP, GO, DROP), RoundOutcome.ONE_GOER, 1),                 # the lone goer
    ((DROP, GO, GO, SPLIT, SPLIT), RoundOutcome.TWO_GOERS_SPLIT, 1),   # the earlier goer
    ((DROP, DROP, DROP), RoundOutcome.SKIPPED, 1),                # the left neighbour of the start
])
def test_T24_next_start_player(answers, kind, start):
    g = new_game(players=3, start=0, rounds=2)
    g.apply(CallMizuten(False))
    deal(g, "As Ks Qs Js 9s 2s 2d", SEAT1, SEAT2, indicator="2c")
    run(g, *answers)
    if kind is RoundOutcome.TWO_GOERS_PLAY:
        run(g, *SCRIPT)
    ended = next(e for e in g.events if isinstance(e, RoundEnded))
    assert ended.kind is kind and ended.next_start == start and g.round.start == start


@pytest.mark.parametrize("rounds", [None, RULES.rounds.short])
def test_T25_game_length(rounds):
    g = GameState(RULES, 4, seed=5, rounds=rounds)
    play_random(g, random.Random(5))
    ends = [e for e in g.events if isinstance(e, RoundEnded)]
    assert len(ends) == (rounds or 12) and g.is_terminal
    assert_zero_sum(g)


def test_T25_skipped_rounds_may_not_count_in_a_variant():
    rules = variant(rounds=dataclasses.replace(RULES.rounds, skipped_counts=False))
    g = new_game(players=3, rules=rules, rounds=1)
    g.apply(CallMizuten(False))
    deal(g)
    run(g, DROP, DROP, DROP)
    assert not g.is_terminal and g.round_index == 1


def test_T26_highest_total_wins_ties_share():
    g = new_game(players=3, rounds=1)
    g.apply(CallMizuten(False))
    deal(g)
    run(g, DROP, DROP, DROP)
    assert g.winners == (0,) and g.events[-1].winners == (0,)
    free = variant(declaration=dataclasses.replace(go_drop_rules(RULES).declaration, drop_fee=DropFee(0, 0)))
    g = new_game(players=3, rules=free, rounds=1)
    g.apply(CallMizuten(False))
    deal(g)
    run(g, DROP, DROP, DROP)
    assert isinstance(g.events[-1], GameEnded) and g.winners == (0, 1, 2) and g.returns == (0, 0, 0)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_T27_zero_sum_in_seeded_random_games(players):
    for seed in range(3):
        g = GameState(RULES, players, seed=seed)
        play_random(g, random.Random(seed))
        assert_zero_sum(g)
        assert sum(g.returns) + g.pot == 0


def _tied_rounds(rules, games=60):
    """(round end, pot transfers of that round) for every round where goers tied for most tricks."""
    found = []
    for seed in range(games):
        g = GameState(rules, 3, seed=seed, rounds=4)
        play_random(g, random.Random(seed))
        assert_zero_sum(g)
        for end in (e for e in g.events if isinstance(e, RoundEnded) and e.tricks):
            most = max(end.tricks.values())
            tied = [s for s in end.goers if end.tricks[s] == most]
            pays = [t for t in transfers(g.events, TransferReason.POT) if t.round == end.round]
            if len(tied) > 1 and pays:
                found.append((tied, end, pays))
    return found


def test_T21_house_rule_tied_goers_split_the_pot_earliest_takes_the_odd_chips():
    rules = variant(trick_settlement=TrickSettlement(per_trick=2, pot_tie="split"))
    found = _tied_rounds(rules)
    assert found
    for tied, end, pays in found:
        assert [t.target for t in pays] == tied[1:] + tied[:1]
        amounts = {t.target: t.amount for t in pays}
        low = min(amounts.values())
        assert all(a == low for s, a in amounts.items() if s != tied[0])
        assert low <= amounts[tied[0]] < low + len(tied)
        assert end.pot_to == tied[0] and end.next_start == tied[0]


def test_T21_standard_tie_gives_the_whole_pot_to_the_earliest_goer():
    found = _tied_rounds(RULES)
    assert found
    for tied, end, pays in found:
        assert [t.target for t in pays] == [tied[0]]


def test_T13_house_rule_leftover_pot_is_shared_after_the_last_round():
    rules = variant(rounds=dataclasses.replace(RULES.rounds, leftover_pot="split"))
    g = new_game(players=3, start=0, rounds=1, rules=rules)
    g.apply(CallMizuten(False))
    deal(g)
    ev = run(g, DROP, DROP, DROP)                     # fees 2 + 3 + 4 = 9: 3 each
    assert g.is_terminal and g.pot == 0 and g.chips == (51, 50, 49)
    end = next(e for e in ev if isinstance(e, RoundEnded))
    assert end.delta == (1, 0, -1) and end.pot_after == 0
    assert ev[-1].leftover_pot == 0
    assert_zero_sum(g)


def test_T24_house_rule_next_start_is_the_left_neighbour_after_trick_play():
    rules = variant(next_start=dataclasses.replace(go_drop_rules(RULES).next_start, after_tricks="left_of_start"))
    g = two_goer_game(rules=rules, rounds=2)
    run(g, *SCRIPT)
    end = next(e for e in g.events if isinstance(e, RoundEnded))
    assert end.pot_to == 2 and end.next_start == 1 and g.round.start == 1


def _trick_variant_game(trick_play):
    from hachihachi.interpreter.games.tricks.rules import TrickPlay

    g = new_game(players=3, start=0, rules=variant(trick_play=TrickPlay(**trick_play)))
    g.apply(CallMizuten(False))
    deal(g, "As Ks 2h 3h 4h 5h 6h", "2c 7d 8d 9d Td Jd Qd", "3s 4s 5s 6s 7s 8s 9h", indicator="3c")
    run(g, GO, GO, GO, "As")
    return g


def test_T19_house_rule_must_trump_when_void():
    g = _trick_variant_game({"must_follow_suit": True, "must_trump": True})
    assert g.legal_actions() == (Play(c("2c")),)            # seat 1 has no spade and one trump
    with pytest.raises(IllegalAction, match="must trump"):
        run(g, "7d")


def test_T19_house_rule_no_obligation_to_follow_suit():
    g = _trick_variant_game({"must_follow_suit": False, "must_trump": False})
    run(g, "7d")
    assert Play(c("9h")) in g.legal_actions() and len(g.legal_actions()) == 7


def test_T15_roles_are_those_of_the_dealt_hand_whatever_the_phase_order():
    rnd = tuple(p for p in RULES.round if p is not GoDropPhase.ROLE_SETTLEMENT) + (GoDropPhase.ROLE_SETTLEMENT,)
    g = new_game(players=3, start=0, rules=variant(round=rnd))
    g.apply(CallMizuten(False))
    deal(g, "2s 2h 2d 2c 3s 3h 3d", "As Ah Ks Kh Qs Qh Jd", "4s 5h 7d 8c Ts Jh 9d", indicator="5c")
    run(g, GO, GO, GO)
    play_first(g)
    shown = {e.seat: (e.roles, e.value) for e in g.events if type(e).__name__ == "RolesShown"}
    assert shown[0] == (("shisan", "karasu"), 24)
    assert shown[1] == (("kuttsuki",), 4)
    assert_zero_sum(g)


@pytest.mark.parametrize("size", [0, 1, 2, 7, 48, 52])
def test_T7_the_deal_shuffles_exactly_as_the_seeded_generator_does(size):
    from hachihachi.interpreter.engine.draws import shuffle

    class Own(random.Random):           # a generator of its own kind shuffles itself
        pass

    for make in (random.Random, Own):
        ours, theirs = make(size), make(size)
        for _ in range(20):             # the same cards, the same numbers drawn, deal after deal
            cards, expected = list(range(size)), list(range(size))
            shuffle(cards, ours)
            theirs.shuffle(expected)
            assert cards == expected and ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("size", [1, 2, 3, 5, 7, 8, 13, 48])
def test_a_random_choice_draws_exactly_as_the_seeded_generator_does(size):
    from hachihachi.interpreter.engine.draws import choice

    class Own(random.Random):           # a generator of its own kind chooses itself
        pass

    options = tuple(range(100, 100 + size))
    for make in (random.Random, Own):
        ours, theirs = make(size), make(size)
        drawn = [choice(options, ours) for _ in range(200)]
        assert drawn == [theirs.choice(options) for _ in range(200)]
        assert ours.getstate() == theirs.getstate()
        seats = [choice(range(size), ours) for _ in range(200)]     # T5: the first start player at random
        assert seats == [theirs.randrange(size) for _ in range(200)]
        assert ours.getstate() == theirs.getstate()
    with pytest.raises(IndexError):
        choice((), random.Random(1))


@pytest.mark.parametrize("size,k", [(1, 1), (7, 0), (7, 3), (12, 12), (21, 6), (22, 6), (30, 5), (40, 6), (52, 10),
                                    (52, 40), (200, 7)])
def test_a_random_sample_draws_exactly_as_the_seeded_generator_does(size, k):
    # both of random.Random.sample's ways: from a list of the picks left (small populations) and
    # by drawing places again until a new one comes up (large ones); the bound between them
    # moves with k (22 cards and 6 picks lie on either side of it for k <= 5 and k > 5)
    from hachihachi.interpreter.engine.draws import sample

    class Own(random.Random):           # a generator of its own kind samples itself
        pass

    population = list(range(300, 300 + size))
    for make in (random.Random, Own):
        ours, theirs = make(size * 31 + k), make(size * 31 + k)
        drawn = [sample(population, k, ours) for _ in range(50)]
        assert drawn == [theirs.sample(population, k) for _ in range(50)]
        assert ours.getstate() == theirs.getstate()
    assert sample(range(5), 5, random.Random(3)) == random.Random(3).sample(range(5), 5)
    with pytest.raises(ValueError):
        sample(population, size + 1, random.Random(1))
