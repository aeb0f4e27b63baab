"""The local backend: tasks in this process (one worker) or in a pool of processes (:mod:`..pool`)."""

from __future__ import annotations

import gc
from typing import Generator, Iterable

from ..botgame import GameResult, Job, Task, play_task

__all__ = ["LocalBackend"]

# A worker process plays for one run only: its pool's initializer sets the job once, in the
# worker (the parent never does), so two runs at once (``compare``) cannot mix their jobs.
_WORKER_JOB: list[Job] = []


def _init_worker(job: Job) -> None:
    _WORKER_JOB[:] = [job.loaded()]
    # Everything the worker holds now (inherited with fork, and the loaded rules) lives as long as
    # it does: out of the cyclic collector's way, a full collection does not walk it (nor, after a
    # fork, copy the parent's pages by touching them), as the gc module's freeze() is meant for.
    gc.collect()
    gc.freeze()


def _run_task(task: Task) -> list[GameResult]:
    return play_task(_WORKER_JOB[0], task)


class LocalBackend:
    name = "local"

    def __init__(self, workers: int = 1):
        self.workers = max(1, workers)

    def map(self, job: Job, tasks: Iterable[Task]) -> Generator[list[GameResult], None, None]:
        if self.workers <= 1:
            job = job.loaded()
            for task in tasks:
                yield play_task(job, task)
            return
        from ..pool import _start_method, ordered_map

        if _start_method() != "fork":       # the rulesets are inherited with fork, else built again
            job = job.portable()
        yield from ordered_map(_run_task, tasks, self.workers, _init_worker, (job,))
