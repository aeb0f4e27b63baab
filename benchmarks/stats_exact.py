"""Exact role statistics (``hachi roles --stats --exact``): time and peak memory, against C.

    python -m benchmarks.stats_exact [--skip-c] [--stress [--brute]] [--limit SECONDS] [--methods auto,ranks,planes]

In the suite (``python -m benchmarks run statistics``): the standard table by every method (``--quick``:
``auto`` alone) against the C brute force over every hand, and (not with ``--quick``) the house
table against its C brute force over every deal.

Each measurement runs in a fresh process (so the peak resident memory is its own), once per
exact method: ``auto`` (what ``hachi roles --stats --exact`` does: the transfer over the ranks
within its budget, else the bit-sliced planes), ``ranks`` and ``planes`` alone; their counts are
compared with each other. A run is stopped after ``--limit`` CPU seconds (default 120) and
reported as "over" that, with the peak memory it had reached. The tables:

1. the standard table (rules/hand_roles.yaml), counted over the C(52,7) = 133,784,560 hands;
2. the house table tests/rulesets/valid/house_roles_context.yaml (card-set algebra, run(SET),
   the trump and the indicator), counted over the 133,784,560 x 45 = 6,020,305,200 deals;
3. a table of 30 card-triple roles (``count(cards 2s 3s 4s) == 3``...), which ran 28 minutes
   and 9.2 GB before exact counting went over the ranks.

With ``--stress``, also the worst-case tables of benchmarks/stress/ (30 roles each: card triples
scattered over ranks and suits, set algebra, run(SET) in suit sets, groups within a set, the
trump and the indicator); with ``--brute`` as well, each is also counted by the C brute force
generated from its table (tests/oracles/brute_c.py; minutes of CPU for a table counted over deals).

Baselines in the same run: the C brute force of benchmarks/roles.py over every hand of the
standard table, and a C brute force over every deal of the house table (written here, gcc -O2);
their counts are compared with ours role by role.
"""

from __future__ import annotations

import argparse
import json
import resource
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.record import ROOT, Result
from benchmarks.roles import C_HAND_LOOP, C_RUNS, C_SOURCE

NAME = "statistics"
HERE = Path(__file__).parent
BUILD = HERE / "build"
HOUSE = HERE.parent / "tests" / "rulesets" / "valid" / "house_roles_context_rules.yaml"
RANKS = "23456789TJQKA"
STRESS = HERE / "stress"
STRESS_TABLES = ("scattered_hands", "context_deals", "card_sets_deals")

C_HOUSE = r"""
/* Brute force over every deal (hand of 7, indicator among the other 45 cards) of the house table
   tests/rulesets/valid/house_roles_context.yaml: the standard roles plus six roles of card sets,
   the trump (the indicator's suit) and the indicator. card = rank*4 + suit, suits s h d c,
   ranks 2..A = 0..12, ace low in runs. */
#include <stdio.h>
static const char *names[] = {"shisan", "ichinishi", "haneken", "teshi", "nisanbon", "kuttsuki",
    "sanbon", "karasu", "hikariichi", "straight_flush", "flush", "straight",
    "red_faces", "trump_run", "no_trump", "indicator_pair", "trump_court", "black_run"};
enum {NROLES = 18};
""" + C_RUNS + r"""
int main(void) {
    long long count[NROLES] = {0}, none = 0, deals = 0;
    for (int m = 0; m < (1 << 13); m++) RUN[m] = (unsigned char)run_of(m);
    const int FACE = (1 << 9) | (1 << 10) | (1 << 11), ACE = 1 << 12;
""" + C_HAND_LOOP + r"""
        int hit[NROLES] = {0};
        int set = -1;
        if (n4 == 1 && n3 == 1) set = 0;
        else if (n4 == 1 && n2 == 1) set = 1;
        else if (n3 == 1 && n2 == 2) set = 2;
        else if (n4 == 1 && n2 == 0 && n3 == 0) set = 3;
        else if (n3 == 2) set = 4;
        else if (n2 == 3) set = 5;
        else if (n3 == 1 && n4 == 0 && n2 <= 1) set = 6;
        if (set >= 0) hit[set] = 1;
        if (light == 0) hit[7] = 1; else if (light == 1) hit[8] = 1;
        int srun = 0, maxs = 0;
        for (int s = 0; s < 4; s++) { if (RUN[sm[s]] > srun) srun = RUN[sm[s]]; if (sc[s] > maxs) maxs = sc[s]; }
        if (srun >= 5) hit[9] = 1; else if (maxs >= 5) hit[10] = 1; else if (RUN[rmask] >= 5) hit[11] = 1;
        hit[12] = __builtin_popcount(sm[1] & FACE) + __builtin_popcount(sm[2] & FACE) >= 2;
        hit[17] = RUN[(sm[0] | sm[3]) & ~FACE] >= 4;
        int base = 0;
        for (int i = 0; i < 18; i++) base |= hit[i];
        for (int t = 0; t < 4; t++) {
            int aces_off = 0;
            for (int s = 0; s < 4; s++) if (s != t && (sm[s] & ACE)) aces_off = 1;
            hit[13] = RUN[sm[t]] >= 3;
            hit[14] = sc[t] == 0;
            hit[16] = __builtin_popcount(sm[t] & FACE) >= 2 && !aces_off;
            for (int r = 0; r < 13; r++) {
                if (sm[t] >> r & 1) continue;            /* the indicator is not in the hand */
                hit[15] = rc[r] >= 2;
                int any = base | hit[13] | hit[14] | hit[15] | hit[16];
                for (int i = 0; i < NROLES; i++) count[i] += hit[i];
                none += !any;
                deals++;
            }
        }
    }
    printf("deals %lld\n", deals);
    for (int i = 0; i < NROLES; i++) printf("%s %lld\n", names[i], count[i]);
    printf("none %lld\n", none);
    return 0;
}
"""


