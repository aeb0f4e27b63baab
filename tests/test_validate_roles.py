"""hachi validate over role patterns: every pattern error, examples per file, --warnings (T4)."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.ruleset.loader import load_ruleset

VARIANT = """\
extends: hachihachi_trick
role_table:
  roles:
    karasu:
      pattern: count(lite) == 0
    flush:
      pattern: max_suit >= = 5
"""

IMPOSSIBLE = """\
extends: hachihachi_trick
role_table:
  roles:
    five:
      name: {ja: 五枚, en: Five of a Kind}
      group: sets
      pattern: shape 5
      go: 1
      forced: 1
"""


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_T4_validate_reports_every_pattern_error_at_its_column(tmp_path):
    path = _write(tmp_path, VARIANT)
    result = CliRunner().invoke(cli, ["validate", path])
    assert result.exit_code == 1
    assert f"{path}:5:22: error: unknown card class 'lite'. Did you mean 'light'?" in result.output
    assert f"{path}:7:28: error: compare with '==', not '='." in result.output


def test_T4_a_variant_that_changes_a_role_does_not_inherit_the_base_examples(tmp_path):
    # the standard table's examples expect karasu to be worth 4; this variant makes it 6
    path = _write(tmp_path, "extends: hachihachi_trick\nrole_table:\n  roles:\n    karasu: {go: 6}\n")
    ruleset = load_ruleset(path)
    assert ruleset.roles.examples == ()
    assert ruleset.roles.role("karasu").go == 6
    assert load_ruleset("hachihachi_trick").roles.examples != ()


def test_T4_a_variant_states_its_own_examples_and_they_are_checked(tmp_path):
    text = ("extends: hachihachi_trick\nrole_table:\n  roles:\n    karasu: {go: 6}\n  examples:\n"
            "    - {hand: 2s 3s 4h 5h 6d 7d 9c, roles: [karasu, straight], go: 7}\n")
    result = CliRunner().invoke(cli, ["validate", _write(tmp_path, text)])
    assert result.exit_code == 1
    assert "expected go 7 but got 8" in result.output


@pytest.mark.slow
def test_T4_validate_warnings_name_a_role_no_hand_can_have(tmp_path):
    path = _write(tmp_path, IMPOSSIBLE)
    plain = CliRunner().invoke(cli, ["validate", path])
    assert plain.exit_code == 0 and "warning" not in plain.output
    warned = CliRunner().invoke(cli, ["validate", "--warnings", path])
    assert warned.exit_code == 0
    assert f"{path}:7:16: warning: the role 'five' can never occur" in warned.output
