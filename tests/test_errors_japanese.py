"""Errors under ``--lang ja``: a rule file's problems, a save's, a score sheet's and click's usage
errors of ``hachi play``, ``hachi score`` and ``hachi replay`` read in Japanese. The place
(``FILE:LINE:COL``), the key names, the values quoted and a code snippet stay as written; the
exit codes are those of the English run (1 for a bad file, 2 for a usage error)."""

import doctest

import pytest
from click.testing import CliRunner

from hachihachi.cli import errors_ja
from hachihachi.cli.errors_ja import ja_message, untranslated
from hachihachi.cli.play import play
from hachihachi.cli.replay import replay
from hachihachi.cli.score import score
from hachihachi.interpreter.bots import bot_names
from tests.test_cli_play_japanese import english_lines


def english_besides(output: str, kept: list[str]) -> list[str]:
    """The lines of ``output`` with English words once the names a message keeps (keys, the
    author's expression) are left out."""
    for name in sorted(kept, key=len, reverse=True):
        output = output.replace(name, " ")
    return english_lines(output, "hachihachi_trick")


BASE = "extends: hachihachi_trick\nname: x\n"
# a rule file's problem: the file's text, the place, the names kept, the Japanese said
RULE_FILES = {
    "unknown_key": (BASE + "playrs: {min: 3, max: 5}\n", "3:1", [],
                    "不明なキー 'playrs' (ファイルの最上位)。'players' のことですか?"),
    "unknown_key_inside": (BASE + "chips: {strat: 5}\n", "3:9", ["chips"],
                           "不明なキー 'strat' (chips の中)。'start' のことですか?"),
    "wrong_type": (BASE + "chips: {start: many}\n", "3:16", ["chips.start"],
                   "chips.start は整数でなければなりません (文字列 'many' ではなく)。"),
    "below_the_range": (BASE + "chips: {start: -5}\n", "3:16", ["chips.start"],
                        "chips.start は 0 以上でなければなりません (-5 ではなく)。"),
    "not_one_of": (BASE + "play: trik\n", "3:7", ["play", "tricks, matching"],
                   "play は 文字列 'trik' ですが、使える値は tricks, matching のどれかです。'tricks' のことですか?"),
    "required": (BASE + "role_table:\n  roles:\n    karsu: {go: 3}\n", "5:5", ["role_table.roles.karsu"],
                 "role_table.roles.karsu に 'pattern', 'forced' がありません (必須です)。'karasu' のことですか?"),
    "no_bundled_base": ("extends: hachihachi_trik\nname: x\n", "1:10", [],
                        "同梱のルールファイル 'hachihachi_trik' はありません。'hachihachi_trick' のことですか?"),
    "unknown_fact": (BASE + "effects:\n  - name: a\n    when: after_play\n    if: \"trickz == 0\"\n"
                     "    do:\n      - end_game: true\n", "6:9", ["trickz == 0", "docs/effects.md"],
                     "事実 'trickz' はありません。'tricks' のことですか? 事実の一覧は docs/effects.md にあります。"),
    "fact_of_one_seat": (BASE + "effects:\n  - name: a\n    when: after_play\n    if: \"tricks + 1\"\n"
                         "    do:\n      - end_game: true\n", "6:9", ["tricks + 1", "number_of", "sum_of", "max_of"],
                         "'tricks' は一人ごとの事実です。"),
}


@pytest.mark.parametrize("case", list(RULE_FILES))
def test_a_rule_file_problem_is_told_in_japanese_at_its_place(tmp_path, case):
    text, place, kept, said = RULE_FILES[case]
    path = tmp_path / "house.yaml"
    path.write_text(text)
    res = CliRunner().invoke(play, ["--lang", "ja", "--auto", "--rules", str(path)])
    assert res.exit_code == 1, res.output
    assert res.output.startswith(f"{path}:{place}: エラー: ")
    assert said in res.output and untranslated("ja") not in res.output
    assert english_besides(res.output, kept) == []
    english = CliRunner().invoke(play, ["--auto", "--rules", str(path)])
    assert english.exit_code == 1 and f"{path}:{place}: error: " in english.output
    assert english_besides(english.output, kept) != []                     # the check can fail


