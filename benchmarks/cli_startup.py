"""Wall time of `hachi --help` and `hachi validate rules/` (median of 10 runs each), against
`python -c pass` measured in the same run, and the count of hostile files refused cleanly.

``hachi validate`` keeps the files it found valid (ruleset/verdicts.py) and checks only what
changed; the same command with that cache emptied before every run is timed too (every file checked).

Each command first runs once with bytecode writing allowed (``PYTHONDONTWRITEBYTECODE`` unset), so
that what is timed is a start as an installed package has it: the modules' bytecode cached and the
user's cache folder filled (the grammars' tables, the documents known valid: ruleset/usercache.py).
That first run is timed too (``validate_first_ms``: with the bytecode already there, the cost of
an empty cache folder only when the folder was empty).

Run from the repository root with the project installed: python -m benchmarks.cli_startup
(in the suite: ``python -m benchmarks run startup``).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from benchmarks.record import ROOT, Result

NAME = "startup"
RUNS = 10


def warm(command: list[str]) -> float:
    """Run ``command`` once with bytecode writing allowed; its wall ms."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return (time.perf_counter() - start) * 1000


def median_ms(command: list[str], before: Callable[[], None] = lambda: None) -> float:
    times = []
    for _ in range(RUNS):
        before()
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def hostile_counts() -> tuple[int, int, float]:
    from tests.hostile_cases import CASES

    hachi = shutil.which("hachi") or "hachi"
    clean, slowest = 0, 0.0
    for name, (build, expected) in CASES.items():
        with tempfile.TemporaryDirectory() as folder:
            path = build(Path(folder))
            start = time.perf_counter()
            result = subprocess.run([hachi, "validate", str(path)], capture_output=True, text=True)
            slowest = max(slowest, time.perf_counter() - start)
        errors = [line for line in result.stderr.splitlines() if ": error: " in line]
        ok = result.returncode == 1 and len(errors) == 1 and expected in errors[0] and "Traceback" not in result.stderr
        clean += ok
        if not ok:
            print(f"  NOT CLEAN: {name}: exit {result.returncode}: {result.stderr.strip()[:200]}")
    return clean, len(CASES), slowest


def forget_verdicts() -> None:
    """Remove the files found valid before (ruleset/verdicts.py), so that every file is checked."""
    from hachihachi.ruleset import usercache
    from hachihachi.ruleset.verdicts import CACHE_FILE

    (usercache.folder() / CACHE_FILE).unlink(missing_ok=True)


def bench(quick: bool = False) -> Result:
    """The suite's run (``quick``: 3 runs each, not 10, and no hostile files)."""
    global RUNS
    RUNS = 3 if quick else 10
    hachi = shutil.which("hachi") or "hachi"
    warm([hachi, "--help"])
    first_ms = warm([hachi, "validate", "rules/"])
    base = median_ms([sys.executable, "-c", "pass"])
    help_ms = median_ms([hachi, "--help"])
    validate_ms = median_ms([hachi, "validate", "rules/"])
    checked_ms = median_ms([hachi, "validate", "rules/"], before=forget_verdicts)
    print(f"  first hachi validate rules/ {first_ms:.1f} ms")
    print(f"  python -c pass {base:.1f} ms, hachi --help {help_ms:.1f} ms, hachi validate rules/ {validate_ms:.1f} ms, "
          f"every file checked (no verdicts kept) {checked_ms:.1f} ms (medians of {RUNS})")
    result = Result(figures={"python_ms": round(base, 1), "help_ms": round(help_ms, 1),
                             "validate_ms": round(validate_ms, 1), "validate_first_ms": round(first_ms, 1),
                             "validate_all_checked_ms": round(checked_ms, 1)},
                    ratios={"hachi --help / python -c pass (time)": round(help_ms / base, 2),
                            "hachi validate rules/ / python -c pass (time)": round(validate_ms / base, 2),
                            "hachi validate rules/, every file checked / python -c pass (time)":
                                round(checked_ms / base, 2)},
                    params={"quick": quick, "runs": RUNS})
    if not quick:
        clean, total, slowest = hostile_counts()
        result.figures.update(hostile_clean=clean, hostile_total=total, hostile_slowest_s=round(slowest, 3))
        result.ok = clean == total
    return result


def main() -> None:
    hachi = shutil.which("hachi") or "hachi"
    warm([hachi, "--help"])
    warm([hachi, "validate", "rules/"])
    base = median_ms([sys.executable, "-c", "pass"])
    help_ms = median_ms([hachi, "--help"])
    validate_ms = median_ms([hachi, "validate", "rules/"])
    checked_ms = median_ms([hachi, "validate", "rules/"], before=forget_verdicts)
    print(f"python -c pass          {base:7.1f} ms (baseline)")
    print(f"hachi --help            {help_ms:7.1f} ms  ({help_ms / base:.1f}x baseline; goal <= 150 ms)")
    print(f"hachi validate rules/   {validate_ms:7.1f} ms  ({validate_ms / base:.1f}x baseline; goal <= 300 ms)")
    print(f"  every file checked    {checked_ms:7.1f} ms  ({checked_ms / base:.1f}x baseline; no verdicts kept)")
    clean, total, slowest = hostile_counts()
    print(f"hostile files refused cleanly: {clean} of {total} (slowest {slowest * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
