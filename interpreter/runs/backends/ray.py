"""The Ray backend: every task a Ray task, on an existing cluster (``address``) or on a Ray
started here with ``workers`` CPUs. Ray is the optional ``[ray]`` extra, imported only here.

The workers build the rulesets from the job's specs (bundled names, or rule files that must be
at the same path on every node). A task whose worker or node dies is retried by Ray
(``max_retries``); a task that raises, or that is still running after ``timeout_s``, ends the run
with one error and the other tasks are cancelled, so a run never waits for work that is gone.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
from collections import deque
from types import ModuleType
from typing import Any, Generator, Iterable, Iterator, Optional

from ....ruleset.errors import HachiError, SetupError
from ....ruleset.safetext import escape
from ..pool import WorkerDied
from ..botgame import GameResult, Job, RulesetSpec, Task, play_task

__all__ = ["RayBackend", "MAX_RETRIES", "TASK_TIMEOUT_S", "check_reachable"]

MAX_RETRIES = 2                 # reruns of a task whose worker or node died
TASK_TIMEOUT_S = 3600.0         # the longest wait for one task's games
CONNECT_TIMEOUT_S = 5.0         # the longest wait for a cluster's address to connect, and then to answer
RUN_MARK = "HACHI_RAY_RUN"       # the environment variable that marks the processes of a run's own Ray
INIT_TIMEOUT_S = 60.0           # the longest wait for Ray to start or connect once the address answered
HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])   # and empty SETTINGS

# in a Ray worker: (specs, players, bots, seed) -> the job with its rulesets built
_LOADED: dict[tuple[tuple[RulesetSpec, ...], int, tuple[str, ...], int], Job] = {}


def _ray_task(job: Job, task: Task) -> list[GameResult]:
    key = (job.specs, job.players, job.bots, job.seed)
    if key not in _LOADED:
        _LOADED.clear()
        _LOADED[key] = job.loaded()
    return play_task(_LOADED[key], task)


def import_ray() -> ModuleType:
    os.environ.setdefault("RAY_DISABLE_FAILURE_SIGNAL_HANDLER", "1")    # read as Ray loads: a signal ends
    try:                                                                # the run, it dumps no stack
        import ray
    except ImportError:
        raise SetupError("backend ray needs Ray, which is not installed: pip install 'hachihachi[ray]'",
                         "backend") from None
    module: ModuleType = ray        # Any when Ray is not installed (mypy)
    return module


class RayBackend:
    name = "ray"

    def __init__(self, workers: int = 1, address: Optional[str] = None,
                 max_retries: int = MAX_RETRIES, timeout_s: float = TASK_TIMEOUT_S):
        self.ray = import_ray()
        self.address = address
        self.max_retries = max_retries
        self.timeout_s = timeout_s
        self.workers = max(1, workers)
        self._started = None
        self._reaper: Optional[tuple[int, Any]] = None
        if address:                     # connect now: the tasks are sized by the cluster's CPUs
            check_reachable(address)
            self._started = self._start()
            self.workers = max(1, int(self.ray.cluster_resources().get("CPU", 1)))

    def _start(self) -> bool:
        """Connect to (or start) Ray unless this process already has; True if it did.

        Without an address the Ray is this run's own (``address="local"``: a Ray head left
        running by another program is not joined), watched by a reaper that ends it with the
        run. Ray's ``init`` sets its own SIGTERM handler; the run's (:func:`..pool.stop_signals`)
        is put back, so that a signal ends the run with one line and 128 + its number."""
        ray = self.ray
        if ray.is_initialized():
            return False
        where = f"at {escape(self.address, 100)}" if self.address else "on this machine"
        if not self.address:            # every process of this run's Ray inherits the mark (see .reaper)
            os.environ[RUN_MARK] = f"{os.getpid()}-{secrets.token_hex(8)}"
            self._reaper = _start_reaper(os.environ[RUN_MARK])      # watching from before Ray starts
        with _kept_signal_handlers(), _no_sigterm_handler_of(ray), _deadline(INIT_TIMEOUT_S, where):
            try:
                if self.address:
                    ray.init(address=self.address, logging_level=logging.ERROR, log_to_driver=False)
                else:
                    ray.init(address="local", num_cpus=self.workers, include_dashboard=False,
                             logging_level=logging.ERROR, log_to_driver=False)
            except (ConnectionError, RuntimeError, ValueError, TimeoutError) as e:
                _stop_reaper(self._reaper)          # it ends what a failed start left
                self._reaper = None
                raise SetupError(f"cannot start Ray {where}: {_short(e)}",
                                 "address" if self.address else "backend") from None
        return True

    def map(self, job: Job, tasks: Iterable[Task]) -> Generator[list[GameResult], None, None]:
        ray = self.ray
        with _kept_signal_handlers():   # Ray's core sets its own as it starts working: the run's are put back
            started = self._start() if self._started is None else self._started
            self._started = None
            remote = ray.remote(num_cpus=1, max_retries=self.max_retries, retry_exceptions=False)(_ray_task)
            job_ref = ray.put(job.portable())
        pending: deque[Any] = deque()        # Ray's object refs
        source = iter(tasks)
        try:
            with _kept_signal_handlers():
                for task in source:
                    pending.append(remote.remote(job_ref, task))
                    if len(pending) >= 2 * self.workers:
                        break
            while pending:
                result = self._get(pending.popleft())
                for task in source:
                    pending.append(remote.remote(job_ref, task))
                    break
                yield result
        finally:
            for ref in pending:
                try:
                    ray.cancel(ref, force=True)
                except Exception:       # already finished or gone: nothing to stop
                    pass
            if started:
                ray.shutdown()
                _stop_reaper(self._reaper)
                self._reaper = None

    def _get(self, ref: Any) -> list[GameResult]:
        exc = self.ray.exceptions
        try:
            results: list[GameResult] = self.ray.get(ref, timeout=self.timeout_s)
            return results
        except exc.GetTimeoutError:
            raise WorkerDied(f"a Ray task did not finish within {self.timeout_s:g} s; the run is abandoned.") \
                from None
        except exc.RayTaskError as e:
            cause = getattr(e, "cause", None)
            if isinstance(cause, HachiError):
                raise cause from None
            raise HachiError(f"a Ray task failed: {_short(cause or e)}; the run is abandoned.") from None
        except exc.RayError as e:       # a worker or node died after its retries, an object was lost
            raise WorkerDied(f"a Ray worker or node was lost after {self.max_retries} retries "
                             f"({type(e).__name__}); the run is abandoned.") from None


def check_reachable(address: str, timeout_s: float = CONNECT_TIMEOUT_S) -> None:
    """Refuse an address nothing answers at (Ray itself would retry for minutes)."""
    if address == "auto":
        return
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise SetupError(f"{escape(address, 100)} is not a Ray cluster's address; write HOST:PORT "
                         "(the port of 'ray start --head', 6379 by default)", "address")
    try:
        conn = socket.create_connection((host.strip("[]"), int(port)), timeout=timeout_s)
    except OSError as e:
        raise SetupError(f"nothing answers at {escape(address, 100)} within {timeout_s:g} s "
                         f"({e.strerror or type(e).__name__}); is the cluster started (ray start --head)?",
                         "address") from None
    with conn:
        answer = _grpc_answer(conn, timeout_s)
    if answer is None:
        raise SetupError(f"{escape(address, 100)} accepts a connection but does not answer within {timeout_s:g} s; "
                         "it is not a Ray cluster (the port of 'ray start --head', 6379 by default)", "address")
    if not answer:
        raise SetupError(f"{escape(address, 100)} answers, but not as a Ray cluster does (gRPC); is it the port of "
                         "'ray start --head' (6379 by default)?", "address")


def _grpc_answer(conn: socket.socket, timeout_s: float) -> Optional[bool]:
    """Whether the server at ``conn`` answers an HTTP/2 (gRPC) greeting with its own settings, as
    Ray's servers do (None: no answer within ``timeout_s``)."""
    conn.settimeout(timeout_s)
    head = b""
    try:
        conn.sendall(HTTP2_PREFACE)
        while len(head) < 9:
            part = conn.recv(9 - len(head))
            if not part:
                return False
            head += part
    except socket.timeout:
        return None
    except OSError:
        return False
    return head[3] == 4 and head[4] & 1 == 0        # a SETTINGS frame, not an acknowledgement


