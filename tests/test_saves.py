"""Saves and records that cannot be lost (locks, the first decision, retries, full disks).

A full disk is simulated by making ``os.write`` fail with ENOSPC for the temporary files that
:func:`~hachihachi.interpreter.records.atomicfile.write_atomic` writes, so nothing else is disturbed.
"""

import errno
import os

import pytest
import yaml
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.cli.play import play
from hachihachi.interpreter.records.atomicfile import SaveInUse, SaveLock, WriteFailed, write_atomic
from hachihachi.interpreter.records.gamerecord import replay
from hachihachi.interpreter.runs.session import SaveTarget, Session, save_target

FIRST_IS_MIZUTEN = ["--seed", "1", "--short", "--players", "3", "--bots", "random"]  # the human starts


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    """The game played through without quitting, answering 1 to every question."""
    save = tmp_path_factory.mktemp("whole") / "whole.yaml"
    res = invoke([*FIRST_IS_MIZUTEN, "--save", str(save)], "1\n" * 300)
    assert res.exit_code == 0 and "Final standings" in res.output
    return replay(save).game


def invoke(args, answers=""):
    res = CliRunner().invoke(play, args, input=answers)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res


@pytest.fixture
def disk_full(monkeypatch):
    """From now on, writing a temporary file of write_atomic fails as on a full disk."""
    real = os.write

    def write(fd, data):
        if os.readlink(f"/proc/self/fd/{fd}").endswith(".tmp"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    def start():
        monkeypatch.setattr(os, "write", write)

    return start


# -- quitting at any decision ----------------------------------------------------------------

def test_a_new_game_over_an_undealt_save_points_to_resume(tmp_path):
    save = tmp_path / "s.yaml"
    invoke([*FIRST_IS_MIZUTEN, "--save", str(save)], "q\n")
    res = invoke([*FIRST_IS_MIZUTEN, "--save", str(save)], "q\n")
    assert res.exit_code == 1 and "holds a game in progress" in res.stderr
    assert Session.resume(save).game.round_index == 0


@pytest.mark.slow
def test_the_library_says_what_a_save_target_holds_and_the_cli_words_it(tmp_path, whole):
    save, junk = tmp_path / "s.yaml", tmp_path / "notes.txt"
    assert save_target(save) is SaveTarget.FREE                 # nothing there yet
    invoke([*FIRST_IS_MIZUTEN, "--save", str(save)], "q\n")
    junk.write_text("shopping: [eggs]\n")
    assert save_target(save) is SaveTarget.IN_PROGRESS
    assert save_target(junk) is SaveTarget.NOT_A_SAVE
    assert save_target(tmp_path) is SaveTarget.FOLDER
    res = invoke([*FIRST_IS_MIZUTEN, "--save", str(junk)], "q\n")
    assert res.exit_code == 1 and res.stderr.strip() == (
        f"{junk}: error: this file exists and is not a saved game; it is left alone. Choose another --save FILE.")
    assert junk.read_text() == "shopping: [eggs]\n"


@pytest.mark.slow
@pytest.mark.parametrize("decisions", [0, 3])
def test_quitting_at_any_decision_resumes_to_the_same_end(tmp_path, whole, decisions):
    """0: at the first decision, the mizuten call before the first deal (the save has no round)."""
    save = tmp_path / "s.yaml"
    first = invoke([*FIRST_IS_MIZUTEN, "--save", str(save)], "1\n" * decisions + "q\n")
    assert first.exit_code == 0 and "hachi play --resume" in first.output
    if decisions == 0:
        assert "Your turn: Declare mizuten before the deal?" in first.output
        assert yaml.safe_load(save.read_text())["rounds"] == []
    rest = invoke(["--resume", str(save)], "1\n" * 300)
    assert rest.exit_code == 0 and "Final standings" in rest.output, rest.output
    assert replay(save).game.events == whole.events


# -- one game per save -----------------------------------------------------------------------

def test_a_save_in_use_by_another_game_is_refused(tmp_path):
    save = tmp_path / "s.yaml"
    invoke([*FIRST_IS_MIZUTEN, "--save", str(save)], "1\nq\n")
    before = save.read_text()
    with SaveLock(save):                          # another 'hachi play' holds it
        res = invoke(["--resume", str(save)], "1\n" * 300)
        assert res.exit_code == 1 and "in use by another 'hachi play'" in res.stderr
        assert f"(process {os.getpid()})" in res.stderr
        with pytest.raises(SaveInUse):
            SaveLock(save).acquire()
    assert save.read_text() == before
    res = invoke(["--resume", str(save)], "q\n")                  # released: it may be played now
    assert res.exit_code == 0 and "Resuming the game" in res.output


def test_the_lock_is_released_on_exit_and_a_stale_lock_file_is_harmless(tmp_path):
    save = tmp_path / "s.yaml"
    (tmp_path / ".s.yaml.lock").write_text("999999\n")           # left by a crashed game
    res = invoke([*FIRST_IS_MIZUTEN, "--save", str(save)], "1\nq\n")
    assert res.exit_code == 0
    assert not (tmp_path / ".s.yaml.lock").exists()
    with SaveLock(save) as lock:
        assert lock.path.read_text() == f"{os.getpid()}\n"


# -- failed writes ---------------------------------------------------------------------------

def test_write_atomic_on_a_full_disk_keeps_the_old_file_and_no_temporary(tmp_path, disk_full):
    p = tmp_path / "x.yaml"
    write_atomic(p, "a: 1\n")
    disk_full()
    with pytest.raises(WriteFailed) as e:
        write_atomic(p, "a: 2\n" * 1000)
    assert e.value.reason == "No space left on device" and e.value.place == str(p)
    assert p.read_text() == "a: 1\n" and os.listdir(tmp_path) == ["x.yaml"]


@pytest.mark.slow
def test_a_failed_save_is_retried_and_the_user_told_when_it_works_again(tmp_path, monkeypatch):
    from hachihachi.interpreter.runs import session

    real, calls = session.write_atomic, {"n": 0}

    def flaky(path, text):
        calls["n"] += 1
        if 2 <= calls["n"] <= 4:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text)

    monkeypatch.setattr(session, "write_atomic", flaky)
    save = tmp_path / "s.yaml"
    res = invoke([*FIRST_IS_MIZUTEN, "--save", str(save)], "1\n" * 300)
    assert res.exit_code == 0 and "Final standings" in res.output
    assert res.stderr.count("cannot write the save file (No space left on device)") == 1
    assert res.stderr.count("saved again; no decision was lost.") == 1
    assert replay(save).game.is_terminal


