"""One command in several source trees, interleaved: what a change costs against an older engine.

    python benchmarks/trees.py [--repeat R] [--instructions] TREE... [-- HACHI_ARGS...]

Each TREE is a checkout of the project (``git worktree add --detach /tmp/base ea136a4``); the
command (default ``simulate --games 120 --seed 1``) runs as ``hachi`` from each tree in turn
(``PYTHONPATH=TREE/.typing``), ``--repeat`` times, and the user+sys CPU of each run is printed with
the min and median and their ratios to the first tree. On a shared machine CPU times swing by a
third between runs; ``--instructions`` counts the instructions of one run per tree under
``valgrind --tool=callgrind`` instead (load-independent; some 50 times slower). The same command
with ``--games 1`` measures the start (imports, reading the rule file), so the play is the
difference of the two.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys

HACHI = "import sys; from hachihachi.cli.main import cli; sys.argv[0] = 'hachi'; cli()"


def run(tree: str, args: list[str], instructions: bool) -> float:
    """The user+sys CPU seconds (or, ``instructions``, the instructions) of one run in ``tree``."""
    env = {**os.environ, "PYTHONPATH": os.path.join(tree, ".typing")}
    command = [sys.executable, "-c", HACHI, *args]
    if instructions:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True, cwd="/")
        found = re.search(r"Collected : (\d+)", done.stderr)
        assert found, done.stderr[-500:]
        return float(found.group(1))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True, cwd="/")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    argv = sys.argv[1:]
    rest = argv.index("--") if "--" in argv else len(argv)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trees", nargs="+")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--instructions", action="store_true")
    opts = ap.parse_args(argv[:rest])
    args = argv[rest + 1:] or ["simulate", "--games", "120", "--seed", "1"]
    repeat = 1 if opts.instructions else opts.repeat
    runs: dict[str, list[float]] = {t: [] for t in opts.trees}
    for _ in range(repeat):
        for tree in opts.trees:                 # interleaved: every tree sees the same machine
            runs[tree].append(run(tree, args, opts.instructions))
    first = sorted(runs[opts.trees[0]])
    for tree in opts.trees:
        values = sorted(runs[tree])
        low, mid = values[0], values[len(values) // 2]
        shown = " ".join(f"{v:.3g}" for v in runs[tree])
        print(f"{tree:40s} {shown}  min {low:.4g} median {mid:.4g}  ratio min {low / first[0]:.3f} "
              f"median {mid / first[len(first) // 2]:.3f}")


if __name__ == "__main__":
    main()
