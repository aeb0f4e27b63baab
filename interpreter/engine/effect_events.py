"""The events of effects (docs/effects.md): an effect that fired, and what its actions logged
besides their payments (ordinary :class:`~.events.Transfer` events): a counter that changed, a
decision forced, a multiplier, the game ended early. Each action's events, and how they read,
are the action's own (``ruleset/effects/actions/``, ``ActionBase.tellers``); this module holds
the effect's own event and gathers the tellers for the narrator."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

from ...ruleset.catalog import maybe, say
from ...ruleset.effects.actions import (CounterChanged, DecisionForced, GameEndCalled, Multiplied, PotPaid,
                                        action_events)

__all__ = ["EffectFired", "CounterChanged", "DecisionForced", "Multiplied", "GameEndCalled", "PotPaid", "EFFECT_EVENTS",
           "ACTION_EVENTS", "effect_tellers"]


@dataclass(frozen=True, slots=True)
class EffectFired:
    """The effect ``name`` fired at ``when`` (its condition held)."""

    round: int
    name: str
    when: str


ACTION_EVENTS: tuple[type, ...] = tuple(action_events())     # what an effect's actions log besides payments
EFFECT_EVENTS = (EffectFired, *ACTION_EVENTS)


def _fired(n: Any, e: EffectFired) -> str:
    when = maybe(n.lang, f"effects.fired_when.{e.when}") or e.when
    return "  " + say(n.lang, "effects.fired", name=e.name, when=when)


def effect_tellers() -> dict[type, Callable[[Any, Any], Optional[str]]]:
    """How each event of effects reads in play, in the narrator's language (the catalogs'
    effects.*): the narrator's teller of each type (``n`` is the narrator), every action's as
    listed now."""
    return {EffectFired: _fired, **action_events()}
