"""The role pattern language (hand-roles.md): syntax, nodes, friendly errors with places."""

import doctest

import pytest

from hachihachi.cli import sheet
from hachihachi.ruleset import features, patterns
from hachihachi.ruleset.cards import STANDARD_52 as D
from hachihachi.ruleset.errors import PatternError
from hachihachi.ruleset.model import RoleDef, RoleTable, Name
from hachihachi.ruleset.patterns import (
    MISTAKES, And, CardList, ClassRef, Compare, Count, Groups, MaxSuit, Not, Number, Or, RankSet, Run, Shape,
    SuitRun, SuitSet, Union_, Intersection, Difference, parse_cardset, parse_pattern,
)
from hachihachi.ruleset.roles import compile_table, pattern_errors


@pytest.mark.parametrize("module", [patterns, features, sheet])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_and_binds_tighter_than_or_and_parentheses_override():
    node = parse_pattern("run >= 5 or max_suit >= 5 and not suit_run >= 5")
    assert isinstance(node, Or) and isinstance(node.parts[1], And)
    assert isinstance(node.parts[1].parts[1], Not)
    grouped = parse_pattern("(run >= 5 or max_suit >= 5) and suit_run < 5")
    assert isinstance(grouped, And) and isinstance(grouped.parts[0], Or)


@pytest.mark.parametrize("op", ["==", "!=", "<", "<=", ">", ">="])
def test_every_comparison_parses(op):
    assert parse_pattern(f"count(light) {op} 2") == Compare(Count(ClassRef("light", 7)), op, Number(2))


def test_shape_omits_ones_and_sorts():
    assert parse_pattern("shape 3 1 1 1 1") == Shape((3,))
    assert parse_pattern("shape 2 3") == Shape((3, 2))
    assert parse_pattern("shape") == Shape(())


def test_groups_forms():
    assert parse_pattern("groups(2) == 3").left == Groups("==", 2)
    assert parse_pattern("groups(>=3) >= 1").left == Groups(">=", 3)


def test_quantities_and_numbers_on_either_side():
    node = parse_pattern("5 <= suit_run and run > max_suit")
    assert node.parts[0] == Compare(Number(5), "<=", SuitRun())
    assert node.parts[1] == Compare(Run(), ">", MaxSuit())


def test_cardsets_ranks_suits_cards_context_and_unions():
    node = parse_cardset("rank A K | suit h d | cards As Kh | suit trump | rank indicator | light")
    assert isinstance(node, Union_)
    kinds = [type(p) for p in node.parts]
    assert kinds == [RankSet, SuitSet, CardList, SuitSet, RankSet, ClassRef]
    assert node.parts[3].items == ("trump",) and node.parts[4].items == ("indicator",)


@pytest.mark.parametrize("mistake", MISTAKES, ids=[m.example for m in MISTAKES])
def test_common_mistakes_get_friendly_messages(mistake):
    with pytest.raises(PatternError) as info:
        parse_pattern(mistake.example)
    assert mistake.message in info.value.message


def test_syntax_error_place_adds_the_column_and_shows_a_caret():
    with pytest.raises(PatternError) as info:
        parse_pattern("count(light) = 0", place="rules/x.yaml:12:14")
    err = info.value
    assert err.place == "rules/x.yaml:12:27"          # '=' is column 14 of the pattern
    lines = err.message.splitlines()
    assert lines[1].strip() == "count(light) = 0"
    assert lines[2].index("^") == lines[1].index("=")


def test_syntax_error_without_place_has_no_place():
    with pytest.raises(PatternError) as info:
        parse_pattern("run >=")
    assert info.value.place is None


def test_empty_pattern_is_an_error():
    with pytest.raises(PatternError, match="empty"):
        parse_pattern("   ")


def _table(pattern, classes=None, place="t.yaml:5:14"):
    return RoleTable(classes=classes or {"light": "rank T J Q K A"}, groups={},
                     roles=(RoleDef("r", Name("r", "r"), None, pattern, 1, 1, place),))


def test_unknown_class_suggests_the_nearest_name():
    errs = pattern_errors(_table("count(lihgt) == 0"), D)
    assert len(errs) == 1
    assert "did you mean 'light'" in errs[0].message.lower()
    assert errs[0].place == "t.yaml:5:20"
    with pytest.raises(PatternError):
        compile_table(_table("count(lihgt) == 0"), D)


def test_unknown_rank_suit_or_card_is_a_pattern_error_at_the_item_itself():
    for pattern, bad in (("count(rank A Z) >= 1", "Z"), ("count(suit h x) >= 1", "x"),
                         ("count(cards As Zq) >= 1", "Zq"), ("count((suit h d) & (rank J Q X)) >= 2", "X")):
        errs = pattern_errors(_table(pattern), D)
        column = pattern.index(bad) + 1
        assert len(errs) == 1 and errs[0].place == f"t.yaml:5:{14 + column - 1}", pattern
        lines = errs[0].message.splitlines()
        assert lines[2].index("^") == lines[1].index(bad), pattern


