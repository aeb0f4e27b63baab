"""The engine's random draws: a shuffle, a uniform choice and a sample, each exactly as ``random.Random``'s.

Every deal and every random choice of the engine and its bots is drawn here, so that one seed gives
one game however it is played (the trick game's deal, hanafuda's and Koi-Koi's, a search's sampled
worlds, the random bot). For a plain ``random.Random`` the draws are written out: the same numbers
drawn from ``getrandbits`` in the same order as :meth:`random.Random.shuffle`,
:meth:`random.Random.choice` and :meth:`random.Random.sample` draw them (drawn again while out of
range, as ``Random._randbelow`` does), without the calls a card of the standard library's
pure-Python code; any other generator (a subclass, a test's own) draws by its own methods.
"""

from __future__ import annotations

import random
from math import ceil, log
from typing import Sequence, TypeVar

T = TypeVar("T")

# For each size of list, the steps of the Fisher-Yates shuffle that ``random.Random.shuffle`` makes:
# (position, the number of places it draws among, the bits of that draw); see :func:`shuffle`.
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does (the same order, the same
    numbers drawn, so every seeded deal is the one it was)."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    steps = _STEPS.get(len(cards))
    if steps is None:
        steps = _STEPS[len(cards)] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(cards) - 1, 0, -1))
    draw = rng.getrandbits
    for i, n, bits in steps:
        j = draw(bits)
        while j >= n:
            j = draw(bits)
        cards[i], cards[j] = cards[j], cards[i]


def choice(options: Sequence[T], rng: random.Random) -> T:
    """One of ``options`` drawn exactly as ``rng.choice(options)`` draws it (an empty sequence is
    refused as there: ``IndexError``)."""
    n = len(options)
    if type(rng) is not random.Random or not n:
        return rng.choice(options)
    bits = n.bit_length()
    draw = rng.getrandbits
    j = draw(bits)
    while j >= n:
        j = draw(bits)
    return options[j]


def sample(population: Sequence[T], k: int, rng: random.Random) -> list[T]:
    """``k`` of ``population`` drawn exactly as ``rng.sample(population, k)`` draws them (the same
    numbers drawn, the same picks in the same order; a ``k`` out of range refused as there:
    ``ValueError``). As :meth:`random.Random.sample`, a small population is drawn from a list of
    the picks left, a large one by drawing places until one not picked yet comes up."""
    n = len(population)
    if type(rng) is not random.Random or not 0 <= k <= n:
        return rng.sample(population, k)
    draw = rng.getrandbits
    small = 21 + (4 ** ceil(log(k * 3, 4)) if k > 5 else 0)     # random.Random.sample's own bound
    out: list[T] = []
    if n <= small:
        pool = list(population)
        for i in range(k):
            left = n - i
            bits = left.bit_length()
            j = draw(bits)
            while j >= left:
                j = draw(bits)
            out.append(pool[j])
            pool[j] = pool[left - 1]
        return out
    bits = n.bit_length()
    picked: set[int] = set()
    for _ in range(k):
        j = draw(bits)
        while j >= n or j in picked:
            j = draw(bits)
        picked.add(j)
        out.append(population[j])
    return out