@contextlib.contextmanager
def _kept_signal_handlers() -> Iterator[None]:
    """Put back the handlers of SIGTERM, SIGINT and SIGHUP that the block (ray.init) replaces."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    kept = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    try:
        yield
    finally:
        for s, handler in kept.items():
            if handler is not None:
                signal.signal(s, handler)


@contextlib.contextmanager
def _no_sigterm_handler_of(ray: ModuleType) -> Iterator[None]:
    """Keep ``ray.init`` from setting its SIGTERM handler (``sys.exit(15)``) even for the moment it
    runs, so that a SIGTERM while Ray starts ends the run as any other (where Ray allows it)."""
    utils = getattr(getattr(ray, "_private", None), "utils", None)
    own = getattr(utils, "set_sigterm_handler", None)
    if own is None:
        yield
        return
    setattr(utils, "set_sigterm_handler", lambda handler: None)
    try:
        yield
    finally:
        setattr(utils, "set_sigterm_handler", own)


@contextlib.contextmanager
def _deadline(seconds: float, where: str) -> Iterator[None]:
    """Raise TimeoutError in the block after ``seconds`` (SIGALRM; in the main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"Ray did not start or connect {where} within {seconds:g} s")
    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _start_reaper(run_mark: str) -> Optional[tuple[int, Any]]:
    """Start the reaper of this run's Ray (:mod:`.reaper`); None where it cannot watch (not Linux)."""
    if not sys.platform.startswith("linux"):
        return None
    read_fd, write_fd = os.pipe()           # both close on exec: only the reaper gets the read end
    proc = subprocess.Popen([sys.executable, "-m", "hachihachi.interpreter.runs.backends.reaper", run_mark],
                            stdin=read_fd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    os.close(read_fd)
    return write_fd, proc


def _stop_reaper(reaper: Optional[tuple[int, Any]]) -> None:
    """Ray was stopped: let the reaper look once more and end."""
    if reaper is None:
        return
    write_fd, proc = reaper
    os.close(write_fd)
    with contextlib.suppress(Exception):
        proc.wait(timeout=30)


def _short(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {text[0][:200] if text else ''}"
