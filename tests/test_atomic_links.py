"""An atomic write never widens a file's permissions through a link, refuses what is not a regular
file, and a full output (a full disk, /dev/full) is one error with exit status 1."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from hachihachi.interpreter.records.atomicfile import NEW_FILE_MODE, WriteFailed, write_atomic

FULL = Path("/dev/full")
CLI = "from hachihachi.cli.main import cli; cli()"


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def test_a_link_to_a_world_writable_file_is_replaced_by_a_file_of_a_new_files_mode(tmp_path):
    shared = tmp_path / "shared.svg"
    shared.write_text("theirs")
    shared.chmod(0o666)
    link = tmp_path / "p.svg"
    link.symlink_to(shared)
    write_atomic(link, "ours")
    assert not link.is_symlink() and link.read_text() == "ours" and mode(link) == NEW_FILE_MODE
    assert shared.read_text() == "theirs" and mode(shared) == 0o666           # not written through


def test_an_existing_file_keeps_its_own_mode(tmp_path):
    own = tmp_path / "save.yaml"
    own.write_text("old")
    own.chmod(0o600)
    write_atomic(own, "new")
    assert own.read_text() == "new" and mode(own) == 0o600


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full here")
def test_a_link_to_a_device_is_refused_and_left_as_it_is(tmp_path):
    link = tmp_path / "p.svg"
    link.symlink_to(FULL)
    with pytest.raises(WriteFailed) as refused:
        write_atomic(link, "x")
    assert refused.value.reason == "it is a link to something that is not a regular file"
    assert link.is_symlink() and os.readlink(link) == str(FULL)
    assert [p.name for p in tmp_path.iterdir()] == ["p.svg"]                # no file left behind


def test_a_pipe_is_refused(tmp_path):
    pipe = tmp_path / "save.yaml"
    os.mkfifo(pipe)
    with pytest.raises(WriteFailed, match="it is not a regular file"):
        write_atomic(pipe, "x")
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)


@pytest.mark.slow
@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full here")
@pytest.mark.parametrize("args", [["validate", "--format", "json", "hachihachi_trick"], ["schema"]])
def test_output_to_a_full_device_is_one_error_with_exit_status_1(args, tmp_path):
    rules = tmp_path / "r.yaml"
    rules.write_text("extends: hachihachi_trick\n")
    args = [str(rules) if a == "hachihachi_trick" else a for a in args]
    with open(FULL, "w") as full:
        done = subprocess.run([sys.executable, "-c", CLI, *args], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr == "stdout: error: cannot write the output (No space left on device); nothing more is written.\n"
