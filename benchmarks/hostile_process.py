"""Hostile things that happen to running processes: killed workers, signals, two games on one
save, two sessions on one sheet, a save killed mid-game, planted lock files, full disks (saves,
sheets, records, plots), Ray addresses that never answer or are no Ray, signals to Ray-backed
runs, and hostile text that must not reach a terminal or a CI log. Prints, per command and in all:
cases tried, handled cleanly (exit code and one error line as intended, no traceback), tracebacks,
hangs, cases over 2 s, the worst time from the harm to the end of the process (for "disk full for
3 saves" that is the rest of a whole game, played on while the save is retried), data lost (a
save that does not resume, decisions or rounds lost, a half-written or empty file, a user's file
changed, a run's results not printed), disclosures (a control character, a CI log command or a
file's content that reached the output), and the largest resident memory of a process.

Run from the repository root with the project installed (Linux): python -m benchmarks.hostile_process
(``--no-ray`` leaves out the Ray cases, which are also left out when Ray is not installed)
The functions ``results()`` and ``print_table()`` may be imported by another benchmark.
"""

from __future__ import annotations

import errno
import json
import os
import resource
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

from tests.process_cases import PLAY_CASES, PROCESS_FILE_CASES, RAY_CASES, SIMULATE_CASES, Outcome

EXPECTED_CODE = {"play killed (kill -9) after three answers": -9, "a planted link as the save's lock": 1,
                 "a second hachi score --add on a sheet in use": 1, "--address to a port that never answers": 2,
                 "--address to an HTTP server": 2, "SIGTERM to a Ray-backed run": 143,
                 "a Ray-backed run killed (kill -9)": -9,
"a worker killed (kill -9)": 1, "SIGTERM to the run": 143,
                 "SIGTERM to the run and its workers": 143, "Ctrl-C (SIGINT to every process)": 130,
                 "the run killed (kill -9)": -9, "a second hachi play on a save in use": 1,
                 "quit at the first decision, then resume": 0}


