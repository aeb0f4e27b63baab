"""Hanafuda Hachi-Hachi: the deck and notation (H1), hand roles (H8-H10), exact counts."""

from math import comb

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.ruleset.errors import CardError
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.stats import exact_counts


@pytest.fixture(scope="module")
def rules():
    return load_ruleset("hanafuda_hachihachi")


@pytest.fixture(scope="module")
def plain():
    return load_ruleset("hanafuda_plain_willow")


def roles_of(ruleset, text):
    res = ruleset.evaluator.evaluate(ruleset.deck.parse_list(text))
    return sorted(res.ids), res.go


def test_H1_deck_has_48_cards_worth_264(rules):
    d = rules.deck
    assert d.size == 48 and sum(d.points(c) for c in d.cards) == 264 == 3 * rules.hanafuda.par
    kinds = ("bright", "animal", "ribbon", "chaff")
    assert [sum(1 for c in d.cards if d.card_class(c) == k) for k in kinds] == [5, 9, 10, 24]
    assert all(sum(1 for c in d.cards if d.month(c) == m) == 4 for m in range(1, 13))


@pytest.mark.parametrize("text,canonical", [("1b", "1b"), ("11C", "11c"), (" 12c3", "12c3"), ("8A", "8a")])
def test_H1_notation_round_trips(rules, text, canonical):
    assert rules.deck.name(rules.deck.parse(text)) == canonical


@pytest.mark.parametrize("bad", ["1x", "13b", "2b", "1c3", "", "As"])
def test_H1_notation_refuses_non_cards(rules, bad):
    with pytest.raises(CardError, match="hanafuda card"):
        rules.deck.parse(bad)


def test_H3_kan_is_twelve_points(rules):
    assert rules.hanafuda.kan == 12


@pytest.mark.parametrize("hand,roles,go", [
    ("11b 11a 11r 11c 12c1 12c2 12c3", ["karasu", "shisan"], 24),
    ("1b 1r 1c1 1c2 2a 2r 3b", ["ichinishi"], 8),
    ("1b 1r 1c1 2a 2r 3b 3r", ["haneken"], 7),
    ("4a 4r 4c1 5a 5r 5c1 1b", ["nitatesanbon"], 8),
    ("4a 4r 4c1 1b 1r 1c1 2a", ["nisanbon"], 6),
    ("12b 12c1 12c2 4a 4r 4c1 1b", ["nisanbon"], 6),         # phoenix three is not standing
    ("12c1 12c2 12c3 4a 4r 4c1 1b", ["nitatesanbon"], 8),     # three paulownia chaff stand
    ("1b 1r 2a 2r 3b 3r 4a", ["kuttsuki"], 4),
    ("7a 7r 7c1 1b 2a 3b 8b", ["tatesanbon"], 3),
    ("1b 1r 1c1 2a 3b 4a 8b", ["sanbon"], 2),
    ("1b 1r 2a 3b 4a 5a 8b", [], 0),
])
def test_H8_sets(rules, hand, roles, go):
    assert roles_of(rules, hand) == (sorted(roles), go)


@pytest.mark.parametrize("hand,roles", [
    ("1c1 2c1 3c1 4c1 5c1 6c1 7c1", ["karasu"]),
    ("1b 2c1 3c1 4c1 5c1 6c1 7c1", ["hikariichi"]),
    ("1r 2r 3c1 4c1 5c1 6c1 7c1", ["aka"]),
    ("1r 2c1 3c1 4c1 5c1 6c1 7c1", ["tanichi"]),
    ("2a 1c1 3c1 4c1 5c1 6c1 7c1", ["toichi"]),
    ("2a 1r 3c1 4c1 5c1 6c1 7c1", []),
])
def test_H8_weak_hands(rules, hand, roles):
    assert roles_of(rules, hand)[0] == roles


def test_H9_combination_is_the_sum_of_two_roles(rules):
    assert roles_of(rules, "1r 1c1 1c2 2r 2c1 2c2 3c1") == (["aka", "nisanbon"], 9)
    assert roles_of(rules, "12c1 12c2 12c3 1c1 2c1 3c1 4c1") == (["karasu", "tatesanbon"], 7)
    assert roles_of(rules, "12b 12c1 12c2 12c3 1c1 2c1 3c1") == (["hikariichi", "teshi"], 10)


