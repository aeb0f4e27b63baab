"""Hostile things that happen to a running ``hachi simulate --workers 2``, each run in a real process.

Used by tests/test_simulate_process.py and benchmarks/hostile_process.py. Every case starts the
command in a subprocess, waits (polling, with a deadline) until both workers exist, does its harm
and returns an :class:`Outcome`: exit code, standard error, the seconds from the harm to the end,
and whether a worker outlived the run. Linux only (workers are found through ``/proc``).
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
    workers_left: tuple[int, ...]   # worker pids still running after the run ended

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


def start(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", CLI, "simulate", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


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
    try:
        _, err = proc.communicate(timeout=TIMEOUT_S)
        code: Optional[int] = proc.returncode
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
        code = None
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


def sigterm_to_every_process() -> Outcome:
    return run_case("SIGTERM to the run and its workers",
                    lambda p, ws: [os.kill(pid, signal.SIGTERM) for pid in (p.pid, *ws)])


def ctrl_c() -> Outcome:
    """Ctrl-C in a terminal: SIGINT to every process of the group."""
    return run_case("Ctrl-C (SIGINT to every process)",
                    lambda p, ws: [os.kill(pid, signal.SIGINT) for pid in (p.pid, *ws)])


def run_killed() -> Outcome:
    """The run itself killed with -9: its workers must not live on."""
    return run_case("the run killed (kill -9)", lambda p, ws: p.kill())


CASES = (worker_killed, sigterm_to_the_run, sigterm_to_every_process, ctrl_c, run_killed)
