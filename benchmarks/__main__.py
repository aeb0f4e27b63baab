"""``python -m benchmarks``: run the benchmark suite, or list it.

    python -m benchmarks list
    python -m benchmarks run [NAME ...] [--quick] [--no-record]

``run`` with no NAME runs the suite's default set (throughput, statistics, bots, robustness);
each benchmark prints its figures and its ratios against the baseline measured in the same run,
and its result is appended to ``benchmarks/results/NAME.jsonl`` (date, commit, machine, figures).
``--quick`` runs each on a small workload (a minute or two in all): for trying the suite, not for
figures to compare. The exit status is 1 when a benchmark's own check failed (games that end
differently on the two engines, counts that differ from the C brute force, an input not refused
cleanly).
"""

from __future__ import annotations

import argparse
import importlib
import time

from benchmarks.record import ROOT, keep, show

# name -> (module, what it measures against what); the first four are the default set.
SUITE = {
    "throughput": ("benchmarks.throughput", "random play: interpreter and simulate against a hand-written engine; "
                   "hanafuda against the trick game"),
    "statistics": ("benchmarks.stats_exact", "exact role counts (hachi roles --stats --exact) against a C brute force"),
    "bots": ("benchmarks.tournament", "heuristic against random, mc against heuristic: chips a game, time a decision"),
    "robustness": ("benchmarks.hostile", "hostile inputs refused cleanly by every command, against python -c pass"),
    "startup": ("benchmarks.cli_startup", "hachi --help and hachi validate against python -c pass"),
    "scorekeeper": ("benchmarks.scorekeeper", "random games written as score sheets: settle time against play time"),
}
DEFAULT = ("throughput", "statistics", "bots", "robustness")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="the benchmarks of the suite")
    run = sub.add_parser("run", help="run benchmarks (default: " + ", ".join(DEFAULT) + ")")
    run.add_argument("names", nargs="*", metavar="NAME", help="benchmarks to run: " + ", ".join(SUITE))
    run.add_argument("--quick", action="store_true", help="a small workload each, to try the suite")
    run.add_argument("--no-record", action="store_true", help="print only; append nothing to benchmarks/results/")
    args = parser.parse_args(argv)
    if args.command == "list":
        for name, (module, what) in SUITE.items():
            print(f"{name:12} {what}{'' if name in DEFAULT else ' (not in the default set)'}")
        return 0
    unknown = [n for n in args.names if n not in SUITE]
    if unknown:
        parser.error(f"no benchmark {', '.join(map(repr, unknown))}; choose from {', '.join(SUITE)}")
    failed = []
    for name in args.names or DEFAULT:
        print(f"== {name}: {SUITE[name][1]}", flush=True)
        began = time.perf_counter()
        result = importlib.import_module(SUITE[name][0]).bench(quick=args.quick)
        result.figures["wall_s"] = round(time.perf_counter() - began, 1)
        show(name, result)
        if not args.no_record:
            print(f"  kept in {keep(name, result).relative_to(ROOT)}")
        if not result.ok:
            failed.append(name)
    if failed:
        print(f"checks failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
