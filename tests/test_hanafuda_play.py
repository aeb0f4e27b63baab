"""Hanafuda Hachi-Hachi play and scoring: H2-H7, H11-H22, zero-sum over seeded random games."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.actions import Play
from hachihachi.interpreter.engine.events import Transfer
from hachihachi.interpreter.engine.events import FieldMade, RolesShown
from hachihachi.interpreter.games.matching.phases import HanaDeal, RoundScored
from hachihachi.interpreter.games.matching.play import Capture, MatchingEngine, capture_evaluator
from hachihachi.ruleset.errors import IllegalAction
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.model import TransferReason as Kind
from hachihachi.interpreter.games.matching.rules import MatchingTransfer
from tests.interp_support import play_bots, play_random

RULES = load_ruleset("hanafuda_hachihachi")
D = RULES.deck


def cards(text):
    return D.parse_list(text)


def deal(hands, field, rest=None):
    """A deal from card texts; the stock is every other card, in ``rest``'s order first."""
    hs = tuple(tuple(sorted(cards(h))) for h in hands)
    f = tuple(sorted(cards(field)))
    used = set(c for h in hs for c in h) | set(f)
    first = [c for c in cards(rest or "") if c not in used]
    stock = tuple(first + [c for c in D.cards if c not in used and c not in first])
    return HanaDeal(hs, f, stock)


def game(start=0, rounds=1):
    return GameState(RULES, players=3, seed=0, rounds=rounds, start=start)


def play_out(g, rng):
    while not g.is_terminal and g.current_player != CHANCE:
        g.apply(rng.choice(g.legal_actions()))


def round_transfers(g, kind):
    return [e for e in g.events if isinstance(e, Transfer) and e.kind == kind]


# three hands without any hand role
PLAIN = ["1b 2a 3r 4c1 5c1 6c1 10c1", "3b 4a 5r 6c2 2c1 10c2 12c1", "8b 5a 6r 4c2 1c1 12c2 11c"]


def test_H2_three_players_dealer_then_left_then_right():
    with pytest.raises(Exception):
        GameState(RULES, players=4)
    g = game(start=1)
    g.apply(deal(PLAIN, "7c1 7c2 8c1 8c2 9c1 9c2"))
    assert g.round.play.order == (1, 2, 0) and g.current_player == 1
    assert RULES.rounds.standard == 12 and RULES.rounds.short == 6


def test_H4_deal_seven_each_six_to_the_field():
    g = game()
    g.deal_random(random.Random(1))
    assert [len(h) for h in g.round.hands] == [7, 7, 7]
    assert len(g.round.play.field) == 6 and len(g.round.play.stock) == 21
    with pytest.raises(IllegalAction):
        game().apply(HanaDeal(((0,),), (), ()))


@pytest.mark.parametrize("field,kind,mult", [
    ("7c1 7c2 8c1 8c2 9c1 9c2", "koba", 1),
    ("1b 7c2 8c1 8c2 9c1 9c2", "ooba", 2),
    ("1b 11b 8c1 8c2 9c1 9c2", "zetsuba", 4),
])
def test_H5_field_kind_from_the_field_cards(field, kind, mult):
    hands = [h.replace("1b", "7a") for h in PLAIN]
    g = game()
    g.apply(deal(hands, field))
    made = [e for e in g.events if isinstance(e, FieldMade)][-1]
    assert (made.field, made.multiplier, g.round.multiplier) == (kind, mult, mult)


def test_H6_two_big_field_cards_bind_the_next_round():
    g = game(rounds=2)
    hands = [PLAIN[0].replace("1b", "7a"), PLAIN[1], PLAIN[2].replace("8b", "9a")]
    g.apply(deal(hands, "1b 8b 7c1 7c2 9c1 9c2"))
    assert [e for e in g.events if isinstance(e, FieldMade)][-1].binds_next == "ooba"
    play_out(g, random.Random(2))
    g.apply(deal(PLAIN, "7c1 7c2 8c1 8c2 9c1 9c2"))
    made = [e for e in g.events if isinstance(e, FieldMade)][-1]
    assert made.field == "ooba" and made.bound and g.round.multiplier == 2


