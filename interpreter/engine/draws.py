"""The engine's random draws: a shuffle and a uniform choice, each exactly as ``random.Random``'s.

Every deal and every random choice of the engine and its bots is drawn here, so that one seed gives
one game however it is played (the trick game's deal, hanafuda's and Koi-Koi's, a search's sampled
worlds, the random bot). For a plain ``random.Random`` the draws are written out: the same numbers
drawn from ``getrandbits`` in the same order as :meth:`random.Random.shuffle` and
:meth:`random.Random.choice` draw them (drawn again while out of range, as ``Random._randbelow``
does), without the calls a card of the standard library's pure-Python code; any other generator (a
subclass, a test's own) draws by its own methods.
"""

from __future__ import annotations

import random
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
