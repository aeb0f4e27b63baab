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
    disclosed: bool = False             # a control character or a CI log command reached the output

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


def ctrl_c_twice() -> Outcome:
    """Ctrl-C, then Ctrl-C again and again while the run cleans up (its workers reaped, its
    message written), until it has exited."""
    def harm(proc: subprocess.Popen, workers: list[int]) -> None:
        _signal_all((proc.pid, *workers), signal.SIGINT)
        deadline = time.monotonic() + TIMEOUT_S
        while proc.poll() is None and time.monotonic() < deadline:
            _signal_all((proc.pid,), signal.SIGINT)

    return run_case("Ctrl-C, then again during the clean-up", harm)


def run_killed() -> Outcome:
    """The run itself killed with -9: its workers must not live on."""
    return run_case("the run killed (kill -9)", lambda p, ws: p.kill())


SIMULATE_CASES = (worker_killed, sigterm_to_the_run, sigterm_to_every_process, ctrl_c, run_killed)

PLAY = ("--seed", "1", "--short", "--players", "3", "--bots", "random")     # the human starts


def second_play_on_one_save(folder: Path) -> Outcome:
    """A game waits for its player; a second ``hachi play --resume`` of its save must be refused
    at once, and the first game, quitting, must leave a save that resumes."""
    from hachihachi.interpreter.runs.session import Session

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


# -- saves, sheets and locks under hostile processes -----------------------------------------------

def read_until(proc: subprocess.Popen, text: str, deadline_s: float = TIMEOUT_S, seen: Optional[list[str]] = None
               ) -> bool:
    """Read ``proc``'s standard output until ``text`` has appeared ``seen``-count + 1 times (the
    output read so far is kept in ``seen[0]``); False at the deadline or the end of the output."""
    import select

    seen = seen if seen is not None else [""]
    if not seen:
        seen.append("")
    want = seen[0].count(text) + 1
    fd = proc.stdout.fileno()           # type: ignore[union-attr]
    end = time.monotonic() + deadline_s
    while seen[0].count(text) < want:
        left = end - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            return False
        chunk = os.read(fd, 65536)
        if not chunk:
            return False
        seen[0] += chunk.decode("utf-8", "replace")
    return True