def test_H6_a_binding_holds_for_the_next_round_only():
    g = game(rounds=3)
    hands = [PLAIN[0].replace("1b", "7a"), PLAIN[1], PLAIN[2].replace("8b", "9a")]
    g.apply(deal(hands, "1b 8b 7c1 7c2 9c1 9c2"))          # binds round 2 to 大場
    play_out(g, random.Random(2))
    g.apply(deal(PLAIN, "7c1 7c2 8c1 8c2 9c1 9c2"))         # bound, and binds nothing itself
    play_out(g, random.Random(3))
    g.apply(deal(PLAIN, "7c1 7c2 8c1 8c2 9c1 9c2"))
    made = [e for e in g.events if isinstance(e, FieldMade)]
    assert [(m.field, m.bound) for m in made] == [("ooba", False), ("ooba", True), ("koba", False)]
    assert g.round.multiplier == 1


def test_H7_H11_hand_roles_paid_at_start_times_the_field():
    hands = ["4a 4r 4c1 5a 5r 5c1 1r", "1c2 2c2 3c2 4c2 5c2 6c2 8a", "2r 3r 6r 7r 10r 6c1 9a"]
    g = game()
    g.apply(deal(hands, "1b 7c2 8c1 8c2 9c1 9c2"))        # 大場 x2
    shown = [e for e in g.events if isinstance(e, RolesShown) and not e.captured]
    assert [(e.seat, e.roles, e.value) for e in shown] == [(0, ("nitatesanbon",), 8), (1, ("toichi",), 3)]
    paid = round_transfers(g, Kind.ROLES)
    assert {(p.source, p.target, p.amount) for p in paid} == {
        (1, 0, 8 * 12 * 2), (2, 0, 8 * 12 * 2), (0, 1, 3 * 12 * 2), (2, 1, 3 * 12 * 2)}


def test_H14_capture_by_month_and_choice_between_two():
    g = game()
    g.apply(deal(PLAIN, "9a 9r 8c1 8c2 7c1 7c2", rest="12c3"))
    seat0 = deal(PLAIN, "9a 9r 8c1 8c2 7c1 7c2").hands[0]
    g.apply(Play(D.parse("4c1")))                          # no 4 on the field: stays; turns 12c3
    g.apply(Play(D.parse("4a")))                           # seat 1 takes 4c1
    assert set(g.round.play.captures[1]) >= set(cards("4a 4c1"))
    legal = g.legal_actions()                              # seat 2 holds 8b: two susuki on the field
    assert Capture(D.parse("8b"), D.parse("8c1")) in legal and Play(D.parse("8b")) not in legal
    g.apply(Capture(D.parse("8b"), D.parse("8c2")))
    assert set(cards("8b 8c2")) <= set(g.round.play.captures[2]) and D.parse("8c1") in g.round.play.field
    assert seat0


def test_H14_H15_legal_actions_in_card_order_from_a_hand_dealt_out_of_order():
    """A deal may list a hand in any order (a record, a determinized deal): the seat's actions come
    in card order, a card matching two field cards as its two captures in field order (H15)."""
    field = tuple(cards("3c2 9a 7c1 3c1 8c1 9r"))             # 3 (cherry) twice, 3c2 first
    g = game()
    stock = deal(PLAIN, "3c1 3c2 9a 9r 7c1 8c1").stock
    g.apply(HanaDeal(tuple(tuple(reversed(cards(h))) for h in PLAIN), field, stock))
    r3, expect = D.parse("3r"), []
    for c in sorted(cards(PLAIN[0])):
        expect += [Capture(r3, D.parse("3c2")), Capture(r3, D.parse("3c1"))] if c == r3 else [Play(c)]
    assert g.legal_actions() == tuple(expect)


