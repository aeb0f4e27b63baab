"""Chance's phases: a deal of any play kind is a chance action drawn from a space of deals."""

from __future__ import annotations

import random
from typing import Optional, Protocol

from mypy_extensions import mypyc_attr

from ....ruleset.errors import IllegalAction
from ....ruleset.model import Ruleset
from ..actions import CHANCE, ActionBase
from ..state import Table
from .base import PhaseRule


class ChanceSpace(Protocol):
    """The legal actions of a chance phase: every valid deal of its play kind."""

    def sample(self, rng: random.Random) -> ActionBase: ...

    def problem(self, deal: object) -> Optional[str]: ...

    def __contains__(self, deal: object) -> bool: ...


@mypyc_attr(allow_interpreted_subclasses=True)     # the told rounds (told_*.py) subclass it
class ChancePhase(PhaseRule):
    """A phase that waits for chance's deal; ``legal`` is the space of valid deals of the play kind."""

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self._spaces: dict[int, ChanceSpace] = {}           # by the number of players

    def actor(self, t: Table) -> Optional[int]:
        return CHANCE if t.round.dealt is None else None

    def legal(self, t: Table) -> ChanceSpace:
        space = self._spaces.get(t.players)
        if space is None:
            space = self._spaces[t.players] = self.space(t.players)
        return space

    def space(self, players: int) -> ChanceSpace:
        """The deal space for ``players`` seats (made once per number of players)."""
        raise NotImplementedError       # each play kind's deal phase gives its deal space

    def check(self, t: Table, action: object) -> None:
        problem = self.legal(t).problem(action)
        if problem:
            raise IllegalAction(f"bad deal: {problem}")