def start_binary(*args: str, command: str) -> subprocess.Popen:
    """``hachi COMMAND ARGS`` with pipes read a chunk at a time (see :func:`read_until`)."""
    return subprocess.Popen([sys.executable, "-c", CLI, command, *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _kill_and_collect(proc: subprocess.Popen) -> str:
    proc.kill()
    proc.wait(TIMEOUT_S)
    return proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""


def play_killed_after_three_answers(folder: Path) -> Outcome:
    """``hachi play --save`` killed with -9 after three answers: the save holds them and resumes."""
    from hachihachi.interpreter.runs.session import Session

    save = folder / "s.yaml"
    proc = start_binary(*PLAY, "--save", str(save), command="play")
    seen = [""]
    asked = read_until(proc, "> ", seen=seen)
    for _ in range(3):
        proc.stdin.write(b"1\n")        # type: ignore[union-attr]
        proc.stdin.flush()              # type: ignore[union-attr]
        asked = asked and read_until(proc, "> ", seen=seen)     # asked again: the answer was saved
    t0 = time.monotonic()
    err = _kill_and_collect(proc)
    seconds = time.monotonic() - t0
    try:
        game = Session.resume(save).game
        lost = not asked or sum(1 for e in game.events if type(e).__name__ == "Applied") < 3
    except Exception:
        lost = True
    return Outcome("play killed (kill -9) after three answers", proc.returncode, err, seconds, (), lost)


def planted_lock_link(folder: Path) -> Outcome:
    """The save's lock file planted as a link to a file of the user's: refused, the file untouched."""
    mine = folder / "diary.txt"
    mine.write_text("my own words\n")
    os.symlink(mine, folder / ".s.yaml.lock")
    t0 = time.monotonic()
    code, _, err = finish(start(*PLAY, "--save", str(folder / "s.yaml"), command="play", stdin=subprocess.PIPE),
                          "1\nq\n")
    lost = mine.read_text() != "my own words\n" or (folder / "s.yaml").exists()
    return Outcome("a planted link as the save's lock", code, err, time.monotonic() - t0, (), lost)


SHEET = "ruleset: hachihachi_trick\nplayers: [ann, bob, cy, dee]\nstart: ann\nrounds: []\n"


def second_score_on_one_sheet(folder: Path) -> Outcome:
    """A ``hachi score --add`` waits for a round; a second one on the same sheet is refused at once
    and the first, quitting, keeps the sheet as it was."""
    sheet = folder / "sheet.yaml"
    sheet.write_text(SHEET)
    first = start_binary(str(sheet), "--add", command="score")
    ready = wait_until(lambda: (folder / ".sheet.yaml.lock").exists(), TIMEOUT_S)     # it holds the sheet
    t0 = time.monotonic()
    code, _, err = finish(start(str(sheet), "--add", command="score", stdin=subprocess.PIPE), "q\n")
    seconds = time.monotonic() - t0
    out, first_err = first.communicate(b"q\n", timeout=TIMEOUT_S)
    lost = not ready or first.returncode != 0 or sheet.read_text() != SHEET
    return Outcome("a second hachi score --add on a sheet in use", code, err + first_err.decode(), seconds, (), lost)


PROCESS_FILE_CASES = (play_killed_after_three_answers, planted_lock_link, second_score_on_one_sheet)


# -- Ray ------------------------------------------------------------------------------------------

RAY_RUN = ("--games", "100000", "--players", "3", "--backend", "ray")


def ray_address_case(name: str, serve: Callable[[object], None]) -> Outcome:
    """``--address`` to a local server that ``serve(listening socket)`` runs in a thread."""
    import socket
    import threading

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    threading.Thread(target=serve, args=(listener,), daemon=True).start()
    t0 = time.monotonic()
    code, _, err = finish(start("--games", "2", "--backend", "ray", "--address",
                                f"127.0.0.1:{listener.getsockname()[1]}"))
    listener.close()
    return Outcome(name, code, err, time.monotonic() - t0)


def _silent(listener) -> None:
    kept = []
    while True:
        try:
            kept.append(listener.accept())      # accepted, never answered
        except OSError:
            return


def _http(listener) -> None:
    while True:
        try:
            conn, _ = listener.accept()
        except OSError:
            return
        conn.recv(4096)
        conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
        conn.close()


def ray_silent_address() -> Outcome:
    return ray_address_case("--address to a port that never answers", _silent)


def ray_http_address() -> Outcome:
    return ray_address_case("--address to an HTTP server", _http)


def _ray_processes_of(pid: int) -> list[int]:
    """The run's descendants once its Ray plays (a worker exists)."""
    found = descendants(pid)
    names = []
    for p in found:
        try:
            names.append(Path(f"/proc/{p}/cmdline").read_bytes())
        except OSError:
            names.append(b"")
    return found if any(b"ray::" in n or b"default_worker" in n for n in names) else []


def descendants(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        for child in children(todo.pop()):
            out.append(child)
            todo.append(child)
    return out


def ray_run_case(name: str, sig: int) -> Outcome:
    proc = start(*RAY_RUN)
    procs = wait_until(lambda: _ray_processes_of(proc.pid), 3 * TIMEOUT_S)
    if not procs:
        proc.kill()
        _, err = proc.communicate()
        raise RuntimeError(f"{name}: Ray never started: {err[-500:]}")
    t0 = time.monotonic()
    proc.send_signal(sig)
    code, _, err = finish(proc)
    seconds = time.monotonic() - t0
    wait_until(lambda: not any(_alive(p) for p in procs), 30)    # the reaper's bound, generous
    left = tuple(p for p in procs if _alive(p))
    for p in left:
        os.kill(p, signal.SIGKILL)
    return Outcome(name, code, err, seconds, left)


def ray_sigterm() -> Outcome:
    return ray_run_case("SIGTERM to a Ray-backed run", signal.SIGTERM)


def ray_killed() -> Outcome:
    return ray_run_case("a Ray-backed run killed (kill -9)", signal.SIGKILL)


RAY_CASES = (ray_silent_address, ray_http_address, ray_sigterm, ray_killed)