def test_H15_turned_card_captures_the_card_just_discarded():
    g = game()
    g.apply(deal(PLAIN, "7c1 7c2 8c1 8c2 9c1 9c2", rest="5c2"))
    g.apply(Play(D.parse("5c1")))                              # no match: to the field
    assert set(g.round.play.captures[0]) == set(cards("5c1 5c2"))


def test_H16_round_ends_with_hands_field_and_stock_exhausted():
    played_out = 0
    for seed in range(12):
        g = game()
        g.deal_random(random.Random(seed))
        play_out(g, random.Random(seed))
        scored = [e for e in g.events if isinstance(e, RoundScored)]
        if not scored:                      # stopped early by a capture role (H18)
            continue
        played_out += 1
        s = g.round.play
        assert all(not hand for hand in g.round.hands) and s.stock == [] and s.field == []
        assert sum(len(cards) for cards in s.captures.values()) == 48
        assert sum(scored[0].points) == 264
    assert played_out >= 3


def test_H17_H18_capture_role_stops_the_round_and_is_paid():
    hands = ["1c1 2c1 3c1 4c1 5c1 6c1 7a", "1c2 2c2 3c2 4c2 5c2 6c2 8a", "7c1 7c2 8c1 8c2 9c1 9c2 9a"]
    g = game()
    g.apply(deal(hands, "1r 2r 3r 5r 6r 11c", rest="12c1 12c2 12c3 12b 10r 10a 11a"))
    before = list(g.chips)
    g.apply(Play(D.parse("1c1")))       # takes 1r, turns 12c1
    g.apply(Play(D.parse("1c2")))
    g.apply(Play(D.parse("9c1")))
    g.apply(Play(D.parse("2c1")))       # takes 2r
    g.apply(Play(D.parse("2c2")))
    g.apply(Play(D.parse("9c2")))
    g.apply(Play(D.parse("3c1")))       # takes 3r: 赤タン
    made = [e for e in g.events if isinstance(e, RolesShown) and e.captured]
    assert [(m.seat, m.roles, m.value) for m in made] == [(0, ("akatan",), 7)]
    assert g.is_terminal and not [e for e in g.events if isinstance(e, RoundScored)]
    paid = round_transfers(g, MatchingTransfer.CAPTURE_ROLES)
    assert {(p.source, p.target, p.amount) for p in paid} == {(1, 0, 84), (2, 0, 84)}
    assert before


def _table(hand_roles=None, start=0):
    g = game(start=start)
    g.apply(deal(PLAIN, "7c1 7c2 8c1 8c2 9c1 9c2"))
    if hand_roles:
        g._t.round.play.hand_roles.update(hand_roles)
    return g._t


def _delta(t, fn):
    before = list(t.chips)
    fn()
    return [a - b for a, b in zip(t.chips, before)]


def test_H21_card_points_against_88():
    from hachihachi.interpreter.games.matching.phases import CardScoring

    t = _table()
    delta = _delta(t, lambda: CardScoring(RULES)._card_points(t, t.round.play, {0: 100, 1: 80, 2: 84}))
    assert delta == [12, -8, -4]


def test_H19_sohachi_dealer_takes_ten_from_each():
    from hachihachi.interpreter.games.matching.phases import CardScoring

    t = _table(start=1)
    t.round.play.captures = {0: [], 1: [], 2: []}
    specials, paid = CardScoring(RULES)._special_roles(t, t.round.play, {0: 88, 1: 88, 2: 88})
    assert specials == (("sohachi", 1, 10),)
    assert [(e.source, e.target, e.base, e.reason) for e in paid] == [
        (2, 1, 120, "special role sohachi"), (0, 1, 120, "special role sohachi")]


