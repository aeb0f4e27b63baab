"""Hostile things that happen to running ``hachi`` processes, each case run in real processes.

Used by tests/test_simulate_process.py, tests/test_saves.py and benchmarks/hostile_process.py.
A simulate case starts ``hachi simulate --workers 2`` in a subprocess, waits (polling, with a
deadline) until both workers exist, does its harm and returns an :class:`Outcome`: exit code,
standard error, the seconds from the harm to the end, and the workers that outlived the run.
A play case runs two ``hachi play`` on one save. Linux only (workers are found through ``/proc``).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

TIMEOUT_S = 60          # a run that is not over this long after the harm hangs
CLI = "from hachihachi.cli.main import cli; cli()"


@dataclass(frozen=True)
class Outcome:
    case: str
    returncode: Optional[int]       # None: it hung (killed after TIMEOUT_S)
    stderr: str
    seconds: float
    workers_left: tuple[int, ...] = ()  # worker pids still running after the run ended
    data_lost: bool = False

    @property
    def hung(self) -> bool:
        return self.returncode is None

    @property
    def traceback(self) -> bool:
        return "Traceback" in self.stderr


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return sorted(found)


def wait_until(condition: Callable[[], object], deadline_s: float) -> object:
    """Poll ``condition`` until it is true or the deadline passes; return its last value."""
    end = time.monotonic() + deadline_s
    while True:
        value = condition()
        if value or time.monotonic() > end:
            return value


def start(*args: str, command: str = "simulate", stdin=None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", CLI, command, *args], stdin=stdin, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def finish(proc: subprocess.Popen, answers: Optional[str] = None) -> tuple[Optional[int], str, str]:
    """Wait for ``proc`` (feeding it ``answers``) at most TIMEOUT_S: exit code (None if it hung),
    standard output and standard error."""
    try:
        out, err = proc.communicate(answers, timeout=TIMEOUT_S)
        return proc.returncode, out, err
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        return None, out, err


def run_case(name: str, harm: Callable[[subprocess.Popen, list[int]], None],
             args: tuple[str, ...] = ("--games", "100000", "--players", "3", "--workers", "2")) -> Outcome:
    proc = start(*args)
    workers = wait_until(lambda: len(children(proc.pid)) >= 2 and children(proc.pid), TIMEOUT_S)
    if not workers:
        proc.kill()
        _, err = proc.communicate()
        raise RuntimeError(f"{name}: the run never started its workers: {err[-500:]}")
    t0 = time.monotonic()
    harm(proc, workers)
    code, _, err = finish(proc)
    seconds = time.monotonic() - t0
    # a worker whose parent is gone exits at once; give it the same bound as the run
    wait_until(lambda: not any(_alive(w) for w in workers), 10)
    left = tuple(w for w in workers if _alive(w))
    for w in left:
        os.kill(w, signal.SIGKILL)
    return Outcome(name, code, err, seconds, left)


def worker_killed() -> Outcome:
    return run_case("a worker killed (kill -9)", lambda p, ws: os.kill(ws[0], signal.SIGKILL))


def sigterm_to_the_run() -> Outcome:
    return run_case("SIGTERM to the run", lambda p, ws: p.send_signal(signal.SIGTERM))


def _signal_all(pids: tuple[int, ...], sig: int) -> None:
    """Send ``sig`` to each of ``pids`` in turn; one that has exited already (a worker ends when
    the run it serves is gone, which the signal to the run may have caused) is passed over."""
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass


def sigterm_to_every_process() -> Outcome:
    return run_case("SIGTERM to the run and its workers",
                    lambda p, ws: _signal_all((p.pid, *ws), signal.SIGTERM))


def ctrl_c() -> Outcome:
    """Ctrl-C in a terminal: SIGINT to every process of the group."""
    return run_case("Ctrl-C (SIGINT to every process)",
                    lambda p, ws: _signal_all((p.pid, *ws), signal.SIGINT))


def run_killed() -> Outcome:
    """The run itself killed with -9: its workers must not live on."""
    return run_case("the run killed (kill -9)", lambda p, ws: p.kill())


SIMULATE_CASES = (worker_killed, sigterm_to_the_run, sigterm_to_every_process, ctrl_c, run_killed)

PLAY = ("--seed", "1", "--short", "--players", "3", "--bots", "random")     # the human starts


def second_play_on_one_save(folder: Path) -> Outcome:
    """A game waits for its player; a second ``hachi play --resume`` of its save must be refused
    at once, and the first game, quitting, must leave a save that resumes."""
    from hachihachi.interpreter.session import Session

    save = folder / "s.yaml"
    first = start(*PLAY, "--save", str(save), command="play", stdin=subprocess.PIPE)
    ready = wait_until(lambda: (folder / ".s.yaml.lock").exists() and save.exists(), TIMEOUT_S)
    t0 = time.monotonic()
    code, _, err = finish(start("--resume", str(save), command="play", stdin=subprocess.DEVNULL))
    seconds = time.monotonic() - t0
    _, _, first_err = finish(first, "1\nq\n")
    try:
        lost = not ready or first.returncode != 0 or Session.resume(save).game.round_index != 0
    except Exception:
        lost = True
    return Outcome("a second hachi play on a save in use", code, err + first_err, seconds, (), lost)


def quit_at_the_first_decision(folder: Path) -> Outcome:
    """Quit at the mizuten call before the first deal, then resume and play to the end."""
    save = folder / "s.yaml"
    first = start(*PLAY, "--save", str(save), command="play", stdin=subprocess.PIPE)
    t0 = time.monotonic()
    _, _, err = finish(first, "q\n")
    seconds = time.monotonic() - t0             # the harm is the quit; the rest is a whole game
    code, out, err2 = finish(start("--resume", str(save), command="play", stdin=subprocess.PIPE), "1\n" * 300)
    lost = first.returncode != 0 or code != 0 or "Final standings" not in out
    return Outcome("quit at the first decision, then resume", code, err + err2, seconds, (), lost)


PLAY_CASES = (second_play_on_one_save, quit_at_the_first_decision)
