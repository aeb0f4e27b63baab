"""The events of effects (docs/effects.md): an effect that fired, a counter that changed, a
decision forced for the next round, a multiplier, the game ended early. Their payments are
ordinary :class:`~.events.Transfer` events of kind ``effect``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True, slots=True)
class EffectFired:
    """The effect ``name`` fired at ``when`` (its condition held)."""

    round: int
    name: str
    when: str


@dataclass(frozen=True, slots=True)
class CounterChanged:
    """The counter ``name`` of ``seat`` (None: the table's) is now ``value``."""

    round: int
    name: str
    seat: Optional[int]
    value: int


@dataclass(frozen=True, slots=True)
class DecisionForced:
    """``seat`` must go (``go``) or drop in the round after ``round``, by the effect ``name``."""

    round: int
    seat: int
    go: bool
    name: str


@dataclass(frozen=True, slots=True)
class Multiplied:
    """The rest of the round's transfers of ``kinds`` are multiplied by ``by`` (effect ``name``)."""

    round: int
    by: int
    kinds: tuple[str, ...]
    name: str


@dataclass(frozen=True, slots=True)
class GameEndCalled:
    """The effect ``name`` ends the game after this round."""

    round: int
    name: str


EFFECT_EVENTS = (EffectFired, CounterChanged, DecisionForced, Multiplied, GameEndCalled)
