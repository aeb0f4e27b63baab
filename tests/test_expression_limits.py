"""The expression language's documented limits (docs/effects.md): nesting, not parentheses side by
side; constants of at most 10**9 however they are written; every error at its real line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from hachihachi.cli.errors_ja import ja_message
from hachihachi.ruleset.expressions import MAX_CONSTANT, MAX_NESTING, ExpressionError, parse_expression
from hachihachi.ruleset.loader import check_file


def problems(tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "house.yaml"
    path.write_text("extends: hachihachi_trick\nname: house\n" + body, encoding="utf-8")
    return [str(p).replace(str(path), "house.yaml") for p in check_file(path)]


def test_calls_side_by_side_are_not_nesting():
    parse_expression(" + ".join(["max(1, 2)"] * 25))            # 25 parentheses, nested 2 deep


def test_parentheses_nested_past_the_limit_are_refused_at_the_first_too_deep():
    text = "(" * (MAX_NESTING + 1) + "1" + ")" * (MAX_NESTING + 1)
    with pytest.raises(ExpressionError, match=f"nested more than {MAX_NESTING} levels deep") as e:
        parse_expression(text, "r.yaml:3:10")
    assert e.value.place == f"r.yaml:3:{10 + MAX_NESTING}"


@pytest.mark.parametrize("written", [MAX_CONSTANT + 1, -(MAX_CONSTANT + 1), 99999999999999999])
def test_a_yaml_integer_past_the_constants_limit_is_refused_as_text_is(written):
    with pytest.raises(ExpressionError, match=r"is larger than any constant of an expression \(at most 1,000,000,000"):
        parse_expression(written, "r.yaml:3:10")
    assert parse_expression(MAX_CONSTANT).value == MAX_CONSTANT


def test_a_plain_yaml_integer_amount_past_the_limit_is_refused_at_its_place(tmp_path):
    found = problems(tmp_path, "effects:\n  - name: x\n    when: after_play\n    do:\n"
                               "      - pay: {from: each seat, to: each goer, amount: 99999999999999999}\n")
    assert found == ["house.yaml:7:55: error: 99999999999999999 is larger than any constant of an expression "
                     "(at most 1,000,000,000)."]


FOLDED = {
    "plain": ("          amount: 2 * round.multiplier +\n            round.pot +\n            round.nope\n", "11:13"),
    "folded block": ("          amount: >\n            2 * round.multiplier +\n              round.pot + round.nope\n",
                     "11:27"),
    "literal block": ("          amount: |\n            2 * round.multiplier\n            + round.nope\n", "11:15"),
    "quoted": ('          amount: "2 * round.multiplier +\n             round.nope"\n', "10:14"),
}


@pytest.mark.parametrize("style", FOLDED)
def test_an_error_in_an_expression_written_over_several_lines_is_placed_on_its_own_line(tmp_path, style):
    body, place = FOLDED[style]
    found = problems(tmp_path, "effects:\n  - name: x\n    when: after_play\n    do:\n      - pay:\n"
                               "          from: each seat\n" + body
                     + "          to: each goer\n")
    assert len(found) == 1 and found[0].startswith(f"house.yaml:{place}: error: there is no fact 'round.nope'"), found


def test_a_seat_condition_over_two_lines_is_placed_on_its_own_line(tmp_path):
    found = problems(tmp_path, "effects:\n  - name: x\n    when: after_play\n    do:\n      - pay:\n"
                               '          from: "each goer where\n             trickz == 0"\n'
                               "          to: each seat\n          amount: 1\n")
    assert len(found) == 1 and found[0].startswith("house.yaml:9:14: error: there is no fact 'trickz'"), found


def test_the_limits_are_said_in_japanese():
    assert ja_message("the expression is nested more than 24 levels deep; write it flatter.") == (
        "式の入れ子が 24 段を超えています。もっと平らに書いてください。")
    assert ja_message("12345678901 is larger than any constant of an expression (at most 1,000,000,000).") == (
        "12345678901 は式に書ける数 (1,000,000,000 まで) より大きい数です。")


def test_the_third_passs_refusals_are_said_in_japanese():
    said = {
        "round 1: the deal is not the one the save's seed makes, so the save was changed since it was written; it "
        "is left alone.": "第1局: 配札がセーブのシードの配札と違います。",
        "round 1, answers: ann answers 'doubles' with true (YAML reads yes, no, on and off unquoted as true and "
        "false); quote the option: one of no, double": "第1局、answers: ann は 'doubles' に true と答えています",
        "unknown parameter 'nope' in parameters (the parameters: a, b).":
            "parameters に 'nope' はありません (パラメーター: a, b)。",
        "round 6: effect 'grow': counter x would be past 1,000,000,000,000 (either sign), the bound on every number "
        "a game holds (docs/limits.md); the game stops here.":
            "第6局: 効果 'grow': カウンター x が 1,000,000,000,000 (正負とも) を超えます。",
    }
    for english, japanese in said.items():
        assert ja_message(english).startswith(japanese), ja_message(english)
