"""Run chunks of work in worker processes, results in order, and never wait for a worker that is gone.

:class:`concurrent.futures.ProcessPoolExecutor` notices a worker that dies (``kill -9``, the OOM
killer) and fails every pending future with ``BrokenProcessPool``; :func:`ordered_map` turns that
into one :class:`WorkerDied` error, keeps only a few chunks in flight (memory does not grow with
the number of games) and, on any way out (an error, Ctrl-C, SIGTERM turned into :class:`Stopped`
by :func:`stop_signals`), stops its workers before it returns.

Workers ignore SIGINT (Ctrl-C reaches the whole process group; the parent alone decides what to
do), die quietly on SIGTERM, and exit when their parent is gone (they hold the read end of a pipe
whose only write end is the parent's, so its death is an end of file, not a poll).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from types import FrameType
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, Iterable, Iterator, Optional, TypeVar

from ...ruleset.errors import HachiError

T = TypeVar("T")
R = TypeVar("R")

__all__ = ["WorkerDied", "Stopped", "ordered_map", "stop_signals"]


class WorkerDied(HachiError):
    """A worker process ended without finishing its work (killed, out of memory, crashed)."""


class Stopped(BaseException):
    """The run was asked to stop by a signal (SIGTERM, SIGHUP); not an error of the input."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
_stop_asked: list[int] = []     # the signal that asked this process to stop, once one has


def _raise_if_stopped() -> None:
    """Raise for a stop signal whose exception was lost: a handler that raises while Python runs
    a finaliser or a weak-reference callback only has its exception printed and dropped."""
    if _stop_asked:
        raise _stop_exception(_stop_asked[0])


def _stop_exception(signum: int) -> BaseException:
    return KeyboardInterrupt() if signum == signal.SIGINT else Stopped(signum)


def _worker_setup(parent_pid: int, read_fd: Optional[int], write_fd: Optional[int],
                  initializer: Optional[Callable[..., object]], initargs: tuple[object, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)     # blocked by the fork (submit)
    if read_fd is not None and write_fd is not None:
        os.close(write_fd)          # the parent keeps the only write end
        if os.getppid() != parent_pid:
            os._exit(1)
        threading.Thread(target=_exit_with_parent, args=(read_fd,), daemon=True).start()
    if initializer is not None:
        initializer(*initargs)


def _exit_with_parent(read_fd: int) -> None:
    try:
        os.read(read_fd, 1)         # returns b"" once the parent has gone
    finally:
        os._exit(1)


def _start_method() -> Optional[str]:
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else None


def ordered_map(fn: Callable[[T], R], items: Iterable[T], workers: int,
                initializer: Optional[Callable[..., object]] = None, initargs: tuple[object, ...] = (),
                ahead: Optional[int] = None) -> Iterator[R]:
    """Yield ``fn(item)`` for every item, in the order of ``items``, computed by ``workers`` processes.

    ``initializer(*initargs)`` runs once in every worker. With the ``fork`` start method (Linux,
    macOS with fork) the arguments are inherited, not pickled. At most ``ahead`` items (default
    ``2 * workers``) are in flight. Raises :class:`WorkerDied` when a worker ends early.
    """
    method = _start_method()
    ctx = multiprocessing.get_context(method)
    read_fd, write_fd = os.pipe() if method == "fork" else (None, None)
    executor = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_worker_setup,
                                   initargs=(os.getpid(), read_fd, write_fd, initializer, initargs))
    pending: deque[Future[R]] = deque()
    source = iter(items)
    finished = False

    def submit(item: T) -> None:
        # A worker is forked inside submit; until its setup has run it would take the parent's
        # handlers, so the signals that stop a run wait, blocked, until the fork is over.
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
        try:
            pending.append(executor.submit(fn, item))
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)

    try:
        for item in source:
            submit(item)
            if len(pending) >= (ahead or 2 * workers):
                break
        while pending:
            result = pending.popleft().result()
            _raise_if_stopped()
            for item in source:
                submit(item)
                break
            yield result
        finished = True
    except BrokenProcessPool:
        raise WorkerDied("a worker process ended before its games were played (killed, or out of "
                         "memory); the run is abandoned.") from None
    finally:
        if not finished:
            _stop_workers(executor)
        executor.shutdown(wait=True, cancel_futures=True)
        for fd in (read_fd, write_fd):
            if fd is not None:
                os.close(fd)


def _stop_workers(executor: ProcessPoolExecutor) -> None:
    """End the workers now rather than after their current chunk (SIGTERM: they die quietly)."""
    for proc in list((getattr(executor, "_processes", None) or {}).values()):
        with contextlib.suppress(Exception):
            proc.terminate()


@contextlib.contextmanager
def stop_signals(*signums: int, ending: bool = False) -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP (or ``signums``) raise :class:`Stopped` in this process,
    and SIGINT raises :class:`KeyboardInterrupt`.

    Only the first signal raises (later ones are ignored while the run cleans up); it is also
    remembered, so that :func:`ordered_map` stops even when the exception was dropped (raised in a
    finaliser). With ``ending`` (a command that exits once the block ends) the signals stay
    ignored after a stop, so that a second Ctrl-C while the process winds down (its workers
    reaped, its streams flushed) does not end it by the signal in place of its exit status. A
    process forked from this one before it resets its handlers exits quietly instead. Outside
    the main thread nothing is changed.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    signums = signums or (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
    owner = os.getpid()

    def handler(signum: int, frame: Optional[FrameType]) -> None:
        if os.getpid() != owner:
            os._exit(128 + signum)
        for s in signums:
            signal.signal(s, signal.SIG_IGN)
        _stop_asked.append(signum)
        raise _stop_exception(signum)

    previous = {s: signal.signal(s, handler) for s in signums}
    try:
        yield
    finally:
        stopped = bool(_stop_asked)
        _stop_asked.clear()
        if not (ending and stopped):
            for s, old in previous.items():
                signal.signal(s, old)
