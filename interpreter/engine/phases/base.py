"""The interface every phase of a round implements.

A phase is configured once from the ruleset and then driven by the game: ``applies`` says
whether it runs in this round at all, ``enter`` does its automatic work (transfers), and while
``actor`` names a seat (or ``CHANCE``) the phase waits for that seat's action.
"""

from __future__ import annotations

from typing import Any, ClassVar, Container, Optional, Protocol

from mypy_extensions import mypyc_attr

from ....ruleset.errors import IllegalAction
from ....ruleset.model import PhaseName, Ruleset
from ..actions import ActionBase
from ..state import Table


class Acting(Protocol):
    """What takes a phase's actions: the phase itself, or the play phase's play engine."""

    def actor(self, t: Table) -> Optional[int]: ...

    def legal(self, t: Table) -> Container[object]: ...

    def check(self, t: Table, action: object) -> None: ...

    def apply(self, t: Table, action: Any) -> None: ...


@mypyc_attr(allow_interpreted_subclasses=True)     # the told rounds (told_*.py) subclass it
class PhaseRule:
    """Base of all phases: by default it always applies, does nothing and asks nobody."""

    phase: ClassVar[PhaseName]         # which phase of the rule file's round this is

    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset

    def applies(self, t: Table) -> bool:
        return True

    def acting(self) -> Acting:
        """What takes the phase's actions (:meth:`actor`, :meth:`legal`, :meth:`check`,
        :meth:`apply`): the phase itself, unless it hands them on as the play phase does."""
        return self

    def enter(self, t: Table) -> None:
        """Do the phase's automatic work when it begins."""

    def actor(self, t: Table) -> Optional[int]:
        """The seat (or ``CHANCE``) whose action the phase waits for, or None when it is over."""
        return None

    def legal(self, t: Table) -> Container[object]:
        """The legal actions of :meth:`actor`: a tuple, or any container supporting ``in``."""
        return ()

    def check(self, t: Table, action: object) -> None:
        """Raise :class:`IllegalAction` with the reason when ``action`` is not legal."""
        if action not in self.legal(t):
            raise IllegalAction(f"{describe(action, t)} is not one of the legal actions {self.legal(t)}")

    def apply(self, t: Table, action: Any) -> None:
        """Apply a legal action (one :meth:`check` accepted: each phase takes its own action type)."""


def describe(action: object, t: Table) -> str:
    """A short readable form of an action, with cards named."""
    return action.told(t.ruleset.deck) if isinstance(action, ActionBase) else repr(action)
