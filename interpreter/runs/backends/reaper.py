"""Ends the processes of a Ray started by a run when the run itself ends without stopping it.

A run that starts its own Ray (``--backend ray`` without ``--address``) marks it: every process
of that Ray (head, raylet, agents, workers) inherits the environment variable ``HACHI_RAY_RUN``
with a value drawn for the run. It also starts this small process
(``python -m hachihachi.interpreter.runs.backends.reaper MARK``) with the read end of a pipe as its
standard input; only the run holds the write end. When the run ends, however it ends (``kill -9``
too), the pipe gives an end of file and the reaper kills every process that carries the mark,
and every process it saw descend from the run while the run lived (a Ray agent rewrites its
environment with its title, so the mark alone does not find it); a process is known by its
number and its start time, so a number used again is left alone. A run that stopped its Ray has
left nothing to kill. Linux only (processes are found in ``/proc``).
"""

from __future__ import annotations

import os
import select
import signal
import sys

VARIABLE = b"HACHI_RAY_RUN="


def marked_processes(mark: str) -> list[int]:
    """The live processes (but this one) whose environment holds ``HACHI_RAY_RUN=mark``."""
    me, found = os.getpid(), []
    entry_of = VARIABLE + mark.encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == me:
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                if entry_of in f.read().split(b"\0"):
                    found.append(int(entry))
        except OSError:
            continue
    return found


def _stat(pid: int) -> tuple[int, str] | None:
    """(parent, start time) of a live process, or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] == "Z" else (int(fields[1]), fields[19])


def descendants(root: int) -> dict[int, str]:
    """The live descendants of ``root`` with their start times."""
    tree: dict[int, list[tuple[int, str]]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            st = _stat(int(entry))
            if st is not None:
                tree.setdefault(st[0], []).append((int(entry), st[1]))
    found, todo = {}, [root]
    while todo:
        for pid, start in tree.get(todo.pop(), []):
            found[pid] = start
            todo.append(pid)
    return found


def reap(mark: str, seen: dict[int, str] | None = None) -> int:
    """Kill the marked processes, and those of ``seen`` (number: start time) still running, until
    none is left (a few rounds: a dying raylet may have started a worker); return how many."""
    killed = 0
    for _ in range(5):
        pids = marked_processes(mark) + [p for p, start in (seen or {}).items() if (_stat(p) or (0, ""))[1] == start]
        if not pids:
            break
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
                killed += 1
            except OSError:
                pass
    return killed


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)        # Ctrl-C is the run's to handle
    mark, run = sys.argv[1], os.getppid()
    seen: dict[int, str] = {}
    while True:                                         # until the run is gone
        seen.update({p: t for p, t in descendants(run).items() if p != os.getpid()})
        ready, _, _ = select.select([0], [], [], 0.5)
        if ready and not os.read(0, 4096):
            break
    reap(mark, seen)


if __name__ == "__main__":
    main()
