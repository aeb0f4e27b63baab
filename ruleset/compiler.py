"""Compile pattern nodes into closures over :class:`Features`, for one round context.

Every condition leaf (a comparison or a shape) is an *atom*. An atom reads rank features only,
suit features only, or both (joint: runs within a suit, card sets that are neither whole ranks
nor whole suits, comparisons mixing the two). Evaluators cache atom truths per rank key and per
suit key, so most hands cost a few dictionary lookups (exact.py counts from the pattern nodes).
"""

from __future__ import annotations

import enum
import operator
from dataclasses import dataclass, field
from itertools import compress
from typing import Callable, cast

from .cards import Deck
from .errors import CardError, HachiError, PatternError
from .features import DeckTables, Features, deck_tables
from .patterns import (
    And, CardClassSet, CardList, CardSet, ClassRef, Compare, Count, Difference, Groups, Intersection, MaxSuit, Not,
    Number, Node, Or, Pattern, RankSet, Run, RunIn, Shape, SuitRun, SuitSet, Union_, class_refs, parse_cardset,
    parse_pattern, pattern_error, unknown_class_error, walk,
)
from .patterns import Quantity as QuantityNode
from .roletable import RoleTable

OPS: dict[str, Callable[[int, int], bool]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}
Witness = Callable[[Features, int, int], int]     # (features, atom bits, hand mask) -> the cards shown, a mask
FLIPPED = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


class Domain(enum.IntEnum):
    """What part of a hand a quantity or atom reads."""

    CONST = 0
    RANK = 1
    SUIT = 2
    JOINT = 3


def join(a: Domain, b: Domain) -> Domain:
    if a == Domain.CONST:
        return b
    if b == Domain.CONST or a == b:
        return a
    return Domain.JOINT


@dataclass(frozen=True)
class Context:
    """The round's context a pattern may read: the trump suit and the indicator card."""

    trump: int | None = None
    indicator: int | None = None


@dataclass
class Quantity:
    domain: Domain
    fn: Callable[[Features], int]
    node: object
    hand_fn: Callable[[int], int] | None = None      # value from the hand mask alone (joint ones)
    parts: tuple["Quantity", ...] = ()                # quantities a composite one reads
    reads: int | None = None                          # the cards hand_fn reads (None: any card)
    by_shape: bool = False                            # reads only how many ranks have each count
    counts: tuple[int, ...] | None = None             # card sets whose counts in the hand decide it

    def from_hand(self) -> Callable[[int], int]:
        """The value from the hand mask alone, which every joint quantity has."""
        assert self.hand_fn is not None, "a joint quantity reads the hand mask"
        return self.hand_fn


@dataclass
class Atom:
    node: Compare | Shape
    domain: Domain
    fn: Callable[[Features], bool]
    quantities: tuple[Quantity, ...]
    by_shape: bool = False          # true or false by the hand's shape alone (the counts of its ranks)


@dataclass
class CompiledContext:
    """A role table compiled for one context: atoms by domain, role formulas over atom bits."""

    tables: DeckTables
    context: Context
    atoms: list[Atom]
    roles: list[Callable[[int], bool]]
    witnesses: list[Witness]
    _tests: dict[tuple[Domain, bool | None], list[tuple[int, Callable[[Features], bool]]]] = \
        field(default_factory=dict, repr=False, compare=False)     # by (domain, by_shape), made on first use

    def bits(self, domain: Domain, features: Features, by_shape: bool | None = None) -> int:
        """The bits of the atoms of ``domain`` true of ``features`` (only those whose ``by_shape``
        is ``by_shape``, when given)."""
        out = 0
        for bit, fn in self.tests(domain, by_shape):
            if fn(features):
                out |= bit
        return out

    def tests(self, domain: Domain, by_shape: bool | None = None) -> list[tuple[int, Callable[[Features], bool]]]:
        """(bit, test) of each atom of ``domain`` (and ``by_shape``, when given), listed once."""
        key = (domain, by_shape)
        found = self._tests.get(key)
        if found is None:
            found = self._tests[key] = [(1 << i, a.fn) for i, a in enumerate(self.atoms) if a.domain == domain
                                        and (by_shape is None or a.by_shape == by_shape)]
        return found


