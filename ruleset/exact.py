"""Exact role counts by a transfer over the ranks: every hand (or deal) counted, none visited.

A hand is built rank by rank, lowest first: at each rank it takes a set of suits. The state after
a rank keeps only what the table's atoms will still read, each value capped where a larger one
cannot change a comparison (``count(light) == 0`` needs 0, 1 or "more"):

- the number of cards so far (and, when deals are counted, whether the indicator was placed);
- one value per *primitive* (a card count, a run, a group count over a card set, the rank shape);
- per suit, the card count and the run in that suit, when ``max_suit`` or ``suit_run`` are read;
- the truth bits of atoms already decided: a primitive whose card set has no cards above the
  current rank is final, its atoms are evaluated and it leaves the state (``count(cards 2s 3s 4s)``
  costs three ranks of state, not thirteen); the bits stay only while an output still reads them.

The outputs are what ``--stats`` prints: per role and combo, the hands that have it after groups
and combos; and the hands with no role at all. A role's count depends only on the atoms of its
group (a combo's on those of its roles' groups and of the earlier combos sharing a role), so at
the rank where the last of them is decided the count is *emitted*: each state adds its hands times
its ways to finish (the other cards of the hand, and the indicator if not yet placed), and those
bits leave the state. "No role at all" is one bit, cleared as soon as a decided role holds.

Suits that no card set tells apart (swapping them changes no set, as with every suit of the
standard table) are interchangeable: their per-suit values are kept sorted, so one state stands
for all its permutations. Runs with the ace low keep the length of the run from the lowest rank,
which the ace extends at the end (``5-4-3-2-A``), as features.py counts them.

Deals: when the indicator is not fixed, the trump suit is fixed per pass (suits interchangeable
for the table share a pass, weighted by their number) and the indicator card is placed at one
rank of that suit during the transfer, outside the hand; sets that read the indicator's rank or
card take their cards at the rank where it is placed. Nothing is averaged: every count is an
integer number of hands or of (hand, indicator) deals.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from math import comb
from typing import Any, Callable

from .compiler import FLIPPED, OPS, Context, TableCompiler
from .roles import _ids_with_parts, combos_by_role, resolve_roles
from .patterns import CardSet, Compare, Count, Groups, MaxSuit, Number, Run, RunIn, Shape, SuitRun, walk
from .patterns import Quantity as QuantityNode

# A primitive's value is an int (count, groups), a run ``(current, best, prefix)`` or a rank
# shape (how many ranks are held 2, 3... times); an update maps (value, cards to come) to the next.
Value = Any
Update = Callable[[Value, int], Value]
ValueRef = tuple[str, int]          # ("const", v), ("prim", i) or ("suits", 0 | 1)
AtomPlan = tuple[Any, ...]          # ("shape", prim, sizes) or ("cmp", ValueRef, test, ValueRef)
RunState = tuple[int, int, int]     # (current, best, prefix: the run from the lowest rank, -1 while unbroken)
SuitsState = tuple[tuple[int, RunState], ...]   # per suit: (count, run)
StateKey = tuple[int, bool, int, tuple[Value, ...], SuitsState]   # (cards, placed, atom bits, values, suits)
Option = tuple[int, int, bool, tuple[Update, ...]]                # (suits held, how many, indicator here, updates)


class OverBudget(Exception):
    """The transfer would take more steps than it was given (card sets scattered over the ranks)."""


@dataclass(frozen=True)
class PassCounts:
    """One pass: hands (or deals) in all, with no role at all, and with each role and combo id."""

    total: int
    none: int
    outputs: dict[str, int]


@dataclass(frozen=True)
class _Prim:
    """A value accumulated over the ranks. ``here``/``other``: per rank, the suits of the set
    when the indicator is placed at that rank, and when it is not."""

    form: str                   # "count", "groups", "run", "hist"
    here: tuple[int, ...]
    other: tuple[int, ...]
    test: tuple[Any, ...] = ()  # groups: (op, n)

    def last(self) -> int:
        """The highest rank whose cards can change the value (-1: none can)."""
        if self.form == "hist":
            return len(self.here) - 1
        return max((r for r in range(len(self.here)) if self.here[r] | self.other[r]), default=-1)


class _Levels:
    """The values at which some comparison of a quantity changes its truth (``run >= 5``: 5).

    A value only matters up to the highest level (``cap``), and a value that can no longer reach
    the next level above it (``v + cards still to come < next``) may as well be its ``floor``:
    the largest level at or below it. Both keep the states few.
    """

    def __init__(self, levels: set[int]) -> None:
        self.levels = sorted(x for x in levels if x > 0)
        self.cap = self.levels[-1] if self.levels else 0
        self.floor = [max((x for x in self.levels if x <= v), default=0) for v in range(self.cap + 1)]
        self.above = [min((x for x in self.levels if x > v), default=None) for v in range(self.cap + 1)]

    def settle(self, v: int, rem: int) -> int:
        """``v`` (already capped) once it is known that at most ``rem`` more can be added."""
        nxt = self.above[v]
        return self.floor[v] if nxt is None or v + rem < nxt else v


def clamp(k: int, hand_size: int) -> int:
    """A pattern's number as the counters read it: no quantity of a hand of ``hand_size`` cards
    exceeds ``hand_size + 1`` (a run with the ace low counts the ace twice), so every number
    above that compares alike with each of them and is read as ``hand_size + 2``."""
    return min(k, hand_size + 2)


def levels_for(op: str, k: int) -> tuple[int, ...]:
    """The values at which ``quantity op k`` changes its truth: what a count must tell apart."""
    return {">=": (k,), "<": (k,), ">": (k + 1,), "<=": (k + 1,)}.get(op, (k, k + 1))


def _levels_of(op: str, k: int | None, big: int) -> set[int]:
    """The levels of ``quantity op k``; ``k`` None: compared with another quantity, every value."""
    if k is None:
        return set(range(1, big + 1))
    return set(levels_for(op, k))


class RankTransfer:
    """Counts the atom-truth vectors of a compiled table over every hand (or deal) of one pass."""

    def __init__(self, compiler: TableCompiler, hand_size: int, trump: int | None, indicator: int | None,
                 place_indicator: bool) -> None:
        self.compiler, self.n = compiler, hand_size
        t = self.t = compiler.tables
        self.R, self.S = t.ranks, t.suits
        self.trump, self.indicator, self.place = trump, indicator, place_indicator
        placed_trump = trump if place_indicator else None    # an indicator placed in a pass is of the trump
        base_ctx = Context(trump, t.card(0, placed_trump) if placed_trump is not None else indicator)
        self.compiled = compiler.compile(base_ctx)
        self.ace_low = t.ace_low
        self.prims: list[_Prim] = []
        self._levels: list[set[int]] = []
        self._prim_index: dict[_Prim, int] = {}
        self._suit_levels: tuple[set[int], set[int]] = (set(), set())  # max_suit's, suit_run's
        self.atoms = [self._atom(a.node) for a in self.compiled.atoms]
        self.levels = [_Levels(x) for x in self._levels]
        self.suit_count, self.suit_run = (_Levels(x) for x in self._suit_levels)
        self.classes = self._suit_classes()
        self._suit_cache: dict[tuple[SuitsState, int, int], SuitsState] = {}
        self._shape_targets = [tuple(sum(1 for x in a[2] if x == k) for k in range(2, self.S + 1))
                               for a in self.atoms if a[0] == "shape"]

    # ------------------------------------------------------------ building primitives
    def _slices(self, cardset: CardSet) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Per rank, the suits of ``cardset`` with the indicator at that rank, and elsewhere."""
        c, t = self.compiler, self.t
        if not self.place:
            mask = c.cardset_mask(cardset, Context(self.trump, self.indicator))
            sl = tuple(self._rank_slice(mask, r) for r in range(self.R))
            return sl, sl
        trump = self.trump
        assert trump is not None, "an indicator is placed only in a pass with a trump"
        masks = [c.cardset_mask(cardset, Context(trump, t.card(r, trump))) for r in range(self.R)]
        here = tuple(self._rank_slice(masks[r], r) for r in range(self.R))
        other = tuple(self._rank_slice(masks[(r + 1) % self.R], r) for r in range(self.R)) if self.R > 1 else here
        return here, other

    def _rank_slice(self, mask: int, r: int) -> int:
        t = self.t
        return sum(1 << s for s in range(self.S) if mask >> (s * t.ranks + r) & 1)

    def _prim(self, prim: _Prim, levels: set[int]) -> int:
        i = self._prim_index.get(prim)
        if i is None:
            i = self._prim_index[prim] = len(self.prims)
            self.prims.append(prim)
            self._levels.append(set())
        self._levels[i] |= levels
        return i

    def _value(self, node: QuantityNode, levels: set[int]) -> ValueRef:
        """A quantity as ``("const", v)``, ``("prim", i)`` or ``("suits", 0 (counts) | 1 (runs))``."""
        if isinstance(node, Number):
            return ("const", clamp(node.value, self.n))
        if isinstance(node, MaxSuit):
            self._suit_levels[0].update(levels)
            return ("suits", 0)
        if isinstance(node, SuitRun):
            self._suit_levels[1].update(levels)
            return ("suits", 1)
        full = tuple((1 << self.S) - 1 for _ in range(self.R))
        if isinstance(node, Run):
            return ("prim", self._prim(_Prim("run", full, full), levels))
        if isinstance(node, RunIn):
            return ("prim", self._prim(_Prim("run", *self._slices(node.cardset)), levels))
        if isinstance(node, Groups):
            here, other = self._slices(node.cardset) if node.cardset is not None else (full, full)
            return ("prim", self._prim(_Prim("groups", here, other, (node.op, node.n)), levels))
        if isinstance(node, Count):
            return ("prim", self._prim(_Prim("count", *self._slices(node.cardset)), levels))
        raise TypeError(node)

    def _atom(self, node: Compare | Shape) -> AtomPlan:
        if isinstance(node, Shape):
            full = tuple((1 << self.S) - 1 for _ in range(self.R))
            return ("shape", self._prim(_Prim("hist", full, full), set()), node.sizes)
        big, op = self.n + 1, node.op
        right = clamp(node.right.value, self.n) if isinstance(node.right, Number) else None
        left = clamp(node.left.value, self.n) if isinstance(node.left, Number) else None
        return ("cmp", self._value(node.left, _levels_of(op, right, big)), OPS[op],
                self._value(node.right, _levels_of(FLIPPED[op], left, big)))

    def _suit_classes(self) -> tuple[tuple[int, ...], ...]:
        """Suits no set tells apart (nor the trump, nor the indicator), as groups of suit indexes."""
        def same(a: int, b: int) -> bool:
            indicator_suit = None if self.indicator is None else self.compiler.deck.suit(self.indicator)
            if self.trump in (a, b) or indicator_suit in (a, b):
                return False
            return all((sl >> a & 1) == (sl >> b & 1) for p in self.prims for sl in p.here + p.other)

        classes: list[list[int]] = []
        for s in range(self.S):
            for cls in classes:
                if same(cls[0], s):
                    cls.append(s)
                    break
            else:
                classes.append([s])
        return tuple(tuple(c) for c in classes)

    # ------------------------------------------------------------ the transfer
    def run(self, budget: int | None = None) -> PassCounts:
        """Hands (or deals) in all, with no role, and with each role and combo, over this pass.

        With a ``budget``, raises :class:`OverBudget` before the steps (states times ways to deal,
        and the roles and combos resolved for each set of atom truths found
        a rank) would pass it."""
        atom_last, drop_after = self._schedule()
        self._plan_outputs(atom_last)
        self._acc: defaultdict[str, int] = defaultdict(int)
        states = self._start()
        live = list(range(len(self.prims)))
        steps = 0
        for r in range(self.R):
            states, steps = self._deal_rank(states, r, live, steps, budget)
            states, steps = self._fold(states, r, live, atom_last, drop_after, steps, budget)
            live = [i for i in live if drop_after[i] > r]
        return self._totals(states)

    def _schedule(self) -> tuple[list[int], list[int]]:
        """Per atom, the rank after which its truth is final; per primitive, the rank after which
        no atom still to be decided reads it."""
        last = [p.last() for p in self.prims]
        atom_last = [max([max(last[i], 0) for i in self._atom_prims(a)] + [self.R - 1 if self._atom_suits(a) else 0])
                     for a in self.atoms]
        drop_after = [max([atom_last[j] for j, a in enumerate(self.atoms) if i in self._atom_prims(a)] + [last[i], 0])
                      for i in range(len(self.prims))]
        return atom_last, drop_after

    def _start(self) -> dict[StateKey, int]:
        """The one state before the lowest rank: no card, every value zero, no role yet."""
        tracked = self.suit_count.cap > 0 or self.suit_run.cap > 0
        per_suit_zero = tuple((0, (0, 0, -1)) for _ in range(self.S)) if tracked else ()
        zeros = tuple(self._zero(i) for i in range(len(self.prims)))
        return {(0, False, self.none_bit, zeros, per_suit_zero): 1}

    def _deal_rank(self, states: dict[StateKey, int], r: int, live: list[int], steps: int,
                   budget: int | None) -> tuple[dict[StateKey, int], int]:
        """The states after rank ``r`` is dealt, and the steps so far (checked against ``budget``)."""
        ways = (1 << self.S) * (2 if self.place else 1)
        _check_budget(steps + ways * (len(states) + len(live)), budget, steps)   # before making the ways
        options = self._options(r, live, self._excluded(r))
        steps += len(states) * len(options) * (1 + len(live) // 16)     # wide states cost more
        _check_budget(steps, budget, steps)
        return self._extend(states, options), steps

    def _excluded(self, r: int) -> int:
        """The suits of rank ``r`` no hand can hold: the fixed indicator's, when it is of that rank."""
        fixed = self.indicator if not self.place else None
        deck = self.compiler.deck
        return (1 << deck.suit(fixed)) if fixed is not None and deck.rank(fixed) == r else 0

    def _extend(self, states: dict[StateKey, int], options: list[Option]) -> dict[StateKey, int]:
        """Each state with each way to deal the next rank that its hand has room for."""
        N = self.n
        out: defaultdict[StateKey, int] = defaultdict(int)
        val_cache: dict[tuple[tuple[Value, ...], int, int], tuple[Value, ...]] = {}
        by_size = [[(oi, o) for oi, o in enumerate(options) if o[1] <= left] for left in range(N + 1)]
        for (n, placed, bits, vals, suits), ways in states.items():
            for oi, (sub, size, here, updates) in by_size[N - n]:
                if here and placed:
                    continue
                rem = N - n - size
                key = (vals, oi, rem)
                nv = val_cache.get(key)
                if nv is None:
                    nv = val_cache[key] = tuple([u(v, rem) for u, v in zip(updates, vals)])
                ns = self._suits_after(suits, sub, rem) if suits else suits
                out[(n + size, placed or here, bits, nv, ns)] += ways
        return out

    def _suits_after(self, suits: SuitsState, sub: int, rem: int) -> SuitsState:
        """:meth:`_suits_step`, remembered across ranks and passes of this transfer."""
        key = (suits, sub, rem)
        ns = self._suit_cache.get(key)
        if ns is None:
            ns = self._suit_cache[key] = self._suits_step(suits, sub, rem)
        return ns

    def _totals(self, states: dict[StateKey, int]) -> PassCounts:
        """The full hands (with the indicator placed, when it is) and the counts emitted on the way."""
        total = none = 0
        for (n, placed, bits, _, _), ways in states.items():
            if n == self.n and (placed or not self.place):
                total += ways
                none += ways if bits & self.none_bit else 0
        table = self.compiler.table
        ids = [r.id for r in table.roles] + [c.id for c in table.combos]
        return PassCounts(total, none, {i: self._acc.get(i, 0) for i in ids})

    def _plan_outputs(self, atom_last: list[int]) -> None:
        """When each role's and combo's count is known (its atoms decided: it is *emitted*, each
        state adding its hands times its ways to finish), and which atom bits are kept till then."""
        role_atoms = self._role_atoms()
        deps = self._dependencies(role_atoms)
        last = {o: _decided_at(d, atom_last) for o, d in deps.items()}
        role_last = [_decided_at(a, atom_last) for a in role_atoms]
        keep = [0] * len(self.compiled.atoms)
        for atoms, until in [*zip(deps.values(), last.values()), *zip(role_atoms, role_last)]:
            for j in atoms:
                keep[j] = max(keep[j], until)
        self.none_bit = 1 << len(self.compiled.atoms)      # no role holds among those decided
        self.emit_at = [[o for o in deps if last[o] == r] for r in range(self.R)]
        self.roles_at = [[i for i, x in enumerate(role_last) if x == r] for r in range(self.R)]
        self.bits_kept = [sum(1 << j for j, k in enumerate(keep) if k > r) | self.none_bit for r in range(self.R)]

    def _role_atoms(self) -> list[set[int]]:
        """Per role, the atoms its pattern reads."""
        index = {a.node: j for j, a in enumerate(self.compiled.atoms)}
        return [{index[x] for x in walk(p) if x in index} for p in self.compiler.patterns if p is not None]

    def _dependencies(self, role_atoms: list[set[int]]) -> dict[str, set[int]]:
        """The atoms each role's and combo's count depends on: a role's those of its group, a
        combo's those of its roles and of the earlier combos sharing a role with it."""
        table = self.compiler.table
        keys = [r.group if r.group is not None else ("", i) for i, r in enumerate(table.roles)]
        group: defaultdict[object, set[int]] = defaultdict(set)
        for i, key in enumerate(keys):
            group[key] |= role_atoms[i]
        deps = {r.id: group[keys[i]] for i, r in enumerate(table.roles)}
        sharing = combos_by_role(table)
        for n, combo in enumerate(table.combos):
            need = set().union(*(deps.get(r, set()) for r in combo.roles))
            for m in sorted({m for r in combo.roles for m in sharing.get(r, ()) if m < n}):
                need |= deps[table.combos[m].id]
            deps[combo.id] = need
        return deps

    def _ways(self, r: int, n: int, placed: bool) -> int:
        """Ways to finish a state after rank ``r``: the other cards of the hand, and the indicator."""
        fixed = self.indicator if not self.place else None
        deck = self.compiler.deck
        rest = self.S * (self.R - 1 - r) - (1 if fixed is not None and deck.rank(fixed) > r else 0)
        if not self.place or placed:
            return comb(rest, self.n - n)
        return (self.R - 1 - r) * comb(rest - 1, self.n - n) if rest > 0 else 0

    def _atom_prims(self, atom: AtomPlan) -> list[int]:
        if atom[0] == "shape":
            return [atom[1]]
        return [v[1] for v in (atom[1], atom[3]) if v[0] == "prim"]

    @staticmethod
    def _atom_suits(atom: AtomPlan) -> bool:
        return atom[0] == "cmp" and any(v[0] == "suits" for v in (atom[1], atom[3]))

    def _zero(self, i: int) -> Value:
        form = self.prims[i].form
        if form == "hist":
            return (0,) * (self.S - 1)
        if form == "run":
            return (0, 0, -1)
        return 0

    def _options(self, r: int, live: list[int], excluded: int) -> list[Option]:
        """Every way rank ``r`` can be dealt: (suits held, how many, indicator here, updates)."""
        out: list[Option] = []
        heres = (False, True) if self.place else (False,)
        for here in heres:
            banned = excluded | ((1 << self.trump) if here and self.trump is not None else 0)
            for sub in range(1 << self.S):
                if sub & banned:
                    continue
                updates = tuple(self._update(i, r, sub, here) for i in live)
                out.append((sub, sub.bit_count(), here, updates))
        return out

    def _update(self, i: int, r: int, sub: int, here: bool) -> Update:
        """The function (value, cards still to come) -> value of primitive ``i`` at rank ``r``."""
        p, lv = self.prims[i], self.levels[i]
        sl = (p.here if here else p.other)[r]
        k = (sub & sl).bit_count()
        if p.form == "hist":
            return self._hist_step(sub.bit_count())
        above = [p.here[x] | p.other[x] for x in range(r + 1, self.R)]
        if p.form == "run":                     # the run can still grow by the ranks above in the set
            room = sum(1 for x in above if x)
            return _run_step(k > 0, lv, self.ace_low and bool(p.here[-1] | p.other[-1]), room)
        if p.form == "groups":
            test, m = OPS[p.test[0]], p.test[1]
            k = 1 if k and test(k, m) else 0
            room = sum(1 for x in above if x)
        else:
            room = sum(x.bit_count() for x in above)
        cap, settle = lv.cap, lv.settle
        return lambda v, rem: settle(min(v + k, cap), min(rem, room))

    def _hist_step(self, c: int) -> Update:
        """The rank shape (how many ranks held 2, 3, 4... times), or DEAD once no ``shape`` can match."""
        if c < 2:
            return _same
        targets = self._shape_targets

        def step(v: Value, rem: int) -> Value:
            if v is _DEAD:
                return v
            v = v[:c - 2] + (v[c - 2] + 1,) + v[c - 1:]
            return v if any(all(a <= b for a, b in zip(v, t)) for t in targets) else _DEAD

        return step

    def _suits_step(self, suits: SuitsState, sub: int, rem: int) -> SuitsState:
        cl, rl = self.suit_count, self.suit_run
        new = []
        for s, (count, run) in enumerate(suits):
            held = bool(sub >> s & 1)
            if cl.cap:
                count = cl.settle(min(count + held, cl.cap), rem)
            if rl.cap:
                run = _run_next(run, held, rl, self.ace_low, rem)
            new.append((count, run))
        if len(self.classes) == self.S:
            return tuple(new)
        out = list(new)
        for cls in self.classes:
            if len(cls) > 1:
                for s, v in zip(cls, sorted(new[s] for s in cls)):
                    out[s] = v
        return tuple(out)

    def _fold(self, states: dict[StateKey, int], r: int, live: list[int], atom_last: list[int],
              drop_after: list[int], steps: int, budget: int | None) -> tuple[dict[StateKey, int], int]:
        """Decide the atoms whose values are final after rank ``r``; drop the values no atom reads.

        Returns the states and the steps so far (``steps`` and each resolution of roles and
        combos), raising :class:`OverBudget` past ``budget``."""
        deciding = [j for j, last in enumerate(atom_last) if last == r]
        keep = [k for k, i in enumerate(live) if drop_after[i] > r]
        if not deciding and len(keep) == len(live):
            return states, steps
        cost = 1 + (len(self.compiler.table.roles) + len(self.compiler.table.combos)) // 8
        pos = {i: k for k, i in enumerate(live)}
        out: defaultdict[StateKey, int] = defaultdict(int)
        acc = self._acc
        seen: dict[int, tuple[int, list[str]]] = {}
        for (n, placed, bits, vals, suits), ways in states.items():
            for j in deciding:
                if self._truth(self.atoms[j], vals, pos, suits, r):
                    bits |= 1 << j
            got = seen.get(bits)
            if got is None:
                steps += cost                   # resolving a set of atom truths: every role and combo
                _check_budget(steps, budget, steps)
                got = seen[bits] = self._resolve(bits, r)
            if got[1]:
                finish = ways * self._ways(r, n, placed)
                for o in got[1]:
                    acc[o] += finish
            out[(n, placed, got[0], tuple(vals[k] for k in keep), suits)] += ways
        return out, steps

    def _resolve(self, bits: int, r: int) -> tuple[int, list[str]]:
        """With these atom truths after rank ``r``: the bits kept (the no-role bit cleared when a
        role decided by now holds) and the roles and combos emitted here that are present."""
        table, fns, none_bit = self.compiler.table, self.compiled.roles, self.none_bit
        kept = bits & self.bits_kept[r]
        if bits & none_bit and any(fns[i](bits) for i in self.roles_at[r]):
            kept &= ~none_bit
        emitting = self.emit_at[r]
        if not emitting:
            return kept, []
        present = set(_ids_with_parts(table, resolve_roles(table, [fn(bits) for fn in fns])))
        return kept, [o for o in emitting if o in present]

    def _truth(self, atom: AtomPlan, vals: tuple[Value, ...], pos: dict[int, int], suits: SuitsState,
               r: int) -> bool:
        if atom[0] == "shape":
            hist = vals[pos[atom[1]]]
            if hist is _DEAD:
                return False
            shape = tuple(k + 2 for k in range(len(hist) - 1, -1, -1) for _ in range(hist[k]))
            matches: bool = shape == atom[2]
            return matches
        _, left, test, right = atom
        holds: bool = test(self._final(left, vals, pos, suits, r), self._final(right, vals, pos, suits, r))
        return holds

    def _final(self, value: ValueRef, vals: tuple[Value, ...], pos: dict[int, int], suits: SuitsState,
               r: int) -> int:
        form, x = value
        if form == "const":
            return x
        if form == "suits":
            if x == 0:                                  # no suit tracked: no card of any suit counted
                return max((c for c, _ in suits), default=0)
            return max((self._run_value(run, r == self.R - 1) for _, run in suits), default=0)
        v = vals[pos[x]]
        if self.prims[x].form == "run":
            return self._run_value(v, r == self.R - 1)
        count: int = v
        return count

    def _run_value(self, run: RunState, at_top: bool) -> int:
        cur, best, prefix = run
        if self.ace_low and at_top and cur > 0:           # the ace (top rank) held: it also goes below the lowest
            before = cur if prefix < 0 else prefix
            return max(best, before + 1)
        return best


def _check_budget(planned: int, budget: int | None, steps: int) -> None:
    """Raise :class:`OverBudget` (with the steps made) when ``planned`` steps would pass ``budget``."""
    if budget is not None and planned > budget:
        raise OverBudget(steps)


def _decided_at(atoms: set[int], atom_last: list[int]) -> int:
    """The rank after which all of ``atoms`` are decided (0 for none)."""
    return max([atom_last[j] for j in atoms] + [0])


_DEAD = (-1,)          # a rank shape that no shape atom of the table can match any more


def _run_next(run: RunState, held: bool, lv: _Levels, prefix_counts: bool, rem: int) -> RunState:
    """One rank more of a run: (current, best, run from the lowest rank or -1 while unbroken).

    Capped at the highest level; the best run kept as its floor level; the current run and the
    prefix dropped (0) once they cannot reach the next level (the prefix is only kept when the
    ace, the top rank, will extend it: ``5-4-3-2-A``).
    """
    cur, best, prefix = run
    cap = lv.cap
    if best >= cap:
        return (0, cap, 0)                        # already as long as any comparison asks
    if held:
        cur = min(cur + 1, cap)
        if cur > best:
            best = lv.floor[cur]
    else:
        if prefix < 0:
            prefix = cur if prefix_counts else 0
        cur = 0
    if best >= cap:
        return (0, cap, 0)
    if prefix >= 0:
        nxt = lv.above[best]
        assert nxt is not None, "below the cap there is a next level"
        if cur + rem < nxt:
            cur = min(cur, 1)                     # 1 still says the top rank is held (the ace's wrap)
        if prefix + 1 < nxt:
            prefix = 0
    return (cur, best, prefix)


def _run_step(held: bool, lv: _Levels, prefix_counts: bool, room: int) -> Update:
    return lambda v, rem: _run_next(v, held, lv, prefix_counts, min(rem, room))


def _same(v: Value, rem: int) -> Value:
    return v
