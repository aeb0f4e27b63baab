"""Whole games played by uniform bots, phase by phase instead of action by action.

``GameState.apply`` checks one action, logs it and then looks for the phase that waits next.
When every seat's bot draws uniformly among the legal actions (a bot with ``uniform = True``:
the random bot), a game can instead be played phase by phase: each phase of the compiled round
plays its actions in a loop of its own (:meth:`~.phases.base.PhaseRule.drive`), drawing from the
seat's generator directly. The game's generator deals and each seat draws from its own generator
exactly as ``bot.choose`` would, so the game, its log and its record are the same as played action
by action through ``GameState`` (the tests compare both on every bundled variant).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from .actions import CHANCE
from .draws import chooser, plain, with_seat_bits
from .game import GameState

__all__ = ["is_uniform", "drive_game"]


def is_uniform(bots: Sequence[object]) -> bool:
    """Whether every bot only draws uniformly among the legal actions: ``uniform = True``, said
    by the class that defines its ``choose`` (a subclass with a ``choose`` of its own is not)."""
    return all(_uniform(bot) for bot in bots)


def _uniform(bot: object) -> bool:
    return getattr(bot, "uniform", False) is True and _chooses_uniformly(type(bot))


def _chooses_uniformly(cls: type) -> bool:
    """Whether the class that defines ``cls``'s ``choose`` says ``uniform = True`` (read once per class)."""
    known = _UNIFORM.get(cls)
    if known is None:
        chooser = next((c for c in cls.__mro__ if "choose" in vars(c)), None)
        known = _UNIFORM[cls] = chooser is not None and vars(chooser).get("uniform") is True
    return known


_UNIFORM: dict[type, bool] = {}


def drive_game(game: GameState, rngs: Sequence[random.Random]) -> None:
    """Play ``game`` to its end as uniform bots drawing from ``rngs`` (one per seat) would."""
    deals = game.rng
    draw: list[Callable[[Sequence[Any]], Any]] = [chooser(rng) for rng in rngs]   # rng.choice's draws

    def pick(seat: int, options: Any) -> Any:
        return options.sample(deals) if seat == CHANCE else draw[seat](options)

    if all(plain(rng) for rng in rngs):         # a phase's loop may draw as chooser does, inline
        with_seat_bits(pick, [rng.getrandbits for rng in rngs])
    game.drive(pick)
