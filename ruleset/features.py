"""Per-hand features, computed once and shared by every pattern of a role table.

A hand is summarised three ways, each a small integer key that roles.py caches on:

- the rank key: the rank counts packed into one integer (``bits`` bits per rank);
- the suit key: the suit counts packed into one integer (8 bits per suit);
- the hand mask: one bit per card, suit-major (bit ``suit * ranks + rank``), so each suit's ranks
  are one slice of bits, from which runs within a suit are read.

:class:`Features` unpacks them into rank counts, shape, suit counts, runs and class counts.

>>> t = DeckTables(13, 4, ace_low=True)
>>> t.run_length(0b1000000001111)   # A 2 3 4 5, ace low
5
>>> DeckTables(13, 4, ace_low=False).run_length(0b1000000001111)
4
"""

from __future__ import annotations

from itertools import compress
from typing import Any, Callable, Generic, Sequence, TypeVar

SUIT_KEY_BITS = 8
CHUNK_BITS = 12             # rank counts are unpacked from tables of 4,096 entries (4 ranks of 3 bits)
T = TypeVar("T")


class cached(Generic[T]):
    """A property computed on first use and then kept in the instance (``functools.cached_property``
    without its lock, which costs more than most features: a :class:`Features` is one thread's)."""

    def __init__(self, fn: Callable[[Any], T]) -> None:
        self.fn, self.name = fn, fn.__name__
        self.__doc__ = fn.__doc__

    def __get__(self, obj: Any, owner: Any = None) -> T:
        value = obj.__dict__[self.name] = self.fn(obj)       # later reads find it in the instance
        return value


def longest_run(mask: int) -> int:
    """The length of the longest block of consecutive one bits of ``mask``.

    >>> longest_run(0b1110111)
    3
    """
    n = 0
    while mask:
        mask &= mask << 1
        n += 1
    return n


def deck_tables(ranks: int, suits: int, ace_low: bool) -> "DeckTables":
    """The (immutable) tables of a deck shape, built once per process."""
    key = (ranks, suits, ace_low)
    if key not in _TABLES:
        _TABLES[key] = DeckTables(ranks, suits, ace_low)
    return _TABLES[key]


_TABLES: dict[tuple[int, int, bool], "DeckTables"] = {}


