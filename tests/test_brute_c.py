"""The C brute force generated from a role table (tests/oracles/brute_c.py) counts what the
Python evaluator counts, hand by hand or deal by deal, on a deck small enough to enumerate."""

import itertools
import shutil
from collections import Counter
from math import comb

import pytest

from hachihachi.ruleset.model import Combo, Name, RoleDef, RoleTable
from hachihachi.ruleset.roles import _ids_with_parts, compile_table

from tests.oracles import brute_c
from tests.test_roles_exact import CONTEXT_ROLES, STRESS_ROLES, TINY, brute_deals, table

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")

# Roles that read no context, so hands are counted: the stress kinds and the standard ones, with
# groups of several roles (highest go wins, first listed on ties) and combos.
HAND_ROLES = [
    ("tri_a", "tri", "count(cards 2s 4h Ad) == 3", 3, 2),
    ("tri_b", "tri", "count(cards 3c 5d Ah) >= 2", 3, 1),
    ("tri_c", "tri", "count(cards 2h 3d 5s) >= 2", 1, 1),
    ("red_run", "runs", "run(suit h d) >= 3", 2, 1),
    ("black_run", "runs", "run(suit s c - rank 3) >= 2", 1, 1),
    ("red_high", None, "count((suit h d) & (rank 4 5 A)) >= 2", 1, 1),
    ("red_pairs", None, "groups(2, suit h d) >= 1", 1, 0),
    ("low_trips", None, "groups(>=3, rank 2 3 4) >= 1 or groups(<2) == 5", 1, 0),
    ("two_pairs", "sets", "shape 2 2", 2, 1),
    ("trips", "sets", "shape 3", 3, 1),
    ("pairs", "sets", "groups(2) >= 1 and not groups(>=3) >= 1", 1, 1),
    ("straight", "p", "run >= 4", 2, 1),
    ("flush", "p", "max_suit >= 3 or suit_run >= 3", 1, 1),
    ("mix", None, "count(suit h) > count(suit s) and suit_run < run", 1, 0),
]
HAND_COMBOS = (Combo("red_tri", ("red_run", "tri_b"), 9, 9), Combo("pair_flush", ("pairs", "flush"), 5, 5))


def roles_table(roles, combos, ace_low):
    defs = tuple(RoleDef(i, Name(i, i), g, p, go, fo) for i, g, p, go, fo in roles)
    return RoleTable(classes={}, groups={}, roles=defs, combos=combos, ace_low=ace_low)


def brute_hands(evaluator, size):
    counts, none = Counter(), 0
    for res in evaluator.evaluate_many(itertools.combinations(TINY.cards, size)):
        counts.update(_ids_with_parts(evaluator.table, res))
        none += not res.hits
    return counts, none


@pytest.mark.slow
@pytest.mark.parametrize("ace_low", [True, False])
def test_generated_c_counts_every_hand_as_the_evaluator(ace_low, tmp_path):
    ev = compile_table(roles_table(HAND_ROLES, HAND_COMBOS, ace_low), TINY)
    counts, _ = brute_c.brute_counts(ev, 5, tmp_path)
    expected, none = brute_hands(ev, 5)
    assert counts.unit == "hands" and counts.hands == comb(20, 5)
    assert counts.roles == {k: expected.get(k, 0) for k in counts.roles}
    assert counts.none == none
    assert min(counts.roles.values()) > 0


@pytest.mark.slow
@pytest.mark.parametrize("ace_low", [True, False])
def test_generated_c_counts_every_deal_as_the_evaluator(ace_low, tmp_path):
    ev = compile_table(table(CONTEXT_ROLES, ace_low), TINY)
    counts, _ = brute_c.brute_counts(ev, 3, tmp_path)
    deals, expected, none = brute_deals(ev, TINY, 3)
    assert counts.unit == "deals" and counts.hands == deals == 20 * comb(19, 3)
    assert counts.roles == {k: expected.get(k, 0) for k in counts.roles}
    assert counts.none == none
    assert min(counts.roles.values()) > 0


@pytest.mark.slow
def test_generated_c_counts_the_stress_kinds_of_roles_over_every_deal(tmp_path):
    combos = (Combo("red_tri", ("red_run", "tri_b"), 9, 9), Combo("trump_pairs", ("trump_run", "ind_pair"), 9, 9))
    ev = compile_table(roles_table(STRESS_ROLES, combos, True), TINY)
    counts, _ = brute_c.brute_counts(ev, 4, tmp_path)
    deals, expected, none = brute_deals(ev, TINY, 4)
    assert counts.unit == "deals" and counts.hands == deals
    assert counts.roles == {k: expected.get(k, 0) for k in counts.roles}
    assert counts.none == none
    assert counts.roles["red_tri"] > 0 and counts.roles["trump_pairs"] > 0


def test_no_text_of_the_table_reaches_the_c_source():
    odd = 'x"); } int y() { /*'
    ev = compile_table(roles_table([(odd, odd, "run >= 3", 1, 1)], (Combo("q*/q", (odd,), 2, 2),), True), TINY)
    program = brute_c.generate(ev, 4)
    assert program.ids == (odd, "q*/q")
    assert odd not in program.source and "q*/q" not in program.source
