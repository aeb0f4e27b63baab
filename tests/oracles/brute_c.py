"""A C brute force generated from any role table: exact role counts to check ``--stats --exact``.

    python -m tests.oracles.brute_c RULES.yaml [--build DIR] [--compare]

The table is read through the library's own compiler: every card set of every pattern becomes a
64-bit mask (``TableCompiler.cardset_mask``, suit-major bit ``suit * ranks + rank``) per context,
written into the C source as constants, and every pattern becomes a C expression over the hand's
mask. Nothing of the table is written by hand, and no text of the rule file reaches the C source:
roles and combos are numbered, and the numbers are mapped back to their ids here.

What is counted is what ``exact_counts`` counts (ruleset/stats.py): every hand, or, when the table
reads the trump or the indicator, every deal (each indicator card, the trump its suit, with each
hand of the other cards). Per hand or deal: the roles after groups and combos as
``_ids_with_parts`` reports them, and ``none`` when no role matched at all.

The C loop: hands enumerated incrementally (one OR per card), the hand's rank counts, shape and
runs once per hand (runs from a table of 2^ranks entries), the atoms that read no context once
per hand, the others once per deal with that indicator's masks.

With ``--compare``, also runs ``exact_counts`` (in this process) and says whether the counts agree.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import resource
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from math import comb
from pathlib import Path

from hachihachi.ruleset.compiler import OPS, Context
from hachihachi.ruleset.features import DeckTables
from hachihachi.ruleset.patterns import (
    And, Compare, Count, Groups, MaxSuit, Not, Number, Or, Run, RunIn, Shape, SuitRun,
)
from hachihachi.ruleset.roles import RoleEvaluator
from hachihachi.ruleset.stats import DEALS, HANDS, RoleCounts, counts_deals

BUILD = Path(__file__).resolve().parents[2] / "benchmarks" / "build"     # ignored by git
C_OPS = {"==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
SHAPE_BITS = 4          # the shape key: 4 bits per group size, how many ranks are held that many times


@dataclass(frozen=True)
class Program:
    """Generated C source and what its output lines mean."""

    source: str
    ids: tuple[str, ...]        # output index -> role or combo id
    unit: str
    total: int


class _Gen:
    """Turns one role table into C: masks per context, atoms, role formulas, groups and combos."""

    def __init__(self, evaluator: RoleEvaluator, hand_size: int):
        self.ev, self.compiler = evaluator, evaluator.compiler
        self.table, self.deck = evaluator.table, evaluator.deck
        self.t: DeckTables = self.compiler.tables
        self.size = hand_size
        R, S = self.t.ranks, self.t.suits
        if R * S > 64 or R > 16 or len(self.table.roles) > 64 or hand_size // 2 >= 1 << SHAPE_BITS:
            raise ValueError("the generated brute force takes up to 64 cards, 16 ranks and 64 roles")
        self.deals = counts_deals(self.compiler, None, None)
        cards = list(self.deck.cards)
        if sorted(self.t.hand_bit[c] for c in cards) != [1 << p for p in range(R * S)]:
            raise ValueError("the generated brute force takes decks of every rank in every suit")
        # contexts by the bit position of the indicator card (deals), or the one empty context
        if self.deals:
            self.contexts = [Context(self.deck.suit(c), c) for c in cards]
            self.positions = [self.t.hand_bit[c].bit_length() - 1 for c in cards]
        else:
            self.contexts, self.positions = [Context(None, None)], [0]
        self.slots: list[list[int]] = []          # context-dependent masks: one value per context
        self._slot_of: dict[tuple[int, ...], int] = {}
        self._varies = False

    # ------------------------------------------------------------ card sets and quantities
    def mask(self, cardset: object) -> str:
        values = tuple(self.compiler.cardset_mask(cardset, ctx) for ctx in self.contexts)  # type: ignore[arg-type]
        if all(v == values[0] for v in values):
            return f"0x{values[0]:x}ULL"
        self._varies = True
        if values not in self._slot_of:
            self._slot_of[values] = len(self.slots)
            self.slots.append(list(values))
        return f"m[{self._slot_of[values]}]"

    def quantity(self, node: object) -> str:
        if isinstance(node, Number):
            return str(node.value)
        if isinstance(node, Count):
            return f"__builtin_popcountll(h & {self.mask(node.cardset)})"
        if isinstance(node, Run):
            return "run"
        if isinstance(node, SuitRun):
            return "suit_run"
        if isinstance(node, MaxSuit):
            return "max_suit"
        if isinstance(node, RunIn):
            return f"run_in(h & {self.mask(node.cardset)})"
        if isinstance(node, Groups):
            if node.op not in OPS:
                raise ValueError(f"unknown comparison {node.op!r}")
            if node.cardset is None:          # ranks held, whose count passes the test
                passing = [c for c in range(1, self.t.suits + 1) if OPS[node.op](c, node.n)]
                return "(" + " + ".join([f"hist[{c}]" for c in passing] or ["0"]) + ")"
            return f"groups_in(h & {self.mask(node.cardset)}, {_TESTS[node.op]}, {node.n})"
        raise ValueError(f"no C for the quantity {type(node).__name__}")

    def atom(self, node: Compare | Shape) -> tuple[str, bool]:
        """The C expression of a comparison or shape, and whether it reads the context."""
        self._varies = False
        if isinstance(node, Shape):
            if any(size > self.t.suits for size in node.sizes):
                return "0", False               # more cards of a rank than the deck has
            key = 0
            for size in node.sizes:
                key += 1 << (SHAPE_BITS * size)
            return f"(shape == 0x{key:x}ULL)", False
        expr = f"({self.quantity(node.left)} {C_OPS[node.op]} {self.quantity(node.right)})"
        return expr, self._varies

    def formula(self, node: object, atoms: dict[object, int], exprs: list[tuple[str, bool]]) -> str:
        if isinstance(node, (Compare, Shape)):
            if node not in atoms:
                atoms[node] = len(exprs)
                exprs.append(self.atom(node))
            return f"a{atoms[node]}"
        if isinstance(node, Not):
            return f"!{self.formula(node.part, atoms, exprs)}"
        if isinstance(node, (And, Or)):
            joiner = " && " if isinstance(node, And) else " || "
            return "(" + joiner.join(self.formula(p, atoms, exprs) for p in node.parts) + ")"
        raise ValueError(f"no C for the pattern {type(node).__name__}")

    # ------------------------------------------------------------ the program
    def program(self) -> Program:
        if self.compiler.errors:
            raise self.compiler.errors[0]
        atoms: dict[object, int] = {}
        exprs: list[tuple[str, bool]] = []
        roles = [self.formula(p, atoms, exprs) for p in self.compiler.patterns]
        varying = [any(exprs[j][1] for j in _atoms_in(f)) for f in roles]
        ids: list[str] = []
        index: dict[str, int] = {}
        for rid in [r.id for r in self.table.roles] + [c.id for c in self.table.combos]:
            if rid not in index:
                index[rid] = len(ids)
                ids.append(rid)
        cards = list(self.deck.cards)
        n_cards = self.t.ranks * self.t.suits
        if self.deals:
            unit, total = DEALS, len(cards) * comb(len(cards) - 1, self.size)
        else:
            unit, total = HANDS, comb(len(cards), self.size)
        src = [_HEAD.format(R=self.t.ranks, S=self.t.suits, NOUT=len(ids), NCARDS=n_cards,
                            FULL=(1 << n_cards) - 1, FULLR=self.t.full_ranks, ACE_LOW=int(self.t.ace_low),
                            SB=SHAPE_BITS)]
        nslots = max(1, len(self.slots))
        rows = []
        for pos in range(n_cards):
            if pos in self.positions:
                k = self.positions.index(pos)
                rows.append("{" + ", ".join(f"0x{s[k]:x}ULL" for s in self.slots) + "}" if self.slots else "{0}")
            else:
                rows.append("{0}")
        src.append(f"static const uint64_t M[{n_cards}][{nslots}] = {{\n  " + ",\n  ".join(rows) + "};\n")
        src.append(self._resolver(index))
        src.append(_MAIN_START)
        src.append(_hand_loops(self.size, n_cards))
        src.append(_HAND_FEATURES)
        for j, (expr, var) in enumerate(exprs):
            if not var:
                src.append(f"    int a{j} = {expr};\n")
        base = " | ".join(f"((uint64_t)({f}) << {i})" for i, f in enumerate(roles) if not varying[i]) or "0"
        src.append(f"    uint64_t base = {base};\n")
        if self.deals:
            src.append("    uint64_t rest = FULL & ~h;\n    while (rest) {\n"
                       "      int p = __builtin_ctzll(rest); rest &= rest - 1;\n"
                       "      const uint64_t *m = M[p]; (void)m;\n")
        else:
            src.append("    {\n      const uint64_t *m = M[0]; (void)m;\n")
        for j, (expr, var) in enumerate(exprs):
            if var:
                src.append(f"      int a{j} = {expr};\n")
        more = " | ".join(f"((uint64_t)({f}) << {i})" for i, f in enumerate(roles) if varying[i]) or "0"
        src.append(f"      uint64_t matched = base | {more};\n"
                   "      none += matched == 0;\n      total++;\n      if (matched) resolve(matched, cnt);\n    }\n")
        src.append("}" * self.size + "\n")
        src.append(_MAIN_END)
        return Program("".join(src), tuple(ids), unit, total)

    def _resolver(self, index: dict[str, int]) -> str:
        """``resolve(matched, cnt)``: groups (highest go, first listed on ties), then combos in order,
        then each hit's id (and a combo's roles) counted, as ``resolve_roles``/``_ids_with_parts``."""
        roles = self.table.roles
        grouped: dict[object, list[int]] = {}
        for i, role in enumerate(roles):
            if role.group is not None:
                grouped.setdefault(role.group, []).append(i)
        ungrouped = sum(1 << i for i, r in enumerate(roles) if r.group is None)
        out = ["static inline void resolve(uint64_t matched, long long *cnt) {\n",
               f"  uint64_t kept = matched & 0x{ungrouped:x}ULL;\n"]
        for members in grouped.values():
            order = sorted(members, key=lambda i: (-roles[i].go, i))
            chain = " else ".join(f"if (matched >> {i} & 1) kept |= 1ULL << {i};" for i in order)
            out.append(f"  {chain}\n")
        role_out = ", ".join(str(index[r.id]) for r in roles)
        out.append(f"  static const int ROLE_OUT[] = {{{role_out}}};\n")
        if not self.table.combos:
            out.append("  while (kept) { int i = __builtin_ctzll(kept); kept &= kept - 1; cnt[ROLE_OUT[i]]++; }\n}\n")
            return "".join(out)
        combos = self.table.combos
        # The usual case first: when no combo has all its roles kept, the kept roles are the hits.
        # (A combo naming a combo, or an id of several roles, always takes the long way.)
        role_bits = {r.id: [i for i, x in enumerate(roles) if x.id == r.id] for r in roles}
        combo_ids = {c.id for c in combos}
        tests = []
        for c in combos:
            if not c.roles:
                continue            # never fires
            if any(len(role_bits.get(r, [])) != 1 or r in combo_ids for r in c.roles):
                tests = ["1"]
                break
            need_bits = sum(1 << role_bits[r][0] for r in c.roles)
            tests.append(f"(kept & 0x{need_bits:x}ULL) == 0x{need_bits:x}ULL")
        out.append(f"  if (!({' || '.join(tests) or '0'})) {{\n"
                   "    while (kept) { int i = __builtin_ctzll(kept); kept &= kept - 1; cnt[ROLE_OUT[i]]++; }\n"
                   "    return;\n  }\n")
        width = max(1, max(len(c.roles) for c in combos))
        maxh = len(roles) + len(combos)
        rows = [[index.get(r, -1) for r in c.roles] + [-1] * (width - len(c.roles)) for c in combos]
        need = ", ".join("{" + ", ".join(map(str, row)) + "}" for row in rows)
        out.append(f"""  enum {{NC = {len(combos)}, W = {width}, MAXH = {maxh}, MAXP = {max(1, width)}}};
  static const int CLEN[NC] = {{{", ".join(str(len(c.roles)) for c in combos)}}};
  static const int CID[NC] = {{{", ".join(str(index[c.id]) for c in combos)}}};
  static const int NEED[NC][W] = {{{need}}};
  int hid[MAXH], np[MAXH], pt[MAXH][MAXP], n = 0;
  while (kept) {{
    int i = __builtin_ctzll(kept); kept &= kept - 1; hid[n] = ROLE_OUT[i]; np[n] = 1; pt[n][0] = i; n++;
  }}
  for (int c = 0; c < NC; c++) {{
    int ok = CLEN[c] > 0, first = MAXH, at[W];
    for (int k = 0; k < CLEN[c] && ok; k++) {{
      int j = -1;
      for (int x = 0; x < n; x++) if (hid[x] == NEED[c][k]) j = x;   /* the last hit with that id */
      if (j < 0 || np[j] != 1) ok = 0; else {{ at[k] = j; if (j < first) first = j; }}
    }}
    if (!ok) continue;
    int nid[MAXH], nnp[MAXH], npt[MAXH][MAXP], m = 0;
    for (int x = 0; x < n; x++) {{
      int drop = 0;
      for (int k = 0; k < CLEN[c]; k++) drop |= hid[x] == NEED[c][k];
      if (drop) continue;
      nid[m] = hid[x]; nnp[m] = np[x]; for (int q = 0; q < np[x]; q++) npt[m][q] = pt[x][q]; m++;
    }}
    int pos = first < m ? first : m;
    for (int x = m; x > pos; x--) {{ nid[x] = nid[x - 1]; nnp[x] = nnp[x - 1];
      for (int q = 0; q < nnp[x]; q++) npt[x][q] = npt[x - 1][q]; }}
    nid[pos] = CID[c]; nnp[pos] = CLEN[c];
    for (int k = 0; k < CLEN[c]; k++) npt[pos][k] = pt[at[k]][0];
    n = m + 1;
    for (int x = 0; x < n; x++) {{
      hid[x] = nid[x]; np[x] = nnp[x]; for (int q = 0; q < np[x]; q++) pt[x][q] = npt[x][q];
    }}
  }}
  for (int x = 0; x < n; x++) {{
    cnt[hid[x]]++;
    if (np[x] > 1 || ROLE_OUT[pt[x][0]] != hid[x]) for (int q = 0; q < np[x]; q++) cnt[ROLE_OUT[pt[x][q]]]++;
  }}
}}
""")
        return "".join(out)


_TESTS = {"==": 0, "!=": 1, "<": 2, "<=": 3, ">": 4, ">=": 5}


def _atoms_in(formula: str) -> list[int]:
    return [int(x) for x in re.findall(r"\ba(\d+)\b", formula)]


def _hand_loops(size: int, n_cards: int) -> str:
    """Nested loops over every hand of ``size`` of ``n_cards`` bit positions, one OR per card."""
    out = []
    for d in range(size):
        start = "0" if d == 0 else f"i{d - 1} + 1"
        prev = "0" if d == 0 else f"h{d - 1}"
        out.append(f"{'  ' * d}for (int i{d} = {start}; i{d} < {n_cards - size + d + 1}; i{d}++) {{ "
                   f"uint64_t h{d} = {prev} | (1ULL << i{d});\n")
    out.append(f"    uint64_t h = h{size - 1};\n" if size else "    uint64_t h = 0;\n")
    return "".join(out)


_HEAD = r"""/* Generated by tests/oracles/brute_c.py from a role table: do not edit. */
#include <stdio.h>
#include <stdint.h>
enum {{R = {R}, S = {S}, NOUT = {NOUT}, NCARDS = {NCARDS}, ACE_LOW = {ACE_LOW}, SB = {SB}}};
#define FULL 0x{FULL:x}ULL
#define FULLR 0x{FULLR:x}ULL
static unsigned char RUN[1 << R];
static uint64_t RANKCOL[R];
static inline int test(int op, int k, int n) {{
  switch (op) {{ case 0: return k == n; case 1: return k != n; case 2: return k < n;
                case 3: return k <= n; case 4: return k > n; default: return k >= n; }}
}}
static inline int run_in(uint64_t held) {{        /* the ranks of held cards, any suit */
  uint64_t r = 0;
  for (int s = 0; s < S; s++) r |= (held >> (s * R)) & FULLR;
  return RUN[r];
}}
static inline int groups_in(uint64_t held, int op, int n) {{
  int g = 0;
  for (int r = 0; r < R; r++) {{ int k = __builtin_popcountll(held & RANKCOL[r]); g += k && test(op, k, n); }}
  return g;
}}
static int run_of(unsigned m) {{
  if (ACE_LOW && R > 1 && (m >> (R - 1) & 1)) m = (m << 1) | 1;
  int n = 0;
  while (m) {{ m &= m << 1; n++; }}
  return n;
}}
"""

_MAIN_START = r"""int main(void) {
  static long long cnt[NOUT > 0 ? NOUT : 1];
  long long none = 0, total = 0;
  for (unsigned m = 0; m < (1u << R); m++) RUN[m] = (unsigned char)run_of(m);
  for (int r = 0; r < R; r++) { RANKCOL[r] = 0; for (int s = 0; s < S; s++) RANKCOL[r] |= 1ULL << (s * R + r); }
"""

_HAND_FEATURES = r"""    unsigned sm[S]; unsigned rm = 0; int suit_run = 0, max_suit = 0;
    for (int s = 0; s < S; s++) {
      sm[s] = (unsigned)((h >> (s * R)) & FULLR); rm |= sm[s];
      if (RUN[sm[s]] > suit_run) suit_run = RUN[sm[s]];
      int c = __builtin_popcount(sm[s]); if (c > max_suit) max_suit = c;
    }
    int run = RUN[rm];
    int hist[S + 1] = {0}; uint64_t shape = 0;
    for (int r = 0; r < R; r++) {
      int c = __builtin_popcountll(h & RANKCOL[r]); hist[c]++; if (c > 1) shape += 1ULL << (SB * c);
    }
    (void)suit_run; (void)max_suit; (void)run; (void)shape;
"""

_MAIN_END = r"""  printf("total %lld\nnone %lld\n", total, none);
  for (int i = 0; i < NOUT; i++) printf("%d %lld\n", i, cnt[i]);
  return 0;
}
"""


def generate(evaluator: RoleEvaluator, hand_size: int) -> Program:
    """The C brute force of a compiled role table (``ruleset.evaluator``) for hands of ``hand_size``."""
    return _Gen(evaluator, hand_size).program()


def compile_program(program: Program, build: Path = BUILD) -> Path:
    """``gcc -O2`` the source into ``build`` (named by its hash); the executable's path."""
    gcc = shutil.which("gcc")
    if gcc is None:
        raise RuntimeError("gcc is not installed")
    build.mkdir(parents=True, exist_ok=True)
    name = "brute_" + hashlib.sha256(program.source.encode()).hexdigest()[:16]
    src, exe = build / f"{name}.c", build / name
    if not exe.exists():
        src.write_text(program.source)
        subprocess.run([gcc, "-O2", "-march=native", "-o", str(exe), str(src)], check=True)
    return exe