def test_a_save_failing_at_quit_is_tried_at_exit_and_the_exit_code_says_so(tmp_path, monkeypatch):
    from hachihachi.interpreter.runs import session

    real, calls = session.write_atomic, {"n": 0}

    def failing_after_the_first(path, text):
        calls["n"] += 1
        if calls["n"] > 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text)

    monkeypatch.setattr(session, "write_atomic", failing_after_the_first)
    res = invoke([*FIRST_IS_MIZUTEN, "--save", str(tmp_path / "s.yaml")], "1\nq\n")
    assert res.exit_code == 1 and calls["n"] >= 3       # the start, the decision(s), and once more at exit
    assert "the game could not be saved" in res.stderr and "Traceback" not in res.output


def test_play_auto_record_on_a_full_disk_is_one_error_and_no_half_file(tmp_path, disk_full):
    disk_full()
    res = CliRunner().invoke(play, ["--auto", "--seed", "3", "--short", "--players", "3",
                                    "--record", str(tmp_path / "recs")])
    assert res.exit_code == 1 and "Final standings" in res.output
    (line,) = res.stderr.strip().splitlines()
    assert line.endswith("error: cannot write the game's record (No space left on device).")
    assert os.listdir(tmp_path / "recs") == []
    assert not isinstance(res.exception, OSError)


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_record_on_a_full_disk_leaves_no_empty_file(tmp_path, disk_full, workers):
    disk_full()
    res = CliRunner().invoke(cli, ["simulate", "--games", "3", "--players", "3", "--workers", workers,
                                   "--record", str(tmp_path / "r")])
    assert res.exit_code == 1
    (line,) = res.stderr.strip().splitlines()
    assert "game-000001.yaml: error: cannot write this file (No space left on device)" in line
    assert os.listdir(tmp_path / "r") == []


