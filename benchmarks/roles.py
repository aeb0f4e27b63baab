"""Hand-role speed, measured against baselines in the same run.

    python -m benchmarks.roles [--hands 1000000] [--seed 1] [--skip-c]

1. Hands per second for the standard table (``evaluate_many``: roles and totals; and
   ``evaluate``: with witness cards) against treys' 7-card evaluator on the same hands.
2. ``hachi roles --stats --exact`` (``exact_counts``) against a brute-force enumeration of all
   C(52,7) hands of the same table in C (written to benchmarks/build/, gcc -O2), whose counts
   are also printed so the two can be compared.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import time
from pathlib import Path

from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.stats import exact_counts

BUILD = Path(__file__).parent / "build"

C_RUNS = r"""
static int run_of(int mask) {                   /* longest run, ace low */
    if (mask & (1 << 12)) mask = (mask << 1) | 1;
    int n = 0;
    while (mask) { mask &= mask << 1; n++; }
    return n;
}
static unsigned char RUN[1 << 13];
"""

C_HAND_LOOP = r"""
    int c[7];
    for (c[0] = 0; c[0] < 52; c[0]++) for (c[1] = c[0] + 1; c[1] < 52; c[1]++)
    for (c[2] = c[1] + 1; c[2] < 52; c[2]++) for (c[3] = c[2] + 1; c[3] < 52; c[3]++)
    for (c[4] = c[3] + 1; c[4] < 52; c[4]++) for (c[5] = c[4] + 1; c[5] < 52; c[5]++)
    for (c[6] = c[5] + 1; c[6] < 52; c[6]++) {
        int rc[13] = {0}, sc[4] = {0}, sm[4] = {0}, light = 0, rmask = 0;
        for (int i = 0; i < 7; i++) {
            int r = c[i] >> 2, s = c[i] & 3;
            rc[r]++; sc[s]++; sm[s] |= 1 << r; rmask |= 1 << r;
            light += r >= 8;
        }
        int n2 = 0, n3 = 0, n4 = 0;
        for (int r = 0; r < 13; r++) { n2 += rc[r] == 2; n3 += rc[r] == 3; n4 += rc[r] == 4; }
"""
# (above: every 7-card hand c[0..6] of 52, with rank counts rc, suit counts sc, suit masks sm, the
# rank mask, the light cards and n2/n3/n4, ranks held 2, 3, 4 times; stats_exact.py reuses it)

C_SOURCE = r"""
/* Brute force over all C(52,7) hands of the standard role table (rules/hand_roles.yaml).
   card = rank*4 + suit, ranks 2..A = 0..12; light = T J Q K A (ranks 8..12); ace low in runs. */
#include <stdio.h>
enum {SHISAN, ICHINISHI, HANEKEN, TESHI, NISANBON, KUTTSUKI, SANBON, KARASU, HIKARIICHI,
      SF, FLUSH, STRAIGHT, NROLES};
static const char *names[] = {"shisan", "ichinishi", "haneken", "teshi", "nisanbon", "kuttsuki",
    "sanbon", "karasu", "hikariichi", "straight_flush", "flush", "straight"};
""" + C_RUNS + r"""
int main(void) {
    long long count[NROLES] = {0}, none = 0, hands = 0;
    for (int m = 0; m < (1 << 13); m++) RUN[m] = (unsigned char)run_of(m);
""" + C_HAND_LOOP + r"""
        int any = 0, set = -1;
        if (n4 == 1 && n3 == 1) set = SHISAN;
        else if (n4 == 1 && n2 == 1) set = ICHINISHI;
        else if (n3 == 1 && n2 == 2) set = HANEKEN;
        else if (n4 == 1 && n2 == 0 && n3 == 0) set = TESHI;
        else if (n3 == 2) set = NISANBON;
        else if (n2 == 3) set = KUTTSUKI;
        else if (n3 == 1 && n4 == 0 && n2 <= 1) set = SANBON;
        if (set >= 0) { count[set]++; any = 1; }
        if (light == 0) { count[KARASU]++; any = 1; }
        else if (light == 1) { count[HIKARIICHI]++; any = 1; }
        int srun = 0, maxs = 0;
        for (int s = 0; s < 4; s++) { if (RUN[sm[s]] > srun) srun = RUN[sm[s]]; if (sc[s] > maxs) maxs = sc[s]; }
        if (srun >= 5) { count[SF]++; any = 1; }
        else if (maxs >= 5) { count[FLUSH]++; any = 1; }
        else if (RUN[rmask] >= 5) { count[STRAIGHT]++; any = 1; }
        none += !any;
        hands++;
    }
    printf("hands %lld\n", hands);
    for (int i = 0; i < NROLES; i++) printf("%s %lld\n", names[i], count[i]);
    printf("none %lld\n", none);
    return 0;
}
"""


def bench_hands(n: int, seed: int) -> None:
    rules = load_ruleset("hachihachi_trick")
    evaluator, deck = rules.evaluator, rules.deck
    rng = random.Random(seed)
    hands = [tuple(rng.sample(range(52), 7)) for _ in range(n)]
    start = time.perf_counter()
    results = evaluator.evaluate_many(hands)
    many = n / (time.perf_counter() - start)
    sub = hands[: max(1, n // 5)]
    start = time.perf_counter()
    for hand in sub:
        evaluator.evaluate(hand)
    full = len(sub) / (time.perf_counter() - start)
    print(f"hands: {n:,} seeded random 7-card hands (seed {seed}); {sum(1 for r in results if r.hits):,} with a role")
    print(f"hachihachi evaluate_many (roles + totals): {many:12,.0f} hands/s")
    print(f"hachihachi evaluate (with witness cards):  {full:12,.0f} hands/s  (on {len(sub):,} hands)")
    try:
        from treys import Card, Evaluator
    except ImportError:
        print("treys: not installed (pip install '.[bench]'); no baseline")
        return
    ev = Evaluator()
    tcards = [Card.new(deck.name(c)) for c in deck.cards]
    thands = [[tcards[c] for c in h] for h in hands]
    start = time.perf_counter()
    for h in thands:
        ev.evaluate(h[:2], h[2:])
    treys = n / (time.perf_counter() - start)
    print(f"treys Evaluator.evaluate (7 cards):        {treys:12,.0f} hands/s")
    print(f"ratio evaluate_many / treys: {many / treys:.2f}x   evaluate / treys: {full / treys:.2f}x")


def bench_exact(skip_c: bool) -> None:
    rules = load_ruleset("hachihachi_trick")
    start = time.perf_counter()
    counts = exact_counts(rules.evaluator, rules.hand_size)
    ours = time.perf_counter() - start
    print(f"exact counts (hachihachi): {ours:8.2f} s  none={counts.none:,}")
    if skip_c or not shutil.which("gcc"):
        print("C brute force: skipped (no gcc)" if not skip_c else "C brute force: skipped")
        return
    BUILD.mkdir(exist_ok=True)
    src, exe = BUILD / "roles_brute.c", BUILD / "roles_brute"
    src.write_text(C_SOURCE)
    subprocess.run(["gcc", "-O2", "-o", str(exe), str(src)], check=True)
    start = time.perf_counter()
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout
    brute = time.perf_counter() - start
    c_counts = dict(line.split() for line in out.splitlines())
    print(f"C brute force (gcc -O2):   {brute:8.2f} s  none={int(c_counts['none']):,}")
    print(f"ratio exact / C: {ours / brute:.2f}x")
    for role, n in counts.roles.items():
        same = "same" if int(c_counts[role]) == n else f"DIFFERENT (C {int(c_counts[role]):,})"
        print(f"  {role:16} {n:>12,}  {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-c", action="store_true")
    args = parser.parse_args()
    bench_hands(args.hands, args.seed)
    bench_exact(args.skip_c)


if __name__ == "__main__":
    main()
