"""Exact statistics of any table in integers, over deals when the table reads the trump
or the indicator; card-set algebra and run(SET) counted exactly; --samples agrees with --exact."""

import itertools
import json
from collections import Counter
from math import comb

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.ruleset.cards import SuitedDeck
from hachihachi.ruleset.model import Combo, Name, RoleDef, RoleTable
from hachihachi.ruleset.roles import compile_table
from hachihachi.ruleset.stats import PLANES, RANKS, _ids_with_parts, exact_counts, sampled_counts

TINY = SuitedDeck(ranks=("2", "3", "4", "5", "A"), suits=("s", "h", "d", "c"))

CONTEXT_ROLES = [
    ("trump_run", "p", "run(suit trump) >= 3", 5, 3),
    ("trump_pair", "p", "count(suit trump) >= 2 and run >= 3", 3, 1),
    ("no_trump", None, "count(suit trump) == 0", 2, 1),
    ("ind_pair", None, "count(rank indicator) >= 2", 2, 1),
    ("ind_near", None, "count(cards indicator | rank A - suit trump) >= 1 and not max_suit >= 3", 1, 1),
    ("red_low", None, "count((suit h d) & (rank 2 3)) >= 2", 2, 2),
    ("hi_run", None, "run(rank 4 5 A) >= 2 or suit_run >= 3", 1, 0),
    ("grp", None, "groups(2, suit s h | suit trump) >= 1", 1, 1),
    ("mix", None, "count(suit h - rank indicator) > count(suit s)", 1, 0),
]


def table(roles, ace_low=True):
    defs = tuple(RoleDef(i, Name(i, i), g, p, go, fo) for i, g, p, go, fo in roles)
    return RoleTable(classes={"low": "rank 2 3"}, groups={}, roles=defs,
                     combos=(Combo("both", ("no_trump", "red_low"), 9, 9),) if len(roles) > 3 else (),
                     ace_low=ace_low)


def brute_deals(evaluator, deck, size):
    counts, none, deals = Counter(), 0, 0
    for ind in deck.cards:
        others = [c for c in deck.cards if c != ind]
        for res in evaluator.evaluate_many(itertools.combinations(others, size), deck.suit(ind), ind):
            counts.update(_ids_with_parts(evaluator.table, res))
            none += not res.hits
            deals += 1
    return deals, counts, none


@pytest.mark.slow
@pytest.mark.parametrize("method", [RANKS, PLANES])
@pytest.mark.parametrize("ace_low", [True, False])
def test_exact_counts_over_every_deal_equal_brute_force(ace_low, method):
    ev = compile_table(table(CONTEXT_ROLES, ace_low), TINY)
    counts = exact_counts(ev, 4, method=method)
    deals, expected, none = brute_deals(ev, TINY, 4)
    assert counts.unit == "deals" and counts.hands == deals == 20 * comb(19, 4)
    assert counts.roles == {k: expected.get(k, 0) for k in counts.roles}
    assert counts.none == none
    assert all(type(v) is int for v in counts.roles.values()) and min(counts.roles.values()) > 0


def test_set_algebra_and_run_of_a_set_without_context_count_hands_exactly():
    roles = [("a", None, "count((suit h d) & (rank 2 3 4)) >= 2", 1, 1),
             ("b", None, "run(suit s c - rank 3) >= 2", 1, 1),
             ("c", None, "run(low | suit h) >= 3 and not count(cards As 2s - suit s) >= 1", 1, 1)]
    ev = compile_table(table(roles), TINY)
    counts = exact_counts(ev, 5)
    assert exact_counts(ev, 5, method=PLANES) == counts
    expected, none = Counter(), 0
    for res in ev.evaluate_many(itertools.combinations(TINY.cards, 5)):
        expected.update(_ids_with_parts(ev.table, res))
        none += not res.hits
    assert counts.unit == "hands" and counts.hands == comb(20, 5)
    assert counts.roles == {k: expected.get(k, 0) for k in counts.roles} and counts.none == none


@pytest.mark.slow
@pytest.mark.parametrize("method", [RANKS, PLANES])
def test_a_given_trump_without_indicator_counts_deals_of_that_suit_for_indicator_roles(method):
    ev = compile_table(table(CONTEXT_ROLES), TINY)
    counts = exact_counts(ev, 4, trump=2, method=method)
    assert counts.unit == "deals" and counts.hands == 5 * comb(19, 4)
    ind_pair = 0
    for ind in [c for c in TINY.cards if TINY.suit(c) == 2]:
        others = [c for c in TINY.cards if c != ind]
        ind_pair += sum("ind_pair" in r.ids for r in ev.evaluate_many(itertools.combinations(others, 4), 2, ind))
    assert counts.roles["ind_pair"] == ind_pair


