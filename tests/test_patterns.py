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
    SuitRun, SuitSet, Union_, parse_cardset, parse_pattern,
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


def test_unknown_rank_suit_or_card_is_a_pattern_error_at_its_column():
    for pattern in ("count(rank Z) >= 1", "count(suit x) >= 1", "count(cards Zq) >= 1"):
        errs = pattern_errors(_table(pattern), D)
        assert len(errs) == 1 and errs[0].place == "t.yaml:5:20", pattern


def test_class_definition_errors_and_cycles():
    bad = RoleTable(classes={"a": "rank A | b", "b": "a"}, groups={},
                    roles=(RoleDef("r", Name("r", "r"), None, "count(a) >= 1", 1, 1),),
                    class_places={"a": "t.yaml:2:6", "b": "t.yaml:3:6"})
    errs = pattern_errors(bad, D)
    assert any("circle" in e.message for e in errs)
    syntax = RoleTable(classes={"a": "rank A &"}, groups={}, roles=(), class_places={"a": "t.yaml:2:6"})
    errs = pattern_errors(syntax, D)
    assert errs and errs[0].place.startswith("t.yaml:2:")
