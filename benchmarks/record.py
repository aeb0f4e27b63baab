"""What every benchmark of the suite shares: its result, the ratios it prints, the line it keeps.

A benchmark measures its subject and a baseline in the same run (so that a loaded or slower
machine moves both), and returns a :class:`Result`: its figures, the ratios of the subject to the
baseline, and whether the checks it made (the same chips, the same counts, every input refused
cleanly) held. :func:`keep` appends the result as one JSON line to ``benchmarks/results/NAME.jsonl``
with the date, the commit and the machine, so results are data to compare, not a logbook.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"


@dataclass
class Result:
    """``figures``: what was measured (name -> number or text); ``ratios``: the subject against
    its baseline, each named as computed (``"a / b"``: 1.0 = as fast, more is faster; ``"a - b"``:
    a difference in the unit named); ``ok``: the
    benchmark's own checks held; ``params``: what was run (games, seeds, quick or not)."""

    figures: dict[str, Any] = field(default_factory=dict)
    ratios: dict[str, float] = field(default_factory=dict)
    ok: bool = True
    params: dict[str, Any] = field(default_factory=dict)


def commit() -> str:
    """The commit measured, with ``+`` when the tree has changes not committed."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+" if dirty else "")


def machine() -> dict[str, Any]:
    """Cores, the load average when the benchmark ended, Python, the platform."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else (None, None, None)
    return {"nproc": os.cpu_count(), "load": [round(x, 2) for x in load if x is not None],
            "python": platform.python_version(), "implementation": sys.implementation.name,
            "platform": platform.platform(terse=True)}


def line(name: str, result: Result) -> dict[str, Any]:
    return {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "benchmark": name, "commit": commit(), "machine": machine(), "params": result.params,
            "ok": result.ok, "figures": result.figures, "ratios": result.ratios}


def keep(name: str, result: Result, folder: Path = RESULTS) -> Path:
    """Append the result to ``folder/NAME.jsonl``; return that path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.jsonl"
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(line(name, result), sort_keys=True) + "\n")
    return path


def show(name: str, result: Result) -> None:
    """Print the ratios, then the checks' verdict."""
    for label, value in result.ratios.items():
        print(f"  {label}: {value:.3f}")
    print(f"  {name}: {'checks held' if result.ok else 'A CHECK FAILED'}")