def test_samples_of_deals_agree_with_exact_within_their_interval_trump_roles_included():
    ev = compile_table(table(CONTEXT_ROLES), TINY)
    exact = exact_counts(ev, 4)
    sampled = sampled_counts(ev, 4, 4000, seed=7)
    assert sampled.unit == "deals" and sampled.hands == exact.hands and sampled.samples == 4000
    for role, n in exact.roles.items():
        assert abs(sampled.roles[role] - n) <= sampled.margin(sampled.roles[role]), role
    assert sampled.roles["trump_run"] > 0 and sampled.roles["no_trump"] > 0
    assert sampled == sampled_counts(ev, 4, 4000, seed=7)


def _house(tmp_path, pattern):
    path = tmp_path / "house.yaml"
    path.write_text("extends: hachihachi_trick\nrole_table:\n  roles:\n    no_trump:\n"
                    "      name: {ja: 切札なし, en: No Trump}\n"
                    f"      pattern: {pattern}\n      go: 2\n      forced: 1\n", encoding="utf-8")
    return str(path)


@pytest.mark.slow
def test_cli_stats_exact_of_a_trump_table_counts_every_deal_in_integers(tmp_path):
    rules = _house(tmp_path, "count(suit trump) == 0")
    out = CliRunner().invoke(cli, ["roles", "--rules", rules, "--stats", "--exact", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["deals"] == 6_020_305_200 and "hands" not in data
    assert data["roles"]["no_trump"] == 52 * comb(39, 7)           # the 12 other trump cards left out
    assert data["roles"]["sanbon"] == 9_884_160 * 45                 # the standard roles, 45 deals a hand
    text = CliRunner().invoke(cli, ["roles", "--rules", rules, "--stats"])
    assert text.output.startswith("deals: 6,020,305,200 deals") and "799,808,724" in text.output


def test_cli_stats_of_a_table_without_context_still_counts_hands():
    out = CliRunner().invoke(cli, ["roles", "--stats", "--exact", "--json"])
    data = json.loads(out.output)
    assert data["hands"] == 133_784_560 and data["roles"]["sanbon"] == 9_884_160 and data["none"] == 95_334_576


def test_validate_reports_a_full_width_colon_on_its_own_line(tmp_path):
    path = tmp_path / "colon.yaml"
    path.write_text("extends: hachihachi_trick\nrole_table:\n  roles:\n    c:\n      name: {ja: c, en: c}\n"
                    "      pattern： run >= 5\n      go: 1\n      forced: 1\n", encoding="utf-8")
    out = CliRunner().invoke(cli, ["validate", str(path)])
    assert out.exit_code != 0
    assert f"{path}:6:14: error: a full-width colon '：'" in out.output


# The kinds of roles of the stress tables (benchmarks/stress/), on a deck small enough to enumerate:
# card triples scattered over ranks and suits, set algebra, run(SET) in suit sets, groups within a
# set, the trump and the indicator, next to the standard kinds (shape, run, max_suit, suit_run).
STRESS_ROLES = [
    ("tri_a", "tri", "count(cards 2s 4h Ad) == 3", 3, 2),
    ("tri_b", "tri", "count(cards 3c 5d Ah) >= 2", 2, 1),
    ("tri_c", None, "count(cards 2h 3d 5s) >= 2", 1, 1),
    ("red_run", "runs", "run(suit h d) >= 3", 2, 1),
    ("black_run", "runs", "run(suit s c - rank 3) >= 2", 1, 1),
    ("red_high", None, "count((suit h d) & (rank 4 5 A)) >= 2", 1, 1),
    ("red_pairs", None, "groups(2, suit h d) >= 1", 1, 0),
    ("trump_run", "p", "run(suit trump) >= 2", 3, 2),
    ("ind_pair", None, "count(rank indicator) >= 2", 2, 1),
    ("trump_court", None, "count(suit trump & rank 5 A) >= 1 and not count(cards indicator | rank A - suit trump) >= 1",
     1, 1),
    ("ind_ladder", None, "run(suit trump | rank indicator) >= 3", 1, 1),
    ("two_pairs", "sets", "shape 2 2", 2, 1),
    ("straight", "p", "run >= 4", 2, 1),
    ("flush", "p", "max_suit >= 3 or suit_run >= 3", 1, 1),
    ("mix", None, "count(suit trump - rank indicator) > count(suit s)", 1, 0),
]


@pytest.mark.slow
def test_stress_kinds_of_roles_count_every_deal_exactly():
    defs = tuple(RoleDef(i, Name(i, i), g, p, go, fo) for i, g, p, go, fo in STRESS_ROLES)
    combos = (Combo("red_tri", ("red_run", "tri_b"), 9, 9), Combo("trump_pairs", ("trump_run", "ind_pair"), 9, 9))
    ev = compile_table(RoleTable(classes={}, groups={}, roles=defs, combos=combos), TINY)
    counts = exact_counts(ev, 4)
    deals, expected, none = brute_deals(ev, TINY, 4)
    assert counts.unit == "deals" and counts.hands == deals
    assert counts.roles == {k: expected.get(k, 0) for k in counts.roles}
    assert counts.none == none
    assert min(counts.roles.values()) > 0