@pytest.mark.slow
def test_simulate_records_are_whole_files(tmp_path):
    res = CliRunner().invoke(cli, ["simulate", "--games", "3", "--players", "3", "--workers", "2",
                                   "--record", str(tmp_path / "r")])
    assert res.exit_code == 0, res.output
    names = sorted(os.listdir(tmp_path / "r"))
    assert names == [f"game-00000{i}.yaml" for i in (1, 2, 3)]
    assert all(replay(tmp_path / "r" / n).game.is_terminal for n in names)


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc")
def test_a_second_play_process_on_one_save_is_refused_at_once(tmp_path):
    from tests.process_cases import second_play_on_one_save

    out = second_play_on_one_save(tmp_path)
    assert out.returncode == 1 and not out.hung and not out.data_lost
    assert "error: this save is in use by another 'hachi play' or 'hachi serve' (process " in out.stderr
    assert not out.traceback


def test_a_usage_error_after_the_lock_releases_it(tmp_path):
    save = tmp_path / "s.yaml"
    res = invoke(["--bots", "nobody", "--save", str(save)])
    assert res.exit_code == 2 and "no bot 'nobody'" in res.output
    assert os.listdir(tmp_path) == []
    with SaveLock(save):
        pass


# -- a save names its rule file relative to itself (a record reaches only its own tree) -------

HOUSE = "extends: hachihachi_trick\nname: our_table\ndeclaration:\n  drop_fee: [1, 2, 4, 8]\n"


def test_a_save_names_a_house_rule_file_relative_to_itself_and_resumes(tmp_path):
    (tmp_path / "house.yaml").write_text(HOUSE)
    save = tmp_path / "games" / "s.yaml"
    save.parent.mkdir()
    invoke([*FIRST_IS_MIZUTEN, "--rules", str(tmp_path / "house.yaml"), "--save", str(save)], "1\n" * 8 + "q\n")
    assert yaml.safe_load(save.read_text())["ruleset"] == "../house.yaml"
    refused = invoke(["--resume", str(save)], "q\n")      # '..' leaves the save's folder: refused, not read
    assert refused.exit_code == 1 and "is outside the folder" in refused.stderr and "--rules" in refused.stderr
    resumed = invoke(["--resume", str(save), "--rules", str(tmp_path / "house.yaml")], "q\n")
    assert resumed.exit_code == 0, resumed.output
    assert Session.resume(save, str(tmp_path / "house.yaml")).game.ruleset.name == "our_table"


def test_a_save_beside_its_rule_file_resumes_without_rules(tmp_path):
    (tmp_path / "house.yaml").write_text(HOUSE)
    save = tmp_path / "s.yaml"
    invoke([*FIRST_IS_MIZUTEN, "--rules", str(tmp_path / "house.yaml"), "--save", str(save)], "1\n" * 8 + "q\n")
    assert yaml.safe_load(save.read_text())["ruleset"] == "house.yaml"
    before = Session.resume(save)
    assert before.game.ruleset.name == "our_table"
    resumed = invoke(["--resume", str(save)], "1\n" + "q\n")
    assert resumed.exit_code == 0, resumed.output
    after = Session.resume(save)
    assert len(after.game.events) > len(before.game.events)
