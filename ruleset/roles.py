"""Hand-role evaluation (手役): the contract the interpreter and the CLI use.

``compile_table(table, deck)`` parses every pattern once and returns a :class:`RoleEvaluator`:

- ``evaluate(hand, trump=None, indicator=None) -> RoleResult``: the roles that count, their go
  and forced values, and each role's witness cards;
- ``evaluate_many(hands, ...)``: the same roles and totals for many hands, without witness cards;
- ``count_class(name, hand, ...)``: how many cards of a named class the hand holds.

How roles combine: within a group at most one role counts, the matching one with the highest go
value (ties: the first listed). Roles of different groups (or with no group) add up. A combo
whose roles all count replaces them by one hit with the combo's values (first listed combo first;
a role is used by one combo at most).

Witness cards (T14), the cards a holder shows for a role, follow from its pattern:

- ``shape ...`` and ``groups(...)``: the cards of the ranks held two or more times (for groups,
  the ranks the group test names);
- a lower bound (``>=``, ``>``) on ``count(SET)``: the hand's cards in SET; on ``run``: one card
  per rank of the highest longest run; on ``suit_run``: that run's cards; on ``max_suit``: the
  cards of the longest suit;
- anything else (an exact count, an upper bound, ``not``, ``shape`` of all singles): the whole
  hand, since only the whole hand proves that something is missing;
- ``and``: the union of its parts; ``or``: the first part that holds.

A context-dependent set is empty when the context is not given: ``suit trump`` with no trump,
``rank indicator`` with no indicator.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import compress
from typing import Callable, Iterable, Protocol, Sequence

from .cards import Deck
from .compiler import OPS, CompiledContext, Context, Domain, Quantity, TableCompiler
from .errors import CardError, HachiError, PatternError
from .patterns import Compare, Count, Groups, Run, RunIn, walk
from .features import Features, KeyedFeatures
from .roletable import Combo, RoleExample, RoleTable


@dataclass(frozen=True)
class RoleHit:
    id: str
    go: int
    forced: int
    cards: tuple[int, ...]          # the witness cards the holder shows (T14)


@dataclass(frozen=True)
class RoleResult:
    roles: tuple[RoleHit, ...]
    go: int
    forced: int

    @cached_property
    def ids(self) -> tuple[str, ...]:       # read again and again when hand roles are settled
        return tuple(h.id for h in self.roles)


@dataclass(frozen=True)
class _Hit:
    id: str
    go: int
    forced: int
    parts: tuple[int, ...]          # role indexes whose witnesses make the cards


@dataclass(frozen=True)
class Resolution:
    """The roles that count for one truth vector of atoms, before witness cards."""

    hits: tuple[_Hit, ...]
    go: int
    forced: int

    @cached_property
    def ids(self) -> tuple[str, ...]:       # a resolution is remembered and shown again and again
        return tuple(h.id for h in self.hits)


NO_ROLES = RoleResult((), 0, 0)
READ_CACHE_SIZE = 1 << 16          # hands remembered by the cards their joint atoms read


class _ContextEvaluator:
    """One compiled context with its caches: rank key, suit key and joint values -> atom bits."""

    def __init__(self, compiled: CompiledContext, table: RoleTable):
        self.c, self.table, self.tables = compiled, table, compiled.tables
        self.rank_cache: dict[int, int] = {}
        self.suit_cache: dict[int, int] = {}
        self.joint_cache: dict[object, int] = {}
        self.final_cache: dict[int, Resolution] = {}
        self.has_joint = any(a.domain == Domain.JOINT for a in compiled.atoms)
        # A joint atom compares its two sides (``quantities[:2]``; the rest are the parts a side
        # is made of): when every side is a constant or read from the hand mask alone, the values
        # of those sides decide the atom, and they key the joint cache.
        qs = [q for a in compiled.atoms if a.domain == Domain.JOINT for q in a.quantities[:2]]
        self.mixed = any(map(_reads_all_features, qs))
        self.joint_fns = [] if self.mixed else [q.from_hand() for q in qs if q.domain == Domain.JOINT]
        self.joint_key = self._joint_key([q for q in qs if q.domain == Domain.JOINT])
        self.joint_reads = self._joint_reads(qs)
        self.read_cache: dict[int, int] = {}
        self.holds_cache: dict[int, bool] = {}      # RoleEvaluator.role_key: role key -> any role
        self.count_cache: dict[int, int] = {}
        self.count_shift, self.packed = self._count_packing(qs)
        self.has_rank = any(a.domain == Domain.RANK for a in compiled.atoms)
        # Rank atoms that read only the hand's shape (``shape``, ``groups(n)``: hanafuda's sets)
        # are also remembered by the shape, which few hands lack among all the rank keys.
        self.other_rank = compiled.tests(Domain.RANK, by_shape=False)
        self.shape_cache: dict[int, int] = {}              # by DeckTables.shape_key
        self.has_suit = any(a.domain == Domain.SUIT for a in compiled.atoms)
        self.reader: Callable[[Sequence[int]], tuple[int, int]] | None = None    # RoleEvaluator._reader

    def _joint_reads(self, sides: list[Quantity]) -> int | None:
        """When every side reads known cards only (counts of card sets: capture roles, weak
        hands), those cards: the hand's cards among them decide the joint atoms, and one AND
        keys a first cache (``read_cache``). None otherwise."""
        reads = [q.reads for q in sides if q.domain == Domain.JOINT]
        if not self.has_joint or self.mixed or None in reads:
            return None
        cards = 0
        for r in reads:
            cards |= r or 0
        return cards

    def _count_packing(self, sides: list[Quantity]) -> tuple[int | None, tuple[int, ...]]:
        """The shift of the set counts in ``packed``, and ``packed`` itself.

        When every side counts the hand's cards in known sets (``count(SET)``, ``groups(n, SET)``:
        capture roles, weak hands), those counts decide the joint atoms. Each card's entry of
        ``packed`` then also holds a 1 in the count of every such set it is in, above the hand
        mask, so the one sum over a hand gives the counts too: they key ``count_cache``."""
        t = self.tables
        if not self.has_joint or self.mixed or not all(q.domain == Domain.CONST or q.counts is not None
                                                       for q in sides):
            return None, t.packed
        cards = len(t.packed)
        count_shift = shift = t.mask_shift + cards
        ones = [0] * cards
        for m in dict.fromkeys(m for q in sides for m in q.counts or ()):
            for c in range(cards):
                if t.hand_bit[c] & m:
                    ones[c] |= 1 << (shift - t.mask_shift)
            shift += m.bit_count().bit_length()         # room for every count of the set
        return count_shift, tuple(p | o << t.mask_shift for p, o in zip(t.packed, ones))

    def _joint_key(self, sides: list[Quantity]) -> Callable[[int], object]:
        """The key of the joint cache for a hand mask: the value of each joint side, or of the
        only one. The sides that count the hand's cards in one set (``count(SET)``) are counted in
        one pass over their distinct sets, in C; the others are asked one by one."""
        fns = self.joint_fns
        if len(fns) == 1:
            return fns[0]
        if self.mixed:
            return lambda mask: None        # not asked: mixed sides are read from all features
        plain = [q for q in sides if isinstance(q.node, Count) and q.counts is not None and len(q.counts) == 1]
        sets = tuple(dict.fromkeys(q.counts[0] for q in plain if q.counts))
        others = list({_side_key(q): q.from_hand() for q in sides if q not in plain}.values())  # each side once
        bit_count = int.bit_count
        if len(others) == 1:                # hanafuda's sets: groups(3, standing)
            other = others[0]
            return lambda mask: (*map(bit_count, map(mask.__and__, sets)), other(mask))

        def key(mask: int) -> object:
            return (*map(bit_count, map(mask.__and__, sets)), *[fn(mask) for fn in others])

        return key

    def rank_bits(self, rank_key: int) -> int:
        if not self.has_rank:
            return 0                # nothing to remember (a captured pile's ranks vary without end)
        bits = self.rank_cache.get(rank_key)
        if bits is None:
            bits = self.rank_cache[rank_key] = self.rank_bits_of(rank_key)
        return bits

    def rank_bits_of(self, rank_key: int) -> int:
        """The rank atoms of a hand of rank key ``rank_key``: those that read only its shape
        (:meth:`shape_bits`), the others tested."""
        bits = self.shape_bits(rank_key)
        if self.other_rank:
            f = Features(self.tables, rank_counts=self.tables.rank_counts(rank_key))
            for bit, test in self.other_rank:
                if test(f):
                    bits |= bit
        return bits

    def shape_bits(self, rank_key: int) -> int:
        """The rank atoms that read only the hand's shape (``shape``, ``groups(n)``), remembered by
        the shape (:meth:`~.features.DeckTables.shape_key`), which few hands lack."""
        key = self.tables.shape_key(rank_key)
        bits = self.shape_cache.get(key)
        if bits is None:
            f = Features(self.tables, rank_counts=self.tables.rank_counts(rank_key))
            bits = self.shape_cache[key] = self.c.bits(Domain.RANK, f, by_shape=True)
        return bits

    def suit_bits(self, suit_key: int) -> int:
        if not self.has_suit:
            return 0
        bits = self.suit_cache.get(suit_key)
        if bits is None:
            f = Features(self.tables, suit_counts=self.tables.suit_counts(suit_key))
            bits = self.suit_cache[suit_key] = self.c.bits(Domain.SUIT, f)
        return bits

    def joint_bits(self, rank_key: int, suit_key: int, mask: int) -> int:
        if not self.has_joint:
            return 0
        t = self.tables
        if self.mixed:
            f = Features(t, t.rank_counts(rank_key), t.suit_counts(suit_key), mask)
            return self.c.bits(Domain.JOINT, f)
        key = self.joint_key(mask)
        bits = self.joint_cache.get(key)
        if bits is None:        # a side may be made of rank parts (``groups(n, SET)``): all features
            f = Features(t, t.rank_counts(rank_key), t.suit_counts(suit_key), mask)
            bits = self.joint_cache[key] = self.c.bits(Domain.JOINT, f)
        if self.joint_reads is not None:
            if len(self.read_cache) >= READ_CACHE_SIZE:
                self.read_cache.clear()
            self.read_cache[mask & self.joint_reads] = bits
        return bits

    def resolve(self, bits: int) -> Resolution:
        res = self.final_cache.get(bits)
        if res is None:
            res = self.final_cache[bits] = resolve_roles(self.table, [fn(bits) for fn in self.c.roles])
        return res


def _reads_all_features(q: Quantity) -> bool:
    """Whether a joint side needs every feature of the hand, not its mask alone: a rank or suit
    side, or a joint side with no reading from the hand mask."""
    return q.domain in (Domain.RANK, Domain.SUIT) or (q.domain == Domain.JOINT and q.hand_fn is None)


def _side_key(q: Quantity) -> object:
    """What decides a joint side's value: ``groups(op n, SET)`` by its test and the sets it counts
    (the same groups written twice are one side), any other side by itself."""
    node = q.node
    if isinstance(node, Groups) and q.counts is not None:
        return node.op, node.n, q.counts
    return id(q)


def resolve_roles(table: RoleTable, matched: Sequence[bool]) -> Resolution:
    """Apply groups (one role per group, highest go, first listed on ties) and then combos."""
    roles = table.roles
    hits = [_Hit(roles[i].id, roles[i].go, roles[i].forced, (i,)) for i in _best_of_groups(table, matched)]
    if table.combos and hits:
        hits = _with_combos(table, hits)
    return Resolution(tuple(hits), sum(h.go for h in hits), sum(h.forced for h in hits))


def _best_of_groups(table: RoleTable, matched: Sequence[bool]) -> list[int]:
    """The indexes of the matched roles that count, in the table's order: per group the one with
    the highest go (the first listed on ties); a role with no group counts alone."""
    best: dict[object, int] = {}
    for i, (role, ok) in enumerate(zip(table.roles, matched)):
        if not ok:
            continue
        key = role.group if role.group is not None else ("", i)
        if key not in best or role.go > table.roles[best[key]].go:
            best[key] = i
    return sorted(best.values())


def _with_combos(table: RoleTable, hits: list[_Hit]) -> list[_Hit]:
    """``hits`` with every combo completed, in the table's order. Only a combo naming a role held
    can complete (a combo's own hit has two parts or more, so it completes no other): those are
    tried."""
    index = combos_by_role(table)
    present = {h.id: h for h in hits}
    for n in sorted({n for h in hits for n in index.get(h.id, ())}):
        combo = table.combos[n]
        if combo.roles and all(r in present and len(present[r].parts) == 1 for r in combo.roles):
            hits = _completed(combo, hits, present)
            present = {h.id: h for h in hits}
    return hits


def _completed(combo: Combo, hits: list[_Hit], present: dict[str, _Hit]) -> list[_Hit]:
    """``hits`` with the roles of ``combo`` replaced by its one hit, where the first of them was."""
    first = min(hits.index(present[r]) for r in combo.roles)
    parts = tuple(p for r in combo.roles for p in present[r].parts)
    rest = [h for h in hits if h.id not in combo.roles]
    rest.insert(min(first, len(rest)), _Hit(combo.id, combo.go, combo.forced, parts))
    return rest


_COMBOS_BY_ROLE: dict[int, tuple[RoleTable, dict[str, tuple[int, ...]]]] = {}


def combos_by_role(table: RoleTable) -> dict[str, tuple[int, ...]]:
    """Per role id, the indexes of the combos that name it, in order (made once per table)."""
    got = _COMBOS_BY_ROLE.get(id(table))
    if got is None or got[0] is not table:
        index: dict[str, list[int]] = {}
        for n, combo in enumerate(table.combos):
            for r in dict.fromkeys(combo.roles):
                index.setdefault(r, []).append(n)
        if len(_COMBOS_BY_ROLE) >= 64:
            _COMBOS_BY_ROLE.clear()
        got = _COMBOS_BY_ROLE[id(table)] = (table, {r: tuple(v) for r, v in index.items()})
    return got[1]


def _ids_with_parts(table: RoleTable, res: Resolution) -> list[str]:
    out: list[str] = []
    for h in res.hits:
        out.append(h.id)
        if len(h.parts) > 1 or table.roles[h.parts[0]].id != h.id:
            out.extend(table.roles[i].id for i in h.parts)
    return out


class RoleEvaluator:
    """A role table compiled for a deck; contexts (trump, indicator) compile on first use."""

    def __init__(self, table: RoleTable, deck: Deck):
        self.table, self.deck = table, deck
        self.compiler = TableCompiler(table, deck)
        if self.compiler.errors:
            raise self.compiler.errors[0]
        self._contexts: dict[tuple[int | None, int | None], _ContextEvaluator] = {}
        self._class_masks: dict[tuple[str, int | None, int | None], tuple[int, ...]] = {}   # class_cards
        self._reads = self.compiler.reads_context()
        self.context(None, None)

    def context(self, trump: int | None = None, indicator: int | None = None) -> _ContextEvaluator:
        ev = self._contexts.get((trump, indicator))     # a plain tuple hashes faster than a Context
        if ev is None:
            ev = self._contexts[trump, indicator] = self._compiled(trump, indicator)
        return ev

    def _compiled(self, trump: int | None, indicator: int | None) -> _ContextEvaluator:
        """The evaluator of a context, shared by every context that differs only in what the
        table does not read (the standard table reads neither: one evaluator, one set of caches)."""
        reads_trump, reads_indicator = self._reads
        key = (trump if reads_trump else None, indicator if reads_indicator else None)
        ev = self._contexts.get(key)
        if ev is None:
            ev = self._contexts[key] = _ContextEvaluator(self.compiler.compile(Context(*key)), self.table)
        return ev

    def _check(self, hand: Sequence[int], mask: int) -> None:
        if mask.bit_count() != len(hand):
            raise CardError(f"the hand {self._names(hand)} holds a card twice.")

    def _names(self, hand: Iterable[object]) -> str:
        return " ".join(self.deck.name(c) if isinstance(c, int) and 0 <= c < self.deck.size else repr(c)
                        for c in hand)

    def evaluate(self, hand: Sequence[int], trump: int | None = None, indicator: int | None = None) -> RoleResult:
        """The roles of ``hand`` with their values and witness cards."""
        ev = self._contexts.get((trump, indicator)) or self.context(trump, indicator)
        bits, packed = (ev.reader or self._reader(ev))(hand)
        res = ev.final_cache.get(bits) or ev.resolve(bits)
        if not res.hits:
            return NO_ROLES
        t, witnesses = self.compiler.tables, ev.c.witnesses
        hm = (packed >> t.mask_shift) & t.full_hand
        f = KeyedFeatures(t, packed & t.rank_key_mask, (packed >> t.suit_shift) & t.suit_key_mask, hm)
        hits = []
        for h in res.hits:
            cards = 0
            for i in h.parts:
                cards |= witnesses[i](f, bits, hm)
            hits.append(RoleHit(h.id, h.go, h.forced, self._shown(hand, cards)))
        out = RoleResult(tuple(hits), res.go, res.forced)
        out.__dict__["ids"] = res.ids           # the same ids in the same order, already made
        return out

    def values(self, hand: Sequence[int], trump: int | None = None, indicator: int | None = None) -> Resolution:
        """The roles of ``hand`` and their totals, without witness cards (the fast path of play)."""
        ev = self._contexts.get((trump, indicator)) or self.context(trump, indicator)
        bits = (ev.reader or self._reader(ev))(hand)[0]
        return ev.final_cache.get(bits) or ev.resolve(bits)

    def _shown(self, hand: Sequence[int], cards: int) -> tuple[int, ...]:
        """The cards of ``hand`` in the hand mask ``cards``, highest rank first, then by suit."""
        bit = self.compiler.tables.hand_bit.__getitem__
        return tuple(sorted(compress(hand, map(cards.__and__, map(bit, hand))), key=self._shown_order.__getitem__))

    @cached_property
    def _shown_order(self) -> tuple[int, ...]:
        """Each card's place among witness cards (:meth:`_shown`), read once per deck."""
        d = self.deck
        order = sorted(range(d.size), key=lambda c: (-d.rank(c), d.suit(c)))
        place = [0] * d.size
        for i, c in enumerate(order):
            place[c] = i
        return tuple(place)

    def evaluate_many(self, hands: Iterable[Sequence[int]], trump: int | None = None,
                      indicator: int | None = None) -> list[Resolution]:
        """Roles and totals (no witness cards) of many hands; duplicate cards are errors."""
        ev = self.context(trump, indicator)
        fcache = ev.final_cache
        return [fcache.get(bits) or ev.resolve(bits) for bits, _ in self._bits_many(ev, hands)]

    def _bits_many(self, ev: _ContextEvaluator, hands: Iterable[Sequence[int]]) -> list[tuple[int, int]]:
        """The atom bits of each hand and the sum of its cards' packed keys (:meth:`_reader`)."""
        read = ev.reader or self._reader(ev)
        return [read(hand) for hand in hands]

    def _reader(self, ev: _ContextEvaluator) -> Callable[[Sequence[int]], tuple[int, int]]:
        """``read(hand)``: the atom bits of a hand and the sum of its cards' packed keys, read from
        the caches of ``ev`` (a hand's joint atoms by the cards they read, when that is all they
        read). Made once per context, with everything it reads bound."""
        t = self.compiler.tables
        packed = ev.packed.__getitem__
        rmask, sshift, smask, mshift, full = t.rank_key_mask, t.suit_shift, t.suit_key_mask, t.mask_shift, t.full_hand
        rcache, scache, jcache = ev.rank_cache, ev.suit_cache, ev.joint_cache
        single = ev.joint_fns[0] if len(ev.joint_fns) == 1 and ev.has_joint and not ev.mixed else None
        reads, rdcache, has_rank, has_suit = ev.joint_reads, ev.read_cache, ev.has_rank, ev.has_suit
        counted, ccache, jkey = ev.count_shift, ev.count_cache, ev.joint_key
        rank_miss = self._rank_by_hand(ev) or (lambda rk, mask: ev.rank_bits_of(rk))

        def read(hand: Sequence[int]) -> tuple[int, int]:
            try:
                v = sum(map(packed, hand))
            except (IndexError, TypeError):
                raise CardError(f"the hand {self._names(hand)} holds something that is not a card.") from None
            mask = (v >> mshift) & full
            if mask.bit_count() != len(hand):
                self._check(hand, mask)
            rk, sk = v & rmask, (v >> sshift) & smask
            rb = rcache.get(rk) if has_rank else 0
            if rb is None:                      # ev.rank_bits(rk), read from the hand where it can be
                rb = rcache[rk] = rank_miss(rk, mask)
            sb = scache.get(sk) if has_suit else 0
            if sb is None:
                sb = ev.suit_bits(sk)
            if counted is not None:
                jb = ccache.get(v >> counted)
                if jb is None:                  # the joint sides' values, which fewer hands differ in
                    if len(ccache) >= READ_CACHE_SIZE:
                        ccache.clear()
                    jb = jcache.get(jkey(mask))
                    if jb is None:
                        jb = ev.joint_bits(rk, sk, mask)
                    ccache[v >> counted] = jb
            elif reads is not None:
                jb = rdcache.get(mask & reads)
                if jb is None:
                    jb = ev.joint_bits(rk, sk, mask)
            elif single is not None:
                jb = jcache.get(single(mask))
                if jb is None:
                    jb = ev.joint_bits(rk, sk, mask)
            else:
                jb = ev.joint_bits(rk, sk, mask)
            return rb | sb | jb, v

        ev.reader = read
        return read

    def _rank_by_hand(self, ev: _ContextEvaluator) -> Callable[[int, int], int] | None:
        """``bits(rank_key, hand_mask)``: the rank atoms of a hand (what ``ev.rank_bits`` gives)
        without unpacking its rank counts, when every rank atom that does not read the shape alone
        compares counts of whole ranks (``count(SET)``), runs of ranks (``run``, ``run(SET)``),
        ``groups(n, SET)`` and numbers: each side is then read from the hand mask, and the shape's
        atoms are remembered by :meth:`~.features.DeckTables.shape_key`. Else None."""
        t, c = self.compiler.tables, ev.c
        tests: list[tuple[int, Callable[[int], int], Callable[[int], int], Callable[[int, int], bool]]] = []
        for bit, _ in ev.other_rank:
            atom = c.atoms[bit.bit_length() - 1]
            if not isinstance(atom.node, Compare):
                return None
            left, right = (self._side_by_hand(q, c.context) for q in atom.quantities[:2])
            if left is None or right is None:
                return None
            tests.append((bit, left, right, OPS[atom.node.op]))
        shapes, shape_key, shape_bits = ev.shape_cache, t.shape_key, ev.shape_bits
        if not tests:                   # the shape decides every rank atom (hanafuda's sets)
            def by_shape(rank_key: int, hand_mask: int) -> int:
                out = shapes.get(shape_key(rank_key))
                return shape_bits(rank_key) if out is None else out

            return by_shape

        def bits(rank_key: int, hand_mask: int) -> int:
            out = shapes.get(shape_key(rank_key))
            if out is None:
                out = shape_bits(rank_key)
            for bit, left, right, op in tests:
                if op(left(hand_mask), right(hand_mask)):
                    out |= bit
            return out

        return bits

    def _side_by_hand(self, q: Quantity, ctx: Context) -> Callable[[int], int] | None:
        """A rank quantity's value from the hand mask (see :meth:`_rank_by_hand`), or None."""
        t = self.compiler.tables
        node = q.node
        if q.domain == Domain.CONST:
            value = q.fn(Features(t))            # a constant reads no feature
            return lambda hm: value
        if q.hand_fn is not None:               # groups(n, SET): the compiler's own
            return q.hand_fn
        full, run_length, held_ranks = t.full_ranks, t.run_length, t.held_ranks
        if isinstance(node, Count):
            mask = self.compiler.cardset_mask(node.cardset, ctx)
            return lambda hm: (hm & mask).bit_count()
        if isinstance(node, (Run, RunIn)):
            ranks = full if isinstance(node, Run) else self.compiler.cardset_mask(node.cardset, ctx) & full

            return lambda hm: run_length(held_ranks(hm) & ranks)
        return None

    def _card_reads(self, trump: int | None, indicator: int | None) -> tuple[int, Sequence[int]] | None:
        """(the bits of the cards the table reads, each card's bit) when the table reads nothing but
        counts of known card sets (capture roles) or nothing at all; else None."""
        ev = self.context(trump, indicator)
        if ev.has_rank or ev.has_suit or (ev.has_joint and ev.joint_reads is None):
            return None
        return ev.joint_reads or 0, self.compiler.tables.hand_bit

    def reads_any(self, cards: Iterable[int], trump: int | None = None, indicator: int | None = None) -> bool:
        """Whether adding ``cards`` to a hand may change its roles: False only when the table
        reads nothing but counts of known card sets (capture roles) and none of ``cards`` is in
        them, or when it reads nothing at all."""
        return self.reads_fn(trump, indicator)(cards)

    def reads_fn(self, trump: int | None = None, indicator: int | None = None) -> Callable[[Iterable[int]], bool]:
        """:meth:`reads_any` compiled once for the context: one OR over the cards' bits."""
        known = self._card_reads(trump, indicator)
        if known is None:
            return lambda cards: True
        reads, bit = known
        read = frozenset(c for c, b in enumerate(bit) if b & reads)
        return lambda cards: not read.isdisjoint(cards)

    def holds_role(self, trump: int | None = None, indicator: int | None = None) -> Callable[[Sequence[int]], bool]:
        """A function telling whether a hand makes any role, compiled once for the context. When
        the table reads nothing but counts of known card sets (capture roles), the answer depends
        only on which of those cards the hand holds (:meth:`role_key`), so most hands cost one lookup."""
        keyed = self.role_key(trump, indicator)
        if keyed is None:
            return lambda hand: bool(self.values(hand, trump, indicator).hits)
        bits, holds = keyed
        key_of = bits.__getitem__
        return lambda hand: holds(sum(map(key_of, hand)), hand)     # (a hand holds each card once)

    def role_key(self, trump: int | None = None, indicator: int | None = None
                 ) -> tuple[Sequence[int], Callable[[int, Sequence[int]], bool]] | None:
        """When the table reads nothing but counts of known card sets (capture roles): each card's
        key (0 for the cards it does not read) and ``holds(key, hand)``, whether a hand whose
        cards' keys add up to ``key`` makes any role, remembered by ``key`` (for every caller of
        the context); else None. A caller that adds cards to a hand may keep its key by adding
        theirs. A card's key is its share of the counts of the sets the roles count (the counts
        decide the roles, and few piles differ in them), else its bit among the cards read."""
        card_reads = self._card_reads(trump, indicator)
        if card_reads is None:
            return None
        ev = self.context(trump, indicator)
        if ev.count_shift is not None:
            shift = ev.count_shift
            keys = tuple(p >> shift for p in ev.packed)
        else:
            reads, bit = card_reads
            keys = tuple(b & reads for b in bit)
        known = ev.holds_cache

        def holds(key: int, hand: Sequence[int]) -> bool:
            hit = known.get(key)
            if hit is None:
                if len(known) >= 1 << 16:
                    known.clear()
                hit = known[key] = bool(self.values(hand, trump, indicator).hits)
            return hit

        return keys, holds

    def count_class(self, name: str, hand: Sequence[int], trump: int | None = None,
                    indicator: int | None = None) -> int:
        """How many cards of the named class ``hand`` holds."""
        return sum(map(self.class_cards(name, trump, indicator).__getitem__, hand))

    def class_cards(self, name: str, trump: int | None = None, indicator: int | None = None) -> tuple[int, ...]:
        """1 for each card of the deck in the named class, 0 for the others (made once per context):
        the sum over a hand is :meth:`count_class`."""
        ones = self._class_masks.get((name, trump, indicator))
        if ones is None:
            mask = self.compiler.class_mask(name, Context(trump, indicator))
            ones = self._class_masks[name, trump, indicator] = tuple(
                int(bool(b & mask)) for b in self.compiler.tables.hand_bit)
        return ones


_COMPILED: dict[str, RoleEvaluator] = {}     # variants of one ruleset share their role table


def compile_table(table: RoleTable, deck: Deck) -> RoleEvaluator:
    """Parse and compile a role table; raise the first :class:`PatternError` if any.

    Equal tables for equal decks share one evaluator (its caches only ever grow with answers
    that are the same for both), so checking a folder of variants compiles each table once.
    """
    key = repr((table, deck))
    evaluator = _COMPILED.get(key)
    if evaluator is None:
        if len(_COMPILED) >= 32:
            _COMPILED.clear()
        evaluator = _COMPILED[key] = RoleEvaluator(table, deck)
    return evaluator


def pattern_errors(table: RoleTable, deck: Deck) -> list[PatternError]:
    """Every syntax error and unknown class name of a table's classes and patterns."""
    return list(TableCompiler(table, deck).errors)


class _WithRoles(Protocol):
    """What :func:`check_examples` reads of a ruleset (``model.Ruleset``)."""

    @property
    def roles(self) -> RoleTable: ...

    @property
    def deck(self) -> Deck: ...

    @property
    def evaluator(self) -> RoleEvaluator: ...


def check_examples(ruleset: _WithRoles) -> list[HachiError]:
    """Check a ruleset's role-table ``examples:``; one error per example that fails."""
    table, deck = ruleset.roles, ruleset.deck
    try:
        evaluator = ruleset.evaluator        # compiled once, kept by the ruleset for play
    except PatternError:
        return list(pattern_errors(table, deck))
    too_many = _too_many_contexts(evaluator, deck, table.examples)
    if too_many is not None:
        return [too_many]
    out: list[HachiError] = []
    for n, example in enumerate(table.examples, 1):
        err = _check_example(evaluator, deck, n, example)
        if err is not None:
            out.append(err)
    return out


MAX_EXAMPLE_TERMS = 60_000     # pattern terms compiled for the examples: the table once per trump and indicator


def _too_many_contexts(evaluator: RoleEvaluator, deck: Deck, examples: Sequence[RoleExample]) -> HachiError | None:
    """An error at the first example past :data:`MAX_EXAMPLE_TERMS`, when the examples ask for so
    many different trumps and indicators (of a table that reads them) that compiling the table
    for each would cost more than a rule file may ask; else None."""
    reads_trump, reads_indicator = evaluator.compiler.reads_context()
    if not (reads_trump or reads_indicator):
        return None
    terms = sum(1 for p in evaluator.compiler.patterns if p is not None for _ in walk(p))
    seen: set[tuple[str | None, str | None]] = set()
    for n, example in enumerate(examples, 1):
        seen.add((example.trump if reads_trump else None, example.indicator if reads_indicator else None))
        if len(seen) * terms > MAX_EXAMPLE_TERMS:
            return HachiError(f"example {n}: the examples give {len(seen)} or more different trumps and indicators "
                              f"to a table of {terms} pattern terms that reads them, and the table is compiled "
                              f"once for each: more than {MAX_EXAMPLE_TERMS:,} terms in all. Give fewer different "
                              f"trumps and indicators, or fewer examples.", example.place)
    return None


def _check_example(evaluator: RoleEvaluator, deck: Deck, n: int, example: RoleExample) -> HachiError | None:
    label = f"example {n} ({example.hand})"
    try:
        hand = deck.parse_list(example.hand)
        trump = deck.suit_index(example.trump) if example.trump else None
        indicator = deck.parse(example.indicator) if example.indicator else None
        if indicator is not None and indicator in hand:
            raise CardError(f"the indicator {deck.name(indicator)} is also in the hand.")
    except CardError as err:
        return HachiError(f"{label}: {err.message}", example.place)
    result = evaluator.evaluate(hand, trump, indicator)
    problems: list[str] = []
    if sorted(result.ids) != sorted(example.roles):
        problems.append(f"expected roles [{', '.join(example.roles)}] but got [{', '.join(result.ids)}]")
    if example.go is not None and example.go != result.go:
        problems.append(f"expected go {example.go} but got {result.go}")
    if example.forced is not None and example.forced != result.forced:
        problems.append(f"expected forced {example.forced} but got {result.forced}")
    if not problems:
        return None
    return HachiError(f"{label}: {'; '.join(problems)}.", example.place)
