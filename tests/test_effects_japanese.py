"""House rules (effects, docs/effects.md) in Japanese: ``hachi play --lang ja`` narrates what an
effect does in Japanese, and ``hachi table`` / ``hachi rulebook --lang ja`` word each effect in
Japanese. The effect's name, its counters, its options and its expressions are the author's
text: they stay as written, in 「」, and are left out of the check for English words."""

import re

import pytest
from click.testing import CliRunner

from hachihachi.cli.play import play
from hachihachi.cli.roles import table
from hachihachi.cli.rulebook import describe_effects
from hachihachi.ruleset.effects import describe
from hachihachi.ruleset.loader import load_ruleset
from tests.test_cli_play_japanese import english_lines

VARIANTS = "tests/house_rules/variants"


def authors_text_left_out(output: str) -> str:
    return re.sub(r"「[^」]*」", "「」", output)


# variant, seed of an --auto game in which the effect fires, a line it must tell in Japanese
FIRED = [
    ("fx_start_player_may_double", 1, "「no」を選ぶ (カウンター「doubles」)"),
    ("fx_dealer_may_double", 1, "ann: 「no」を選ぶ (カウンター「doubles」)"),     # a question in matching play
    ("fx_three_drops_must_go", 3, "は次の局必ず出る (「three drops must go」)"),
    ("fx_start_player_goes", 1, "はこの局必ず出る (「start player goes」)"),
    ("fx_last_round_tricks_double", 1, "この局の残りのトリックは x2 (「last round doubles tricks」)"),
    ("fx_out_of_chips_ends", 2, "この局でゲームは終わり (「out of chips」)"),
    ("fx_half_pot_carries", 1, "を払う: ハウスルール「half the pot carries over」"),
    ("fx_three_drops_must_go", 1, "のカウンター「drops_in_a_row」は 1 になる"),
]


@pytest.mark.parametrize("variant,seed,told", FIRED)
def test_an_effect_that_fires_is_narrated_in_japanese(variant, seed, told):
    path = f"{VARIANTS}/{variant}.yaml"
    res = CliRunner().invoke(play, ["--auto", "--lang", "ja", "--seed", str(seed), "--rules", path])
    assert res.exit_code == 0, res.output
    assert told in res.output
    assert "ハウスルール「" in res.output                         # the effect fired, named
    assert english_lines(authors_text_left_out(res.output), path) == []


def test_the_same_effects_in_english_are_caught_by_the_check():
    path = f"{VARIANTS}/fx_three_drops_must_go.yaml"
    res = CliRunner().invoke(play, ["--auto", "--seed", "3", "--rules", path])
    assert res.exit_code == 0, res.output
    caught = english_lines(authors_text_left_out(res.output), path)
    assert any("house rule" in line for line in caught)
    assert any("must go next round" in line for line in caught)


EFFECT_FILES = sorted(p for p in __import__("os").listdir(VARIANTS) if p.startswith("fx_"))


@pytest.mark.parametrize("name", EFFECT_FILES)
def test_every_effect_of_the_variants_is_worded_in_japanese(name):
    path = f"{VARIANTS}/{name}"
    rules = load_ruleset(path)
    words = describe_effects(rules, "ja")
    assert len(words) == len(rules.effects)
    for effect, line in zip(rules.effects, words):
        assert line.startswith(f"「{effect.name}」: ") and line.endswith("。")
        assert english_lines(authors_text_left_out(line), path) == [], line
        assert english_lines(authors_text_left_out(describe(effect)), path) != []     # English when asked


def test_t21_the_earliest_tied_goer_and_the_others_are_worded_apart_in_japanese():
    """The T21 tie pays ``all but the first goer where ...`` a share and ``first goer where ...``
    the rest: the two seat sets read differently in Japanese, as in English."""
    pot = dict(load_ruleset("hachihachi_trick").settlement)["pot"]
    tie = next(e for e in pot if e.name == "tie for the pot")
    words = describe(tie, "ja")
    assert "「tricks == round.most_tricks」の人（最初の一人を除く）に" in words
    assert "「tricks == round.most_tricks」の人の最初の一人に「round.pot」を払う" in words