def test_every_problem_of_a_table_is_reported_at_once():
    table = RoleTable(classes={"red": "suit h x", "light": "rank T J Q K A"}, groups={}, roles=(
        RoleDef("a", Name("a", "a"), None, "count(rank A Z) >= 1", 1, 1, "t.yaml:8:14"),
        RoleDef("b", Name("b", "b"), None, "run >= 5 && max_suit >= 5", 1, 1, "t.yaml:9:14"),
        RoleDef("c", Name("c", "c"), None, "count(lihgt | rank Y) >= 1", 1, 1, "t.yaml:10:14")),
        class_places={"red": "t.yaml:3:8", "light": "t.yaml:4:10"})
    places = sorted(e.place for e in pattern_errors(table, D))
    assert places == ["t.yaml:10:20", "t.yaml:10:33", "t.yaml:3:15", "t.yaml:8:27", "t.yaml:9:23"]


def test_set_algebra_precedence_but_binds_tightest_then_both_then_either():
    node = parse_cardset("suit h | suit d & rank J Q K - cards Jd")
    assert isinstance(node, Union_) and isinstance(node.parts[1], Intersection)
    assert isinstance(node.parts[1].parts[1], Difference)
    grouped = parse_cardset("(suit h | suit d) & (rank J Q K - cards Jd)")
    assert isinstance(grouped, Intersection) and isinstance(grouped.parts[0], Union_)
    assert parse_cardset("((light))").name == "light"


@pytest.mark.parametrize("pattern, hand, trump, expected", [
    ("count((suit h d) & (rank J Q K)) >= 2", "Jh Qd Ks 2c 3c 4c 5c", None, True),
    ("count((suit h d) & (rank J Q K)) >= 2", "Jh Qs Ks 2c 3c 4c 5c", None, False),
    ("count(rank J Q K - suit s - suit c) == 1", "Jh Qs Kc 2c 3c 4c 5c", None, True),
    ("count(suit h | suit d & rank 2) == 2", "2h 2d 2s 9c 3c 4c 5c", None, True),
    ("count((suit h | suit d) & rank 2) == 2", "2h 2d 2s 9c 3c 4c 5c", None, True),
    ("run(suit trump) >= 3", "2s 3s 4s Jh Qd 6c 7c", 0, True),
    ("run(suit trump) >= 3", "2s 3s 4s Jh Qd 6c 7c", 1, False),
    ("run(suit trump) >= 3", "2s 3s 4h 5s Qd 6c 7c", 0, False),
    ("run(suit s) >= 4", "As 2s 3s 4s Qd 6c 7c", None, True),           # ace low, as the table says
    ("run(rank 2 3 5 6 7) >= 3", "2s 3h 4d 5s 6h 7d Kc", None, True),
    ("run(rank 2 3 5 6 7) >= 4", "2s 3h 4d 5s 6h 7d Kc", None, False),
    ("run(light) == 0", "2s 3h 4d 5s 6h 7d 8c", None, True),
])
def test_set_algebra_and_run_of_a_set_evaluate(pattern, hand, trump, expected):
    ev = compile_table(_table(pattern), D)
    assert (ev.evaluate(D.parse_list(hand), trump).ids == ("r",)) is expected


@pytest.mark.slow
@pytest.mark.parametrize("text", ["not " * 495 + "run >= 5", "not " * 10_000 + "run >= 5",
                                  "(" * 10_000 + "run >= 5" + ")" * 10_000 + " and "
                                  + "(not " * 600 + "run > 1" + ")" * 600,
                                  "count(" + "(light | " * 500 + "light" + ")" * 500 + ") >= 1"])
def test_deep_nesting_is_one_clear_error_naming_its_place(text):
    with pytest.raises(PatternError, match="nested more than") as info:
        parse_pattern(text, place="t.yaml:5:14")
    assert info.value.place.startswith("t.yaml:5:")


def test_nesting_up_to_the_limit_is_accepted():
    assert isinstance(parse_pattern("not " * patterns.MAX_NESTING + "run >= 5"), Not)
    assert parse_pattern("(" * 500 + "run >= 5" + ")" * 500) == parse_pattern("run >= 5")


def test_class_definition_errors_and_cycles():
    bad = RoleTable(classes={"a": "rank A | b", "b": "a"}, groups={},
                    roles=(RoleDef("r", Name("r", "r"), None, "count(a) >= 1", 1, 1),),
                    class_places={"a": "t.yaml:2:6", "b": "t.yaml:3:6"})
    errs = pattern_errors(bad, D)
    assert any("circle" in e.message for e in errs)
    syntax = RoleTable(classes={"a": "rank A &"}, groups={}, roles=(), class_places={"a": "t.yaml:2:6"})
    errs = pattern_errors(syntax, D)
    assert errs and errs[0].place.startswith("t.yaml:2:")
