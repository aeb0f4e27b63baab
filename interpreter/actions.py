"""Actions: the frozen decisions a player (or chance) makes.

Every action a :class:`~hachihachi.interpreter.game.Game` accepts is one of these. They are
plain values: equal actions compare equal, so ``Play(card) in game.legal_actions()`` works.
The deal is an explicit chance action (:class:`Deal`), made by :data:`CHANCE`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Union


class Party(enum.IntEnum):
    """Who acts or pays besides the seats (seats are ``0 .. players-1``)."""

    CHANCE = -1     # the dealer of random cards (OpenSpiel's chance player)
    POT = -2        # the pot, as the source or target of a transfer


CHANCE = Party.CHANCE
POT = Party.POT


@dataclass(frozen=True)
class CallMizuten:
    """T6: the start player declares mizuten (``call=True``) or not, before the deal."""

    call: bool


@dataclass(frozen=True)
class Deal:
    """T7: the chance action: one hand per seat (in seat order) and the turned indicator."""

    hands: tuple[tuple[int, ...], ...]
    indicator: int


@dataclass(frozen=True)
class Declare:
    """T10: go (``go=True``) or drop."""

    go: bool


@dataclass(frozen=True)
class Split:
    """T16: with two goers, ``want=True`` wants to split the pot, ``False`` wants to play."""

    want: bool


@dataclass(frozen=True)
class Play:
    """T19: play one card (in trick play) from the hand."""

    card: int


Action = Union[CallMizuten, Deal, Declare, Split, Play]
