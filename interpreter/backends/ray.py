"""The Ray backend: every task a Ray task, on an existing cluster (``address``) or on a Ray
started here with ``workers`` CPUs. Ray is the optional ``[ray]`` extra, imported only here.

The workers build the rulesets from the job's specs (bundled names, or rule files that must be
at the same path on every node). A task whose worker or node dies is retried by Ray
(``max_retries``); a task that raises, or that is still running after ``timeout_s``, ends the run
with one error and the other tasks are cancelled, so a run never waits for work that is gone.
"""

from __future__ import annotations

import logging
import socket
from collections import deque
from types import ModuleType
from typing import Any, Generator, Iterable, Optional

from ...ruleset.errors import HachiError, SetupError
from ...ruleset.safetext import escape
from ..pool import WorkerDied
from ..games import GameResult, Job, RulesetSpec, Task, play_task

__all__ = ["RayBackend", "MAX_RETRIES", "TASK_TIMEOUT_S", "check_reachable"]

MAX_RETRIES = 2                 # reruns of a task whose worker or node died
TASK_TIMEOUT_S = 3600.0         # the longest wait for one task's games
CONNECT_TIMEOUT_S = 10.0        # the longest wait for a cluster's address to answer

# in a Ray worker: (specs, players, bots, seed) -> the job with its rulesets built
_LOADED: dict[tuple[tuple[RulesetSpec, ...], int, tuple[str, ...], int], Job] = {}


def _ray_task(job: Job, task: Task) -> list[GameResult]:
    key = (job.specs, job.players, job.bots, job.seed)
    if key not in _LOADED:
        _LOADED.clear()
        _LOADED[key] = job.loaded()
    return play_task(_LOADED[key], task)


def import_ray() -> ModuleType:
    try:
        import ray
    except ImportError:
        raise SetupError("backend ray needs Ray, which is not installed: pip install 'hachihachi[ray]'",
                         "backend") from None
    return ray


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
        if address:                     # connect now: the tasks are sized by the cluster's CPUs
            check_reachable(address)
            self._started = self._start()
            self.workers = max(1, int(self.ray.cluster_resources().get("CPU", 1)))

    def _start(self) -> bool:
        """Connect to (or start) Ray unless this process already has; True if it did."""
        ray = self.ray
        if ray.is_initialized():
            return False
        try:
            if self.address:
                ray.init(address=self.address, logging_level=logging.ERROR, log_to_driver=False)
            else:
                ray.init(num_cpus=self.workers, include_dashboard=False, logging_level=logging.ERROR,
                         log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as e:
            where = f"at {self.address}" if self.address else "on this machine"
            raise SetupError(f"cannot start Ray {where}: {_short(e)}", "address" if self.address else "backend") \
                from None
        return True

    def map(self, job: Job, tasks: Iterable[Task]) -> Generator[list[GameResult], None, None]:
        ray = self.ray
        started = self._start() if self._started is None else self._started
        self._started = None
        remote = ray.remote(num_cpus=1, max_retries=self.max_retries, retry_exceptions=False)(_ray_task)
        job_ref = ray.put(job.portable())
        pending: deque[Any] = deque()        # Ray's object refs
        source = iter(tasks)
        try:
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
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout_s).close()
    except OSError as e:
        raise SetupError(f"nothing answers at {escape(address, 100)} within {timeout_s:g} s "
                         f"({e.strerror or type(e).__name__}); is the cluster started (ray start --head)?",
                         "address") from None


def _short(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {text[0][:200] if text else ''}"