class DeckTables:
    """Lookup tables for a suited deck of ``ranks x suits`` cards (card = rank * suits + suit)."""

    def __init__(self, ranks: int, suits: int, ace_low: bool):
        self.ranks, self.suits, self.ace_low = ranks, suits, ace_low
        self.rank_bits = max(1, suits.bit_length())
        self.rank_field = (1 << self.rank_bits) - 1
        self.full_ranks = (1 << ranks) - 1
        self.full_hand = (1 << (ranks * suits)) - 1
        cards = range(ranks * suits)
        self.rank_key = tuple(1 << (self.rank_bits * (c // suits)) for c in cards)
        self.suit_key = tuple(1 << (SUIT_KEY_BITS * (c % suits)) for c in cards)
        self.hand_bit = tuple(1 << ((c % suits) * ranks + c // suits) for c in cards)
        # all three keys in one integer, so that one sum over the hand gives them all
        self.suit_shift = self.rank_bits * ranks
        self.mask_shift = self.suit_shift + SUIT_KEY_BITS * suits
        self.rank_key_mask = (1 << self.suit_shift) - 1
        self.suit_key_mask = (1 << (SUIT_KEY_BITS * suits)) - 1
        self.packed = tuple(self.rank_key[c] | self.suit_key[c] << self.suit_shift | self.hand_bit[c] << self.mask_shift
                            for c in cards)
        self._runs = tuple(self._run(m) for m in range(1 << ranks)) if ranks <= 16 else None
        self._count_chunks = self._chunk_tables()
        self.rank_values = tuple(1 << r for r in range(ranks))     # each rank's bit in a rank mask
        # each rank's cards, as a hand mask (the hand mask is suit-major: bit suit * ranks + rank)
        self.rank_columns = tuple(sum(1 << (s * ranks + r) for s in range(suits)) for r in range(ranks))

    def _run(self, mask: int) -> int:
        if self.ace_low and self.ranks > 1 and mask >> (self.ranks - 1) & 1:
            mask = (mask << 1) | 1
        return longest_run(mask)

    def run_length(self, rank_mask: int) -> int:
        """The longest run of consecutive ranks in ``rank_mask`` (ace low when the table says)."""
        return self._runs[rank_mask] if self._runs is not None else self._run(rank_mask)

    def run_ranks(self, rank_mask: int) -> tuple[int, ...]:
        """The ranks of the highest longest run in ``rank_mask``."""
        best = self.run_length(rank_mask)
        if best == 0:
            return ()
        order = list(range(self.ranks))
        if self.ace_low:
            order = [self.ranks - 1] + order
        found: tuple[int, ...] = ()
        for start in range(len(order) - best + 1):
            window = order[start:start + best]
            if all(rank_mask >> r & 1 for r in window):
                found = tuple(window)
        return found

    def keys(self, hand: Sequence[int]) -> tuple[int, int, int]:
        """The rank key, suit key and hand mask of ``hand``."""
        return self.unpack(sum(map(self.packed.__getitem__, hand)))

    def unpack(self, packed: int) -> tuple[int, int, int]:
        """Split a sum of ``packed`` entries into rank key, suit key and hand mask."""
        return (packed & self.rank_key_mask, (packed >> self.suit_shift) & self.suit_key_mask,
                packed >> self.mask_shift)

    def rank_counts(self, rank_key: int) -> tuple[int, ...]:
        chunks = self._count_chunks
        if chunks is None:
            b, f = self.rank_bits, self.rank_field
            return tuple((rank_key >> (b * r)) & f for r in range(self.ranks))
        width, full, whole, last = chunks
        mask = len(full) - 1
        counts: tuple[int, ...] = ()
        for _ in whole:                         # every chunk but the last reads the full table
            counts += full[rank_key & mask]
            rank_key >>= width
        return counts + last[rank_key]

    def _chunk_tables(self) -> tuple[int, tuple[tuple[int, ...], ...], range, tuple[tuple[int, ...], ...]] | None:
        """Tables that unpack the rank key a few ranks at a time (rank by rank costs a loop over
        all ranks): (the bits of a chunk, the counts of every value of a chunk, the chunks before
        the last, the counts of every value of the last, perhaps shorter, chunk) or None when one
        chunk holds every rank."""
        per = max(1, CHUNK_BITS // self.rank_bits)
        if self.ranks <= per:
            return None
        b, f = self.rank_bits, self.rank_field

        def table(ranks: int) -> tuple[tuple[int, ...], ...]:
            return tuple(tuple((v >> (b * r)) & f for r in range(ranks)) for v in range(1 << (b * ranks)))

        rest = self.ranks % per or per
        return b * per, table(per), range((self.ranks - rest) // per), table(rest)

    @cached
    def shape_key(self) -> Callable[[int], int]:
        """``shape_key(rank_key)``: how many ranks have each count (0, 1, 2, ...), packed into one
        integer: what the hand's shape is made of (:attr:`Features.shape`), equal for equal
        shapes, read a few ranks at a time from tables (no tuple of counts made). Made on first
        use, with the chunks of up to four tables written out."""
        width, tables = self._shape_chunks
        mask = (1 << width) - 1
        if len(tables) == 3:
            t0, t1, t2 = tables
            w2 = 2 * width
            return lambda rank_key: t0[rank_key & mask] + t1[rank_key >> width & mask] + t2[rank_key >> w2]
        if len(tables) == 4:
            t0, t1, t2, t3 = tables
            w2, w3 = 2 * width, 3 * width
            return lambda rank_key: (t0[rank_key & mask] + t1[rank_key >> width & mask]
                                     + t2[rank_key >> w2 & mask] + t3[rank_key >> w3])

        def key(rank_key: int) -> int:
            out = 0
            for table in tables:
                out += table[rank_key & mask]
                rank_key >>= width
            return out

        return key

    @cached
    def _shape_chunks(self) -> tuple[int, tuple[tuple[int, ...], ...]]:
        """(the bits of a chunk of ranks, for each chunk from the lowest ranks up the packed
        histogram of every value of the chunk): :meth:`shape_key`. Made on first use, each
        table of ``n`` ranks from the one of ``n - 1``: a value's lowest rank's count, plus the
        histogram of the ranks above it."""
        b, f = self.rank_bits, self.rank_field
        per = min(self.ranks, max(1, CHUNK_BITS // b))
        room = self.ranks.bit_length()          # bits of one count of ranks
        by_size: list[tuple[int, ...]] = [(0,)]  # histograms of chunks of 0, 1, 2 ... ranks
        while len(by_size) <= per:
            above = by_size[-1]
            by_size.append(tuple((1 << (room * (v & f))) + above[v >> b] for v in range(1 << (b * len(by_size)))))
        sizes = [min(per, self.ranks - low) for low in range(0, self.ranks, per)]
        return b * per, tuple(by_size[n] for n in sizes)

    def suit_counts(self, suit_key: int) -> tuple[int, ...]:
        f = (1 << SUIT_KEY_BITS) - 1
        return tuple((suit_key >> (SUIT_KEY_BITS * s)) & f for s in range(self.suits))

    def held_ranks(self, hand_mask: int) -> int:
        """The rank mask of the ranks the cards of ``hand_mask`` hold."""
        held = 0
        for s in range(self.suits):
            held |= hand_mask >> (s * self.ranks)
        return held & self.full_ranks

    def suit_masks(self, hand_mask: int) -> tuple[int, ...]:
        return tuple((hand_mask >> (s * self.ranks)) & self.full_ranks for s in range(self.suits))

    def card(self, rank: int, suit: int) -> int:
        return rank * self.suits + suit


class Features:
    """What patterns read about one hand. Built from whichever parts are known.

    A feature of a part not given is an error to read: the compiler only lets rank patterns
    read rank features, and so on.
    """

    def __init__(self, tables: DeckTables, rank_counts: tuple[int, ...] | None = None,
                 suit_counts: tuple[int, ...] | None = None, hand_mask: int | None = None):
        # A part not given stays None; typed as given, since the compiler lets no pattern read it.
        # (Set through the instance's dict: a hand's roles are often worked out from scratch, and
        # three calls of ``typing.cast`` would cost more than this.)
        self.__dict__.update(tables=tables, rank_counts=rank_counts, suit_counts=suit_counts, hand_mask=hand_mask)

    tables: DeckTables
    rank_counts: tuple[int, ...]
    suit_counts: tuple[int, ...]
    hand_mask: int

    @cached
    def rank_mask(self) -> int:
        return sum(compress(self.tables.rank_values, self.rank_counts))       # the bits of the ranks held

    @cached
    def shape(self) -> tuple[int, ...]:
        """Sizes of the groups of equal rank, largest first, ones omitted."""
        return tuple(sorted((n for n in self.rank_counts if n > 1), reverse=True))

    @cached
    def run(self) -> int:
        return self.tables.run_length(self.rank_mask)

    @cached
    def max_suit(self) -> int:
        return max(self.suit_counts)

    @cached
    def suit_masks(self) -> tuple[int, ...]:
        return self.tables.suit_masks(self.hand_mask)

    @cached
    def suit_run(self) -> int:
        return max(self.tables.run_length(m) for m in self.suit_masks)

    def groups(self, test: Callable[[int], bool]) -> int:
        """How many ranks held (at least once) have a count passing ``test``."""
        return sum(1 for n in self.rank_counts if n and test(n))


class KeyedFeatures(Features):
    """The features of a hand whose rank and suit counts are unpacked from its keys on first use
    (the witness cards of most roles read the hand alone, not its counts)."""

    def __init__(self, tables: DeckTables, rank_key: int, suit_key: int, hand_mask: int) -> None:
        self.__dict__.update(tables=tables, rank_key=rank_key, suit_key=suit_key, hand_mask=hand_mask)

    rank_key: int
    suit_key: int

    @cached
    def rank_counts(self) -> tuple[int, ...]:
        return self.tables.rank_counts(self.rank_key)

    @cached
    def suit_counts(self) -> tuple[int, ...]:
        return self.tables.suit_counts(self.suit_key)
