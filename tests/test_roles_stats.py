"""Exact role counts (hand-roles.md): the standard figures, and any table against brute force."""

import itertools
from collections import Counter
from math import comb

import pytest

from hachihachi.ruleset.cards import SuitedDeck
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.model import Combo, Name, RoleDef, RoleTable
from hachihachi.ruleset.roles import compile_table
from hachihachi.ruleset.stats import _ids_with_parts, exact_counts, sampled_counts, warnings

# hand-roles.md's table, except sanbon: the spec says 9,883,840, but 3+1+1+1+1 gives
# 13*4*C(12,4)*4^4 = 6,589,440 and 3+2+1+1 gives 13*4*12*6*C(11,2)*4^2 = 3,294,720, 9,884,160 in all;
# the C brute force of benchmarks/roles.py counts 9,884,160 too (and the spec's 95,334,576 hands
# with no role, which agrees with 9,884,160).
STANDARD = {
    "sanbon": 9_884_160, "kuttsuki": 2_471_040, "nisanbon": 54_912, "teshi": 183_040, "haneken": 123_552,
    "ichinishi": 41_184, "shisan": 624, "karasu": 3_365_856, "hikariichi": 18_123_840,
    "straight_flush": 41_584, "flush": 4_047_644, "straight": 6_180_020,
}


@pytest.mark.slow
def test_standard_table_exact_counts():
    rules = load_ruleset("hachihachi_trick")
    counts = exact_counts(rules.evaluator, 7)
    assert counts.hands == 133_784_560
    assert counts.roles == STANDARD
    assert counts.none == 95_334_576


SMALL = SuitedDeck(ranks=("2", "3", "4", "5", "6", "A"), suits=("s", "h", "d", "c"))


def small_table(ace_low=True, context=False):
    roles = [
        ("sr3", "p", "suit_run >= 3", 5, 3), ("fl", "p", "max_suit >= 4", 4, 2), ("st", "p", "run >= 4", 3, 1),
        ("pair2", None, "groups(2) == 2", 2, 1), ("trips", None, "groups(>=3) >= 1 and not shape 4", 3, 1),
        ("oddc", None, "count(odd) == 2", 1, 1), ("heart", None, "count(suit h) >= 3 or suit_run == 2", 1, 0),
        ("mixed", None, "count(hi) > max_suit", 1, 0), ("shp", None, "shape 2 2", 1, 1),
    ]
    if context:
        roles.append(("tr", None, "count(suit trump) >= 2 and count(rank indicator) <= 1", 2, 2))
    defs = tuple(RoleDef(i, Name(i, i), g, p, go, fo) for i, g, p, go, fo in roles)
    return RoleTable(classes={"hi": "rank 5 6 A", "odd": "cards 2s 3h 4d | suit c"}, groups={}, roles=defs,
                     combos=(Combo("both", ("pair2", "heart"), 9, 9),), ace_low=ace_low)


def brute(evaluator, size, trump=None, indicator=None):
    cards = [c for c in SMALL.cards if c != indicator]
    counts, none, hands = Counter(), 0, 0
    for res in evaluator.evaluate_many(itertools.combinations(cards, size), trump, indicator):
        counts.update(_ids_with_parts(evaluator.table, res))
        none += not res.hits
        hands += 1
    return hands, counts, none


@pytest.mark.slow
@pytest.mark.parametrize("ace_low, size", [(True, 5), (False, 5)])
def test_exact_counts_equal_brute_force_for_any_table(ace_low, size):
    ev = compile_table(small_table(ace_low), SMALL)
    counts = exact_counts(ev, size)
    hands, expected, none = brute(ev, size)
    assert counts.hands == hands and counts.none == none
    assert counts.roles == {k: expected.get(k, 0) for k in counts.roles}
    assert sum(counts.roles.values()) > 0


@pytest.mark.slow
def test_exact_counts_with_trump_and_indicator_given():
    ev = compile_table(small_table(context=True), SMALL)
    indicator = SMALL.parse("5h")
    counts = exact_counts(ev, 5, trump=1, indicator=indicator)
    hands, expected, none = brute(ev, 5, 1, indicator)
    assert counts.hands == hands == 33649 and counts.none == none
    assert counts.roles == {k: expected.get(k, 0) for k in counts.roles}


@pytest.mark.slow
def test_exact_counts_over_deals_when_the_table_reads_the_trump():
    defs = (RoleDef("tr", Name("tr", "tr"), None, "count(suit trump) >= 2 and run >= 3", 1, 1),)
    ev = compile_table(RoleTable(classes={}, groups={}, roles=defs), SMALL)
    counts = exact_counts(ev, 5)
    deals = [brute(ev, 5, SMALL.suit(i), i) for i in SMALL.cards]
    assert counts.unit == "deals" and counts.hands == 24 * comb(23, 5) == sum(d[0] for d in deals)
    assert counts.roles["tr"] == sum(d[1]["tr"] for d in deals) and type(counts.roles["tr"]) is int


@pytest.mark.slow
def test_sampled_counts_are_seeded():
    ev = compile_table(small_table(), SMALL)
    a, b = sampled_counts(ev, 5, 2000, seed=5), sampled_counts(ev, 5, 2000, seed=5)
    assert a == b and not a.exact and a.samples == 2000
    exact = exact_counts(ev, 5)
    assert abs(a.roles["pair2"] - exact.roles["pair2"]) < exact.hands * 0.05


def test_a_role_that_can_never_occur_is_a_warning():
    import dataclasses

    rules = load_ruleset("hachihachi_trick")
    never = RoleDef("five", Name("five", "five"), None, "groups(>=5) >= 1", 1, 1, place="x.yaml:9:14")
    table = dataclasses.replace(rules.roles, roles=rules.roles.roles + (never,))
    found = warnings(dataclasses.replace(rules, roles=table))
    assert found == ["x.yaml:9:14: warning: the role 'five' can never occur: no hand of 7 cards matches "
                     "'groups(>=5) >= 1'."]