def test_a_question_of_an_effect_is_worded_with_its_options():
    (ask, _doubled) = load_ruleset(f"{VARIANTS}/fx_start_player_may_double.yaml").effects
    assert describe(ask, "ja") == ("「start player may double」: 宣言の後、「round.goers >= 2」のとき: "
                                   "出た各人のうち「start」の人が 「no」(0)、「double」(1) から選び、"
                                   "カウンター「doubles」に記録する。")


@pytest.mark.parametrize("fmt", ["text", "md", "html"])
def test_the_rule_sheet_in_japanese_words_the_effects_in_japanese(fmt):
    res = CliRunner().invoke(table, ["--rules", f"{VARIANTS}/fx_blank_goer_pays.yaml", "--lang", "ja",
                                     "--format", fmt, "--no-probability"])
    assert res.exit_code == 0, res.output
    assert "出た各人のうち「tricks == 0」の人が各人に「2" in res.output and "」を払う。" in res.output
    assert "House rules" not in res.output and "each goer where" not in res.output


def test_the_rulebook_in_japanese_words_the_effects_in_japanese():
    from hachihachi.cli.rulebook import rulebook_command

    res = CliRunner().invoke(rulebook_command, [f"{VARIANTS}/fx_start_player_goes.yaml", "--lang", "ja"])
    assert res.exit_code == 0, res.output
    assert "「start player goes」: 各局の始め: スタPはこの局必ず出る。" in res.output
    assert "must go" not in res.output


def _a_house_rules_question(lang_rules: str):
    """The view of the person when a house rule first asks them (fx_start_player_may_double)."""
    from hachihachi.interpreter.parts.go_drop.actions import Declare
    from hachihachi.interpreter.runs.session import Session
    from hachihachi.ruleset.model import Phase

    rules = load_ruleset(lang_rules)
    s = Session.new(rules, lang_rules, 3, ["heuristic"], 1, None, 0, "you")
    while not s.game.is_terminal:
        if s.human_to_act:
            v = s.game.view(0)
            if v.phase is Phase.EFFECTS:
                return v, rules
            s.apply(Declare(True) if Declare(True) in v.legal else v.legal[0])   # go: the start player is asked
        else:
            s.step()
    raise AssertionError("the house rule never asked")


def test_the_explanation_of_a_house_rules_question_words_the_rule_in_japanese():
    from hachihachi.cli.tui_input import explain

    v, rules = _a_house_rules_question(f"{VARIANTS}/fx_start_player_may_double.yaml")
    ja, en = explain(v, rules, "ja"), explain(v, rules, "en")
    assert ja[-1] == describe(rules.effects[0], "ja") and en[-1] == describe(rules.effects[0])
    assert english_lines(authors_text_left_out("\n".join(ja)), "hachihachi_trick") == []


def test_an_answer_refused_at_a_house_rules_question_is_said_in_japanese():
    from hachihachi.cli.tui_input import BadAnswer, parse_answer

    v, rules = _a_house_rules_question(f"{VARIANTS}/fx_start_player_may_double.yaml")
    with pytest.raises(BadAnswer) as refused:
        parse_answer("maybe", v, rules)
    assert refused.value.text("ja") == "'maybe' はここでの答えではありません: 番号か no・double で答えてください。"
    assert parse_answer("double", v, rules).option == "double"


def test_the_scorekeeper_tells_a_house_rule_in_japanese(tmp_path):
    import shutil

    from hachihachi.cli.score import score
    from tests.test_score_japanese import ROUND

    shutil.copy(f"{VARIANTS}/fx_half_pot_carries.yaml", tmp_path / "house.yaml")
    sheet = tmp_path / "sheet.yaml"
    house = str(tmp_path / "house.yaml")
    args = ["--new", str(sheet), "--players", "ann,bob,cy,dee", "--start", "ann", "--rules", house]
    res = CliRunner().invoke(score, [*args, "--lang", "ja"], input="\n".join(ROUND + ["q"]) + "\n")
    assert res.exit_code == 0, res.output
    told = CliRunner().invoke(score, [str(sheet), "--lang", "ja"])
    assert told.exit_code == 0, told.output
    assert "ann が場に 1 を払う: ハウスルール「half the pot carries over」" in told.output
    assert english_lines(authors_text_left_out(told.output), str(tmp_path / "house.yaml")) == []
