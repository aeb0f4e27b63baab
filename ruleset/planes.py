"""Exact role counts by bit-sliced enumeration: every hand is one bit of a big integer.

The hands of ``k`` cards are numbered in colex order. A card's *plane* is the integer whose bit
``h`` is set when hand ``h`` holds the card. Every quantity of the pattern language becomes a
*ladder* of planes, ``ge[j]`` being the hands where it is at least ``j`` (a count adds its cards'
planes one by one: ``ge[j] |= ge[j - 1] & card``); comparisons, runs, groups, shapes, the role
formulas, groups of roles and combos are and/or/xor of planes; the hands with a role are a
popcount. Python's integers (or GMP's, through gmpy2) do each operation for every hand at once.

Unlike the transfer over the ranks (:mod:`.exact`), whose states multiply with card sets
scattered over the ranks, the cost here is the table's number of operations times the number of
hands, whatever the table's shape. :func:`~.stats.exact_counts` takes the transfer while its
states stay few (the standard table: a third of a second) and this otherwise.

Memory stays bounded because the hands are taken in chunks: those whose highest card is ``h``,
for each ``h`` (at most C(51, 6) hands, 2.3 MB a plane, for 7 of 52).

Deals: for each indicator card, the hands of the other cards are the hands whose bit is clear in
the indicator's plane. Roles that read neither the trump nor the indicator are computed once per
chunk; those that read only the trump once per trump suit; the others once per indicator. Suits
the table does not tell apart share a trump pass, weighted by their number, as in the transfer.
"""

from __future__ import annotations

import ctypes
import importlib
import sys
from dataclasses import dataclass, field
from math import comb
from typing import Any, Callable, Iterable, Iterator, Sequence

from .compiler import FLIPPED, OPS, Context, TableCompiler
from .exact import PassCounts, levels_for
from .patterns import (And, Compare, Count, Groups, MaxSuit, Not, Number, Or,
                       Pattern, Run, RunIn, Shape, SuitRun, walk)
from .patterns import Quantity as QuantityNode
from .model import Combo, RoleTable

Ladder = list[int]          # ge[j]: the hands where a quantity is at least j (ge[0]: every hand)
FIXED, TRUMP, INDICATOR = 0, 1, 2   # what a role reads of the context: nothing, the trump, the indicator


@dataclass(frozen=True)
class Backend:
    """The integers planes are made of: Python's own, or GMP's (gmpy2, the ``[fast]`` extra), as
    fast at and/or/xor of millions of bits and much faster at counting them."""

    name: str
    big: Callable[[int], int]
    popcount: Callable[[int], int]


PYTHON = Backend("python", int, int.bit_count)


def gmp_backend() -> Backend | None:
    try:
        gmpy2: Any = importlib.import_module("gmpy2")
    except ImportError:
        return None
    return Backend("gmpy2", gmpy2.mpz, gmpy2.popcount)


def default_backend() -> Backend:
    return gmp_backend() or PYTHON


_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3


def _beats(go: int, index: int, other_go: int, other_index: int) -> bool:
    """Whether a role outranks another of its group: a higher go, or the same go listed first."""
    return go > other_go or (go == other_go and index < other_index)