def triples_table():
    """30 roles, each three cards in a row of one suit, written as card sets."""
    from hachihachi.ruleset.model import Name, RoleDef, RoleTable

    patterns = [f"count(cards {RANKS[i]}{s} {RANKS[i + 1]}{s} {RANKS[i + 2]}{s}) == 3"
                for s in "shdc" for i in range(11)][:30]
    roles = tuple(RoleDef(f"t{i}", Name(f"t{i}", f"t{i}"), None, p, 1, 1) for i, p in enumerate(patterns))
    return RoleTable(classes={}, groups={}, roles=roles)


def measure(which: str, method: str) -> dict:
    """Run in a child process: count one table exactly; time, peak memory and the counts."""
    from hachihachi.ruleset.cards import STANDARD_52
    from hachihachi.ruleset.loader import load_ruleset
    from hachihachi.ruleset.roles import compile_table
    from hachihachi.ruleset.stats import exact_counts

    if which == "triples":
        evaluator, size = compile_table(triples_table(), STANDARD_52), 7
    elif which in STRESS_TABLES:
        rules = load_ruleset(str(STRESS / f"{which}_rules.yaml"))
        evaluator, size = rules.evaluator, rules.hand_size
    else:
        rules = load_ruleset("hachihachi_trick" if which == "standard" else str(HOUSE))
        evaluator, size = rules.evaluator, rules.hand_size
    start = time.process_time()
    counts = exact_counts(evaluator, size, method=method)
    seconds = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"seconds": seconds, "peak_mb": peak, "unit": counts.unit, "total": counts.hands,
            "roles": counts.roles, "none": counts.none, "method": counts.method}


def stop_after(limit: int) -> None:
    """In a child: after ``limit`` CPU seconds, print how far it got (time, peak memory) and exit."""
    def stop(signum: int, frame: object) -> None:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(json.dumps({"seconds": time.process_time(), "peak_mb": peak, "stopped": True}), flush=True)
        os._exit(0)

    signal.signal(signal.SIGXCPU, stop)
    resource.setrlimit(resource.RLIMIT_CPU, (limit, resource.RLIM_INFINITY))


def run_child(which: str, method: str = "auto", limit: int | None = None) -> dict:
    cmd = [sys.executable, "-m", "benchmarks.stats_exact", "--child", which, "--method", method]
    out = subprocess.run(cmd + (["--limit", str(limit)] if limit else []), cwd=ROOT, check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout)


