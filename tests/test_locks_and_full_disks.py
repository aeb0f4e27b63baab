"""Locks that cannot be turned against the user, and full disks that lose nothing typed.

A planted lock file (a link to a file of the user's, a dangling link, a pipe, a hard link, a
file of other content) is refused with one line and left as it was; ``hachi score`` locks its
sheet as ``hachi play`` locks its save; a full disk is simulated by making ``os.write`` fail with
ENOSPC for the files this program writes.
"""

import errno
import os

import pytest
import yaml
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.interpreter.records.atomicfile import SaveInUse, SaveLock

PLAY = ["play", "--seed", "1", "--short", "--players", "3", "--bots", "random"]      # the human starts


def _link_to_users_file(folder, lock):
    mine = folder / "diary.txt"
    mine.write_text("my own words\n")
    os.symlink(mine, lock)
    return mine


PLANTED = {
    "a link to a file of the user's": _link_to_users_file,
    "a dangling link out of the folder": lambda folder, lock: os.symlink(folder.parent / "planted-outside", lock),
    "a link to /dev/null": lambda folder, lock: os.symlink("/dev/null", lock),
    "a named pipe": lambda folder, lock: os.mkfifo(lock),
    "a hard link to a file of the user's": lambda folder, lock: os.link(_link_to_users_file(folder, folder / "x"),
                                                                        lock),
    "a file of other content": lambda folder, lock: lock.write_text("not a process number\n"),
    "a folder": lambda folder, lock: lock.mkdir(),
}


def _snapshot(folder):
    return {p.name: (os.path.islink(p), p.is_file() and not os.path.islink(p) and p.read_bytes() or None)
            for p in folder.iterdir()}


@pytest.mark.parametrize("planted", sorted(PLANTED))
def test_a_planted_lock_file_is_refused_in_one_line_and_left_alone(tmp_path, planted):
    folder = tmp_path / "games"
    folder.mkdir()
    lock = folder / ".s.yaml.lock"
    PLANTED[planted](folder, lock)
    before = _snapshot(folder)
    res = CliRunner().invoke(cli, [*PLAY, "--save", str(folder / "s.yaml")], input="1\nq\n")
    assert res.exit_code == 1
    assert res.stderr.count("error:") == 1 and "not a lock this program made" in res.stderr
    assert "Traceback" not in res.output
    assert _snapshot(folder) == before                      # nothing written, nothing removed
    assert not (tmp_path / "planted-outside").exists()      # nothing made outside the folder


def test_a_lock_file_left_by_a_killed_game_is_taken_over(tmp_path):
    (tmp_path / ".s.yaml.lock").write_text("4194303\n")
    with SaveLock(tmp_path / "s.yaml") as lock:
        assert lock.path.read_text() == f"{os.getpid()}\n"
    assert not lock.path.exists()


def test_a_lock_is_made_in_the_folder_of_its_file_without_following_a_link(tmp_path):
    with SaveLock(tmp_path / "s.yaml") as lock:
        assert lock.path.parent == tmp_path and not lock.path.is_symlink()
        assert os.stat(lock.path).st_mode & 0o777 == 0o600


# -- full disks ------------------------------------------------------------------------------

@pytest.fixture
def disk_full(monkeypatch):
    """``fill()``: from then on every write of this process fails as on a full disk (ENOSPC);
    ``free()``: space again."""
    real, state = os.write, {"full": False}

    def write(fd, data):
        if state["full"]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    def pwrite(fd, data, offset):
        if state["full"]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_pwrite(fd, data, offset)

    real_pwrite = os.pwrite
    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(os, "pwrite", pwrite)

    class Disk:
        def fill(self):
            state["full"] = True

        def free(self):
            state["full"] = False
    return Disk()


