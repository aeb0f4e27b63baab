"""How many hands have each role: exact counts over every hand, or seeded estimates.

The exact count never looks at hands one by one. It enumerates *rank multisets* (how many cards
of each rank; about 50,000 for 7 cards of 52), evaluates the rank atoms once per multiset, and
groups multisets by what the suit side needs to know about them (``_suit_key``). For each group
a small dynamic program over the ranks counts the ways of giving the cards suits, tracking per
suit only what the patterns read: the suit's card count, its current and best run (capped at
the largest threshold a pattern compares ``suit_run`` with) and the joint card-set counts. When
no pattern names a particular suit, suit states are kept sorted (suits are interchangeable).
Runs shorter than every ``suit_run`` threshold cannot change any pattern's truth, so only blocks
of consecutive ranks at least that long are tracked in order; the other ranks only add cards.

Context: counts are over every hand of the deck; with an indicator card given, over the hands
of the other cards (the indicator is never in a hand). When the table reads the trump or the
indicator and they are not given, the result is the exact average over every trump suit and
every indicator card (so it may be a fraction).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Iterator

from .compiler import CompiledContext, Context, Domain, TableCompiler
from .features import Features
from .patterns import CardList, RankSet, SuitSet, walk
from .roles import RoleEvaluator, resolve_roles


@dataclass(frozen=True)
class RoleCounts:
    """Hands with each role (after groups; a combo counts for itself and for its roles)."""

    hands: int | Fraction
    exact: bool
    roles: dict
    none: int | Fraction
    samples: int | None = None
    contexts: int = 1

    def as_json(self) -> dict:
        def num(x):
            x = Fraction(x)
            return int(x) if x.denominator == 1 else float(x)
        out = {"hands": num(self.hands), "exact": self.exact, "roles": {k: num(v) for k, v in self.roles.items()},
               "none": num(self.none)}
        if self.samples is not None:
            out["samples"] = self.samples
        if self.contexts != 1:
            out["contexts"] = self.contexts
        return out

    def probability(self, role_id: str) -> float:
        return float(Fraction(self.roles[role_id]) / Fraction(self.hands))


def uses_context(compiler: TableCompiler) -> tuple[bool, bool]:
    """Whether the table reads the trump suit, and whether it reads the indicator."""
    nodes = [n for p in compiler.patterns if p is not None for n in walk(p)]
    nodes += [n for c in compiler.classes.values() for n in walk(c)]
    items = {i for n in nodes if isinstance(n, (RankSet, SuitSet, CardList)) for i in n.items}
    return "trump" in items, "indicator" in items


def exact_counts(evaluator: RoleEvaluator, hand_size: int, trump: int | None = None,
                 indicator: int | None = None) -> RoleCounts:
    """Exact role counts over every hand of ``hand_size`` cards (see the module docstring)."""
    compiler, deck = evaluator.compiler, evaluator.deck
    reads_trump, reads_indicator = uses_context(compiler)
    trumps = list(range(len(deck.suits))) if reads_trump and trump is None else [trump]
    indicators = list(deck.cards) if reads_indicator and indicator is None else [indicator]
    total_roles: Counter = Counter()
    total_hands = total_none = 0
    contexts = [Context(t, i) for t in trumps for i in indicators]
    for ctx in contexts:
        hands, roles, none = _ExactCounter(compiler, compiler.compile(ctx), evaluator.table, hand_size, ctx).run()
        total_hands += hands
        total_none += none
        total_roles.update(roles)
    n = len(contexts)
    ids = [r.id for r in evaluator.table.roles] + [c.id for c in evaluator.table.combos]
    avg = (lambda x: x) if n == 1 else (lambda x: Fraction(x, n))
    return RoleCounts(avg(total_hands), True, {i: avg(total_roles.get(i, 0)) for i in ids}, avg(total_none),
                      contexts=n)


def sampled_counts(evaluator: RoleEvaluator, hand_size: int, samples: int, seed: int,
                   trump: int | None = None, indicator: int | None = None) -> RoleCounts:
    """Estimated role counts from ``samples`` seeded random hands, scaled to all hands."""
    deck = evaluator.deck
    cards = [c for c in deck.cards if c != indicator]
    rng = random.Random(seed)
    hands = (rng.sample(cards, hand_size) for _ in range(samples))
    counts: Counter = Counter()
    none = 0
    for res in evaluator.evaluate_many(hands, trump, indicator):
        counts.update(_ids_with_parts(evaluator.table, res))
        none += not res.hits
    total = comb(len(cards), hand_size)
    ids = [r.id for r in evaluator.table.roles] + [c.id for c in evaluator.table.combos]
    scale = (lambda x: round(x * total / samples)) if samples else (lambda x: 0)
    return RoleCounts(total, False, {i: scale(counts.get(i, 0)) for i in ids}, scale(none), samples=samples)


def _ids_with_parts(table, res) -> list[str]:
    out = []
    for h in res.hits:
        out.append(h.id)
        if len(h.parts) > 1 or table.roles[h.parts[0]].id != h.id:
            out.extend(table.roles[i].id for i in h.parts)
    return out


@dataclass
class _Element:
    """One rank held: how many cards, which suits it may take, its joint-set suit masks."""

    count: int
    allowed: int
    joint: tuple[int, ...]
    wrap: bool = False

    def key(self) -> tuple:
        return (self.count, self.allowed, self.joint, self.wrap)


class _ExactCounter:
    def __init__(self, compiler: TableCompiler, compiled: CompiledContext, table, hand_size: int, ctx: Context):
        self.c, self.table, self.n = compiled, table, hand_size
        t = self.t = compiled.tables
        self.ctx = ctx
        self.full_suits = (1 << t.suits) - 1
        ind = ctx.indicator
        self.allowed = [self.full_suits & ~((1 << compiler.deck.suit(ind)) if ind is not None and
                                           compiler.deck.rank(ind) == r else 0) for r in range(t.ranks)]
        self.joint_masks = list(compiled.joint_sets.values())
        self.joint_keys = list(compiled.joint_sets)
        self.thresholds = sorted(x for x in compiled.suit_run_thresholds if x > 0)
        self.cap = self.thresholds[-1] if self.thresholds else 0
        self.min_long = self.thresholds[0] if self.thresholds else None
        self.symmetric = not compiled.suit_specific and ind is None
        atoms = compiled.atoms
        self.joint_rank_qs = [q for a in atoms if a.domain == Domain.JOINT for q in a.quantities
                              if q.domain == Domain.RANK]
        self.has_suit_side = any(a.domain in (Domain.SUIT, Domain.JOINT) for a in atoms)
        # per-suit card counts matter only when some atom reads a suit quantity (max_suit, suit sets)
        self.track_suits = bool(self.thresholds) or any(
            a.domain == Domain.SUIT or any(q.domain == Domain.SUIT for q in a.quantities) for a in atoms)
        self._subsets: dict[tuple[int, int], list[int]] = {}

    # ------------------------------------------------------------ rank side
    def _multisets(self) -> Iterator[tuple[int, ...]]:
        caps = [bin(a).count("1") for a in self.allowed]
        ranks = self.t.ranks
        counts = [0] * ranks

        def rec(r: int, left: int):
            if r == ranks:
                if left == 0:
                    yield tuple(counts)
                return
            for k in range(min(caps[r], left) + 1):
                counts[r] = k
                yield from rec(r + 1, left - k)
            counts[r] = 0

        return rec(0, self.n)

    def run(self) -> tuple[int, Counter, int]:
        groups: Counter = Counter()
        reps: dict = {}
        for m in self._multisets():
            f = Features(self.t, rank_counts=m)
            rbits = self.c.bits(Domain.RANK, f)
            mixed = tuple(q.fn(f) for q in self.joint_rank_qs)
            skey = self._suit_key(m)
            key = (rbits, mixed, skey)
            groups[key] += 1
            reps.setdefault(key, m)
        totals: Counter = Counter()
        dists: dict = {}
        bits_cache: dict = {}
        for (rbits, mixed, skey), n in groups.items():
            dist = dists.get(skey)
            if dist is None:
                dist = dists[skey] = self._suit_dp(skey)
            for state, ways in dist.items():
                ck = (mixed, state)
                sb = bits_cache.get(ck)
                if sb is None:
                    sb = bits_cache[ck] = self._state_bits(reps[(rbits, mixed, skey)], state)
                totals[rbits | sb] += n * ways
        roles: Counter = Counter()
        none = hands = 0
        for bits, n in totals.items():
            res = resolve_roles(self.table, [fn(bits) for fn in self.c.roles])
            hands += n
            if not res.hits:
                none += n
            for i in _ids_with_parts(self.table, res):
                roles[i] += n
        return hands, roles, none

    # ------------------------------------------------------------ suit side
    def _element(self, m: tuple[int, ...], r: int, wrap: bool = False) -> _Element:
        t = self.t
        joint = tuple(sum(1 << s for s in range(t.suits) if mask >> (s * t.ranks + r) & 1)
                      for mask in self.joint_masks)
        return _Element(m[r], self.allowed[r], joint, wrap)

    def _suit_key(self, m: tuple[int, ...]):
        """What the suit dynamic program needs of ``m``: long blocks in order, other ranks as a bag."""
        if not self.has_suit_side:
            return ("weights", tuple(sorted((m[r], self.allowed[r]) for r in range(len(m)) if m[r])))
        present = [r for r in range(len(m)) if m[r]]
        if not self.thresholds:
            return ((), tuple(sorted(self._element(m, r).key() for r in present)))
        if self.t.ace_low and all(m):
            return ("direct", m)                 # every rank held: the runs go round; count directly
        blocks = self._blocks(m)
        long = [b for b in blocks if len(b) >= self.min_long]
        in_long = {r for b in long for r in b}
        loose = tuple(sorted(self._element(m, r).key() for r in present if r not in in_long))
        ace = len(m) - 1
        long_keys = []
        for b in long:
            long_keys.append(tuple(self._element(m, r, wrap=(r == ace and i != len(b) - 1)).key()
                                   for i, r in enumerate(b)))
        return (tuple(sorted(long_keys)), loose)

    def _blocks(self, m: tuple[int, ...]) -> list[list[int]]:
        """Blocks of consecutive held ranks; with ace low the ace links K and 2 (``K A 2``)."""
        ranks = len(m)
        blocks, cur = [], []
        for r in range(ranks):
            if m[r]:
                cur.append(r)
            elif cur:
                blocks.append(cur)
                cur = []
        if cur:
            blocks.append(cur)
        ace = ranks - 1
        if self.t.ace_low and m[ace] and m[0] and len(blocks) > 1 and blocks[-1][-1] == ace:
            last, first = blocks.pop(), blocks.pop(0)
            blocks.append(last + first)          # ... K A 2 ...: runs reset to 1 after the ace
        return blocks

    def _subsets_of(self, k: int, allowed: int) -> list[int]:
        key = (k, allowed)
        if key not in self._subsets:
            suits = [s for s in range(self.t.suits) if allowed >> s & 1]
            self._subsets[key] = [sum(1 << s for s in combo) for combo in itertools.combinations(suits, k)]
        return self._subsets[key]

    def _suit_dp(self, skey) -> dict:
        if skey[0] == "weights":
            ways = 1
            for k, allowed in skey[1]:
                ways *= comb(bin(allowed).count("1"), k)
            return {None: ways}
        if skey[0] == "direct":
            return self._direct(skey[1])
        long_blocks, loose = skey
        suits = self.t.suits
        start = (tuple((0, 0, 0) for _ in range(suits)), tuple(0 for _ in self.joint_masks))
        states = {start: 1}
        for key in loose:
            states = self._step(states, _Element(*key), track_runs=False)
        for block in long_blocks:
            for key in block:
                states = self._step(states, _Element(*key), track_runs=True)
            states = self._end_block(states)
        out: Counter = Counter()
        for (per_suit, joint), ways in states.items():
            counts = tuple(s[0] for s in per_suit)
            best = max(s[2] for s in per_suit)
            out[(counts, best, joint)] += ways
        return out

    def _direct(self, m: tuple[int, ...]) -> Counter:
        """Every way of giving the cards of ``m`` suits, one by one (only for hands holding every rank)."""
        t = self.t
        choices = [self._subsets_of(k, self.allowed[r]) for r, k in enumerate(m)]
        out: Counter = Counter()
        for subs in itertools.product(*choices):
            masks = [sum(1 << r for r, sub in enumerate(subs) if sub >> s & 1) for s in range(t.suits)]
            counts = tuple(bin(x).count("1") for x in masks)
            best = min(max(t.run_length(x) for x in masks), self.cap) if self.thresholds else 0
            hand_mask = sum(x << (s * t.ranks) for s, x in enumerate(masks))
            joint = tuple((hand_mask & jm).bit_count() for jm in self.joint_masks)
            out[(counts, best, joint)] += 1
        return out

    def _step(self, states: dict, el: _Element, track_runs: bool) -> dict:
        cap, suits, sym = self.cap, self.t.suits, self.symmetric
        subsets = self._subsets_of(el.count, el.allowed)
        out: dict = defaultdict(int)
        if not self.track_suits and not track_runs:
            for (per_suit, joint), ways in states.items():
                for sub in subsets:
                    nj = tuple(j + (sub & jm).bit_count() for j, jm in zip(joint, el.joint))
                    out[(per_suit, nj)] += ways
            return out
        for (per_suit, joint), ways in states.items():
            for sub in subsets:
                new = []
                for s in range(suits):
                    count, cur, best = per_suit[s]
                    if sub >> s & 1:
                        count += 1
                        if track_runs:
                            cur = min(cur + 1, cap)
                            best = max(best, cur)
                            if el.wrap:
                                cur = 1
                    elif track_runs:
                        cur = 0
                    new.append((count, cur, best))
                if sym:
                    new.sort()
                nj = tuple(j + bin(sub & jm).count("1") for j, jm in zip(joint, el.joint)) if joint else joint
                out[(tuple(new), nj)] += ways
        return out

    def _end_block(self, states: dict) -> dict:
        out: dict = defaultdict(int)
        for (per_suit, joint), ways in states.items():
            new = [(c, 0, b) for c, _, b in per_suit]
            if self.symmetric:
                new.sort()
            out[(tuple(new), joint)] += ways
        return out

    def _state_bits(self, rep: tuple[int, ...], state) -> int:
        if state is None:
            return 0
        counts, best, joint = state
        f = Features(self.t, rank_counts=rep, suit_counts=counts, suit_run_value=best,
                     joint_counts=dict(zip(self.joint_keys, joint)))
        return self.c.bits(Domain.SUIT, f) | self.c.bits(Domain.JOINT, f)


def warnings(ruleset) -> list[str]:
    """``PLACE: warning: ...`` for every role no hand can have (its exact count is 0)."""
    counts = exact_counts(ruleset.evaluator, ruleset.hand_size)
    out = []
    for role in ruleset.roles.roles:
        if counts.roles[role.id] == 0:
            place = role.place or ruleset.source
            out.append(f"{place}: warning: the role '{role.id}' can never occur: no hand of "
                       f"{ruleset.hand_size} cards matches '{role.pattern}'.")
    return out
