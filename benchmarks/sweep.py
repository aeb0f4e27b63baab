"""A 3x3 sweep on the local backend and on Ray (local mode), and Ray's overhead per task.

    python -m benchmarks.sweep [--games N] [--players P] [--workers W] [--empty-tasks N]

Plays ``hachi sweep hachihachi_trick --set declaration.drop_fee.first=1,2,3
--set trick_settlement.per_trick=1,2,3 --bots heuristic --seed 1`` with N games a point (the
base and 9 points: 10 * N games) on ``local`` with W processes and on ``ray`` with a Ray started
here with W CPUs, and prints the wall time of each and the SHA-256 of each sweep's results
(its JSON without the backend, workers and times): the two must be equal. Ray's start-up is
timed on its own and left out of its sweep's time. Ray's overhead: the time of N empty tasks
divided by N, and the sweep's extra time on Ray over the local pool per task.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import time

from hachihachi.interpreter.runs.simulate import chunk_size
from hachihachi.interpreter.runs.sweep import sweep
from hachihachi.ruleset.overrides import parse_set

SETTINGS = ("declaration.drop_fee.first=1,2,3", "trick_settlement.per_trick=1,2,3")


def digest(result) -> str:
    text = json.dumps(result.results_json(), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def run(backend: str, games: int, players: int, workers: int):
    t0 = time.perf_counter()
    result = sweep("hachihachi_trick", [parse_set(s) for s in SETTINGS], games, players, ["heuristic"],
                   seed=1, workers=workers, backend=backend)
    return result, time.perf_counter() - t0


def _empty() -> None:
    return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games a point")
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--empty-tasks", type=int, default=500)
    args = ap.parse_args()
    import ray

    total = args.games * 10
    tasks = -(-args.games // chunk_size(total, args.workers)) * 10
    print(f"3x3 sweep ({', '.join(SETTINGS)}), heuristic bots, {args.players} players, seed 1: "
          f"{args.games} games a point, {total} games in {tasks} tasks, {args.workers} workers")
    run("local", 1, args.players, 1)                            # warm: rule files read, tables built
    local, t_local = run("local", args.games, args.players, args.workers)
    print(f"  local  {t_local:8.1f} s  {total / t_local:7.1f} games/s  results sha256 {digest(local)}")

    t0 = time.perf_counter()
    ray.init(num_cpus=args.workers, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    t_start = time.perf_counter() - t0
    try:
        remote, t_ray = run("ray", args.games, args.players, args.workers)
        print(f"  ray    {t_ray:8.1f} s  {total / t_ray:7.1f} games/s  results sha256 {digest(remote)}"
              f"  (+ {t_start:.1f} s to start Ray, not counted)")
        same = remote.results_json() == local.results_json()
        print(f"  identical results on both backends: {'yes' if same else 'NO'}")
        print(f"  ray / local wall time: {t_ray / t_local:.3f}; extra per task on ray: "
              f"{1000 * (t_ray - t_local) / tasks:+.2f} ms")
        empty = ray.remote(num_cpus=1)(_empty)
        ray.get([empty.remote() for _ in range(20)])            # warm the workers
        t0 = time.perf_counter()
        ray.get([empty.remote() for _ in range(args.empty_tasks)])
        batch = (time.perf_counter() - t0) / args.empty_tasks
        t0 = time.perf_counter()
        for _ in range(min(args.empty_tasks, 200)):
            ray.get(empty.remote())
        one = (time.perf_counter() - t0) / min(args.empty_tasks, 200)
        print(f"  ray empty task: {1000 * batch:.2f} ms each submitted together ({args.empty_tasks} tasks), "
              f"{1000 * one:.2f} ms each one after another")
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
