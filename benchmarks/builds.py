"""The pure-Python engine and its mypyc build against the hand-written baseline, in one run.

    python -m benchmarks.builds --python VENV/bin/python [--games N] [--repeat R] [--runs K] [--no-record]

``VENV`` holds the compiled build (``HACHIHACHI_MYPYC=1 pip install .``, or ``.ci/compiled``).
The script runs ``benchmarks/throughput.py`` (its trick-game measure) ``K`` times over with each
build of this tree, alternating
(pure, compiled, pure, ...) so that both meet the same machine: the pure one by putting this
tree's sources first on the path (``PYTHONPATH=.typing``), the compiled one as installed. Every
run times its engine against the baseline in the same process (interleaved chunks),
so each ratio is against the baseline of its own run; it also checks that both engines end every
game alike. Prints each run's ratios and rounds/s of ``simulate``, then the medians, and keeps
the medians (and every run's figures) as one line of ``benchmarks/results/builds.jsonl``, as the
suite's benchmarks keep theirs (``benchmarks/record.py``).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

from benchmarks.record import Result, keep

ROOT = Path(__file__).resolve().parent.parent
FIGURES = {"interpreter": r"interpreter / baseline: *([\d.]+)",
           "simulate": r"simulate / baseline: *([\d.]+)",
           "rounds/s": r"simulate: *(\d+) rounds/s"}


def run(python: str, pure: bool, games: int, repeat: int) -> dict[str, float]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pure:
        env["PYTHONPATH"] = str(ROOT / ".typing")
    out = subprocess.run([python, "-m", "benchmarks.throughput", "--no-record", "--hanafuda-rounds", "0",
                          "--games", str(games), "--repeat", str(repeat)], env=env, cwd=ROOT, capture_output=True,
                         text=True)
    if out.returncode:
        sys.exit(f"the throughput benchmark failed ({'pure' if pure else 'compiled'}):\n{out.stdout}{out.stderr}")
    engine = "compiled" if "engine: compiled" in out.stdout else "pure"
    if engine != ("pure" if pure else "compiled"):
        sys.exit(f"the throughput benchmark ran the {engine} engine where the other was meant:\n{out.stdout}")
    return {k: float(re.search(p, out.stdout).group(1)) for k, p in FIGURES.items()}  # type: ignore[union-attr]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", required=True, help="the python of a virtual environment with the compiled build")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-record", action="store_true", help="do not append to benchmarks/results/builds.jsonl")
    args = ap.parse_args()
    seen: dict[str, list[dict[str, float]]] = {"pure": [], "compiled": []}
    for _ in range(args.runs):
        for name in ("pure", "compiled"):
            figures = run(args.python, name == "pure", args.games, args.repeat)
            seen[name].append(figures)
            print(f"{name:9s} interpreter / baseline {figures['interpreter']:.2f}  simulate / baseline "
                  f"{figures['simulate']:.2f}  simulate {figures['rounds/s']:.0f} rounds/s", flush=True)
    result = Result(params={"games": args.games, "repeat": args.repeat, "runs": args.runs, "players": 5,
                            "compiled_python": args.python})
    for name, runs in seen.items():
        med = {k: statistics.median(r[k] for r in runs) for k in FIGURES}
        print(f"median {name:9s} interpreter / baseline {med['interpreter']:.2f}  simulate / baseline "
              f"{med['simulate']:.2f}  simulate {med['rounds/s']:.0f} rounds/s")
        result.ratios[f"{name} interpreter / baseline"] = med["interpreter"]
        result.ratios[f"{name} simulate / baseline"] = med["simulate"]
        result.figures[f"{name}_simulate_rounds_s"] = med["rounds/s"]
        result.figures[f"{name}_runs"] = runs
    if not args.no_record:
        print(f"  kept in {keep('builds', result)}")


if __name__ == "__main__":
    main()