def run_c(name: str, source: str) -> tuple[float, dict] | None:
    """Compile and run a C brute force; its CPU seconds (as ours are CPU seconds) and its counts."""
    if not shutil.which("gcc"):
        return None
    BUILD.mkdir(exist_ok=True)
    src, exe = BUILD / f"{name}.c", BUILD / name
    src.write_text(source)
    subprocess.run(["gcc", "-O2", "-o", str(exe), str(src)], check=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return seconds, {k: int(v) for k, v in (line.split() for line in out.splitlines())}


def generated_c(rules: Path) -> tuple[float, dict] | None:
    """The brute force generated from a rule file's table (tests/oracles/brute_c.py): CPU seconds, counts."""
    if not shutil.which("gcc"):
        return None
    from tests.oracles.brute_c import brute_counts_file

    counts, seconds = brute_counts_file(str(rules), BUILD)
    return seconds, dict(counts.roles, none=counts.none)


def report(title: str, runs: list[dict], c: tuple[float, dict] | None, what: str = "C") -> dict:
    """Each method's time and memory (the first run is what ``--exact`` picks), checked against
    each other and against the C brute force; returns the figures (``same``: the counts agree)."""
    first = next(r for r in runs if not r.get("stopped"))
    print(f"{title}: {first['total']:,} {first['unit']}")
    for r in runs:
        label = f"{r['asked']} ({r['method']})" if r["asked"] == "auto" and "method" in r else r["asked"]
        if r.get("stopped"):
            print(f"  hachihachi {label:14} over {r['seconds']:6.1f} s CPU  peak {r['peak_mb']:7.1f} MB when stopped")
        else:
            print(f"  hachihachi {label:14} {r['seconds']:8.2f} s CPU  peak {r['peak_mb']:7.1f} MB")
    figures: dict = {"total": first["total"], "unit": first["unit"], "same": True}
    for r in runs:
        figures[f"{r['asked']}_s"] = None if r.get("stopped") else round(r["seconds"], 3)
        figures[f"{r['asked']}_peak_mb"] = round(r["peak_mb"], 1)
        if r["asked"] == "auto" and "method" in r:
            figures["auto_method"] = r["method"]
    done = [r for r in runs if not r.get("stopped")]
    if len(done) > 1:
        same = all(r["roles"] == first["roles"] and r["none"] == first["none"] for r in done)
        figures["same"] = same
        print(f"  counts: {'the same by every method' if same else 'DIFFERENT between methods'}")
    if c is None:
        return figures
    seconds, theirs = c
    ratio = first["seconds"] / seconds
    print(f"  C brute force -O2:     {seconds:8.2f} s CPU   ratio {first['asked']} / C: {ratio:.3f}x")
    same = all(theirs[k] == v for k, v in first["roles"].items()) and theirs["none"] == first["none"]
    print(f"  counts: {'all the same as ' + what if same else 'DIFFERENT'}")
    if not same:
        for k, v in list(first["roles"].items()) + [("none", first["none"])]:
            print(f"    {k:16} ours {v:>14,}  C {theirs[k]:>14,}")
    figures.update(c_s=round(seconds, 3), same=figures["same"] and same,
                   speed_vs_c=round(seconds / first["seconds"], 3))
    return figures


def runs_of(which: str, methods: list[str], limit: int | None = None) -> list[dict]:
    return [dict(run_child(which, m, limit), asked=m) for m in methods]


def bench(quick: bool = False) -> Result:
    """The suite's run: the standard table (every method; ``quick``: ``auto``) against its C brute
    force over every hand; not ``quick``: the house table against its C brute force over every deal."""
    if not shutil.which("gcc"):
        raise SystemExit("statistics: the C baseline needs gcc")
    methods = ["auto"] if quick else ["auto", "ranks", "planes"]
    result = Result(params={"quick": quick, "methods": methods})
    tables = [("standard", "standard table", C_SOURCE, "roles_brute")]
    if not quick:
        tables.append(("house", "house table (card sets, trump, indicator)", C_HOUSE, "house_brute"))
    for which, title, source, exe in tables:
        figures = report(title, runs_of(which, methods), run_c(exe, source))
        result.figures.update({f"{which}_{k}": v for k, v in figures.items()})
        result.ratios[f"{which}: exact auto / C brute force (speed)"] = figures["speed_vs_c"]
        result.ok = result.ok and figures["same"]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-c", action="store_true")
    parser.add_argument("--stress", action="store_true", help="also count the tables of benchmarks/stress/")
    parser.add_argument("--brute", action="store_true",
                        help="with --stress: check the stress tables against the C generated from each")
    parser.add_argument("--limit", type=int, default=120, help="CPU seconds per stress-table run before it is stopped")
    parser.add_argument("--methods", default="auto,ranks,planes",
                        help="exact methods to time, comma separated (auto = what --exact picks)")
    parser.add_argument("--method", default="auto", help=argparse.SUPPRESS)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        if args.limit:
            stop_after(args.limit)
        print(json.dumps(measure(args.child, args.method)))
        return
    methods = args.methods.split(",")
    report("standard table", runs_of("standard", methods, args.limit),
           None if args.skip_c else run_c("roles_brute", C_SOURCE))
    report("house table (card sets, trump, indicator)", runs_of("house", methods, args.limit),
           None if args.skip_c else run_c("house_brute", C_HOUSE))
    report("30 card-triple roles", runs_of("triples", methods, args.limit), None)
    if args.stress:
        for name in STRESS_TABLES:
            report(f"stress table {name}", runs_of(name, methods, args.limit),
                   generated_c(STRESS / f"{name}_rules.yaml") if args.brute else None, "the generated C")


if __name__ == "__main__":
    main()
