"""Hostile things that happen to running processes (issue 10): killed workers, signals, two games on
one save, quitting at the first decision, full disks. Prints, per command and in all: cases tried,
handled cleanly (exit code and one error line as intended, no traceback), tracebacks, hangs, the
worst time from the harm to the end of the process (for "disk full for 3 saves" that is the rest
of a whole game, played on while the save is retried), and data lost (a save that does not resume, decisions lost
once space came back, a half-written or empty file).

Run from the repository root with the project installed (Linux): python benchmarks/hostile_process.py
The functions ``results()`` and ``print_table()`` may be imported by another benchmark.
"""

from __future__ import annotations

import errno
import os
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from process_cases import PLAY_CASES, SIMULATE_CASES, Outcome  # noqa: E402

EXPECTED_CODE = {"a worker killed (kill -9)": 1, "SIGTERM to the run": 143,
                 "SIGTERM to the run and its workers": 143, "Ctrl-C (SIGINT to every process)": 130,
                 "the run killed (kill -9)": -9, "a second hachi play on a save in use": 1,
                 "quit at the first decision, then resume": 0}


@contextmanager
def disk_full(after: int = 0, until: int = 10**9):
    """Writes of write_atomic's temporary files fail with ENOSPC from write ``after`` to ``until``."""
    real, seen = os.write, {"n": 0}

    def write(fd, data):
        if os.readlink(f"/proc/self/fd/{fd}").endswith(".tmp"):
            seen["n"] += 1
            if after < seen["n"] <= until:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    with mock.patch.object(os, "write", write):
        yield


def _invoke(args, answers=""):
    from click.testing import CliRunner

    from hachihachi.cli.main import cli

    t0 = time.monotonic()
    res = CliRunner().invoke(cli, args, input=answers)
    return res, time.monotonic() - t0


def _stderr(res) -> str:
    tb = "Traceback" if res.exception and not isinstance(res.exception, SystemExit) else ""
    return res.stderr + tb


def _half_files(folder: Path) -> bool:
    return any(p.is_file() and (p.stat().st_size == 0 or p.name.endswith(".tmp")) for p in folder.rglob("*"))


def disk_cases() -> list[tuple[str, Outcome, int]]:
    from hachihachi.interpreter.record import replay

    play = ["play", "--seed", "1", "--short", "--players", "3", "--bots", "random"]
    out = []
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        with disk_full(after=1, until=4):          # space comes back after three failed saves
            res, t = _invoke([*play, "--save", str(folder / "s.yaml")], "1\n" * 300)
        lost = not replay(folder / "s.yaml").game.is_terminal or _half_files(folder)
        out.append(("play", Outcome("disk full for 3 saves, then space again", res.exit_code, _stderr(res), t,
                                    (), lost), 0))
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        with disk_full(after=1):
            res, t = _invoke([*play, "--save", str(folder / "s.yaml")], "1\nq\n")
        lost = _half_files(folder)                 # the first save stays whole; no space came back
        out.append(("play", Outcome("disk full at quit", res.exit_code, _stderr(res), t, (), lost), 1))
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        with disk_full():
            res, t = _invoke(["play", "--auto", "--seed", "3", "--short", "--players", "3",
                              "--record", str(folder / "recs")])
        out.append(("play", Outcome("disk full: play --auto --record", res.exit_code, _stderr(res), t, (),
                                    _half_files(folder)), 1))
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        with disk_full():
            res, t = _invoke(["simulate", "--games", "3", "--players", "3", "--record", str(folder / "r")])
        out.append(("simulate", Outcome("disk full: simulate --record", res.exit_code, _stderr(res), t, (),
                                        _half_files(folder)), 1))
    return out


def results() -> list[tuple[str, Outcome, bool]]:
    """Every case as (command, outcome, handled cleanly)."""
    rows = []
    for case in SIMULATE_CASES:
        o = case()
        rows.append(("simulate", o, o.returncode == EXPECTED_CODE[o.case]))
    for case in PLAY_CASES:
        with tempfile.TemporaryDirectory() as d:
            o = case(Path(d))
        rows.append(("play", o, o.returncode == EXPECTED_CODE[o.case]))
    for command, o, code in disk_cases():
        rows.append((command, o, o.returncode == code))
    clean_rows = []
    for command, o, code_ok in rows:
        errors = [line for line in o.stderr.splitlines() if ": error: " in line]
        one_line = o.returncode in (0, -9) or len(errors) >= 1
        clean = code_ok and one_line and not o.traceback and not o.hung and not o.workers_left
        clean_rows.append((command, o, clean))
    return clean_rows


def print_table(rows) -> None:
    print(f"{'case':46} {'command':9} {'exit':>5} {'time s':>7}  clean  traceback  hang  data lost")
    for command, o, clean in rows:
        code = "hang" if o.hung else str(o.returncode)
        print(f"{o.case:46} {command:9} {code:>5} {o.seconds:7.2f}  {'yes' if clean else 'NO':5}  "
              f"{'YES' if o.traceback else 'no':9}  {'YES' if o.hung else 'no':4}  {'YES' if o.data_lost else 'no'}")
    print()
    print(f"{'command':9} {'tried':>5} {'clean':>5} {'tracebacks':>10} {'hangs':>5} {'worst s':>8} {'data lost':>9}")
    for command in ("simulate", "play", "all"):
        sel = [(o, c) for cmd, o, c in rows if command in ("all", cmd)]
        print(f"{command:9} {len(sel):5} {sum(c for _, c in sel):5} {sum(o.traceback for o, _ in sel):10} "
              f"{sum(o.hung for o, _ in sel):5} {max(o.seconds for o, _ in sel):8.2f} "
              f"{sum(o.data_lost for o, _ in sel):9}")


def main() -> None:
    if not sys.platform.startswith("linux"):
        raise SystemExit("Linux only (workers are found through /proc)")
    print_table(results())


if __name__ == "__main__":
    main()
