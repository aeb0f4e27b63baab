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
from typing import Any, Callable, Optional, Sequence

__all__ = ["below", "chooser", "plain", "seat_bits", "shuffle", "with_seat_bits"]

Bits = Callable[[int], int]         # a generator's ``getrandbits``


def plain(rng: random.Random) -> bool:
    """Whether ``rng`` draws as :class:`random.Random` itself (a subclass may draw otherwise)."""
    return type(rng) is random.Random


def chooser(rng: random.Random) -> Callable[[Sequence[Any]], Any]:
    """``rng.choice``: the same draws from the same generator."""
    if not plain(rng):
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


def with_seat_bits(pick: Callable[..., Any], bits: Sequence[Bits]) -> None:
    """Say that ``pick`` draws a seat's options as :func:`chooser` does from the generator whose
    ``getrandbits`` is ``bits[seat]``, so that a phase's loop may draw the same numbers itself,
    without a call of ``pick`` and ``choose`` a draw (:func:`seat_bits`)."""
    setattr(pick, "seat_bits", tuple(bits))


def seat_bits(pick: Callable[..., Any]) -> Optional[Sequence[Bits]]:
    """Each seat's ``getrandbits`` when ``pick`` draws as :func:`chooser` from it
    (:func:`with_seat_bits`), else None. A loop draws option ``options[x]`` of ``n`` with
    ``k = n.bit_length()`` and ``x = bits(k)`` until ``x < n``, the draws of ``chooser``."""
    return getattr(pick, "seat_bits", None)


def below(bits: Bits, n: int) -> int:
    """A number below ``n`` drawn from ``bits`` as :func:`chooser` draws the position it picks."""
    k = n.bit_length()
    x = bits(k)
    while x >= n:
        x = bits(k)
    return x


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``: the same order from the same generator."""
    if not plain(rng):
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