def _big_blocks_from_the_heap(on: bool) -> None:
    """With glibc, every plane of a growing chunk is a fresh block above malloc's mmap threshold,
    so each operation would map, fault in and unmap its result: twice the work. While counting,
    blocks up to 32 MB come from the heap instead; afterwards both thresholds go back to glibc's
    starting values (128 KB) and the heap is trimmed."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None)
        if on:
            libc.mallopt(_M_MMAP_THRESHOLD, 32 << 20)
            libc.mallopt(_M_TRIM_THRESHOLD, 64 << 20)
        else:
            libc.mallopt(_M_MMAP_THRESHOLD, 128 << 10)
            libc.mallopt(_M_TRIM_THRESHOLD, 128 << 10)
            libc.malloc_trim(0)
    except (OSError, AttributeError):     # not glibc: its defaults stay
        pass


@dataclass
class Chunk:
    """The hands whose highest card (in the enumeration's order) is one given card."""

    size: int
    ones: int                               # every hand of the chunk: (1 << size) - 1
    planes: dict[int, int] = field(default_factory=dict)   # mask bit -> plane; absent: held by no hand

    def plane(self, bit: int) -> int:
        return self.planes.get(bit, 0)


def hand_chunks(bits: Sequence[int], k: int, big: Callable[[int], int] = int) -> Iterator[Chunk]:
    """Every ``k``-subset of ``bits`` (mask bit positions), chunked by its highest element.

    ``levels[j][e]`` is the plane of element ``e`` over the ``j``-subsets of the first ``m``
    elements in colex order; adding element ``m`` appends the subsets that hold it after those
    that do not: ``new[j][e] = levels[j][e] | levels[j - 1][e] << C(m, j)``.
    """
    n, one = len(bits), big(1)
    if k <= 0:
        yield Chunk(1, one)
        return
    levels: list[list[int]] = [[] for _ in range(k)]
    for m in range(n):
        size = comb(m, k - 1)
        if size:
            ones = (one << size) - 1
            planes = {bits[e]: p for e, p in enumerate(levels[k - 1]) if p}
            planes[bits[m]] = ones              # the chunk's highest card is in every hand of it
            yield Chunk(size, ones, planes)
        if m == n - 1:
            break
        for j in range(k - 1, 0, -1):
            shift = comb(m, j)
            lower = levels[j - 1]
            levels[j] = [p | (q << shift) for p, q in zip(levels[j], lower)] + [((one << comb(m, j - 1)) - 1) << shift]
        levels[0].append(0)


def union(planes: Iterable[int]) -> int:
    """The hands in any of ``planes`` (a single plane comes back as itself, with no copy)."""
    out = 0
    for x in planes:
        if x:
            out = out | x if out else x
    return out


def count_ladder(planes: Sequence[int], need: Sequence[int], ones: int) -> Ladder:
    """How many of ``planes`` each hand holds, as a ladder right at the levels in ``need``.

    ``ge[j] |= ge[j - 1] & card`` for each card; levels above the highest needed are never made,
    and a level too low to reach a needed one with the cards still to come is left behind.
    """
    top, low = max(need, default=0), min(need, default=0)
    ge = [ones] + [0] * top
    held = [x for x in planes if x]
    reach = 0                                   # ge[j] is 0 for every j above reach
    for t, x in enumerate(held):
        if not top:
            break
        if x is ones:                           # held by every hand: each count goes up by one
            ge = [ones] + ge[:top]
        else:
            floor = max(low - (len(held) - t - 1), 1)
            for j in range(min(reach + 1, top), floor - 1, -1):
                prev = ge[j - 1]
                add = x if prev is ones else prev & x
                if add:
                    ge[j] = ge[j] | add if ge[j] else add
        reach = min(reach + 1, top)
    return ge


def run_ladder(seq: Sequence[int], need: Sequence[int], ones: int) -> Ladder:
    """The longest run of consecutive positions of ``seq`` held, right at the levels in ``need``.

    ``ends[j][i]``: the hands holding the ``j`` positions up to position ``i + j - 1``, made by
    halving: a run of ``j`` ends where a run of ``j - j // 2`` ends, right after one of ``j // 2``.
    """
    m = len(seq)
    ge = [ones] + [0] * max(need, default=0)
    ends: dict[int, list[int]] = {1: list(seq)}
    for j in need:
        if 1 <= j <= m:
            ge[j] = union(_runs_ending(ends, j))
    return ge


def _runs_ending(ends: dict[int, list[int]], j: int) -> list[int]:
    got = ends.get(j)
    if got is None:
        a = j // 2
        first, last = _runs_ending(ends, a), _runs_ending(ends, j - a)
        got = ends[j] = [x & y if x and y else 0 for x, y in zip(first, last[a:])]
    return got


def add_binary(digits: list[int], plane: int, at: int) -> None:
    """Add ``plane << at`` hand by hand to the binary counter ``digits`` (one plane per bit)."""
    carry, b = plane, at
    while carry:
        while len(digits) <= b:
            digits.append(0)
        digits[b], carry = digits[b] ^ carry, digits[b] & carry
        b += 1


def at_least(ge: Ladder, j: int, ones: int) -> int:
    if j <= 0:
        return ones
    return ge[j] if j < len(ge) else 0


def compare_const(ge: Ladder, op: str, k: int, ones: int) -> int:
    """The hands where ``quantity op k``, from the quantity's ladder (levels k and k + 1)."""
    if op == ">=":
        return at_least(ge, k, ones)
    if op == ">":
        return at_least(ge, k + 1, ones)
    if op == "<":
        return at_least(ge, k, ones) ^ ones
    if op == "<=":
        return at_least(ge, k + 1, ones) ^ ones
    equal = at_least(ge, k, ones) & (at_least(ge, k + 1, ones) ^ ones)
    return equal if op == "==" else equal ^ ones


def compare_ladders(a: Ladder, op: str, b: Ladder, ones: int) -> int:
    """The hands where ``A op B``, both ladders complete up to the largest value either takes."""
    top = max(len(a), len(b))
    if op in ("<", "<="):
        a, b, op = b, a, FLIPPED[op]
    if op == ">":                               # A > B: some j with A >= j and B < j
        out = 0
        for j in range(1, top):
            out |= at_least(a, j, ones) & (at_least(b, j, ones) ^ ones)
        return out
    if op == ">=":                              # not (B > A)
        out = 0
        for j in range(1, top):
            out |= at_least(b, j, ones) & (at_least(a, j, ones) ^ ones)
        return out ^ ones
    differ = 0
    for j in range(1, top):
        differ |= at_least(a, j, ones) ^ at_least(b, j, ones)
    return differ ^ ones if op == "==" else differ


class _Evaluator:
    """The planes of one chunk's patterns in one context, with caches by what they read."""

    def __init__(self, counter: "PlaneCounter", chunk: Chunk) -> None:
        self.c, self.chunk, self.ones = counter, chunk, chunk.ones
        self.caches: tuple[dict[object, Ladder], ...] = ({}, {}, {})   # by FIXED, TRUMP, INDICATOR
        self.at = 0                             # the current context's number
        self._exactly: list[list[int]] | None = None

    def enter(self, at: int, new_trump: bool) -> None:
        self.at = at
        self.caches[INDICATOR].clear()
        if new_trump:
            self.caches[TRUMP].clear()

    # ------------------------------------------------------------ patterns
    def pattern(self, node: Pattern) -> int:
        return self._formula(node)

    def _formula(self, node: Pattern) -> int:
        ones = self.ones
        if isinstance(node, Compare):
            return self._compare(node)
        if isinstance(node, Shape):
            return self._shape(node.sizes)
        if isinstance(node, Not):
            return self._formula(node.part) ^ ones
        if isinstance(node, And):
            out = ones
            for part in node.parts:
                out &= self._formula(part)
                if not out:
                    break
            return out
        assert isinstance(node, Or), node
        out = 0
        for part in node.parts:
            out |= self._formula(part)
        return out

    def _compare(self, node: Compare) -> int:
        left, op, right = node.left, node.op, node.right
        if isinstance(left, Number) and isinstance(right, Number):
            return self.ones if OPS[op](left.value, right.value) else 0
        if isinstance(left, Number):
            left, right, op = right, left, FLIPPED[op]
        n = self.c.n
        if isinstance(right, Number):
            k = right.value
            need = tuple(j for j in levels_for(op, k) if 1 <= j <= n)
            return compare_const(self.ladder(left, need) if need else [self.ones], op, k, self.ones)
        every = tuple(range(1, n + 1))
        return compare_ladders(self.ladder(left, every), op, self.ladder(right, every), self.ones)

    # ------------------------------------------------------------ quantities
    def ladder(self, q: QuantityNode, need: tuple[int, ...]) -> Ladder:
        """A quantity's ladder over the chunk's hands in the current context, right at ``need``."""
        key = self._key(q, need)
        cache = self.caches[self.c.scope(q)]
        got = cache.get(key)
        if got is None:
            got = cache[key] = self._build(q, need)
        return got

    def _key(self, q: QuantityNode, top: tuple[int, ...]) -> object:
        if isinstance(q, (Count, RunIn)):
            return (type(q).__name__, self.c.set_of(q, self.at), top)
        if isinstance(q, Groups):
            mask = self.c.set_of(q, self.at)
            return ("groups", q.op, q.n, mask, top)
        return (type(q).__name__, top)

    def _build(self, q: QuantityNode, need: tuple[int, ...]) -> Ladder:
        c, ones = self.c, self.ones
        if isinstance(q, Count):
            mask = c.set_of(q, self.at)
            return count_ladder(self._cards(mask), need, ones)
        if isinstance(q, Run):
            return run_ladder(self._run_seq(c.full), need, ones)
        if isinstance(q, RunIn):
            return run_ladder(self._run_seq(c.set_of(q, self.at)), need, ones)
        top = max(need)
        if isinstance(q, SuitRun):
            ladders = [run_ladder(self._run_seq(c.suit_masks[s]), need, ones) for s in range(c.S)]
            return [union(x[j] for x in ladders) if j in need else 0 for j in range(top + 1)]
        if isinstance(q, MaxSuit):
            ladders = [count_ladder(self._cards(c.suit_masks[s]), need, ones) for s in range(c.S)]
            return [union(x[j] for x in ladders) if j in need else 0 for j in range(top + 1)]
        if isinstance(q, Groups):
            mask = c.set_of(q, self.at)
            at_rank = tuple(sorted({1, *(j for j in levels_for(q.op, q.n) if 1 <= j <= c.S)}))
            per_rank = []
            for r in range(c.R):
                ge = count_ladder(self._cards(mask & c.rank_masks[r]), at_rank, ones)
                per_rank.append(ge[1] & compare_const(ge, q.op, q.n, ones) if ge[1] else 0)
            return count_ladder(per_rank, need, ones)
        raise TypeError(q)

    def _cards(self, mask: int) -> list[int]:
        """The planes of the cards of ``mask``."""
        plane = self.chunk.plane
        return [plane(b) for b in self.c.bits_of(mask)]

    def _run_seq(self, mask: int) -> list[int]:
        """Per rank, the hands holding a card of ``mask`` at that rank; the ace again below when low."""
        c = self.c
        seq = [union(self._cards(mask & c.rank_masks[r])) for r in range(c.R)]
        return [seq[-1]] + seq if c.ace_low and c.R > 1 else seq

    def _shape(self, sizes: tuple[int, ...]) -> int:
        """The hands whose rank shape (groups of equal rank, ones omitted, largest first) is ``sizes``."""
        c, ones = self.c, self.ones
        if tuple(sorted(sizes, reverse=True)) != tuple(sizes) or any(s < 2 or s > c.S for s in sizes):
            return 0
        out = ones
        for m in range(2, c.S + 1):
            want = sizes.count(m)
            out &= compare_const(self._ranks_held(m), "==", want, ones)
            if not out:
                break
        return out

    def _ranks_held(self, m: int) -> Ladder:
        """How many ranks each hand holds exactly ``m`` times (to the levels shapes read)."""
        fixed = self.caches[FIXED]
        key = ("ranks held", m)
        got = fixed.get(key)
        if got is None:
            exactly = self._exactly
            if exactly is None:
                c, ones = self.c, self.ones
                exactly = self._exactly = []    # per rank: planes for exactly 2, 3 ... S cards of it
                for r in range(c.R):
                    ge = count_ladder(self._cards(c.rank_masks[r]),
                                      tuple(range(1, c.S + 1)), ones) + [0]
                    exactly.append([ge[k] & (ge[k + 1] ^ ones) for k in range(2, c.S + 1)])
            got = fixed[key] = count_ladder([per[m - 2] for per in exactly], tuple(range(1, self.c.shape_top + 1)),
                                            self.ones)
        return got


class PlaneCounter:
    """Counts a compiled table's roles over every hand (or deal) by bit-sliced enumeration."""

    def __init__(self, compiler: TableCompiler, hand_size: int, trump: int | None, indicator: int | None,
                 passes: Sequence[tuple[int, int]] | None = None, backend: Backend | None = None) -> None:
        """Hands in the fixed context (``trump``, ``indicator``) or, with ``passes`` (trump suit,
        weight), deals: each card of each pass's suit as the indicator, weighted."""
        self.compiler, self.n = compiler, hand_size
        self.backend = backend or default_backend()
        t = compiler.tables
        self.R, self.S, self.ace_low = t.ranks, t.suits, t.ace_low
        self.full = t.full_hand
        self.rank_masks = [sum(1 << (s * t.ranks + r) for s in range(t.suits)) for r in range(t.ranks)]
        self.suit_masks = [t.full_ranks << (s * t.ranks) for s in range(t.suits)]
        deck = compiler.deck
        self.bit_of = {c: t.hand_bit[c].bit_length() - 1 for c in deck.cards}
        self.table: RoleTable = compiler.table
        self.patterns = [p for p in compiler.patterns if p is not None]
        self._bits: dict[int, tuple[int, ...]] = {}
        self.deals = passes is not None
        self.contexts = self._contexts(trump, indicator, passes)
        excluded = self.bit_of[indicator] if indicator is not None and passes is None else None
        self.cards = [self.bit_of[c] for c in deck.cards if self.bit_of[c] != excluded]
        self._plan_sets()
        self.role_reads = [max((self.scope(n) for n in walk(p)), default=FIXED) for p in self.patterns]
        self.shape_top = self._shape_top()
        self._plan_resolution()

    def _contexts(self, trump: int | None, indicator: int | None,
                  passes: Sequence[tuple[int, int]] | None) -> list[tuple[Context, int]]:
        """The contexts counted, with their weights: the fixed one, or each card of each pass's
        suit as the indicator."""
        if passes is None:
            return [(Context(trump, indicator), 1)]
        deck = self.compiler.deck
        return [(Context(suit, card), weight) for suit, weight in passes
                for card in deck.cards if deck.suit(card) == suit]

    def _shape_top(self) -> int:
        """One more than the most ranks any ``shape`` asks to be held the same number of times."""
        shapes = [n.sizes for p in self.patterns for n in walk(p) if isinstance(n, Shape)]
        return max((s.count(m) for s in shapes for m in set(s)), default=0) + 1

    # ------------------------------------------------------------ masks
    def _plan_sets(self) -> None:
        """The card set each quantity counts in each context, and how long its ladder stays good.

        In a deal the indicator card is in no hand that counts, so a set with or without it gives
        the same values on those hands: each set is taken with the indicator added, or removed,
        whichever leaves fewer different sets over the contexts (``count(suit trump - rank
        indicator)`` is then the whole trump suit for the 13 indicators of that suit); a set that
        no context changes stays as it is. A ladder is
        kept for the chunk (FIXED), for a trump suit (TRUMP) or for one context (INDICATOR), as
        its set changes.
        """
        self._sets: dict[tuple[int, int], int] = {}          # (node id, context index) -> mask
        self._scopes: dict[int, int] = {}
        nodes = [n for p in self.patterns for n in walk(p)
                 if isinstance(n, (Count, RunIn)) or (isinstance(n, Groups) and n.cardset is not None)]
        for node in nodes:
            if id(node) in self._scopes:
                continue
            cardset = node.cardset
            assert cardset is not None, "only quantities over a card set"
            raw = [self.compiler.cardset_mask(cardset, ctx) for ctx, _ in self.contexts]
            if self.deals:
                ind = [1 << self.bit_of[ctx.indicator] if ctx.indicator is not None else 0 for ctx, _ in self.contexts]
                plus = [m | i for m, i in zip(raw, ind)]
                minus = [m & ~i for m, i in zip(raw, ind)]
                raw = min((raw, plus, minus), key=lambda masks: len(set(masks)))
            for k, mask in enumerate(raw):
                self._sets[(id(node), k)] = mask
            by_trump: dict[int | None, set[int]] = {}
            for (ctx, _), mask in zip(self.contexts, raw):
                by_trump.setdefault(ctx.trump, set()).add(mask)
            self._scopes[id(node)] = (FIXED if len(set(raw)) == 1 else
                                      TRUMP if all(len(v) == 1 for v in by_trump.values()) else INDICATOR)

    def set_of(self, node: QuantityNode, at: int) -> int:
        """The card set a quantity counts in context number ``at`` (all cards for ``groups`` without one)."""
        if isinstance(node, Groups) and node.cardset is None:
            return self.full
        return self._sets[(id(node), at)]

    def scope(self, node: object) -> int:
        return self._scopes.get(id(node), FIXED)

    def bits_of(self, mask: int) -> tuple[int, ...]:
        got = self._bits.get(mask)
        if got is None:
            got = self._bits[mask] = tuple(b for b in range(mask.bit_length()) if mask >> b & 1)
        return got

    # ------------------------------------------------------------ groups of roles and combos
    def _plan_resolution(self) -> None:
        """Roles joined by a group or a combo are resolved together: one *component* each, which
        reads the context as much as its most reading role."""
        table = self.table
        parent = list(range(len(table.roles)))

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        index = {r.id: i for i, r in enumerate(table.roles)}
        by_group: dict[object, int] = {}
        for i, role in enumerate(table.roles):
            if role.group is not None:
                first = by_group.setdefault(role.group, i)
                parent[find(i)] = find(first)
        for combo in table.combos:
            members = [index[r] for r in combo.roles if r in index]
            for i in members[1:]:
                parent[find(i)] = find(members[0])
        comps: dict[int, list[int]] = {}
        for i in range(len(table.roles)):
            comps.setdefault(find(i), []).append(i)
        self.components = list(comps.values())
        self.component_reads = [max((self.role_reads[i] for i in comp), default=FIXED) for comp in self.components]
        self.combos_of = [[c for c in table.combos if any(index.get(r) in comp for r in c.roles)]
                          for comp in self.components]

    def _resolve(self, comp: list[int], combos: list[Combo], matched: dict[int, int], ones: int) -> dict[str, int]:
        """The planes of the ids a component's hands report (``_ids_with_parts`` of ``resolve_roles``)."""
        hit, parts = self._group_winners(comp, matched, ones)
        self._apply_combos(combos, hit, parts, ones)
        return self._reported(hit, parts)

    def _group_winners(self, comp: list[int], matched: dict[int, int],
                       ones: int) -> tuple[dict[str, int], dict[str, tuple[int, ...]]]:
        """Per role of the component, the hands where it counts (matched, and no role of its group
        that beats it matched), and its parts (itself)."""
        roles = self.table.roles
        hit: dict[str, int] = {}
        parts: dict[str, tuple[int, ...]] = {}
        for i in comp:
            kept = matched[i]
            if kept and roles[i].group is not None:
                for j in comp:
                    if j != i and roles[j].group == roles[i].group and _beats(roles[j].go, j, roles[i].go, i):
                        kept &= matched[j] ^ ones
            hit[roles[i].id] = kept
            parts[roles[i].id] = (i,)
        return hit, parts

    @staticmethod
    def _apply_combos(combos: list[Combo], hit: dict[str, int], parts: dict[str, tuple[int, ...]],
                      ones: int) -> None:
        """Each combo in order, on the hands where all its roles are hits of one part: the combo
        is a hit there and its roles are not."""
        single = dict(hit)                      # hands where the id is a hit of one part
        for combo in combos:
            if not combo.roles:
                continue
            fire = ones
            for r in combo.roles:
                fire &= single.get(r, 0)
            combo_parts = tuple(p for r in combo.roles for p in parts.get(r, ()))
            for r in combo.roles:
                if r in hit:
                    hit[r] &= fire ^ ones
                    single[r] &= fire ^ ones
            hit[combo.id] = hit.get(combo.id, 0) | fire
            single[combo.id] = single.get(combo.id, 0) | (fire if len(combo_parts) == 1 else 0)
            parts[combo.id] = combo_parts

    def _reported(self, hit: dict[str, int], parts: dict[str, tuple[int, ...]]) -> dict[str, int]:
        """Per id reported, its hands: each hit's, and a combo's (or a stand-in's) also for its parts."""
        roles = self.table.roles
        out: dict[str, int] = {}
        for hid, plane in hit.items():
            if not plane:
                continue
            out[hid] = out.get(hid, 0) | plane
            p = parts[hid]
            if len(p) > 1 or roles[p[0]].id != hid:
                for i in p:
                    out[roles[i].id] = out.get(roles[i].id, 0) | plane
        return out

    # ------------------------------------------------------------ cost
    def cost(self) -> tuple[int, int]:
        """What :meth:`run` will take, before it starts: (word operations, bytes at the peak).

        A *word operation* is one and/or/xor/popcount over 64 hands. Each plane operation runs
        once per chunk over all of its hands, so an operation costs C(cards, hand size) / 64 word
        operations in all; the operations are counted from the table: each quantity once per
        context that changes its card set, to the highest level its comparisons read, over the
        cards of its set. The peak holds the enumeration's planes of the largest chunk (one per
        card), the ladders and role planes of one context, and a margin.
        """
        n, cards = self.n, len(self.cards)
        words = comb(cards, n) // 64 + 1
        plane = comb(max(cards - 1, 0), max(n - 1, 0)) // 8 + 1
        times = {FIXED: 1, TRUMP: len({ctx.trump for ctx, _ in self.contexts}), INDICATOR: len(self.contexts)}
        tops: dict[object, int] = {}                          # quantity -> the highest level read
        ops, kept = n * cards, 0                              # the enumeration itself
        for p, pattern in enumerate(self.patterns):
            terms = 0
            for node in walk(pattern):
                terms += 1
                if isinstance(node, Shape):
                    tops["shape"] = n
                if not isinstance(node, Compare):
                    continue
                for side, other in ((node.left, node.right), (node.right, node.left)):
                    if not isinstance(side, Number):
                        top = min(n, other.value + 1) if isinstance(other, Number) else n
                        tops[side] = max(tops.get(side, 0), max(top, 1))
                if not isinstance(node.left, Number) and not isinstance(node.right, Number):
                    terms += 3 * (n + 1)                      # two ladders compared at every level
            ops += terms * times[self.role_reads[p]]
        for key, top in tops.items():
            each, levels = self._quantity_ops(key, top)
            ops += each * (1 if key == "shape" else times[self.scope(key)])
            kept += levels
        ops += len(self.patterns) * len(self.patterns) // 8 + len(self.table.combos) * 4   # groups and combos
        kept += 3 * len(self.patterns) + 2 * len(self.table.combos) + 32
        return ops * words, (cards * 2 + kept) * plane

    def _quantity_ops(self, node: object, top: int) -> tuple[int, int]:
        """Plane operations of one quantity's ladder up to level ``top``, and the planes it keeps
        (an upper bound)."""
        R, S = self.R, self.S
        kept = min(top, 4)                      # comparisons read one or two levels
        steps = 2 * top.bit_length() + 2        # a run's ladder: ends of runs made by halving
        if node == "shape":
            return R * S * S + S * R * top, S * kept
        held = (self._sets[(id(node), 0)].bit_count() if (id(node), 0) in self._sets else R * S)
        if isinstance(node, (Run, RunIn)):
            return held + R * steps, kept
        if isinstance(node, SuitRun):
            return S * R * (1 + steps), kept
        if isinstance(node, MaxSuit):
            return S * R * top, kept
        if isinstance(node, Groups):
            return held * 3 + R * 4 + R * top, kept
        return held * top, kept                 # a count: each card of its set, each level

    # ------------------------------------------------------------ counting
    def run(self) -> PassCounts:
        ids = [r.id for r in self.table.roles] + [c.id for c in self.table.combos]
        acc = dict.fromkeys(ids, 0)
        total = none = 0
        _big_blocks_from_the_heap(True)
        try:
            for chunk in hand_chunks(self.cards, self.n, self.backend.big):
                t, nn = self._chunk(chunk, acc)
                total += t
                none += nn
        finally:
            _big_blocks_from_the_heap(False)
        return PassCounts(total, none, acc)

    def _chunk(self, chunk: Chunk, acc: dict[str, int]) -> tuple[int, int]:
        """Adds the chunk's hands with each role and combo to ``acc``; returns its hands (or
        deals) in all and those with no role."""
        ev = _Evaluator(self, chunk)
        ones, pop = chunk.ones, self.backend.popcount
        fixed_any, fixed_out = self._fixed_components(ev, ones)
        fixed_counts = [{o: pop(p) for o, p in out.items()} for out in fixed_out]
        total = none = 0
        last_trump: int | None = -1
        by_trump: dict[int, tuple[dict[int, int], dict[str, int]]] = {}   # components reading the trump alone
        for at, (ctx, weight) in enumerate(self.contexts):
            new_trump = ctx.trump != last_trump
            ev.enter(at, new_trump)
            if new_trump:
                by_trump.clear()
            last_trump = ctx.trump
            held = chunk.plane(self.bit_of[ctx.indicator]) if self.deals and ctx.indicator is not None else 0
            total += weight * (chunk.size - pop(held))
            any_role = fixed_any | self._context_components(ev, ones, held, weight, by_trump, acc)
            none += weight * self._count_free(any_role ^ ones, held, ones)
        # The roles no context changes: every context's count, less the hands holding its indicator
        # (a binary counter per hand of the weighted indicators it holds, so each popcount is once).
        weights = sum(w for _, w in self.contexts)
        held_by = self._indicators_held(chunk) if self.deals else []
        for out, counts in zip(fixed_out, fixed_counts):
            for o, plane in out.items():
                acc[o] += weights * counts[o] - sum(pop(plane & digit) << b for b, digit in enumerate(held_by))
        return total, none

    def _fixed_components(self, ev: _Evaluator, ones: int) -> tuple[int, list[dict[str, int]]]:
        """What no context changes, evaluated once: the hands with any of its roles, and the
        reported planes of each such component."""
        matched: dict[int, int] = {}
        fixed_out: list[dict[str, int]] = []
        for k, comp in enumerate(self.components):
            if self.component_reads[k] == FIXED:
                for i in comp:
                    matched[i] = ev.pattern(self.patterns[i])
                fixed_out.append(self._resolve(comp, self.combos_of[k], matched, ones))
        fixed_any = 0
        for plane in matched.values():
            fixed_any |= plane
        return fixed_any, fixed_out

    def _context_components(self, ev: _Evaluator, ones: int, held: int, weight: int,
                            by_trump: dict[int, tuple[dict[int, int], dict[str, int]]],
                            acc: dict[str, int]) -> int:
        """Adds the components that read the context, in the current one, to ``acc`` (the hands
        without the indicator card, ``held``, times ``weight``); returns the hands with any of
        their roles."""
        any_role = 0
        for k, comp in enumerate(self.components):
            reads = self.component_reads[k]
            if reads == FIXED:
                continue
            done = by_trump.get(k)
            if done is None:
                planes = {i: ev.pattern(self.patterns[i]) for i in comp}
                done = (planes, self._resolve(comp, self.combos_of[k], planes, ones))
                if reads == TRUMP:
                    by_trump[k] = done
            for plane in done[0].values():
                any_role |= plane
            for o, plane in done[1].items():
                acc[o] += weight * self._count_free(plane, held, ones)
        return any_role

    def _count_free(self, plane: int, held: int, ones: int) -> int:
        """The hands of ``plane`` without the indicator card (the hands ``held`` hold it)."""
        pop = self.backend.popcount
        return pop(plane & (ones ^ held)) if held else pop(plane)

    def _indicators_held(self, chunk: Chunk) -> list[int]:
        """Per hand, the sum of the weights of the contexts whose indicator it holds, in binary planes."""
        digits: list[int] = []
        for ctx, weight in self.contexts:
            assert ctx.indicator is not None, "every context of a deal has its indicator"
            held = chunk.plane(self.bit_of[ctx.indicator])
            for b in range(weight.bit_length()):
                if weight >> b & 1:
                    add_binary(digits, held, b)
        return digits
