"""The Ray backend (Ray in local mode, 2 CPUs) gives the local backend's results, and a
task that fails, dies or overruns ends the run with one error instead of hanging it."""

import os
import sys

import pytest

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.slow         # a local Ray cluster starts for the module: seconds (run with --all)

from hachihachi.interpreter.runs.backends.ray import RayBackend  # noqa: E402
from hachihachi.interpreter.runs.pool import WorkerDied  # noqa: E402
from hachihachi.interpreter.runs.simulate import Job, RulesetSpec, simulate  # noqa: E402
from hachihachi.interpreter.runs.sweep import sweep  # noqa: E402
from hachihachi.ruleset.errors import HachiError  # noqa: E402
from hachihachi.ruleset.overrides import parse_set  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    yield
    ray.shutdown()


def test_simulate_totals_are_the_same_on_every_backend_and_worker_count():
    args = dict(games=10, players=4, bots=["random"], seed=4)
    local = simulate("hachihachi_trick", **args).totals
    assert simulate("hachihachi_trick", workers=2, **args).totals == local
    assert simulate("hachihachi_trick", backend="ray", **args).totals == local
    assert simulate("hachihachi_trick", backend="ray", workers=2, **args).totals == local


def test_sweep_results_are_the_same_on_ray():
    grid = [parse_set("declaration.drop_fee.first=1,3"), parse_set("trick_settlement.per_trick=1,3")]
    local = sweep("hachihachi_trick", grid, games=5, players=4, seed=8)
    remote = sweep("hachihachi_trick", grid, games=5, players=4, seed=8, workers=2, backend="ray")
    assert remote.results_json() == local.results_json()
    assert remote.backend == "ray"


def _job(spec: RulesetSpec) -> Job:
    return Job(None, (spec,), 4, ("random",) * 4, 1)


def test_a_task_that_raises_ends_the_run_with_its_error():
    backend = RayBackend(2)
    tasks = [(0, range(i, i + 1)) for i in range(6)]
    with pytest.raises(HachiError) as e:
        list(backend.map(_job(RulesetSpec("/nonexistent/house.yaml")), tasks))
    assert "there is no rule file '/nonexistent/house.yaml'" in e.value.message


def test_a_task_over_its_time_bound_ends_the_run():
    backend = RayBackend(2, timeout_s=1e-3)
    with pytest.raises(WorkerDied, match="did not finish within 0.001 s"):
        list(backend.map(_job(RulesetSpec("hachihachi_trick")), [(0, range(0, 64))]))


class DyingSpec(RulesetSpec):
    """A ruleset whose worker dies while building it (a killed worker, a lost node)."""

    def load(self):
        os._exit(1)


def test_a_dead_worker_is_retried_then_ends_the_run():
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    backend = RayBackend(2, max_retries=1)
    with pytest.raises(WorkerDied, match="lost after 1 retries"):
        list(backend.map(_job(DyingSpec("hachihachi_trick")), [(0, range(0, 2))]))
    # the next run on the same Ray still works
    good = RayBackend(2)
    (chunk,) = list(good.map(_job(RulesetSpec("hachihachi_trick")), [(0, range(0, 2))]))
    assert [g.index for g in chunk] == [0, 1]


def test_an_address_nothing_answers_at_is_refused_at_once():
    import socket

    from hachihachi.interpreter.runs.backends.ray import check_reachable
    with socket.socket() as s:                  # a port that was free a moment ago: nothing listens
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(HachiError) as e:
        RayBackend(1, address=f"127.0.0.1:{port}")
    assert e.value.argument == "address" and "nothing answers at" in e.value.message
    with pytest.raises(HachiError, match="HOST:PORT"):
        check_reachable("no port here")