@contextmanager
def disk_full(after: int = 0, until: int = 10**9):
    """Writes of write_atomic's temporary files fail with ENOSPC from write ``after`` to ``until``."""
    real, seen = os.write, {"n": 0}

    def write(fd, data):
        if os.readlink(f"/proc/self/fd/{fd}").endswith((".tmp", ".lock")):
            seen["n"] += 1
            if after < seen["n"] <= until:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    def pwrite(fd, data, offset):
        if after < seen["n"] + 1 <= until and os.readlink(f"/proc/self/fd/{fd}").endswith(".lock"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_pwrite(fd, data, offset)

    real_pwrite = os.pwrite
    with mock.patch.object(os, "write", write), mock.patch.object(os, "pwrite", pwrite):
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
    from hachihachi.interpreter.records.gamerecord import replay

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
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        _invoke([*play, "--save", str(folder / "s.yaml")], "1\nq\n")
        before = (folder / "s.yaml").read_text()
        with disk_full():
            res, t = _invoke(["play", "--resume", str(folder / "s.yaml")], "1\nq\n")
        lost = (folder / "s.yaml").read_text() != before or _half_files(folder)
        out.append(("play", Outcome("disk full: play --resume (lock and save)", res.exit_code, _stderr(res), t, (),
                                    lost), 1))
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        sheet = folder / "sheet.yaml"
        sheet.write_text("ruleset: hachihachi_trick\nplayers: [ann, bob, cy, dee]\nstart: ann\nrounds: []\n")
        round_1 = ["1", "5d", "1", "2", "1", "1", "", "Kd Kc Kh 2s 3s 4s 5s", "r", "teshi", "", "4", "2"]
        with disk_full():
            res, t = _invoke(["score", str(sheet), "--add"], "\n".join(round_1 + ["q"]) + "\n")
        lost = "indicator: 5d" not in res.stdout or _half_files(folder)       # the round typed is printed
        out.append(("score", Outcome("disk full: score --add", res.exit_code, _stderr(res), t, (), lost), 1))
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        with disk_full():
            res, t = _invoke(["sweep", "hachihachi_trick", "--set", "trick_settlement.per_trick=1,3", "-n", "2",
                              "--players", "3", "--plot", str(folder / "p.svg")])
        lost = "2 points x 2 games" not in res.stdout or _half_files(folder)
        out.append(("sweep", Outcome("disk full: sweep --plot", res.exit_code, _stderr(res), t, (), lost), 1))
    return out


HOSTILE_TEXT = ["\x1b]52;c;cHduZWQ=\x07", "\x1b[2J\x9b", "\u202eevil", "##[error file=README.md;line=1]x",
                "##[add-mask]secret", "##[stop-commands]tok", "::error file=README.md::x", "::add-mask::y"]


def disclosed(text: str, annotations: bool = False) -> bool:
    """Whether ``text`` holds a control character or a line a CI log would obey."""
    if any(not (ch.isprintable() or ch in "\n\t") for ch in text):
        return True
    return any((line.lstrip(" \t").startswith("::") and not (annotations and line.startswith("::error file=")))
               or "##[" in line or "##vso[" in line for line in text.splitlines())


def output_cases() -> list[tuple[str, Outcome, int]]:
    """Hostile text through every way it reaches the output; the expected exit code per case."""
    out = []
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        for i, bad in enumerate(HOSTILE_TEXT):
            sub = folder / f"{i}{bad.replace('/', '_')}"
            sub.mkdir()
            (sub / "k.yaml").write_text(f"{json.dumps(bad)}: 1\n")
            for name, args, answers, code, annotations in [
                    ("--bots name", ["play", "--bots", bad], "", 2, False),
                    ("usage error naming a folder", ["validate", str(sub / "none")], "", 2, False),
                    ("a key in a rule file (github)", ["validate", "--format", "github", str(sub / "k.yaml")], "",
                     1, True),
                    ("a line typed at the prompt", [*PLAY_ARGS, "--save", str(sub / "s.yaml")], f"{bad}\nq\n", 0,
                     False)]:
                res, t = _invoke(args, answers)
                said = _stderr(res) + (res.stdout if annotations else "")     # annotations go to stdout
                o = Outcome(f"output: {name}", res.exit_code, said, t, (), False,
                            disclosed(res.output, annotations))
                out.append(("output", o, code))
    return out


PLAY_ARGS = ["play", "--seed", "1", "--short", "--players", "3", "--bots", "random"]


def results(ray: bool = True) -> list[tuple[str, Outcome, bool]]:
    """Every case as (command, outcome, handled cleanly)."""
    rows = []
    for case in SIMULATE_CASES:
        o = case()
        rows.append(("simulate", o, o.returncode == EXPECTED_CODE[o.case]))
    for case in PLAY_CASES + PROCESS_FILE_CASES:
        with tempfile.TemporaryDirectory() as d:
            o = case(Path(d))
        rows.append(("score" if "score" in o.case else "play", o, o.returncode == EXPECTED_CODE[o.case]))
    if ray:
        for case in RAY_CASES:
            o = case()
            rows.append(("ray", o, o.returncode == EXPECTED_CODE[o.case]))
    for command, o, code in disk_cases() + output_cases():
        rows.append((command, o, o.returncode == code))
    clean_rows = []
    for command, o, code_ok in rows:
        errors = [line for line in o.stderr.splitlines()
                  if ": error: " in line or line.startswith(("Error: ", "::error "))]
        one_line = o.returncode in (0, -9) or len(errors) >= 1
        clean = code_ok and one_line and not o.traceback and not o.hung and not o.workers_left and not o.disclosed \
            and not o.data_lost
        clean_rows.append((command, o, clean))
    return clean_rows


def print_table(rows) -> None:
    print(f"{'case':46} {'command':9} {'exit':>5} {'time s':>7}  clean  traceback  hang  data lost  disclosed")
    for command, o, clean in rows:
        code = "hang" if o.hung else str(o.returncode)
        print(f"{o.case[:46]:46} {command:9} {code:>5} {o.seconds:7.2f}  {'yes' if clean else 'NO':5}  "
              f"{'YES' if o.traceback else 'no':9}  {'YES' if o.hung else 'no':4}  "
              f"{'YES' if o.data_lost else 'no':9}  {'YES' if o.disclosed else 'no'}")
    print()
    print(f"{'command':9} {'cases':>5} {'clean':>5} {'tracebacks':>10} {'hangs':>5} {'over 2 s':>8} {'worst s':>8} "
          f"{'data lost':>9} {'disclosures':>11}")
    for command in ("simulate", "play", "score", "sweep", "ray", "output", "all"):
        sel = [(o, c) for cmd, o, c in rows if command in ("all", cmd)]
        if not sel:
            continue
        print(f"{command:9} {len(sel):5} {sum(c for _, c in sel):5} {sum(o.traceback for o, _ in sel):10} "
              f"{sum(o.hung for o, _ in sel):5} {sum(o.seconds > 2 for o, _ in sel):8} "
              f"{max(o.seconds for o, _ in sel):8.2f} {sum(o.data_lost for o, _ in sel):9} "
              f"{sum(o.disclosed for o, _ in sel):11}")
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"largest resident memory: {children:.0f} MB of a command run as a process, {own:.0f} MB of this process "
          "(in-process cases)")


def main() -> None:
    if not sys.platform.startswith("linux"):
        raise SystemExit("Linux only (workers are found through /proc)")
    ray = "--no-ray" not in sys.argv
    if ray:
        try:
            import ray as _ray  # noqa: F401
        except ImportError:
            ray = False
    print_table(results(ray))


if __name__ == "__main__":
    main()
