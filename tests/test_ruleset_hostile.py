"""Hostile rule files are refused with one error line and exit status 1, never a traceback."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.ruleset.errors import RuleFileError
from hachihachi.ruleset.loader import check_file, load_ruleset
from hostile_cases import CASES


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
