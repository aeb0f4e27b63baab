"""``hachi validate`` and ``hachi schema`` through click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli

ROOT = Path(__file__).parent.parent
INVALID = ROOT / "tests" / "rulesets" / "invalid"


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_validate_bundled_rules_folder_exits_0():
    result = run("validate", str(ROOT / "rules"))
    assert result.exit_code == 0, result.output
    files = len(list((ROOT / "rules").rglob("*.yaml")))
    assert files >= 9 and f"{files} files are valid." in result.stdout


def test_validate_reports_file_line_col_and_exits_1(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: hachihachi_trick\nplayers: {min: 8}\n", encoding="utf-8")
    result = run("validate", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:2:16: error: players.min (8) is larger than players.max (7)." in result.stderr


def test_validate_suggests_a_misspelled_key(tmp_path):
    bad = tmp_path / "typo.yaml"
    bad.write_text("extends: hachihachi_trick\nmizuten:\n  enabeld: false\n", encoding="utf-8")
    result = run("validate", str(bad))
    assert f"{bad}:3:3: error: unknown key 'enabeld' in mizuten; did you mean 'enabled'?" in result.stderr


@pytest.mark.parametrize("text,place,message", [
    ("role_table:\n  roles:\n    flsh: null\n", "5:5",
     "'flsh' in role_table.roles removes a key the base does not have; did you mean 'flush'?"),
    ("bogus_key: null\n", "3:1",
     "'bogus_key' at the top level removes a key the base does not have, so it removes nothing."),
    ("declaration: {drop_fe: null}\n", "3:15",
     "'drop_fe' in declaration removes a key the base does not have; did you mean 'drop_fee'?"),
])
def test_validate_refuses_a_removal_of_a_key_the_base_does_not_have(tmp_path, text, place, message):
    """``KEY: null`` removes a key of the base: a misspelt one would remove nothing, silently."""
    bad = tmp_path / "typo.yaml"
    bad.write_text("extends: hachihachi_trick\nname: t\n" + text, encoding="utf-8")
    result = run("validate", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:{place}: error: {message}" in result.stderr


def test_validate_keeps_a_removal_of_a_key_the_base_has(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text("extends: hachihachi_trick\nname: t\nrole_table:\n  roles:\n    flush: null\n",
                    encoding="utf-8")
    result = run("validate", str(good))
    assert result.exit_code == 0, result.output


def test_validate_counts_files_in_words_that_agree(tmp_path):
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text("extends: hachihachi_trick\nname: t\n", encoding="utf-8")
    bad.write_text("extends: hachihachi_trick\nplayers: {min: 8}\n", encoding="utf-8")
    assert "1 file is valid." in run("validate", str(good)).stdout
    assert "1 file has problems." in run("validate", str(bad)).stderr
    assert "1 of 2 files has problems." in run("validate", str(good), str(bad)).stderr


def test_validate_lists_all_problems_of_a_file_best_first(tmp_path):
    bad = tmp_path / "many.yaml"
    bad.write_text("extends: hachihachi_trick\nplyers: {min: 3}\nchips:\n  start: lots\n  strat: 5\n",
                   encoding="utf-8")
    lines = [line for line in run("validate", str(bad)).stderr.splitlines() if ": error: " in line]
    assert len(lines) == 3
    assert "unknown key 'plyers'" in lines[0]
    assert any("unknown key 'strat' in chips; did you mean 'start'?" in line for line in lines[1:])
    assert any("chips.start must be a whole number" in line for line in lines[1:])


def test_validate_gives_the_extends_chain_for_inherited_values(tmp_path):
    (tmp_path / "big_hands.yaml").write_text("extends: quick_six\nhand_size: 12\n", encoding="utf-8")
    (tmp_path / "mine.yaml").write_text("extends: big_hands.yaml\nname: mine\n", encoding="utf-8")
    result = run("validate", str(tmp_path / "mine.yaml"))
    assert result.exit_code == 1
    line = result.stderr.splitlines()[0]
    assert line.startswith(f"{tmp_path / 'mine.yaml'}:1:10: error: ")
    assert f"{tmp_path / 'mine.yaml'} -> {tmp_path / 'big_hands.yaml'} -> quick_six -> hachihachi_trick" in line
    assert f"written at {tmp_path / 'big_hands.yaml'}:2:12" in line


def test_validate_json_format_is_a_list():
    result = run("validate", "--format", "json", str(INVALID / "misspelled_key.yaml"))
    assert result.exit_code == 1
    problems = json.loads(result.stdout)
    assert problems == [{"file": str(INVALID / "misspelled_key.yaml"), "line": 4, "col": 1,
                         "message": "unknown key 'plyers' at the top level; did you mean 'players'?"}]


def test_validate_json_format_of_valid_files_is_empty_list():
    result = run("validate", "--format", "json", str(ROOT / "rules"))
    assert result.exit_code == 0 and json.loads(result.stdout) == []


def test_validate_github_format_writes_annotations():
    result = run("validate", "--format", "github", str(INVALID / "wrong_type.yaml"))
    assert result.exit_code == 1
    assert result.stdout.strip() == (f"::error file={INVALID / 'wrong_type.yaml'},line=4,col=16::"
                                     "chips.start must be a whole number, not the text 'fifty'.")


def test_validate_folder_checks_role_tables_as_role_tables():
    result = run("validate", "--format", "json", str(ROOT / "tests" / "rulesets" / "valid"))
    assert result.exit_code == 0 and json.loads(result.stdout) == []


@pytest.mark.slow
def test_validate_folder_of_invalid_files_reports_each_file():
    result = run("validate", "--format", "json", str(INVALID))
    files = {p["file"] for p in json.loads(result.stdout)}
    assert result.exit_code == 1 and files == {str(p) for p in INVALID.glob("*.yaml")}


def test_validate_usage_errors_exit_2(tmp_path):
    assert run("validate").exit_code == 2
    assert run("validate", str(tmp_path / "missing.yaml")).exit_code == 2
    assert run("validate", "--format", "xml", str(ROOT / "rules")).exit_code == 2
    assert run("validate", str(tmp_path)).exit_code == 2          # a folder without rule files


def test_schema_prints_both_schemas():
    rules = json.loads(run("schema").stdout)
    roles = json.loads(run("schema", "--roles").stdout)
    assert rules["$schema"].endswith("2020-12/schema") and "players" in rules["properties"]
    assert "roles" in roles["properties"] and "players" not in roles["properties"]


def test_help_and_version():
    assert run("--help").exit_code == 0 and "validate" in run("--help").stdout
    assert run("--version").stdout.startswith("hachi ")
    assert "--format" in run("validate", "--help").stdout


def test_readme_house_rule_example_is_valid(tmp_path):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    example = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    (tmp_path / "our_table.yaml").write_text(example, encoding="utf-8")
    result = run("validate", str(tmp_path / "our_table.yaml"))
    assert result.exit_code == 0, result.stderr
    from hachihachi.ruleset.loader import load_ruleset

    rules = load_ruleset(tmp_path / "our_table.yaml")
    assert rules.rounds.standard == 8 and rules.roles.role("karasu").go == 6
    assert "straight" not in [r.id for r in rules.roles.roles]


BROKEN_ROLES = ("extends: hachihachi_trick\nname: bad\nrole_table:\n  roles:\n"
                "    sanbon: {pattern: \"count(bogus) == 1\"}\n    karsu: {go: 3}\n")


def test_validate_suggests_the_role_a_misspelled_role_name_was_meant_to_be(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(BROKEN_ROLES, encoding="utf-8")
    result = run("validate", str(bad))
    assert (f"{bad}:6:5: error: role_table.roles.karsu has no 'pattern', 'forced'; they are required. "
            "Did you mean 'karasu'?") in result.stderr


def test_validate_reports_a_broken_role_and_a_bad_pattern_of_another_role_together(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(BROKEN_ROLES, encoding="utf-8")
    result = run("validate", str(bad), "--format", "json")
    assert result.exit_code == 1
    found = [(p["line"], p["col"], p["message"].split(";")[0].split(".")[0]) for p in json.loads(result.stdout)]
    assert found == [(6, 5, "role_table"), (5, 29, "unknown card class 'bogus'")]


def test_a_pattern_errors_snippet_keeps_its_own_lines_in_every_format(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: hachihachi_trick\nname: bad\nrole_table:\n  roles:\n"
                   "    karasu: {pattern: \"count(light) ==\"}\n", encoding="utf-8")
    text = run("validate", str(bad)).stderr
    assert "\\n" not in text
    assert "a comparison needs a value on its right.\n    count(light) ==\n                   ^" in text
    (problem,) = json.loads(run("validate", str(bad), "--format", "json").stdout)
    assert problem["message"].splitlines()[1:] == ["    count(light) ==", "                   ^"]
    github = run("validate", str(bad), "--format", "github").stdout
    assert "\\n" not in github and "right.%0A    count(light) ==%0A" in github


def test_a_hanafuda_section_in_a_trick_file_is_said_to_belong_to_the_other_game_first(tmp_path):
    bad = tmp_path / "mixed.yaml"
    bad.write_text("extends: hachihachi_trick\nname: mixed\nhanafuda:\n  kan: 12\nchips: {start: x}\n",
                   encoding="utf-8")
    lines = [line for line in run("validate", str(bad)).stderr.splitlines() if ": error: " in line]
    assert lines[0] == (f"{bad}:3:1: error: 'hanafuda' is a setting of matching play (hanafuda), which the game "
                        "'mixed' (play: tricks) does not play.")
    assert "chips.start must be a whole number" in lines[1]          # the rest of the file is still checked
    assert not any("required" in line for line in lines)


def test_warnings_on_a_variant_name_its_own_extends_and_where_the_base_writes_the_role(tmp_path):
    variant = tmp_path / "six.yaml"
    text = (ROOT / "rules" / "variants" / "hanafuda_go_drop.yaml").read_text(encoding="utf-8")
    variant.write_text(text, encoding="utf-8")
    extends = next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith("extends:"))
    result = run("validate", "--warnings", str(variant))
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if ": warning: " in line]
    assert warnings and all(line.startswith(f"{variant}:{extends}:10: warning: the role ") for line in warnings)
    assert "'shisan' can never occur" in warnings[0]
    assert "inherited through" in warnings[0] and "hanafuda_hachihachi.yaml:97:" in warnings[0]


def test_validate_speaks_japanese_with_lang_ja(tmp_path):
    typo, removal = tmp_path / "typo.yaml", tmp_path / "removal.yaml"
    typo.write_text("extends: hachihachi_trick\nmizuten:\n  enabeld: false\n", encoding="utf-8")
    removal.write_text("extends: hachihachi_trick\nname: t\nrole_table:\n  roles:\n    flsh: null\n", encoding="utf-8")
    result = run("validate", "--lang", "ja", str(typo), str(removal))
    assert result.exit_code == 1
    assert f"{typo}:3:3: エラー: 不明なキー 'enabeld' (mizuten の中)。'enabled' のことですか?" in result.stderr
    err = result.stderr
    assert f"{removal}:5:5: エラー: 'flsh' (role_table.roles の中) は元のファイルにないキーを消しています" in err
    assert "2 件のファイルのうち 2 件に問題があります。" in err and "(この説明は英語のみ)" not in err
    ok = run("validate", "--lang", "ja", str(ROOT / "rules"))
    assert ok.exit_code == 0 and "件のファイルはすべて正しく書けています。" in ok.stdout
    assert "の値が正しくありません" in run("validate", "--lang", "ja", "--format", "yaml", str(typo)).output


@pytest.mark.parametrize("effect,expected", [
    ('{name: x, when: round_end, do: [{pay: {from: each seat, to: each goer, amount: "tricks +"}}]}',
     ["4:95: error: the expression ends too early."]),
    ('{name: x, at: round_end, do: [{pay: {from: each seat, to: each goer, amount: "tricks"}}]}',
     ["4:5: error: effects.0 has no 'when'", "4:18: error: unknown key 'at' in effects.0"]),
])
def test_validate_tells_a_problem_inside_a_yaml_anchor_once(tmp_path, effect, expected):
    """An anchor (&e) used three times (*e) is one node in the file: its problem is one line."""
    bad = tmp_path / "anchor.yaml"
    bad.write_text(f"extends: hachihachi_trick\nname: t\neffects:\n  - &e {effect}\n  - *e\n  - *e\n", encoding="utf-8")
    result = run("validate", str(bad))
    lines = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert len(lines) == len(expected), result.stderr
    for line, start in zip(lines, expected):
        assert line.startswith(f"{bad}:{start}")


def test_T23_a_phase_of_another_play_kind_in_round_is_refused_at_its_place(tmp_path):
    bad = tmp_path / "hana_mizuten.yaml"
    bad.write_text("extends: hanafuda_hachihachi\nname: hana_mizuten\n"
                   "round: [mizuten_call, hanafuda_deal, hand_roles, play, card_scoring]\n", encoding="utf-8")
    result = run("validate", str(bad))
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert errors == [f"{bad}:3:9: error: the phase 'mizuten_call' is a phase of trick play (Hachi-Hachi Trick), "
                      "which this game (play: matching) does not play; take it out of round:."]
    ja = run("validate", "--lang", "ja", str(bad))
    assert "フェーズ 'mizuten_call' は trick play (Hachi-Hachi Trick) のフェーズで" in ja.stderr


def test_T23_a_hanafuda_phase_in_a_trick_round_is_refused_and_a_written_settlement_phase_stands(tmp_path):
    trick = tmp_path / "trick_hand_roles.yaml"
    trick.write_text("extends: hachihachi_trick\nname: trick_hand_roles\n"
                     "round: [deal, declarations, hand_roles, play]\n", encoding="utf-8")
    result = run("validate", str(trick))
    assert f"{trick}:3:29: error: the phase 'hand_roles' is a phase of matching play (hanafuda)" in result.stderr
    written = tmp_path / "hana_trick_settlement.yaml"
    written.write_text("extends: hanafuda_hachihachi\nname: hana_trick_settlement\n"
                       "round: [hanafuda_deal, hand_roles, play, card_scoring, trick_settlement]\n"
                       "settlement:\n  trick_settlement: []\n", encoding="utf-8")
    assert run("validate", str(written)).exit_code == 0


EFFECT_BY_ROLES = ('effects:\n  - name: role bonus\n    when: after_play\n    do:\n'
                   '      - pay: {from: "each seat", to: "each goer where roles > 0", amount: 1}\n')


def test_T15_an_effect_reading_roles_before_role_settlement_is_a_warning_at_its_place(tmp_path):
    late = tmp_path / "late_roles.yaml"
    late.write_text("extends: hachihachi_trick\nname: late_roles\n"
                    "round: [mizuten_call, deal, declarations, forced_out, two_goer_choice, one_goer_pot, play,"
                    " role_settlement, trick_settlement, pot, mizuten_bonus]\n" + EFFECT_BY_ROLES, encoding="utf-8")
    standard = tmp_path / "role_bonus.yaml"
    standard.write_text("extends: hachihachi_trick\nname: role_bonus\n" + EFFECT_BY_ROLES, encoding="utf-8")
    result = run("validate", "--warnings", str(late))
    assert result.exit_code == 0, result.output
    assert (f"{late}:5:5: warning: the effect 'role bonus' reads 'roles' at 'after_play', which comes before "
            "'role_settlement' in round: the goers' roles are shown only there, so it reads 0 for every goer."
            in result.output)
    assert "role_settlement" not in run("validate", "--warnings", str(standard)).output