def test_a_yaml_syntax_error_is_framed_in_japanese_with_the_parsers_words(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text(BASE + "chips: {start: 3\n")
    res = CliRunner().invoke(play, ["--lang", "ja", "--auto", "--rules", str(path)])
    assert res.exit_code == 1
    assert f"{path}:4:1: エラー: YAML として読めません (YAML の説明: did not find expected ',' or '}}')。" in res.output


def test_a_missing_bundled_ruleset_is_told_in_japanese():
    res = CliRunner().invoke(play, ["--lang", "ja", "--auto", "--rules", "nosuch"])
    assert res.exit_code == 1
    assert res.output.startswith("nosuch: エラー: 同梱のルールファイル 'nosuch' はありません。")
    assert "同梱のもの: hachihachi_trick" in res.output


SHEET = "ruleset: hachihachi_trick\nplayers: [ann, bob, cy]\nstart: ann\nrounds: []\n"
SHEETS = {
    "start_not_a_player": (SHEET.replace("start: ann", "start: zed"), "start: 'zed' は参加者の一人ではありません。"),
    "unknown_field": (SHEET + "colour: red\n", "'colour' はスコアシートの項目ではありません。"),
    "no_ruleset": ("players: [ann]\n", "シートに 'ruleset' がありません。"),
    "round_without_indicator": (SHEET.replace("rounds: []", "rounds:\n  - {declare: [go, go, go]}"),
                                "第1局、indicator: めくり札 (書かなかったときは 'field: ID') がありません"),
}


@pytest.mark.parametrize("case", list(SHEETS))
def test_a_score_sheet_problem_is_told_in_japanese(tmp_path, case):
    text, said = SHEETS[case]
    path = tmp_path / "sheet.yaml"
    path.write_text(text)
    res = CliRunner().invoke(score, [str(path), "--lang", "ja"])
    assert res.exit_code == 1, res.output
    assert res.output.startswith(f"{path}") and ": エラー: " in res.output and said in res.output
    assert english_besides(res.output, ["indicator", "field: ID", "start:"]) == []


def test_a_missing_sheet_is_told_in_japanese(tmp_path):
    res = CliRunner().invoke(score, [str(tmp_path / "none.yaml"), "--lang", "ja"])
    assert res.exit_code == 1
    assert "エラー: そのファイルはありません。" in res.output


def test_a_record_that_is_not_a_save_is_refused_in_japanese(tmp_path):
    path = tmp_path / "sheet.yaml"
    path.write_text(SHEET)
    res = CliRunner().invoke(play, ["--lang", "ja", "--resume", str(path)])
    assert res.exit_code == 1
    assert "この記録には 'seed' がないので、'hachi play' の保存ではないか" in res.output
    assert english_lines(res.output, "hachihachi_trick") == []


def test_a_replay_error_is_told_in_japanese(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("ruleset: hachihachi_trick\nplayers: [ann, bob, cy]\nrounds: []\n")
    res = CliRunner().invoke(replay, [str(path), "--lang", "ja"])
    assert res.exit_code == 1
    assert res.output.startswith(f"{path}: エラー: rounds: 記録に局がありません")


# click's usage errors: the command, its arguments, a Japanese sentence it must say
USAGE = [
    (play, ["--lang", "ja", "--players", "20"], "'--players' の値が正しくありません: 20 は範囲 2<=x<=12 の外です。"),
    (play, ["--lang", "ja", "--seed", "abc"], "'--seed' の値が正しくありません: 'abc' は整数ではありません。"),
    (play, ["--lang", "ja", "--frob"], "'--frob' というオプションはありません。"),
    (play, ["--lang", "ja", "--resum", "x"],
     "'--resum' というオプションはありません。'--resume', '--rules' のことですか?"),
    (play, ["--lang=ja", "extra"], "余分な引数があります (extra)"),          # what was typed, as it is
    (play, ["--lang", "ja", "--seed"], "オプション '--seed' には値が要ります。"),
    (play, ["--lang", "ja", "--json"], "--json は --auto と使います"),
    (play, ["--lang", "ja", "--auto", "--bots", "foo"], "--bots の値が正しくありません: ボット 'foo' はありません。"),
    (play, ["--lang", "ja", "--auto", "--rules", "hanafuda_hachihachi", "--players", "7"],
     "hanafuda_hachihachi は 3 から 3 人用です"),
    (score, ["--lang", "ja"], "引数 'SHEET' がありません。"),
    (score, ["x.yaml", "--lang", "ja", "--players", "a,b"], "--players と --start は --new と使います"),
    (replay, ["--lang", "ja"], "引数 'RECORD' がありません。"),
]


@pytest.mark.parametrize("command,args,said", USAGE)
def test_a_usage_error_is_told_in_japanese_with_the_same_exit_code(tmp_path, command, args, said):
    res = CliRunner().invoke(command, args)
    english = CliRunner().invoke(command, [a for a in args if a not in ("ja", "--lang=ja") and a != "--lang"])
    assert res.exit_code == english.exit_code == 2, res.output
    assert said in res.output and "エラー: " in res.output and "Error:" in english.output
    assert ("使い方: " in res.output) == ("Usage:" in english.output)
    assert english_besides(res.output, [*args, *bot_names(), "hanafuda_hachihachi"]) == []
    assert english_besides(english.output, [*args, *bot_names(), "hanafuda_hachihachi"]) != []


def test_an_unknown_language_is_a_usage_error_in_english():
    res = CliRunner().invoke(play, ["--lang", "fr"])
    assert res.exit_code == 2 and "Invalid value for '--lang'" in res.output


def test_a_message_without_japanese_words_is_shown_in_english_after_a_note():
    assert ja_message("the moon is made of cheese.") == f"{untranslated('ja')} the moon is made of cheese."
    snippet = ja_message("there is no fact 'x'.\n    x == 1\n    ^")
    assert snippet == "事実 'x' はありません。\n    x == 1\n    ^"                 # the code snippet as it is


def test_the_examples_of_the_wording_module():
    result = doctest.testmod(errors_ja)
    assert result.attempted > 0 and result.failed == 0


def test_a_new_sheet_over_an_old_one_is_refused_in_japanese_with_exit_code_1(tmp_path):
    path = tmp_path / "sheet.yaml"
    path.write_text(SHEET)
    args = [str(path), "--new", "--players", "ann,bob,cy"]
    res = CliRunner().invoke(score, [*args, "--lang", "ja"])
    english = CliRunner().invoke(score, args)
    assert res.exit_code == english.exit_code == 1
    assert f"エラー: {path} はもうあります。続けるには: hachi score {path} --add" in res.output


def test_the_rule_sheet_and_the_rulebook_tell_a_rule_files_problem_in_japanese(tmp_path):
    from hachihachi.cli.roles import table
    from hachihachi.cli.rulebook import rulebook_command

    path = tmp_path / "house.yaml"
    path.write_text(BASE + "chips: {start: -5}\n")
    said = f"{path}:3:16: エラー: chips.start は 0 以上でなければなりません (-5 ではなく)。"
    sheet = CliRunner().invoke(table, ["--rules", str(path), "--lang", "ja"])
    book = CliRunner().invoke(rulebook_command, [str(path), "--lang", "ja"])
    assert sheet.exit_code == book.exit_code == 1
    assert said in sheet.output and said in book.output
    missing = CliRunner().invoke(rulebook_command, ["--lang", "ja"])
    assert missing.exit_code == 2 and "使い方: rulebook [オプション] ルール" in missing.output


@pytest.mark.parametrize("english,japanese", [
    ("field 'normal' names the rank 'plya', which is not a rank of the deck (2 3 4).",
     "場 'normal' の数字 'plya' はこの札の数字ではありません (2 3 4)。"),
    ("no field lists the rank 9; every rank of the deck must make exactly one field (T8).",
     "どの場にもない数字があります: 9。札のどの数字もちょうど一つの場を作ります (T8)。"),
    ("unknown card class 'plya'. Did you mean 'plain'?", "札の種類 'plya' はありません。'plain' のことですか?"),
    ("round lists the phase 'deal' twice; each phase runs once.",
     "round にフェーズ 'deal' が二度あります。各フェーズは一度だけです。"),
])
def test_the_findings_of_a_rule_file_have_japanese_words(english, japanese):
    assert ja_message(english) == japanese


@pytest.mark.parametrize("english,japanese", [
    ("round 1, answers: a house rule asks ann 'doubles' (no, double); write answers: {doubles: {ann: OPTION}}",
     "ハウスルールが ann に「doubles」を尋ねます (no, double)。answers: {doubles: {ann: OPTION}} と書いてください"),
    ("round 2, answers: ann answers 'doubles' with 'triple', not one of no, double",
     "ann の「doubles」への答え 'triple' は no, double のどれでもありません"),
    ("round 1, answers: no house rule asked 'bob' 'doubles' this round",
     "この局でハウスルールは 'bob' に 'doubles' を尋ねていません"),
    ("round 1, answers: a mapping of questions to {player: option}, not 'x'",
     "質問から {参加者: 答え} へのマッピング ('x' ではなく)"),
])
def test_a_sheets_answer_to_a_house_rules_question_is_refused_in_japanese(english, japanese):
    from hachihachi.cli.errors_ja import error_message

    said = error_message(english, "ja")
    assert japanese in said and said.startswith("第")
