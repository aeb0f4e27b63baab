"""``hachi replay --lang ja``: the account of a recorded game in Japanese, through the same
narrator as ``hachi play --lang ja`` (house rules included), and its errors in Japanese."""

import re

from click.testing import CliRunner

from hachihachi.cli.play import play
from hachihachi.cli.replay import replay
from tests.test_cli_play_japanese import english_lines
from tests.test_replay_cli import BASE, invoke


def test_a_replay_in_japanese_tells_every_payment_in_japanese(tmp_path):
    _, res = invoke(tmp_path, BASE, "--lang", "ja")
    assert res.exit_code == 0, res.output
    assert "ann が場に 2 を払う: 降り賃" in res.output
    assert "bob が cy に 2 を払う: トリックの精算、トリック 4 対 3" in res.output
    assert english_lines(res.output, "hachihachi_trick") == []
    english = CliRunner().invoke(replay, [str(tmp_path / "game.yaml")])
    assert english_lines(english.output, "hachihachi_trick") != []         # the check can fail


def test_a_replayed_game_of_house_rules_is_told_in_japanese(tmp_path):
    rules = "tests/house_rules/variants/fx_three_drops_must_go.yaml"
    res = CliRunner().invoke(play, ["--auto", "--seed", "3", "--rules", rules, "--record", str(tmp_path)])
    assert res.exit_code == 0, res.output
    (record,) = tmp_path.glob("hachi-*.yaml")
    told = CliRunner().invoke(replay, [str(record), "--lang", "ja", "--rules", rules])
    assert told.exit_code == 0, told.output
    assert "は次の局必ず出る (「three drops must go」)" in told.output
    assert english_lines(re.sub(r"「[^」]*」", "「」", told.output), rules) == []


def test_replay_refuses_an_unknown_language_as_a_usage_error(tmp_path):
    _, res = invoke(tmp_path, BASE, "--lang", "fr")
    assert res.exit_code == 2
