"""T14, T15: a hand's rank atoms read from its hand mask (counts of whole ranks, runs of
ranks, groups in a set of ranks) and its shape read by ``DeckTables.shape_key`` give the roles that
evaluating every atom on the hand's rank counts gives, for the standard table, for tables with rank
atoms of every kind and context (trump, indicator), and for a table the hand mask cannot read (it
keeps the rank counts)."""

import random

import pytest

from tests.test_roles_cache import every_atom

from hachihachi.ruleset.cards import STANDARD_52
from hachihachi.ruleset.features import deck_tables
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.model import Name, RoleDef, RoleTable
from hachihachi.ruleset.roles import compile_table

RANK_ROLES = [
    ("lights", "count(rank T J Q K A) >= 3"),
    ("ind_rank", "count(rank indicator) >= 2"),
    ("long_run", "run >= 4"),
    ("high_run", "run(rank 9 T J Q K A) >= 3"),
    ("face_pairs", "groups(>= 2, rank J Q K) >= 1"),
    ("pairs", "groups(>= 2) >= 2 and shape 2 2"),
    ("mixed", "count(rank 2 3 4) > run"),
    ("not_low", "not count(rank 2 3) == 0"),
    ("trump_run", "suit_run >= 3"),
    ("flushy", "max_suit >= 4"),
]


def table(roles):
    return RoleTable(classes={}, groups={}, roles=tuple(RoleDef(i, Name(i, i), None, p, 1, 1) for i, p in roles))


def agree(evaluator, seed, hands=1500):
    rng, cards = random.Random(seed), list(range(52))
    for _ in range(hands):
        size = rng.choice((5, 7, 7, 8, 10))
        dealt = rng.sample(cards, size + 1)
        hand, indicator = dealt[:size], dealt[size]
        trump = rng.choice((None, indicator % 4, rng.randrange(4)))
        got = evaluator.values(hand, trump, indicator)
        assert (got.go, got.ids) == every_atom(evaluator, hand, trump, indicator), (hand, trump, indicator)


def test_t14_t15_the_standard_table_reads_its_runs_and_light_counts_from_the_hand():
    evaluator = load_ruleset("hachihachi_trick").evaluator
    assert evaluator._rank_by_hand(evaluator.context(None, None)) is not None
    agree(evaluator, 1)


@pytest.mark.slow
@pytest.mark.parametrize("roles", [RANK_ROLES, RANK_ROLES[:2], RANK_ROLES[2:5]], ids=["all", "counts", "runs"])
def test_t14_t15_rank_atoms_read_from_the_hand_equal_them_read_from_the_rank_counts(roles):
    evaluator = compile_table(table(roles), STANDARD_52)
    assert evaluator._rank_by_hand(evaluator.context(0, 5)) is not None
    agree(evaluator, len(roles))


def test_t14_t15_a_rank_atom_the_hand_cannot_read_keeps_the_rank_counts():
    """``groups(>= 2)`` against a run reads the shape and the ranks at once: no hand-mask reading."""
    evaluator = compile_table(table(RANK_ROLES + [("odd", "groups(>= 2) >= run")]), STANDARD_52)
    assert evaluator._rank_by_hand(evaluator.context(None, None)) is None
    agree(evaluator, 9, hands=600)


@pytest.mark.parametrize("ranks, suits", [(13, 4), (12, 4), (5, 2), (3, 7)])
def test_t14_shape_key_is_equal_exactly_for_equal_shapes(ranks, suits):
    t, rng = deck_tables(ranks, suits, True), random.Random(ranks * suits)
    shapes: dict[int, tuple[int, ...]] = {}
    keys: dict[tuple[int, ...], int] = {}
    for _ in range(3000):
        hand = rng.sample(range(ranks * suits), rng.randrange(ranks * suits + 1))
        rank_key = t.keys(hand)[0]
        shape = tuple(sorted(t.rank_counts(rank_key)))
        key = t.shape_key(rank_key)
        assert shapes.setdefault(key, shape) == shape and keys.setdefault(shape, key) == key


def test_t14_count_class_counts_the_class_cards_of_the_context():
    evaluator = load_ruleset("hachihachi_trick").evaluator
    rng = random.Random(4)
    for _ in range(200):
        hand = rng.sample(range(52), 7)
        assert evaluator.count_class("ace", hand, 0, 5) == sum(1 for c in hand if STANDARD_52.rank(c) == 12)
        assert evaluator.count_class("light", hand) == sum(1 for c in hand if STANDARD_52.rank(c) >= 8)


def test_t14_t15_the_role_cache_answers_for_the_same_hand_and_context_only():
    """The phases' role cache remembers a deal's hand tuples by their cards: the same hand in the
    same context is one evaluation; another context, or a list, is evaluated anew, and every
    answer is the evaluator's."""
    from hachihachi.interpreter.engine.phases.rolecache import RoleCache

    rules = load_ruleset("hachihachi_trick")
    cache, calls = RoleCache(rules, size=4), []
    evaluate = rules.evaluator.values

    class Counting:
        def values(self, hand, trump, indicator):
            calls.append(tuple(hand))
            return evaluate(hand, trump, indicator)

    cache.ruleset = type("R", (), {"evaluator": Counting()})()
    hand = tuple(STANDARD_52.parse_list("As Ah Ad Ac Ks Kh Kd"))
    first = cache.values(hand, 0, 5)
    assert cache.values(hand, 0, 5) is first and len(calls) == 1
    assert cache.values(tuple(list(hand)), 0, 5) is first and len(calls) == 1
    assert cache.values(hand, 1, 5).go == first.go == 20 and len(calls) == 2
    assert cache.values(list(hand), 0, 5).go == 20 and cache.values(list(hand), 0, 5).go == 20 and len(calls) == 4
    rng = random.Random(3)
    for _ in range(40):                     # more hands than the cache holds: still the evaluator's answers
        other = tuple(sorted(rng.sample(range(52), 7)))
        assert cache.values(other, 2, 7) == evaluate(other, 2, 7)
