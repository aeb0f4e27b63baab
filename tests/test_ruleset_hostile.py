"""Hostile rule files are refused with one error line and exit status 1, never a traceback; valid
files whose cost would grow past their size if expanded are answered; exact statistics too
costly to count are refused in one line before counting."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.ruleset.errors import RuleFileError
from hachihachi.ruleset.loader import check_file, load_ruleset
from tests.hostile_cases import CASES, COSTLY, DECK_HAND, FOLDER_CASES, STATS_CASES, TOO_COSTLY


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_file_gets_one_clear_error_line(name, tmp_path):
    build, expected = CASES[name]
    path = build(tmp_path)
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert len(errors) == 1 and expected in errors[0], result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_file_raises_rule_file_error_from_load_ruleset(name, tmp_path):
    build, expected = CASES[name]
    with pytest.raises(RuleFileError) as caught:
        load_ruleset(build(tmp_path))
    assert expected in caught.value.message and caught.value.place


def test_hostile_case_count():
    assert len(CASES) >= 25


def test_check_file_reports_one_problem_for_a_refused_file(tmp_path):
    problems = check_file(CASES["alias_bomb"][0](tmp_path))
    assert len(problems) == 1 and problems[0].line == 1


@pytest.mark.parametrize("name", sorted(FOLDER_CASES))
def test_hostile_folder_gets_one_clear_error_line(name, tmp_path):
    build, expected = FOLDER_CASES[name]
    result = CliRunner().invoke(cli, ["validate", str(build(tmp_path))])
    assert result.exit_code == 1 and "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert len(errors) == 1 and expected in errors[0], result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COSTLY))
def test_costly_table_is_valid_and_evaluates_a_hand(name, tmp_path):
    path = COSTLY[name](tmp_path)
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 0 and "1 file is valid." in result.output, result.output
    hand = DECK_HAND if name.startswith("deck_") else "As Ks Qs Js Ts 9s 8s"
    roles = CliRunner().invoke(cli, ["roles", "--json", "--rules", str(path), hand])
    assert roles.exit_code == 0 and '"go":' in roles.stdout, roles.output


def test_classes_doubling_forty_times_are_made_once_each(tmp_path):
    ruleset = load_ruleset(COSTLY["class_doubling"](tmp_path))
    compiler = ruleset.evaluator.compiler
    from hachihachi.ruleset.compiler import Context

    aces = compiler.cardset_mask(compiler.classes["e0"], Context())
    assert compiler.class_mask("e39", Context()) == aces and aces.bit_count() == 4


def test_a_chain_of_three_thousand_classes_is_followed_without_recursion(tmp_path):
    import sys

    ruleset = load_ruleset(COSTLY["class_chain"](tmp_path))
    assert len(ruleset.roles.classes) > sys.getrecursionlimit()
    result = ruleset.evaluator.evaluate(ruleset.deck.parse_list("As Ks Qs Js Ts 9s 8s"))
    assert "chained" in result.ids


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(STATS_CASES))
def test_exact_statistics_too_costly_are_refused_in_one_line_before_counting(name, tmp_path, monkeypatch):
    from hachihachi.ruleset import planes

    monkeypatch.setattr(planes.PlaneCounter, "run", lambda self: pytest.fail("counted"))
    build, expected = STATS_CASES[name]
    result = CliRunner().invoke(cli, ["roles", "--stats", "--rules", str(build(tmp_path))])
    assert result.exit_code == 1 and "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert len(errors) == 1 and expected in errors[0] and errors[0].startswith("--stats: error:"), result.stderr
    assert TOO_COSTLY in errors[0]



@pytest.mark.parametrize("text", ["rank A", "rank T J Q K A", "light", "rank A | k12", "suit h d | cards As Kh | light",
                                  "kind chaff fixed_ribbon", "rank indicator | suit trump", "  rank  A  K  ",
                                  "cards 10h As", "e0 | e0", "rank rank", "run_x | or_x"])
def test_simple_card_sets_read_without_the_parser_are_what_the_parser_reads(text):
    from hachihachi.ruleset import patterns

    fast = patterns._simple_cardset(text)
    slow = patterns._ToNodes().transform(patterns._parser().parse(text, start="cardset_start"))
    assert fast is not None and fast == slow
    parts = fast.parts if isinstance(fast, patterns.Union_) else (fast,)
    slow_parts = slow.parts if isinstance(slow, patterns.Union_) else (slow,)
    assert [getattr(p, "item_columns", None) for p in parts] == [getattr(p, "item_columns", None) for p in slow_parts]


@pytest.mark.parametrize("text", ["(rank A)", "rank A & light", "rank A - light", "rank A |", "a|b", "rank A | count"])
def test_card_sets_beyond_names_and_item_lists_are_left_to_the_parser(text):
    from hachihachi.ruleset import patterns

    assert patterns._simple_cardset(text) is None
