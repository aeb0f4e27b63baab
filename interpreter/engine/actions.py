"""Actions: the frozen decisions a player (or chance) makes.

Every action a :class:`~hachihachi.interpreter.engine.gamestate.GameState` accepts is one of these. They are
plain values: equal actions compare equal, so ``Play(card) in game.legal_actions()`` works.
A round's deal is an explicit chance action made by :data:`CHANCE` (each play kind has its own:
the trick game's ``Deal`` and ``CallMizuten`` are in :mod:`hachihachi.interpreter.games.tricks.actions`),
and a part of the round has its own (go/drop's ``Declare`` and ``Split``, in
:mod:`hachihachi.interpreter.parts.go_drop.actions`).
"""

from __future__ import annotations

import enum
import types
import typing
from dataclasses import dataclass, fields, is_dataclass
from functools import lru_cache
from typing import Annotated, Any, ClassVar, Iterable, Optional, Union

from ...ruleset.errors import IllegalAction


class Party(enum.IntEnum):
    """Who acts or pays besides the seats (seats are ``0 .. players-1``)."""

    CHANCE = -1     # the dealer of random cards (OpenSpiel's chance player)
    POT = -2        # the pot, as the source or target of a transfer


CHANCE = Party.CHANCE
POT = Party.POT


CARD = "card"
Card = Annotated[int, CARD]
"""A field of an action that holds a card (an ``int`` of the deck): the generic record codec
(``records/actions_codec.py``) writes it in card notation."""


class ActionBase:
    """What every action (of any play kind) has: a short readable form for messages."""

    def told(self, deck: Any) -> str:
        """The action in words, cards named by ``deck``."""
        return repr(self)


def is_card(deck: Any, card: object) -> bool:
    return isinstance(card, int) and 0 <= card < deck.size


class YesNo(ActionBase):
    """A decision of yes or no (of the core or of a play kind): :attr:`yes` the answer,
    :attr:`words` the answer's word for yes and for no (the browser table's ``word``)."""

    words: ClassVar[tuple[str, str]]

    @property
    def yes(self) -> bool:
        raise NotImplementedError

    @property
    def word(self) -> str:
        return self.words[0] if self.yes else self.words[1]


def answer_of(legal: Iterable[object], yes: bool) -> YesNo:
    """The yes-or-no decision among ``legal`` that answers ``yes`` (a phase's two answers, of the
    core or of a play kind); :class:`IllegalAction` when that answer is not allowed."""
    for action in legal:
        if isinstance(action, YesNo) and action.yes == yes:
            return action
    raise IllegalAction(f"answering {'yes' if yes else 'no'} is not allowed now")



@dataclass(frozen=True)
class Play(ActionBase):
    """T19, H14: play one card from the hand."""

    card: Card

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


def malformed(action: object) -> Optional[str]:
    """Why ``action`` (an action of any play kind, a frozen dataclass) does not hold what its
    fields are typed as (a card that is not an int, a ``go`` that is not a bool), or None.

    The engine asks it of every action it has not handed out itself, before reading the action's
    fields: the compiled engine (docs/compiled.md) reads a field typed ``int`` as a machine int,
    so both builds refuse such an action here, with the same words. This module stays Python."""
    if not is_dataclass(action) or isinstance(action, type):
        return None
    for name, hint in _typed_fields(type(action)):
        value = getattr(action, name)
        if not _fits(value, hint):
            return f"its {name} must be {_words(hint)}, not {value!r}"
    return None


@lru_cache(maxsize=None)
def _typed_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in fields(cls))


def _fits(value: object, hint: Any) -> bool:
    """Whether ``value`` is of type ``hint`` (ints, bools, strings, tuples, unions, classes; any
    other kind of hint is not checked)."""
    origin = typing.get_origin(hint)
    if origin is Union or origin is types.UnionType:
        return any(_fits(value, h) for h in typing.get_args(hint))
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(map(_fits, value, args))
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is type(None):
        return value is None
    if isinstance(hint, type) and origin is None:
        return isinstance(value, hint)
    return True


def _words(hint: Any, many: bool = False) -> str:
    """A type hint in words (``many``: in the plural), for :func:`malformed`'s messages."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Union or origin is types.UnionType:
        return " or ".join(_words(h, many) for h in args)
    if origin is tuple:
        inner = _words(args[0], True) if len(args) == 2 and args[1] is Ellipsis else f"{len(args)} values"
        return f"{'tuples' if many else 'a tuple'} of {inner}"
    if hint is type(None):
        return "None"
    name = {int: "int", bool: "bool", str: "string"}.get(hint, getattr(hint, "__name__", str(hint)))
    return f"{name}s" if many else f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


Action = Union[Play, Choose, ActionBase]
"""The core's actions; a play kind adds its own (subclasses of :class:`ActionBase`)."""
