"""Matching play's own action: a capture of one of two field cards (H14, H15).

A Python class on both builds (as the engine's actions, ``engine/actions.py``): a malformed one
is refused by ``GameState.apply`` before compiled code reads its fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.actions import ActionBase, is_card


@dataclass(frozen=True)
class Capture(ActionBase):
    """H14, H15: take ``target`` from the field with ``card`` (played, or just turned)."""

    card: int
    target: int

    def told(self, deck: Any) -> str:
        if is_card(deck, self.card) and is_card(deck, self.target):
            return f"Capture({deck.name(self.card)} takes {deck.name(self.target)})"
        return repr(self)
