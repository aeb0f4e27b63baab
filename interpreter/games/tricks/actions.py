"""The trick game's own actions: the mizuten call (T6) and the deal (T7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.actions import ActionBase, YesNo


@dataclass(frozen=True)
class CallMizuten(YesNo):
    """T6: the start player declares mizuten (``call=True``) or not, before the deal."""

    call: bool
    words: ClassVar[tuple[str, str]] = ("mizuten", "no")

    @property
    def yes(self) -> bool:
        return self.call


@dataclass(frozen=True)
class Deal(ActionBase):
    """T7: the chance action: one hand per seat (in seat order) and the turned indicator."""

    hands: tuple[tuple[int, ...], ...]
    indicator: int

    def told(self, deck: Any) -> str:
        return "the deal"
