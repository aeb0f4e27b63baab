"""Exact statistics of any table in integers, by bit-sliced enumeration
(``ruleset/planes.py``): every hand a bit of a big integer. Checked against a brute force over
every hand or deal of a small deck, against the transfer over the ranks, and for any table that
the pattern language can say (property test)."""

import itertools
from collections import Counter
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hachihachi.ruleset import stats
from hachihachi.ruleset.cards import SuitedDeck
from hachihachi.ruleset.model import Combo, Name, RoleDef, RoleTable
from hachihachi.ruleset.planes import PYTHON, PlaneCounter, add_binary, count_ladder, gmp_backend, hand_chunks
from hachihachi.ruleset.roles import compile_table
from hachihachi.ruleset.stats import PLANES, RANKS, _ids_with_parts, exact_counts

TINY = SuitedDeck(ranks=("2", "3", "4", "5", "A"), suits=("s", "h", "d", "c"))
BACKENDS = [PYTHON] + [b for b in [gmp_backend()] if b is not None]


def brute(evaluator, deck, size, deals):
    """Every hand (or every deal: indicator card, hand of the others) evaluated one by one."""
    counts, none, n = Counter(), 0, 0
    for ind in deck.cards if deals else [None]:
        others = [c for c in deck.cards if c != ind]
        trump = deck.suit(ind) if ind is not None else None
        for res in evaluator.evaluate_many(itertools.combinations(others, size), trump, ind):
            counts.update(_ids_with_parts(evaluator.table, res))
            none += not res.hits
            n += 1
    return n, counts, none


def roles_table(patterns, groups=(), combos=(), ace_low=True):
    defs = tuple(RoleDef(f"r{i}", Name(f"r{i}", f"r{i}"), groups[i] if i < len(groups) else None, p,
                         1 + i % 3, 1) for i, p in enumerate(patterns))
    return RoleTable(classes={"low": "rank 2 3", "red": "suit h d"}, groups={}, roles=defs, combos=combos,
                     ace_low=ace_low)


def test_hand_chunks_hold_every_hand_once_in_colex_order():
    bits = [3, 0, 7, 5, 1, 6]
    seen = []
    for chunk in hand_chunks(bits, 3):
        for h in range(chunk.size):
            seen.append(frozenset(b for b in bits if chunk.plane(b) >> h & 1))
        assert all(len(hand) == 3 for hand in seen[-chunk.size:])
    assert len(seen) == comb(6, 3) == len(set(seen))
    positions = [sorted(bits.index(b) for b in hand) for hand in seen]
    assert positions == sorted(positions, key=lambda p: p[::-1])       # colex: by the highest first


def test_a_count_ladder_says_how_many_cards_each_hand_holds():
    ones = 0b1111
    planes = [0b1010, 0b0110, ones, 0b0011]      # hands 0..3 hold 2, 4, 2 and 2 of the four
    ge = count_ladder(planes, (1, 2, 3, 4), ones)
    assert ge[1:] == [ones, ones, 0b0010, 0b0010]
    assert count_ladder(planes, (3,), ones)[3] == 0b0010       # one level alone comes out the same
    assert count_ladder(planes[:2], (2,), ones)[2] == 0b0010


def test_a_binary_counter_adds_planes_hand_by_hand():
    digits: list[int] = []
    for plane, weight_bit in [(0b101, 0), (0b111, 1), (0b001, 0), (0b100, 2)]:
        add_binary(digits, plane, weight_bit)
    per_hand = [sum((d >> h & 1) << b for b, d in enumerate(digits)) for h in range(3)]
    assert per_hand == [1 + 2 + 1, 2, 1 + 2 + 4]


STRESS = [
    "count(cards 2s 4h Ad) == 3", "count(cards 3c 5d Ah) >= 2", "count((suit h d) & (rank 4 5 A)) >= 2",
    "count((suit s c) & (rank 2 3 4) - cards 3s) >= 2", "run(suit h d) >= 3", "run(suit s c - rank 3) >= 2",
    "run(rank 2 4 A | suit d) >= 3", "groups(2, suit h d) >= 1", "groups(>=2) >= 2", "shape 3 2", "shape 2 2",
    "shape 4", "run >= 4", "max_suit >= 3 or suit_run >= 3", "count(low) > count(suit s)",
    "count(red) >= count(suit s c)", "not count(cards 5s 5h) >= 1 and count(rank A) >= 1",
]
CONTEXT = [
    "run(suit trump) >= 2", "count(rank indicator) >= 2", "count(suit trump - rank indicator) > count(suit s)",
    "count(suit trump & rank 5 A) >= 1 and not count(cards indicator | rank A - suit trump) >= 1",
    "run(suit trump | rank indicator) >= 3", "groups(2, suit trump | rank indicator) >= 1",
    "count(suit trump) == 0",
]


@pytest.mark.slow
@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
@pytest.mark.parametrize("ace_low", [True, False])
def test_planes_count_every_hand_as_a_brute_force_does(backend, ace_low):
    groups = ["a", "a", None, None, "b", "b"]
    combos = (Combo("both", ("r0", "r2"), 9, 9), Combo("runs", ("r4", "r6"), 9, 9))
    ev = compile_table(roles_table(STRESS, groups, combos, ace_low), TINY)
    got = PlaneCounter(ev.compiler, 5, None, None, None, backend).run()
    n, expected, none = brute(ev, TINY, 5, deals=False)
    assert got.total == n == comb(20, 5)
    assert got.outputs == {k: expected.get(k, 0) for k in got.outputs}
    assert got.none == none and min(got.outputs.values()) > 0