def test_H10_willow_changeling_scores_the_best_weak_role(rules, plain):
    # the rain man as chaff makes からす (4), as itself 光一 (4): equal, からす comes first
    assert roles_of(rules, "11b 1c1 2c1 3c1 4c1 5c1 6c1") == (["karasu"], 4)
    assert roles_of(plain, "11b 1c1 2c1 3c1 4c1 5c1 6c1") == (["hikariichi"], 4)
    # three ribbons with the willow one: 赤 only when the willow ribbon may be chaff
    assert roles_of(rules, "1r 2r 11r 1c1 2c1 3c1 4c1") == (["aka"], 3)
    assert roles_of(plain, "1r 2r 11r 1c1 2c1 3c1 4c1") == ([], 0)
    # one card is never used both ways: the swallow cannot be the animal and chaff at once
    assert roles_of(rules, "11a 2a 1c1 2c1 3c1 4c1 5c1") == (["toichi"], 3)


@pytest.mark.slow
def test_H10_exact_weak_counts_match_closed_forms(rules, plain):
    chaff, six = 24, comb(24, 6)
    counts = exact_counts(plain.evaluator, 7)
    assert counts.hands == comb(48, 7)
    assert counts.roles["karasu"] == comb(chaff, 7)
    assert counts.roles["hikariichi"] == 5 * six
    assert counts.roles["tanichi"] == 10 * six and counts.roles["toichi"] == 9 * six
    assert counts.roles["aka"] == comb(10, 2) * comb(chaff, 5)
    assert counts.roles["shisan"] == 12 * 11 * 4
    with_changeling = exact_counts(rules.evaluator, 7)
    assert with_changeling.roles["karasu"] == comb(chaff + 3, 7)
    assert with_changeling.roles["shisan"] == counts.roles["shisan"]


def test_H8_exact_counts_agree_with_hand_by_hand_evaluation(rules):
    import random

    rng = random.Random(5)
    hands = [tuple(rng.sample(range(48), 7)) for _ in range(3000)]
    batch = rules.evaluator.evaluate_many(hands)
    one = [rules.evaluator.evaluate(h) for h in hands]
    assert [r.ids for r in batch] == [r.ids for r in one]
    assert any(r.ids for r in one)


def test_cli_roles_and_table_accept_hanafuda(tmp_path):
    runner = CliRunner()
    res = runner.invoke(cli, ["roles", "--rules", "hanafuda_hachihachi", "4a", "4r", "4c1", "5a", "5r", "5c1", "1b"])
    assert res.exit_code == 0 and "nitatesanbon" in res.output
    res = runner.invoke(cli, ["roles", "--rules", "hanafuda_hachihachi", "1x", "1b"])
    assert res.exit_code == 1 and "not a hanafuda card" in res.output
    res = runner.invoke(cli, ["table", "--rules", "hanafuda_hachihachi", "--no-probability"])
    assert res.exit_code == 0 and "shisan" not in res.output and "Four and Three" in res.output


def test_H18_capture_role_cards_are_read_from_each_rulesets_own_table(rules):
    """The cards the capture roles name, which the matching heuristic guards, belong to the
    ruleset they were read from (no cache shared by object identity)."""
    deck = rules.deck
    named = {deck.name(c) for c in rules.hanafuda.capture_role_cards}
    assert named == {deck.name(deck.parse(c)) for c in
                     "1r 2r 3r 6r 9r 10r 4r 5r 7r 1b 3b 8b 12b".split()}
    traditional = load_ruleset("hanafuda_traditional")
    inoshikacho = {deck.parse(c) for c in ("6a", "7a", "10a")}       # 猪鹿蝶, a traditional capture role
    assert inoshikacho <= traditional.hanafuda.capture_role_cards
    assert not inoshikacho & rules.hanafuda.capture_role_cards


@pytest.mark.parametrize("text, role, shown", [
    ("1r 2r 3c1 4c1 5c1 6c1 7c1", "aka", "1r 2r 3c1 4c1 5c1 6c1 7c1"),     # an exact count: the whole hand
    ("12b 12c1 12c2 12c3 1c1 2c1 3c1", "teshi", "12b 12c1 12c2 12c3"),      # shape 4: the month held four times
])
def test_H11_hand_roles_show_their_witness_cards(rules, text, role, shown):
    """H11: a weak hand (``count(...) == 0 and count(kind ribbon) >= 2 and ...``) is shown whole,
    as an exact count is proved by the whole hand alone; a set shows the months it holds."""
    deck = rules.deck
    hit = {h.id: h for h in rules.evaluator.evaluate(deck.parse_list(text)).roles}[role]
    assert sorted(hit.cards) == sorted(deck.parse_list(shown))
    assert list(hit.cards) == sorted(hit.cards, key=lambda c: (-deck.rank(c), deck.suit(c)))