def test_H19_nihachi_and_its_extra_points():
    from hachihachi.interpreter.games.matching.phases import CardScoring

    t = _table()
    t.round.play.captures = {0: [], 1: [], 2: []}
    assert CardScoring(RULES)._special_roles(t, t.round.play, {0: 170, 1: 50, 2: 44})[0] == (("nihachi", 0, 12),)
    assert CardScoring(RULES)._special_roles(t, t.round.play, {0: 167, 1: 53, 2: 44}) == ((), [])


def test_H19_sujuroku_sixteen_chaff_with_willow():
    from hachihachi.interpreter.games.matching.phases import CardScoring

    g = game()
    g.apply(deal(PLAIN, "7c1 7c2 8c1 8c2 9c1 9c2"))
    s = g._t.round.play
    chaff = [c for c in D.cards if D.card_class(c) == "chaff"][:16] + [D.parse("11b")]
    s.captures = {0: chaff, 1: [], 2: [c for c in D.cards if c not in chaff]}
    specials, _ = CardScoring(RULES)._special_roles(g._t, s, {0: 1, 1: 0, 2: 0})
    assert specials == (("sujuroku", 0, 12 + 2),)


def test_H20_fukikeshi_voids_hand_roles():
    from hachihachi.ruleset.roles import RoleResult

    from hachihachi.interpreter.games.matching.phases import CardScoring

    t = _table(hand_roles={1: RoleResult((), 5, 0)})
    scoring = CardScoring(RULES)
    scoring._special_roles = lambda t, s, points: ((("sohachi", 0, 10),), [])
    scoring.enter(t)
    refunds = [e for e in t.events if isinstance(e, Transfer) and "fukikeshi" in e.reason]
    assert {(e.source, e.target) for e in refunds} == {(1, 0), (1, 2)}


def test_H12_tobikomi_and_H13_nuke_add_one_kan():
    from hachihachi.interpreter.games.matching.phases import CardScoring

    g = game()
    g.apply(deal(["4a 4r 4c1 1c2 2c2 3c2 5c2", "3b 7a 5r 6c2 2c1 10c2 12c1", PLAIN[2]], "7c1 7c2 8c1 8c2 9c1 9c2"))
    t, s = g._t, g._t.round.play
    s.captures = {0: list(cards("4a 4r 4c1 1b 3b 8b 11b 12b")), 1: [], 2: []}
    before = list(t.chips)
    CardScoring(RULES)._bonuses(t, s, {0: 127, 1: 0, 2: 0})
    assert s.hand_roles[0].ids == ("tatesanbon",)
    assert [a - b for a, b in zip(t.chips, before)] == [24, -12, -12]        # 飛び込み: 1 kan from each
    s.hand_roles[0] = RULES.evaluator.evaluate(cards("1c1 2c1 3c1 4c1 5c1 6c1 7a"))   # 十一
    before = list(t.chips)
    CardScoring(RULES)._bonuses(t, s, {0: 90, 1: 0, 2: 0})                  # 90 > 89: 抜け役
    assert [a - b for a, b in zip(t.chips, before)] == [24, -12, -12]


def test_H22_totals_in_points_and_highest_wins():
    g = GameState(RULES, players=3, seed=4, rounds=2)
    play_random(g, random.Random(4))
    assert g.winners == tuple(s for s, c in enumerate(g.chips) if c == max(g.chips))


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_zero_sum_over_seeded_random_games(seed):
    g, rng = GameState(RULES, players=3, seed=seed, rounds=3), random.Random(seed)
    while not g.is_terminal:
        g.deal_random(rng) if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
        assert sum(g.chips) == 0
    for e in g.events:
        if isinstance(e, RoundScored):
            assert sum(e.points) == 264


def test_heuristic_matching_bot_beats_random_play_on_average():
    from hachihachi.interpreter.bots.base import make_bot

    bot, rnd = make_bot("heuristic_matching"), make_bot("random")
    total = 0
    for seed in range(6):
        g = play_bots(GameState(RULES, players=3, seed=seed, rounds=4), [bot, rnd, rnd], random.Random(seed))
        total += g.returns[0]
    assert total > 0