@pytest.mark.slow
@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.name)
def test_planes_count_every_deal_as_a_brute_force_does(backend):
    """Trump and indicator roles next to roles no context changes, in one group and one combo."""
    patterns = CONTEXT + STRESS[:6]
    groups = ["t", None, None, None, "t", None, None, "x", "x"]
    ev = compile_table(roles_table(patterns, groups, (Combo("c", ("r1", "r7"), 9, 9),)), TINY)
    passes = stats._trump_passes(ev.compiler, 4, None)
    got = PlaneCounter(ev.compiler, 4, None, None, passes, backend).run()
    n, expected, none = brute(ev, TINY, 4, deals=True)
    assert got.total == n == 20 * comb(19, 4)
    assert got.outputs == {k: expected.get(k, 0) for k in got.outputs}
    assert got.none == none


def test_a_given_indicator_counts_the_hands_of_the_other_cards_by_planes():
    ev = compile_table(roles_table(CONTEXT), TINY)
    ind = TINY.parse("4h")
    got = exact_counts(ev, 4, TINY.suit(ind), ind, method=PLANES)
    expected, none = Counter(), 0
    for res in ev.evaluate_many(itertools.combinations([c for c in TINY.cards if c != ind], 4), TINY.suit(ind), ind):
        expected.update(_ids_with_parts(ev.table, res))
        none += not res.hits
    assert got.unit == "hands" and got.hands == comb(19, 4)
    assert got.roles == {k: expected.get(k, 0) for k in got.roles} and got.none == none


@pytest.mark.slow
def test_the_transfer_gives_way_to_the_planes_past_its_budget(monkeypatch):
    ev = compile_table(roles_table(CONTEXT[:3] + STRESS[:3]), TINY)
    by_ranks = exact_counts(ev, 4, method=RANKS)
    used = []
    real = stats.PlaneCounter

    def spy(*args, **kwargs):
        used.append(True)
        return real(*args, **kwargs)

    monkeypatch.setattr(stats, "PlaneCounter", spy)
    roomy = exact_counts(ev, 4, limits=stats.Limits(transfer=10 ** 9))
    assert roomy == by_ranks and not used                        # within the budget: the transfer
    assert exact_counts(ev, 4, limits=stats.Limits(transfer=10)) == by_ranks and used   # past it: the planes


PIECES = st.sampled_from([
    "count(cards 2s 4h Ad)", "count(suit h d)", "count((suit h d) & (rank 4 5 A))", "count(low - suit s)",
    "run", "run(suit s c)", "run(rank 2 4 A | suit d)", "suit_run", "max_suit", "groups(2)", "groups(>=2, red)",
    "count(suit trump)", "count(rank indicator)", "run(suit trump | rank indicator)",
    "count(cards indicator | rank A - suit trump)", "groups(2, suit trump)",
])


@st.composite
def patterns(draw):
    """A random atom, or two joined by and / or, some negated."""
    def atom():
        if draw(st.integers(0, 7)) == 0:
            return draw(st.sampled_from(["shape 2", "shape 2 2", "shape 3", "shape 3 2", "shape 4"]))
        left = draw(PIECES)
        op = draw(st.sampled_from(["==", "!=", "<", "<=", ">", ">="]))
        right = draw(st.one_of(st.integers(0, 4).map(str), PIECES))
        return f"{left} {op} {right}"
    out = atom()
    if draw(st.booleans()):
        out = f"{out} {draw(st.sampled_from(['and', 'or']))} {'not ' if draw(st.booleans()) else ''}{atom()}"
    return out


@pytest.mark.slow
@settings(max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(patterns(), min_size=1, max_size=5), st.booleans())
def test_planes_and_the_transfer_agree_on_any_table(pats, ace_low):
    """Whatever the table says, both exact methods give the brute force's integers."""
    ev = compile_table(roles_table(pats, ["g", "g"], ace_low=ace_low), TINY)
    deals = stats.counts_deals(ev.compiler, None, None)
    n, expected, none = brute(ev, TINY, 3, deals)
    for method in (PLANES, RANKS):
        got = exact_counts(ev, 3, method=method)
        assert got.hands == n
        assert got.roles == {k: expected.get(k, 0) for k in got.roles}, (method, pats)
        assert got.none == none, (method, pats)


@pytest.mark.parametrize("pattern", ["suit_run < 0", "suit_run >= 0", "max_suit >= 0"])
def test_a_role_on_suits_that_tracks_no_suit_is_counted_as_the_brute_force_counts_it(pattern):
    """A suit measure of a table that needs no suit tracked reads 0, as the brute force does
    (it once raised on an empty list of suits)."""
    ev = compile_table(roles_table([pattern], ["g"]), TINY)
    deals = stats.counts_deals(ev.compiler, None, None)
    n, expected, none = brute(ev, TINY, 3, deals)
    for method in (PLANES, RANKS):
        got = exact_counts(ev, 3, method=method)
        assert (got.hands, got.none) == (n, none)
        assert got.roles == {k: expected.get(k, 0) for k in got.roles}
