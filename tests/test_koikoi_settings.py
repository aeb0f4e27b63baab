"""Koi-Koi's settings of K3, K5, K10 and K13 (shared/spec/koikoi.md), each against the spec's
words: the standard file and the house-rule files of rules/variants/."""

import random

import pytest

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.events import DealerDrawn
from hachihachi.interpreter.records.gamerecord import record_data, replay_data
from hachihachi.interpreter.records.replaying import RecordProblem
from hachihachi.interpreter.games.matching.phases import HanaDealSpace
from hachihachi.interpreter.games.matching.play import capture_evaluator
from hachihachi.ruleset.loader import load_ruleset
from tests.test_koikoi import HAND_A, HAND_B, QUIET, RULES, A, B, cards, deal, paid

FOUR_PINES = "1b 1r 1c1 1c2 8c1 9c1 11c 12c3"       # a field with all four cards of January
FIELD_FOUR = load_ruleset("rules/variants/koikoi_field_four_dealer_wins.yaml")
EXTRAS = load_ruleset("rules/variants/koikoi_role_extras.yaml")


def _total(rules, text):
    return capture_evaluator(rules).evaluate(cards(text)).go


# -- K5 -------------------------------------------------------------------------------------

def test_K5_a_field_of_one_month_is_void_and_dealt_again_by_the_same_dealer():
    space = HanaDealSpace(RULES, 2)
    hands = ["2c1 3c1 4c1 5c1 6c1 7c1 12c1 10c1", "2c2 3c2 4c2 5c2 6c2 7c2 12c2 10c2"]
    assert "dealt again" in space.problem(deal(hands, FOUR_PINES))
    rng = random.Random(7)
    months = RULES.deck.rank
    for _ in range(200):                # no sampled deal lays a whole month on the field
        field = space.sample(rng).field
        assert max(sum(months(c) == months(f) for c in field) for f in field) < 4


def test_K5_setting_the_dealer_wins_a_field_of_one_month_with_6_points():
    for dealer, other in ((A, B), (B, A)):
        g = GameState(FIELD_FOUR, players=2, seed=0, rounds=2, start=dealer)
        hands = ["2c1 3c1 4c1 5c1 6c1 7c1 12c1 10c1", "2c2 3c2 4c2 5c2 6c2 7c2 12c2 10c2"]
        g.apply(deal(hands, FOUR_PINES))
        assert paid(g) == [(other, dealer, 6)]          # no card is played
        assert g.round.index == 1 and g.round.start == dealer and g.current_player == CHANCE


def test_K5_setting_a_field_of_three_is_played_as_standard():
    g = GameState(FIELD_FOUR, players=2, seed=0, rounds=1, start=A)
    g.apply(deal([HAND_A.replace("1c1", "10c1"), HAND_B], "1b 1r 1c1 8c1 9c1 11c 12c3 4r", QUIET))
    assert paid(g) == [] and g.current_player == A


# -- K13 ------------------------------------------------------------------------------------

ANIMALS = "2a 4a 5a 6a 7a 8a 9a 10a 11a".split()
RIBBONS = "4r 5r 7r 11r 1r 2r 6r 9r 3r 10r".split()       # no 赤短 or 青短 before the tenth
CHAFF = [c for c in RULES.deck.parse_list("1c1 1c2 2c1 2c2 3c1 3c2 4c1 4c2 5c1 5c2 6c1 6c2 7c1 7c2 8c1 8c2 "
                                          "9c1 9c2 10c1 10c2 11c 12c1 12c2 12c3")]


def test_K13_five_animals_1_and_1_more_for_each_beyond_five():
    # without 猪鹿蝶 (kept out: 6a 7a 10a last)
    order = ["2a", "4a", "5a", "8a", "9a", "11a", "6a", "7a"]
    assert [_total(RULES, " ".join(order[:n])) for n in range(4, 9)] == [0, 1, 2, 3, 4]


def test_K13_five_ribbons_1_and_1_more_for_each_beyond_five():
    pile = "4r 5r 7r 11r 1r 6r".split()       # no ribbon role among them
    assert [_total(RULES, " ".join(pile[:n])) for n in range(4, 7)] == [0, 1, 2]


def test_K13_ten_chaff_1_and_1_more_for_each_beyond_ten():
    names = [RULES.deck.name(c) for c in CHAFF]
    assert [_total(RULES, " ".join(names[:n])) for n in (9, 10, 11, 12, 24)] == [0, 1, 2, 3, 15]
    assert _total(RULES, " ".join(names[:9] + ["9a"])) == 1         # the sake cup counts as chaff


def test_K13_setting_inoshikacho_adds_1_for_each_further_animal_instead_of_tane():
    assert _total(RULES, "6a 7a 10a 2a 4a") == 6              # K14: 猪鹿蝶 5 + タネ 1
    assert _total(EXTRAS, "6a 7a 10a 2a 4a") == 7             # 猪鹿蝶 5 + two further animals
    assert _total(EXTRAS, "6a 7a 10a 2a") == 6 and _total(RULES, "6a 7a 10a 2a") == 5
    assert _total(EXTRAS, " ".join(ANIMALS)) == 5 + 6         # 猪鹿蝶 and six more
    assert _total(EXTRAS, "2a 4a 5a 8a 11a") == 1             # no 猪鹿蝶: タネ as standard


