"""Uniform draws of a seeded ``random.Random``, the same numbers without its Python calls per draw.

``Random.choice(seq)`` is ``seq[_randbelow(len(seq))]`` and ``Random.shuffle(x)`` swaps each
position ``i`` from the last down with ``_randbelow(i + 1)``, where ``_randbelow(n)`` draws
``n.bit_length()`` random bits until they are below ``n``. :func:`chooser` and :func:`shuffle`
draw the very same bits from the generator's ``getrandbits`` (one C call a draw instead of two or
three Python calls), so a game is the same whichever is used: the tests compare both with
``random.Random`` on many seeds and lengths. A generator of another class gets its own methods.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Callable, Sequence

__all__ = ["chooser", "shuffle"]


def _plain(rng: random.Random) -> bool:
    """Whether ``rng`` draws as :class:`random.Random` itself (a subclass may draw otherwise)."""
    return type(rng) is random.Random


def chooser(rng: random.Random) -> Callable[[Sequence[Any]], Any]:
    """``rng.choice``: the same draws from the same generator."""
    if not _plain(rng):
        return rng.choice
    bits = rng.getrandbits

    def choose(seq: Sequence[Any]) -> Any:
        n = len(seq)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return seq[r]

    return choose


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``: the same order from the same generator."""
    if not _plain(rng):
        rng.shuffle(x)
        return
    bits = rng.getrandbits
    for i, n, k in _steps(len(x)):
        j = bits(k)
        while j >= n:
            j = bits(k)
        x[i], x[j] = x[j], x[i]


@lru_cache(maxsize=16)
def _steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of a shuffle of ``length`` items: each position ``i`` from the last down, the
    number ``n = i + 1`` of positions it may swap with and the bits ``k`` a draw below ``n`` takes."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))
