"""Where the games of a run are played: a backend maps tasks to results, in the order given.

A task is ``(ruleset number, range of game indices)`` of a :class:`~..simulate.Job`; its result is
the list of those games' :class:`~..simulate.GameResult`. Every game's seed comes from the run's
seed and its index alone, so every backend and any number of workers give the same results.

- ``local`` (:mod:`.local`): this process, or a pool of worker processes (:mod:`..pool`);
- ``ray`` (:mod:`.ray`): tasks on a Ray cluster, or a Ray started on this machine (the ``[ray]`` extra).
"""

from __future__ import annotations

from typing import Generator, Iterable, Optional, Protocol

from ....ruleset.errors import SetupError
from ..botgame import GameResult, Job, Task

__all__ = ["Backend", "BACKENDS", "make_backend"]

BACKENDS = ("local", "ray")


class Backend(Protocol):
    name: str
    workers: int                        # tasks run at once (sizes the tasks)

    def map(self, job: Job, tasks: Iterable[Task]) -> Generator[list[GameResult], None, None]:
        """Yield each task's results in the order of ``tasks``; stop the work when closed early."""


def make_backend(name: str, workers: int, address: Optional[str] = None) -> Backend:
    """The backend called ``name`` with ``workers`` workers (Ray: at ``address``, if given).

    A problem is a :class:`SetupError` of the argument ``backend`` (the name) or ``address``."""
    if name == "local":
        if address:
            raise SetupError("address is for the ray backend", "address")
        from .local import LocalBackend

        return LocalBackend(workers)
    if name == "ray":
        from .ray import RayBackend

        return RayBackend(workers, address)
    raise SetupError(f"there is no backend '{name}'; backends are {', '.join(BACKENDS)}", "backend")