class TableCompiler:
    """Parses a table's classes and patterns once; compiles them per context on demand."""

    def __init__(self, table: RoleTable, deck: Deck) -> None:
        self.table, self.deck = table, deck
        self.tables = deck_tables(len(deck.ranks), len(deck.suits), table.ace_low)
        self.errors: list[PatternError] = []
        self.classes: dict[str, CardSet] = {}
        self._deps: dict[str, tuple[str, ...]] = {}       # class -> the classes it names
        self._masks: dict[Context, dict[str, int]] = {}   # context -> class -> cards
        self.patterns: list[Pattern | None] = []
        self._parse_classes()
        self._parse_patterns()

    def reads_context(self) -> tuple[bool, bool]:
        """Whether the table reads the trump suit, and whether it reads the indicator (a table
        that reads neither compiles the same for every context)."""
        nodes = [n for p in self.patterns if p is not None for n in walk(p)]
        nodes += [n for c in self.classes.values() for n in walk(c)]
        items = {i for n in nodes if isinstance(n, (RankSet, SuitSet, CardList)) for i in n.items}
        return "trump" in items, "indicator" in items

    # ------------------------------------------------------------ parsing and checking
    def _parse_classes(self) -> None:
        places = self.table.class_places or {}
        for name, text in self.table.classes.items():
            try:
                self.classes[name] = parse_cardset(text, places.get(name) or None)
            except PatternError as err:
                self.errors.append(err)
        for name, node in self.classes.items():
            self._check_refs(node, str(self.table.classes[name]), places.get(name) or None)
            self._check_items(node, str(self.table.classes[name]), places.get(name) or None)
        self._check_cycles()

    def _parse_patterns(self) -> None:
        for role in self.table.roles:
            try:
                node = parse_pattern(role.pattern, role.place)
            except PatternError as err:
                self.errors.append(err)
                self.patterns.append(None)
                continue
            ok = self._check_refs(node, role.pattern, role.place)
            ok = self._check_items(node, role.pattern, role.place) and ok
            self.patterns.append(node if ok else None)

    def _check_refs(self, node: Node, text: str, place: str | None) -> bool:
        ok = True
        for ref in class_refs(node):
            if ref.name not in self.table.classes:
                self.errors.append(unknown_class_error(ref, self.table.classes, text, place))
                ok = False
        return ok

    def _check_items(self, node: Node, text: str, place: str | None) -> bool:
        """Every unknown rank, suit, card or kind, each with the caret under the item itself."""
        ok = True
        for sub in walk(node):
            if not isinstance(sub, (RankSet, SuitSet, CardList, CardClassSet)):
                continue
            columns = sub.item_columns or (sub.column,) * len(sub.items)
            for item, column in zip(sub.items, columns):
                try:
                    self._items_mask(type(sub)((item,)), Context(0, 0))
                except CardError as err:
                    self.errors.append(pattern_error(text, column, err.message, place))
                    ok = False
        return ok

    def _check_cycles(self) -> None:
        """Refuse classes that refer to each other in a circle (walked with a stack: a chain of
        thousands of classes costs no recursion)."""
        state: dict[str, int] = {}          # 1: on the current path, 2: done
        for first in self.classes:
            if state.get(first):
                continue
            state[first] = 1
            path = [first]
            stack = [iter(self._refs(first))]
            while stack:
                name = next(stack[-1], None)
                if name is None:
                    done = path.pop()
                    stack.pop()
                    state[done] = 2
                    continue
                if state.get(name) == 2:
                    continue
                if state.get(name) == 1:
                    cycle = " -> ".join(path[path.index(name):] + [name])
                    place = (self.table.class_places or {}).get(name) or None
                    self.errors.append(PatternError(f"card classes refer to each other in a circle: {cycle}.",
                                                    place))
                    self.classes.clear()
                    return
                state[name] = 1
                path.append(name)
                stack.append(iter(self._refs(name)))

    def _refs(self, name: str) -> tuple[str, ...]:
        """The classes that class ``name`` names (each once), those defined only."""
        got = self._deps.get(name)
        if got is None:
            got = self._deps[name] = tuple(dict.fromkeys(ref.name for ref in class_refs(self.classes[name])
                                                         if ref.name in self.classes))
        return got

    # ------------------------------------------------------------ card sets
    def cardset_mask(self, node: CardSet, ctx: Context) -> int:
        """The cards of ``node`` in context ``ctx`` as a suit-major bit mask."""
        if isinstance(node, _Mask):
            return node.mask
        if isinstance(node, Union_):
            out = 0
            for part in node.parts:
                out |= self.cardset_mask(part, ctx)
            return out
        if isinstance(node, Intersection):
            out = self.tables.full_hand
            for part in node.parts:
                out &= self.cardset_mask(part, ctx)
            return out
        if isinstance(node, Difference):
            out = self.cardset_mask(node.parts[0], ctx)
            for part in node.parts[1:]:
                out &= ~self.cardset_mask(part, ctx)
            return out
        if isinstance(node, ClassRef):
            return self._class_mask_of(node.name, ctx)
        return self._items_mask(node, ctx)

    def class_mask(self, name: str, ctx: Context) -> int:
        if name not in self.classes:
            raise HachiError(f"there is no card class '{name}' in this role table.")
        return self._class_mask_of(name, ctx)

    def _class_mask_of(self, name: str, ctx: Context) -> int:
        """The cards of class ``name`` in ``ctx``, each class made once per context from the masks
        of the classes it names (so ``e2: e1 | e1`` costs one union, not a doubling per level),
        those it needs first, with a stack rather than recursion."""
        masks = self._masks.get(ctx)
        if masks is None:
            if len(self._masks) >= _CONTEXTS_KEPT:
                self._masks.clear()
            masks = self._masks[ctx] = {}
        got = masks.get(name)
        if got is not None:
            return got
        stack = [name]
        while stack:
            top = stack[-1]
            todo = [ref for ref in self._refs(top) if ref not in masks]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            if top not in masks:
                masks[top] = self.cardset_mask(self.classes[top], ctx)
        return masks[name]

    def _items_mask(self, node: RankSet | SuitSet | CardList | CardClassSet, ctx: Context) -> int:
        t, d = self.tables, self.deck
        bits = 0
        if isinstance(node, CardClassSet):
            class_cards = getattr(d, "class_cards", None)
            if class_cards is None:
                raise CardError("this deck has no card kinds; 'kind' sets are for hanafuda decks.")
            return sum(t.hand_bit[c] for item in node.items for c in class_cards(item))
        for item in node.items:
            if isinstance(node, RankSet):
                ranks = [d.rank(ctx.indicator)] if item == "indicator" and ctx.indicator is not None else (
                    [] if item == "indicator" else [d.rank_index(item)])
                bits |= sum(1 << (s * t.ranks + r) for r in ranks for s in range(t.suits))
            elif isinstance(node, SuitSet):
                suit = ctx.trump if item == "trump" else (
                    (d.suit(ctx.indicator) if ctx.indicator is not None else None) if item == "indicator"
                    else d.suit_index(item))
                if suit is not None:
                    bits |= t.full_ranks << (suit * t.ranks)
            else:
                card = ctx.indicator if item == "indicator" else d.parse(item)
                if card is not None:
                    bits |= t.hand_bit[card]
        return bits

    # ------------------------------------------------------------ compiling
    def compile(self, ctx: Context) -> CompiledContext:
        if self.errors:
            raise self.errors[0]
        out = CompiledContext(self.tables, ctx, [], [], [])
        index: dict[object, int] = {}
        for node in self.patterns:
            assert node is not None, "a pattern is None only after an error"
            out.roles.append(self._formula(node, ctx, out, index))
            out.witnesses.append(self._witness(node, ctx, out, index))
        return out

    def _atom_index(self, node: Compare | Shape, ctx: Context, out: CompiledContext, index: dict[object, int]) -> int:
        if node not in index:
            index[node] = len(out.atoms)
            out.atoms.append(self._atom(node, ctx, out))
        return index[node]

    def _formula(self, node: Pattern, ctx: Context, out: CompiledContext,
                 index: dict[object, int]) -> Callable[[int], bool]:
        if isinstance(node, (Compare, Shape)):
            bit = 1 << self._atom_index(node, ctx, out, index)
            return lambda bits: bool(bits & bit)
        if isinstance(node, Not):
            inner = self._formula(node.part, ctx, out, index)
            return lambda bits: not inner(bits)
        parts = [self._formula(p, ctx, out, index) for p in node.parts]
        if isinstance(node, And):
            return lambda bits: all(p(bits) for p in parts)
        return lambda bits: any(p(bits) for p in parts)

    def _atom(self, node: Compare | Shape, ctx: Context, out: CompiledContext) -> Atom:
        if isinstance(node, Shape):
            sizes = node.sizes
            return Atom(node, Domain.RANK, lambda f: f.shape == sizes, (), by_shape=True)
        left, right = self._quantity(node.left, ctx, out), self._quantity(node.right, ctx, out)
        domain = join(left.domain, right.domain)
        domain = Domain.RANK if domain == Domain.CONST else domain    # constant: evaluate with the ranks
        return Atom(node, domain, _compare(OPS[node.op], left, right), (left, right) + left.parts + right.parts,
                    by_shape=left.by_shape and right.by_shape)

    def _quantity(self, node: QuantityNode, ctx: Context, out: CompiledContext) -> Quantity:
        if isinstance(node, Number):
            value = node.value
            return Quantity(Domain.CONST, lambda f: value, node, by_shape=True)
        if isinstance(node, Run):
            return Quantity(Domain.RANK, lambda f: f.run, node)
        if isinstance(node, MaxSuit):
            return Quantity(Domain.SUIT, lambda f: f.max_suit, node)
        if isinstance(node, SuitRun):
            return Quantity(Domain.JOINT, lambda f: f.suit_run, node, self._suit_run_fn())
        if isinstance(node, RunIn):
            return self._run_in(node, ctx)
        if isinstance(node, Groups) and node.cardset is not None:
            return self._groups_in(node, ctx, out)
        if isinstance(node, Groups):
            test, n = OPS[node.op], node.n
            return Quantity(Domain.RANK, lambda f: f.groups(lambda c: test(c, n)), node, by_shape=True)
        return self._count(node, ctx, out)

    def _groups_in(self, node: Groups, ctx: Context, out: CompiledContext) -> Quantity:
        """``groups(op n, SET)``: ranks whose cards in SET number ``op n`` (and at least one)."""
        t = self.tables
        assert node.cardset is not None, "only groups(..., SET) come here"
        mask = self.cardset_mask(node.cardset, ctx)
        columns = t.rank_columns
        parts = []
        for r in range(t.ranks):
            sub = mask & columns[r]
            if sub:
                parts.append(self._count(Count(cast(CardSet, _Mask(sub))), ctx, out))   # a compiler-only set
        test, n = OPS[node.op], node.n
        fns = [q.fn for q in parts]
        domain = Domain.RANK if all(q.domain == Domain.RANK for q in parts) else Domain.JOINT
        subs = [mask & col for col in columns if mask & col]

        passes = tuple(int(k > 0 and test(k, n)) for k in range(t.suits + 1))   # by a rank's count in SET
        counted, bit_count = passes.__getitem__, int.bit_count

        def hand_fn(hm: int) -> int:
            return sum(map(counted, map(bit_count, map(hm.__and__, subs))))

        return Quantity(domain, lambda f: sum(1 for fn in fns if (k := fn(f)) and test(k, n)), node, hand_fn,
                        tuple(parts) if domain == Domain.JOINT else (), mask, counts=tuple(subs))

    def _run_in(self, node: RunIn, ctx: Context) -> Quantity:
        """``run(SET)``: a rank quantity when SET is whole ranks, else read from the hand mask."""
        t = self.tables
        mask = self.cardset_mask(node.cardset, ctx)
        slices = [(mask >> (s * t.ranks)) & t.full_ranks for s in range(t.suits)]
        if all(sl == slices[0] for sl in slices):
            ranks = slices[0]
            return Quantity(Domain.RANK, lambda f: t.run_length(f.rank_mask & ranks), node)
        shifts = [s * t.ranks for s in range(t.suits)]
        full = t.full_ranks

        def hand_fn(hm: int) -> int:
            held, rank_mask = hm & mask, 0
            for sh in shifts:
                rank_mask |= (held >> sh) & full
            return t.run_length(rank_mask)

        return Quantity(Domain.JOINT, lambda f: hand_fn(f.hand_mask), node, hand_fn, reads=mask)

    def _suit_run_fn(self) -> Callable[[int], int]:
        t = self.tables
        runs, full, r = t._runs, t.full_ranks, t.ranks
        if runs is None:
            return lambda hm: max(t.run_length(m) for m in t.suit_masks(hm))
        if t.suits == 4:
            r2, r3 = 2 * r, 3 * r
            return lambda hm: max(runs[hm & full], runs[(hm >> r) & full], runs[(hm >> r2) & full],
                                  runs[(hm >> r3) & full])
        shifts = [s * r for s in range(t.suits)]
        return lambda hm: max(runs[(hm >> sh) & full] for sh in shifts)

    def _count(self, node: Count, ctx: Context, out: CompiledContext) -> Quantity:
        t = self.tables
        mask = self.cardset_mask(node.cardset, ctx)
        slices = [(mask >> (s * t.ranks)) & t.full_ranks for s in range(t.suits)]
        if mask == 0:
            return Quantity(Domain.CONST, lambda f: 0, node)
        if all(sl == slices[0] for sl in slices):
            ranks = [r for r in range(t.ranks) if slices[0] >> r & 1]
            return Quantity(Domain.RANK, lambda f: sum(map(f.rank_counts.__getitem__, ranks)), node)
        if all(sl in (0, t.full_ranks) for sl in slices):
            suits = [s for s, sl in enumerate(slices) if sl]
            return Quantity(Domain.SUIT, lambda f: sum(f.suit_counts[s] for s in suits), node)
        return Quantity(Domain.JOINT, lambda f: (f.hand_mask & mask).bit_count(), node,
                        lambda hm: (hm & mask).bit_count(), reads=mask, counts=(mask,))


    # ------------------------------------------------------------ witness cards (T14)
    def _witness(self, node: Pattern, ctx: Context, out: CompiledContext, index: dict[object, int]) -> Witness:
        """The cards a holder shows for ``node``, as a hand mask; see roles.py for the rule."""
        if isinstance(node, Shape):
            return self._group_witness(lambda c: c > 1, whole_if_none=False) if node.sizes else _whole
        if isinstance(node, Not):
            return _whole
        if isinstance(node, (And, Or)):
            parts = [(self._formula(p, ctx, out, index), self._witness(p, ctx, out, index)) for p in node.parts]
            if isinstance(node, And):
                if any(w is _whole for _, w in parts):
                    return _whole       # every witness is some of the hand's cards: the union is all
                ws = [w for _, w in parts]

                def union(f: Features, bits: int, hm: int) -> int:
                    cards = 0
                    for w in ws:
                        cards |= w(f, bits, hm)
                    return cards

                return union
            return lambda f, bits, hm: next((w(f, bits, hm) for ok, w in parts if ok(bits)), 0)
        return self._compare_witness(node, ctx)

    def _compare_witness(self, node: Compare, ctx: Context) -> Witness:
        left, op, right = node.left, node.op, node.right
        if isinstance(left, Number):
            left, op, right = right, FLIPPED[op], left
        if isinstance(left, Groups) and left.cardset is not None:
            return self._groups_in_witness(left, ctx)
        if isinstance(left, Groups):
            test, n = OPS[left.op], left.n
            return self._group_witness(lambda c: test(c, n), whole_if_none=True)
        if not isinstance(right, Number) or op not in (">=", ">"):
            return _whole
        if isinstance(left, Count):
            mask = self.cardset_mask(left.cardset, ctx)
            return lambda f, bits, hm: hm & mask
        if isinstance(left, Run):
            return lambda f, bits, hm: self._run_cards(hm, f.rank_mask)
        if isinstance(left, RunIn):
            return self._run_in_witness(self.cardset_mask(left.cardset, ctx))
        if isinstance(left, SuitRun):
            return self._suit_run_cards
        if isinstance(left, MaxSuit):
            return self._suit_cards
        return _whole

    def _group_witness(self, test: Callable[[int], bool], whole_if_none: bool) -> Witness:
        """The cards of the ranks whose count in the hand passes ``test`` (else the whole hand,
        when ``whole_if_none``)."""
        cols, passes = self.tables.rank_columns, tuple(test(k) for k in range(self.tables.suits + 1))
        take = passes.__getitem__

        def cards(f: Features, bits: int, hm: int) -> int:
            found = hm & sum(compress(cols, map(take, f.rank_counts)))
            return (found or hm) if whole_if_none else found

        return cards

    def _groups_in_witness(self, node: Groups, ctx: Context) -> Witness:
        """``groups(op n, SET)``: the hand's cards in SET of the ranks whose cards in SET number
        ``op n``, else the whole hand."""
        assert node.cardset is not None, "only groups(..., SET) come here"
        mask, test, n = self.cardset_mask(node.cardset, ctx), OPS[node.op], node.n
        subs = tuple(mask & col for col in self.tables.rank_columns if mask & col)
        passes = tuple(k > 0 and test(k, n) for k in range(self.tables.suits + 1))

        def cards(f: Features, bits: int, hm: int) -> int:
            return sum(held for held in map(hm.__and__, subs) if passes[held.bit_count()]) or hm

        return cards

    def _run_cards(self, hm: int, rank_mask: int) -> int:
        """One card of each rank of the highest longest run of ``rank_mask``: its lowest suit's."""
        cols, cards = self.tables.rank_columns, 0
        for r in self.tables.run_ranks(rank_mask):
            held = hm & cols[r]
            cards |= held & -held
        return cards

    def _run_in_witness(self, mask: int) -> Witness:
        def cards(f: Features, bits: int, hm: int) -> int:
            inside = hm & mask
            return self._run_cards(inside, self.tables.held_ranks(inside))

        return cards

    def _suit_run_cards(self, f: Features, bits: int, hm: int) -> int:
        t = self.tables
        masks = f.suit_masks
        suit = max(range(t.suits), key=lambda s: (t.run_length(masks[s]), -s))
        return sum(1 << (suit * t.ranks + r) for r in t.run_ranks(masks[suit]))

    def _suit_cards(self, f: Features, bits: int, hm: int) -> int:
        t = self.tables
        suit = max(range(t.suits), key=lambda s: (f.suit_counts[s], -s))
        return hm & t.full_ranks << (suit * t.ranks)


def _compare(test: Callable[[int, int], bool], left: Quantity, right: Quantity) -> Callable[[Features], bool]:
    """The test of a comparison atom; a number on either side is read once, not on every hand."""
    lf, rf = left.fn, right.fn
    if isinstance(right.node, Number):
        value = right.node.value
        return lambda f: test(lf(f), value)
    if isinstance(left.node, Number):
        value = left.node.value
        return lambda f: test(value, rf(f))
    return lambda f: test(lf(f), rf(f))


@dataclass(frozen=True)
class _Mask:
    """A card set given directly as a suit-major mask (inside composite quantities)."""

    mask: int


_CONTEXTS_KEPT = 256        # contexts whose class masks are kept (a deal pass reads one per indicator card)


def _whole(f: Features, bits: int, hm: int) -> int:
    return hm
