"""``hachi play`` against clumsy typing and damaged save files: no traceback, no game lost."""

import re

import pytest
import yaml
from click.testing import CliRunner

from hachihachi.cli.play import play
from hachihachi.interpreter.records.gamerecord import replay

GAME = ["--seed", "7", "--short", "--players", "3"]


def start(tmp_path, answers, name="s.yaml"):
    res = CliRunner().invoke(play, [*GAME, "--save", str(tmp_path / name)], input=answers)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res


# typed at the first question (go or drop) -> the answer the game gives, escaped and bounded
TYPED = {
    "escape codes": ("\x1b[31m", "'\\x1b[31m' is not an answer here: type a number or go or drop."),
    "NUL and bell": ("\x00\x07", "'\\x00\\x07' is not an answer here"),
    "a megabyte line": ("x" * 1_000_000, "'xxxxxxxxxxxxxxxxxxxx...' is not an answer here"),
    "a playing-card symbol": ("🂡", "'🂡' is not an answer here"),
    "full-width digit 9": ("９", "９ is not one of the choices: answer 1 to 2."),
    "superscript two": ("²", "² is not one of the choices: answer 1 to 2."),
    "full-width card": ("ＡＳ", "'ＡＳ' is not an answer here"),
    "Ctrl-C Ctrl-D Ctrl-Z as text": ("\x03\x04\x1a", "'\\x03\\x04\\x1a' is not an answer here"),
    "a huge number": ("9" * 5000, "99999999999999999999... is not one of the choices: answer 1 to 2."),
}


@pytest.mark.parametrize("name", TYPED)
def test_bad_typing_is_explained_and_the_game_goes_on(tmp_path, name):
    typed, answer = TYPED[name]
    res = start(tmp_path, typed + "\n1\nq\n")
    assert res.exit_code == 0 and "hachi play --resume" in res.output
    assert "  " + answer in res.output
    assert not replay(tmp_path / "s.yaml").game.is_terminal


@pytest.mark.parametrize("answers", range(6))
def test_end_of_input_at_any_prompt_saves_and_leaves(tmp_path, answers):
    res = start(tmp_path, "1\n" * answers)
    assert res.exit_code == 0 and "hachi play --resume" in res.output
    assert replay(tmp_path / "s.yaml").game.events


@pytest.fixture
def saved(tmp_path):
    start(tmp_path, "1\n1\n1\n", name="good.yaml")
    return (tmp_path / "good.yaml").read_text()


def _cut(text, key):
    return text[:text.index(key)]


# name -> (change to the good save's text, exit 1 message regex)
DAMAGE = {
    "empty": (lambda t: "", r":1:1: error: the file is empty"),
    "binary": (lambda t: "\x00\x01garbage", r":1:1: error: the file holds a NUL character"),
    "cut mid-line": (lambda t: t[:t.index("bots: [") + 12], r"error: this is not valid YAML"),
    "cut after the rounds": (lambda t: _cut(t, "seed:"), r"error: this record has no 'seed', so it is not a save of 'hachi play', or it was cut short; it is left alone"),
    "no bots": (lambda t: re.sub(r"bots: .*\n", "", t), r"error: this record has no 'bots'"),
    "seed text": (lambda t: t.replace("seed: 7", "seed: seven"), r":\d+:7: error: seed: the seed is a whole number, not 'seven'"),
    "seed huge": (lambda t: t.replace("seed: 7", "seed: " + "9" * 30), r"error: the number 999999999999\.\.\. is 30 characters"),
    "human out of range": (lambda t: t.replace("human: 0", "human: 9"), r"error: human: the human's seat 9 is out of range \(0 to 2\)"),
    "human text": (lambda t: t.replace("human: 0", "human: me"), r"error: human: the human's seat is a whole number, not 'me'"),
    "human removed": (lambda t: t.replace("human: 0", ""), r"error: bots: seat 0 is 'human', but the human's seat is not given"),
    "human moved": (lambda t: t.replace("human: 0", "human: 1"), r"error: bots: seat 0 is 'human', but the human's seat is 1"),
    "unknown bot": (lambda t: t.replace("bots: [human, heuristic", "bots: [human, nosuch"), r"error: there is no bot 'nosuch'"),
    "bots short": (lambda t: re.sub(r"bots: .*", "bots: [human]", t), r"error: bots: the record lists one bot name per seat \(3\)"),
    "hostile ruleset": (lambda t: t.replace("ruleset: hachihachi_trick", "ruleset: /dev/zero"), r"error: unknown or bad ruleset '/dev/zero'"),
    "a played card changed": (lambda t: t.replace("{seat: 0, declare: go}", "{seat: 0, declare: maybe}", 1),
                              r"error: round 1, action \d+: declare is 'go' or 'drop', not 'maybe'"),
}


@pytest.mark.parametrize("name", DAMAGE)
def test_resuming_a_damaged_save_says_what_is_wrong_and_keeps_the_file(tmp_path, saved, name):
    change, message = DAMAGE[name]
    text = change(saved)
    assert text != saved or name == "a played card changed"
    path = tmp_path / "damaged.yaml"
    path.write_text(text)
    res = CliRunner().invoke(play, ["--resume", str(path)], input="1\n" * 50)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert res.exit_code == 1 and res.stderr.startswith(str(path)), res.output
    assert re.search(message, res.stderr), res.stderr
    assert path.read_text() == text                      # the save is left as it was


def test_a_new_game_never_overwrites_a_game_in_progress(tmp_path, saved):
    res = CliRunner().invoke(play, [*GAME, "--save", str(tmp_path / "good.yaml")], input="1\n" * 50)
    assert res.exit_code == 1
    assert "error: this file holds a game in progress; continue it with 'hachi play --resume" in res.stderr
    assert (tmp_path / "good.yaml").read_text() == saved


@pytest.mark.slow
def test_a_new_game_may_replace_a_finished_one(tmp_path):
    start(tmp_path, "1\n" * 300, name="done.yaml")
    assert replay(tmp_path / "done.yaml").game.is_terminal
    res = start(tmp_path, "q\n", name="done.yaml")
    assert res.exit_code == 0 and not replay(tmp_path / "done.yaml").game.is_terminal


@pytest.mark.slow
def test_a_save_that_fails_mid_game_is_reported_and_the_game_goes_on(tmp_path, monkeypatch):
    from hachihachi.interpreter.runs import session

    calls = {"n": 0}
    real = session.write_atomic

    def flaky(path, text):
        calls["n"] += 1
        if calls["n"] > 1:
            raise OSError(28, "No space left on device")
        real(path, text)

    monkeypatch.setattr(session, "write_atomic", flaky)
    res = start(tmp_path, "1\n" * 300)
    assert res.exit_code == 1 and "Final standings" in res.output
    assert res.stderr.count("error: cannot write the save file (No space left on device). The game goes on; "
                            "the save is tried again after every decision.") == 1
    assert "the game could not be saved; the decisions since the last good save are lost." in res.stderr
    assert calls["n"] > 20                      # tried again after every decision
    assert yaml.safe_load((tmp_path / "s.yaml").read_text())["rounds"] == []   # the first save, intact


@pytest.mark.slow
def test_resume_of_a_good_save_still_works(tmp_path, saved):
    res = CliRunner().invoke(play, ["--resume", str(tmp_path / "good.yaml")], input="1\n" * 300)
    assert res.exit_code == 0 and "Final standings" in res.output
    data = yaml.safe_load((tmp_path / "good.yaml").read_text())
    assert data["seed"] == 7 and replay(tmp_path / "good.yaml").game.is_terminal