def run_program(program: Program, exe: Path) -> tuple[RoleCounts, float]:
    """Run the executable; its counts (the shape of ``exact_counts``) and its CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    values = dict(line.split() for line in out.splitlines())
    if int(values["total"]) != program.total:
        raise RuntimeError(f"the C brute force counted {values['total']} {program.unit}, not {program.total}")
    roles = {rid: int(values[str(i)]) for i, rid in enumerate(program.ids)}
    return RoleCounts(program.total, True, roles, int(values["none"]), unit=program.unit, method="brute_c"), seconds


def brute_counts(evaluator: RoleEvaluator, hand_size: int, build: Path = BUILD) -> tuple[RoleCounts, float]:
    """Generate, compile and run the brute force of a compiled table: its counts and CPU seconds."""
    program = generate(evaluator, hand_size)
    return run_program(program, compile_program(program, build))


def brute_counts_file(path: str, build: Path = BUILD) -> tuple[RoleCounts, float]:
    """The same for a rule file (or a bundled ruleset's name)."""
    from hachihachi.ruleset.loader import load_ruleset

    rules = load_ruleset(path)
    return brute_counts(rules.evaluator, rules.hand_size, build)


def same_counts(a: RoleCounts, b: RoleCounts) -> bool:
    return (a.unit, a.hands, a.roles, a.none) == (b.unit, b.hands, b.roles, b.none)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", help="a rule file, or a bundled ruleset's name (hachihachi_trick)")
    parser.add_argument("--build", type=Path, default=BUILD, help="where the C source and executable go")
    parser.add_argument("--compare", action="store_true", help="also count with exact_counts and compare")
    args = parser.parse_args(argv)
    counts, seconds = brute_counts_file(args.rules, args.build)
    print(f"{args.rules}: {counts.hands:,} {counts.unit}, C brute force -O2 {seconds:.2f} s CPU")
    for rid, n in counts.roles.items():
        print(f"  {rid:20} {n:>16,}")
    print(f"  {'none':20} {counts.none:>16,}")
    if not args.compare:
        return 0
    from hachihachi.ruleset.loader import load_ruleset
    from hachihachi.ruleset.stats import exact_counts

    rules = load_ruleset(args.rules)
    start = time.process_time()
    ours = exact_counts(rules.evaluator, rules.hand_size)
    ours_s = time.process_time() - start
    same = same_counts(ours, counts)
    print(f"  exact_counts ({ours.method}) {ours_s:.2f} s CPU; counts: "
          f"{'all the same as the generated C' if same else 'DIFFERENT'}")
    if not same:
        for rid in list(ours.roles) + ["none"]:
            a = ours.none if rid == "none" else ours.roles[rid]
            b = counts.none if rid == "none" else counts.roles[rid]
            if a != b:
                print(f"    {rid:20} ours {a:>16,}  C {b:>16,}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
