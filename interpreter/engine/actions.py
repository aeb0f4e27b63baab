"""Actions: the frozen decisions a player (or chance) makes.

Every action a :class:`~hachihachi.interpreter.engine.gamestate.GameState` accepts is one of these. They are
plain values: equal actions compare equal, so ``Play(card) in game.legal_actions()`` works.
The deal is an explicit chance action (:class:`Deal`), made by :data:`CHANCE`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Union


class Party(enum.IntEnum):
    """Who acts or pays besides the seats (seats are ``0 .. players-1``)."""

    CHANCE = -1     # the dealer of random cards (OpenSpiel's chance player)
    POT = -2        # the pot, as the source or target of a transfer


CHANCE = Party.CHANCE
POT = Party.POT


class ActionBase:
    """What every action (of any play kind) has: a short readable form for messages."""

    def told(self, deck: Any) -> str:
        """The action in words, cards named by ``deck``."""
        return repr(self)


def is_card(deck: Any, card: object) -> bool:
    return isinstance(card, int) and 0 <= card < deck.size


@dataclass(frozen=True)
class CallMizuten(ActionBase):
    """T6: the start player declares mizuten (``call=True``) or not, before the deal."""

    call: bool


@dataclass(frozen=True)
class Deal(ActionBase):
    """T7: the chance action: one hand per seat (in seat order) and the turned indicator."""

    hands: tuple[tuple[int, ...], ...]
    indicator: int

    def told(self, deck: Any) -> str:
        return "the deal"


@dataclass(frozen=True)
class Declare(ActionBase):
    """T10: go (``go=True``) or drop."""

    go: bool


@dataclass(frozen=True)
class Split(ActionBase):
    """T16: with two goers, ``want=True`` wants to split the pot, ``False`` wants to play."""

    want: bool


@dataclass(frozen=True)
class Play(ActionBase):
    """T19, H14: play one card from the hand."""

    card: int

    def told(self, deck: Any) -> str:
        return f"Play({deck.name(self.card)})" if is_card(deck, self.card) else repr(self)


@dataclass(frozen=True)
class Choose(ActionBase):
    """An answer to a question a house rule asks (docs/effects.md): ``option`` of ``question``
    (the name of the counter the answer is kept in)."""

    question: str
    option: str

    def told(self, deck: Any) -> str:
        return f"{self.option} ({self.question})"


Action = Union[CallMizuten, Deal, Declare, Split, Play, Choose]