def test_H14_a_clone_in_matching_play_plays_on_alone_and_ends_as_the_game_would():
    g = GameState(RULES, players=3, seed=5, rounds=2)
    rng = random.Random(5)
    while g.phase is None or g.phase.value != "play":
        g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
    g.apply(g.legal_actions()[0])               # a card played: field, stock and piles moved
    copy, state = g.clone(), random.Random(9).getstate()
    before = (g.events, g.view(0), g.round.play.field[:], g.round.play.stock[:])
    play_random(copy, random.Random(9))
    assert copy.is_terminal and (g.events, g.view(0), g.round.play.field, g.round.play.stock) == before
    rng.setstate(state)
    play_random(g, rng)                         # the game itself, played as the clone was
    assert g.events == copy.events and g.chips == copy.chips


@pytest.mark.parametrize("rules", ["hanafuda_hachihachi", "koikoi"])
def test_H14_H15_the_field_by_month_that_play_reads_is_the_field_at_every_step(rules):
    # matching play reads the field cards of a month from an index it keeps beside the field,
    # and whether a pile makes a capture role (H18) from a key it keeps for each pile; at every
    # step of random play, in the game and in clones taken along the way, the index is the field
    # grouped by month in field order, each key the sum of its pile's cards' keys, and the legal
    # plays are the ones the field gives
    ruleset = load_ruleset(rules)
    month, reader, steps = ruleset.deck.rank_table, MatchingEngine(ruleset), 0
    keyed = capture_evaluator(ruleset).role_key()
    assert keyed is not None            # both tables read counts of known card sets only
    keys = keyed[0]
    for seed in range(6):
        g = GameState(ruleset, players=ruleset.players.min, seed=seed, rounds=2)
        rng, games = random.Random(seed), [g]
        while not g.is_terminal:
            if g.current_player == CHANCE:
                g.deal_random()
                continue
            s = g.round.play
            if s is not None and g.phase is not None and g.phase.value == "play":
                by = reader.by_month(s)     # the index as the game's play kept it (made here if not yet)
                assert by == [[f for f in s.field if month[f] == m] for m in range(len(by))]
                for seat, (read, key) in s.pile_keys.items():   # each pile's key, as last read
                    assert key == sum(keys[c] for c in s.captures[seat][:read])
                for action in g.legal_actions():
                    if isinstance(action, Capture):
                        assert month[action.target] == month[action.card] and action.target in s.field
                steps += 1
                if steps % 7 == 0:
                    games.append(g.clone())
            g.apply(rng.choice(g.legal_actions()))
        for clone in games[1:]:             # each clone, played out alone, keeps its index too
            play_random(clone, random.Random(seed))
            assert clone.is_terminal
    assert steps > 100


def test_H19_sohachi_dealer_pays_each_other_player_as_the_house_rule_says():
    from pathlib import Path

    from hachihachi.interpreter.games.matching.phases import CardScoring

    house = load_ruleset(str(Path(__file__).parent / "house_rules" / "variants" / "h19_sohachi_dealer_pays.yaml"))
    g = GameState(house, players=3, seed=1, start=1)
    g.apply(deal(PLAIN, "7c1 7c2 8c1 8c2 9c1 9c2"))
    t = g._t
    t.round.play.captures = {0: [], 1: [], 2: []}
    specials, paid = CardScoring(house)._special_roles(t, t.round.play, {0: 88, 1: 88, 2: 88})
    assert specials == (("sohachi", 1, 10),)
    assert [(e.source, e.target, e.base, e.reason) for e in paid] == [
        (1, 2, 120, "special role sohachi (the dealer pays)"), (1, 0, 120, "special role sohachi (the dealer pays)")]


def test_H19_special_roles_are_the_effects_of_the_bundled_settlement():
    names = [e.name for e in dict(RULES.settlement)["special_roles"]]
    assert names == ["sohachi", "sohachi", "nihachi", "sujuroku"]
