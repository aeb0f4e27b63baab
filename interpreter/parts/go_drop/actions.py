"""Go/drop's actions (T10, T16): a seat goes or drops, and each of two goers wants to split the
pot or to play. Both are yes-or-no decisions (:class:`~...engine.actions.YesNo`): the terminal,
the browser table and the bots read them as any other.

>>> Declare(True).word, Split(False).word, Declare(go=False)
('go', 'play', Declare(go=False))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.actions import YesNo


@dataclass(frozen=True)
class Declare(YesNo):
    """T10: go (``go=True``) or drop."""

    go: bool
    words: ClassVar[tuple[str, str]] = ("go", "drop")

    @property
    def yes(self) -> bool:
        return self.go


@dataclass(frozen=True)
class Split(YesNo):
    """T16: with two goers, ``want=True`` wants to split the pot, ``False`` wants to play."""

    want: bool
    words: ClassVar[tuple[str, str]] = ("split", "play")

    @property
    def yes(self) -> bool:
        return self.want


ACTIONS = (Declare, Split)