@pytest.mark.parametrize("how", ["--save", "--resume"])
def test_play_on_a_full_disk_says_one_line_and_keeps_the_save(tmp_path, disk_full, how):
    save = tmp_path / "s.yaml"
    res = CliRunner().invoke(cli, [*PLAY, "--save", str(save)], input="1\nq\n")
    assert res.exit_code == 0
    before = save.read_text()
    disk_full.fill()
    args = [*PLAY, "--save", str(tmp_path / "new.yaml")] if how == "--save" else ["play", "--resume", str(save)]
    res = CliRunner().invoke(cli, args, input="1\nq\n")
    assert res.exit_code == 1 and not isinstance(res.exception, OSError), res.exception
    assert res.stderr.count("error:") == 1 and "No space left on device" in res.stderr
    assert save.read_text() == before


SHEET = {"ruleset": "hachihachi_trick", "players": ["ann", "bob", "cy", "dee"], "start": "ann", "rounds": []}
ROUND = ["1", "5d", "1", "2", "1", "1", "", "Kd Kc Kh 2s 3s 4s 5s", "r", "teshi", "", "4", "2"]


def _sheet(tmp_path):
    path = tmp_path / "sheet.yaml"
    path.write_text(yaml.safe_dump(SHEET))
    return path


def test_score_on_a_full_disk_keeps_the_rounds_typed_and_saves_them_when_space_comes_back(tmp_path, disk_full,
                                                                                        monkeypatch):
    from hachihachi.interpreter.records import atomicfile

    path = _sheet(tmp_path)
    real = atomicfile.write_atomic
    tries = []

    def write_atomic(p, text):          # the first save fails on a full disk, the next finds space
        tries.append(text)
        (disk_full.fill if len(tries) == 1 else disk_full.free)()
        return real(p, text)
    monkeypatch.setattr(atomicfile, "write_atomic", write_atomic)
    res = CliRunner().invoke(cli, ["score", str(path), "--add"], input="\n".join(ROUND + ROUND + ["q"]) + "\n")
    assert res.exit_code == 0, res.output
    assert res.stderr.count("error:") == 1 and "the rounds are kept" in res.stderr
    assert "saved again; no round was lost" in res.stderr
    assert len(yaml.safe_load(path.read_text())["rounds"]) == 2


def test_score_that_never_finds_space_prints_every_round_typed(tmp_path, disk_full, monkeypatch):
    path = _sheet(tmp_path)
    before = path.read_text()
    disk_full.fill()
    res = CliRunner().invoke(cli, ["score", str(path), "--add"], input="\n".join(ROUND + ["q"]) + "\n")
    assert res.exit_code == 1
    assert "could not be saved; it is printed below" in res.stderr
    kept = yaml.safe_load(res.stdout[res.stdout.index("ruleset:"):])
    assert kept["rounds"][0]["indicator"] == "5d"
    assert path.read_text() == before


def test_a_second_score_add_on_a_sheet_in_use_is_refused(tmp_path):
    path = _sheet(tmp_path)
    with SaveLock(path, "hachi score --add", "sheet"):
        res = CliRunner().invoke(cli, ["score", str(path), "--add"], input="\n".join(ROUND + ["q"]) + "\n")
        assert res.exit_code == 1 and "this sheet is in use by another 'hachi score --add'" in res.stderr
    assert yaml.safe_load(path.read_text())["rounds"] == []
    res = CliRunner().invoke(cli, ["score", str(path), "--add"], input="\n".join(ROUND + ["q"]) + "\n")
    assert res.exit_code == 0 and len(yaml.safe_load(path.read_text())["rounds"]) == 1


def test_score_holds_the_lock_of_its_sheet_while_asking(tmp_path, monkeypatch):
    from hachihachi.cli import score

    path = _sheet(tmp_path)
    refused = []

    def ask_rounds(*args):
        with pytest.raises(SaveInUse) as e:
            SaveLock(path, "hachi score --add", "sheet").acquire()
        refused.append(e.value.message)
    monkeypatch.setattr(score, "_ask_rounds", ask_rounds)
    res = CliRunner().invoke(cli, ["score", str(path), "--add"], input="q\n")
    assert res.exit_code == 0 and refused and f"(process {os.getpid()})" in refused[0]
