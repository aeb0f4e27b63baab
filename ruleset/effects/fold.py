"""An effect as one game runs it: the settings it reads folded in (:func:`specialize`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Optional

from .model import Effect

__all__ = ["specialize"]


def specialize(effect: Effect, constants: Mapping[str, int]) -> Optional[Effect]:
    """``effect`` as a game of one ruleset runs it: the settings it reads (``constants``, the
    facts that are the same all game) folded into its expressions (:meth:`Expression.fold`);
    None when its condition is then false (it can never fire in that game). The same effect in
    every state, only cheaper to read."""
    cond = effect.condition.fold(constants) if effect.condition is not None else None
    if cond is not None and cond.constant is not None:
        if not cond.constant:
            return None
        cond = None                         # true in every state
    return replace(effect, condition=cond, actions=tuple(a.fold(constants) for a in effect.actions))