def test_K13_setting_akatan_and_aotan_add_1_for_each_further_ribbon_instead_of_tan():
    assert _total(EXTRAS, "1r 2r 3r 4r") == 6 and _total(RULES, "1r 2r 3r 4r") == 5
    assert _total(EXTRAS, "6r 9r 10r 4r 5r") == 7 and _total(RULES, "6r 9r 10r 4r 5r") == 6
    assert _total(EXTRAS, "1r 2r 3r 6r 9r 10r 4r") == 11      # both, and the seventh ribbon
    assert _total(EXTRAS, "4r 5r 7r 11r 1r") == 1             # no ribbon role: タン as standard


# -- K3 -------------------------------------------------------------------------------------

def _drawn(seed, rules=RULES):
    g = GameState(rules, players=2, seed=seed, rounds=1)
    return g, next((e for e in g.events if isinstance(e, DealerDrawn)), None)


def test_K3_each_draws_a_card_the_earlier_month_deals_equal_months_draw_again():
    month = RULES.deck.rank
    again = 0
    for seed in range(60):
        g, drawn = _drawn(seed)
        draws = [drawn.cards[i:i + 2] for i in range(0, len(drawn.cards), 2)]
        assert all(month(a) == month(b) for a, b in draws[:-1])       # equal months: drawn again
        a, b = draws[-1]
        assert month(a) != month(b)
        assert g.round.start == drawn.start == (A if month(a) < month(b) else B)
        again += len(draws) > 1
    assert again                       # some of the sixty draws were equal months (1 in 12 is)


def test_K3_a_draw_again_is_kept_in_the_record_and_replayed():
    seed = next(s for s in range(200) if len(_drawn(s)[1].cards) > 2)
    g, drawn = _drawn(seed)
    g.apply(g.sample_chance(random.Random(seed)))
    data = record_data(g)
    assert len(data["draw"]) == len(drawn.cards) > 2
    assert replay_data(data, RULES).game.events[0] == drawn
    with pytest.raises(RecordProblem, match="first dealer"):
        replay_data(dict(data, draw=data["draw"][2:] + data["draw"][:2]), RULES)    # the tie last


def test_K3_setting_the_first_dealer_at_random_draws_nothing():
    rules = load_ruleset("rules/variants/koikoi_dealer_at_random.yaml")
    assert all(_drawn(seed, rules)[1] is None for seed in range(5))
    assert {_drawn(seed, rules)[0].round.start for seed in range(20)} == {A, B}


# -- K10 ------------------------------------------------------------------------------------

RAIN_ANYONE = load_ruleset("rules/variants/koikoi_rain_voids_sake_anyone.yaml")


def test_K10_setting_the_rain_man_taken_by_the_other_voids_moon_viewing_no_rise_no_question():
    from tests.test_koikoi import FIELD, play, table
    from hachihachi.interpreter.games.matching.play import STOP

    for rules, asked in ((RULES, True), (RAIN_ANYONE, False)):
        g = table([HAND_A.replace("6c1", "9c2"), HAND_B], FIELD.replace("9c1", "9a"), QUIET,
                  taken={A: "8b", B: "11b"}, rules=rules)
        play(g, "9c2")                  # A takes the sake cup beside the moon: 月見で一杯, unless B's rain man voids it
        assert (STOP in g.legal_actions()) is asked


def test_K10_setting_the_rain_man_taken_later_voids_a_role_held_and_the_stop_pays_the_rest():
    from tests.test_koikoi import FIELD, play, table
    from hachihachi.interpreter.games.matching.play import STOP

    for rules, total, pays in ((RULES, 10, 20), (RAIN_ANYONE, 5, 5)):
        g = table([HAND_A, HAND_B.replace("7c2", "11c")], FIELD.replace("11c", "11b"), QUIET,
                  taken={A: "8b 9a 1r 2r"}, rules=rules)     # A holds 月見で一杯 (5), koi called before
        g.round.play.play_ons[A] = 1
        play(g, "4c1")
        play(g, "11c")                  # B takes the rain man
        assert g.round.play.totals[A] == (5 if rules is RULES else 0)
        play(g, "3c1")                  # A takes 3r: 赤短, a rise to the total
        assert STOP in g.legal_actions() and g.round.play.totals[A] == total
        g.apply(STOP)
        assert paid(g) == [(B, A, pays)]


def test_K10_setting_only_roles_outside_the_groups_may_be_voided(tmp_path):
    from hachihachi.ruleset.errors import HachiError

    path = tmp_path / "bad.yaml"
    path.write_text("extends: koikoi\nname: bad\nhanafuda:\n  void_when_taken: {cards: 11b, roles: [tane5]}\n")
    with pytest.raises(HachiError, match="void_when_taken.roles names 'tane5'"):
        load_ruleset(str(path))
