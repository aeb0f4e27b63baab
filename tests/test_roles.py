"""Hand roles (hand-roles.md, T14, T15): evaluation, groups, combos, witness cards, context."""

import random
from collections import Counter

import pytest

from hachihachi.ruleset.cards import STANDARD_52 as D
from hachihachi.ruleset.errors import CardError
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.model import Combo, Name, RoleDef, RoleExample, RoleTable
from hachihachi.ruleset.roles import check_examples, compile_table


@pytest.fixture(scope="module")
def rules():
    return load_ruleset("hachihachi_trick")


def hand(text):
    return D.parse_list(text)


def naive_roles(cards):
    """The standard table written out directly, as an independent reference."""
    ranks = Counter(D.rank(c) for c in cards)
    suits = Counter(D.suit(c) for c in cards)
    shape = sorted((n for n in ranks.values() if n > 1), reverse=True)

    def run(rank_set):
        seq = [12] + list(range(13))           # ace low and high
        best = cur = 0
        for r in seq:
            cur = cur + 1 if r in rank_set else 0
            best = max(best, cur)
        return best

    out = set()
    sets = {(4, 3): "shisan", (4, 2): "ichinishi", (3, 2, 2): "haneken", (4,): "teshi", (3, 3): "nisanbon",
            (2, 2, 2): "kuttsuki", (3,): "sanbon", (3, 2): "sanbon"}
    if tuple(shape) in sets:
        out.add(sets[tuple(shape)])
    light = sum(1 for c in cards if D.rank(c) >= 8)
    if light == 0:
        out.add("karasu")
    elif light == 1:
        out.add("hikariichi")
    if max(run({D.rank(c) for c in cards if D.suit(c) == s}) for s in range(4)) >= 5:
        out.add("straight_flush")
    elif max(suits.values()) >= 5:
        out.add("flush")
    elif run(set(ranks)) >= 5:
        out.add("straight")
    return out


def test_standard_examples_all_pass(rules):
    assert check_examples(rules) == []
    per_role = Counter(r for e in rules.roles.examples for r in e.roles)
    assert all(per_role[r.id] >= 2 for r in rules.roles.roles)


@pytest.mark.slow
def test_evaluate_agrees_with_an_independent_reference_on_seeded_hands(rules):
    rng = random.Random(7)
    ev = rules.evaluator
    for _ in range(20000):
        cards = rng.sample(range(52), 7)
        assert set(ev.evaluate(cards).ids) == naive_roles(cards), D.format(cards)


def test_evaluate_many_equals_evaluate(rules):
    rng = random.Random(3)
    hands = [rng.sample(range(52), 7) for _ in range(3000)]
    many = rules.evaluator.evaluate_many(hands)
    for h, res in zip(hands, many):
        one = rules.evaluator.evaluate(h)
        assert (res.ids, res.go, res.forced) == (one.ids, one.go, one.forced)


def test_T15_values_add_across_groups(rules):
    res = rules.evaluator.evaluate(hand("2s 2h 2d 2c 3s 3h 3d"))
    assert res.ids == ("shisan", "karasu") and (res.go, res.forced) == (24, 12)


def test_T14_witness_cards_of_sets_runs_and_suits(rules):
    ev = rules.evaluator
    sanbon = ev.evaluate(hand("As Ah Ad 2c 3s 4h 9d")).roles[0]
    assert D.format(sanbon.cards) == "As Ah Ad"
    straight = ev.evaluate(hand("As 2h 3d 4c 5s 9h 9d"))
    by_id = {h.id: h for h in straight.roles}
    assert D.format(by_id["straight"].cards) == "As 5s 4c 3d 2h"
    assert len(by_id["hikariichi"].cards) == 7                   # an exact count shows the whole hand
    flush = ev.evaluate(hand("2h 5h 7h 9h Jh Ks Ad")).roles[0]
    assert D.format(flush.cards) == "Jh 9h 7h 5h 2h"
    sf = ev.evaluate(hand("Ts Js Qs Ks As 2h 3d")).roles[0]
    assert D.format(sf.cards) == "As Ks Qs Js Ts"


def _table(roles, combos=(), classes=None, groups=None):
    defs = tuple(RoleDef(i, Name(i, i), g, p, go, fo) for i, g, p, go, fo in roles)
    return RoleTable(classes=classes or {"light": "rank T J Q K A"}, groups=groups or {}, roles=defs,
                     combos=tuple(combos))


def test_group_counts_only_the_highest_matching_role_first_listed_on_ties():
    table = _table([("a", "g", "count(light) >= 1", 2, 1), ("b", "g", "count(light) >= 2", 5, 2),
                    ("c", "g", "count(light) >= 2", 5, 3), ("d", None, "count(light) >= 1", 1, 1)])
    res = compile_table(table, D).evaluate(hand("As Kh 2d 3c 4s 6h 8d"))
    assert res.ids == ("b", "d") and res.forced == 3


def test_combo_replaces_the_sum_of_its_roles():
    table = _table([("karasu", "w", "count(light) == 0", 4, 2), ("shisan", "s", "shape 4 3", 20, 10)],
                   combos=[Combo("crow_shisan", ("karasu", "shisan"), 30, 15)])
    ev = compile_table(table, D)
    res = ev.evaluate(hand("2s 2h 2d 2c 3s 3h 3d"))
    assert res.ids == ("crow_shisan",) and (res.go, res.forced) == (30, 15)
    assert len(res.roles[0].cards) == 7
    assert ev.evaluate(hand("2s 2h 2d 5c 3s 3h 4d")).ids == ("karasu",)


def test_trump_and_indicator_context():
    table = _table([("no_trump", None, "count(suit trump) == 0", 3, 1),
                    ("twin", None, "count(rank indicator) >= 2", 2, 1)])
    ev = compile_table(table, D)
    h = hand("As Ah 2d 3d 4c 5c 6c")
    assert ev.evaluate(h).ids == ("no_trump",)                    # no trump given: the set is empty
    assert ev.evaluate(h, trump=D.suit_index("s")).ids == ()
    assert ev.evaluate(h, trump=D.suit_index("s"), indicator=D.parse("Ad")).ids == ("twin",)
    assert ev.count_class("light", h) == 2


def test_bad_hands_are_card_errors(rules):
    with pytest.raises(CardError, match="twice"):
        rules.evaluator.evaluate([0, 0, 1, 2, 3, 4, 5])
    with pytest.raises(CardError):
        rules.evaluator.evaluate([0, 1, 2, 3, 4, 5, 99])
    with pytest.raises(CardError):
        rules.evaluator.evaluate_many([[0, 0, 1, 2, 3, 4, 5]])


def test_a_wrong_example_is_reported_with_its_place():
    import dataclasses

    rules = load_ruleset("hachihachi_trick")
    wrong = RoleExample("As Ah Ad 2c 3s 4h 9d", ("teshi",), go=6, place="hand_roles.yaml:200:5")
    bad_hand = RoleExample("As As Ad 2c 3s 4h 9d", (), place="hand_roles.yaml:201:5")
    table = dataclasses.replace(rules.roles, examples=(wrong, bad_hand))
    errs = check_examples(dataclasses.replace(rules, roles=table))
    assert [e.place for e in errs] == ["hand_roles.yaml:200:5", "hand_roles.yaml:201:5"]
    assert "expected roles [teshi] but got [sanbon]" in errs[0].message
    assert "twice" in errs[1].message
