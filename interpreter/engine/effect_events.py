"""The events of effects (docs/effects.md): an effect that fired, and what its actions logged
besides their payments (ordinary :class:`~.events.Transfer` events): a counter that changed, a
multiplier, the game ended early, and the events of a part's actions (go/drop's decision forced,
in its package). Each action's events, and how they read, are the action's own
(``ruleset/effects/actions/``, a part's ``RulePart.effect_actions``, ``ActionBase.tellers``); this
module holds the effect's own event and gathers the tellers for the narrator."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

from ...ruleset.catalog import maybe, say
from ...ruleset.effects.actions import CounterChanged, GameEndCalled, Multiplied, PotPaid, action_events

__all__ = ["EffectFired", "CounterChanged", "Multiplied", "GameEndCalled", "PotPaid", "EFFECT_EVENTS",
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
    said = "effects.fired_rule" if _standard(n.rules, e.name) else "effects.fired"
    return "  " + say(n.lang, said, name=e.name, when=when)


def _standard(rules: Any, name: str) -> bool:
    """Whether the effect ``name`` of ``rules`` is written in a standard bundled rule file (Koi-Koi's
    stop, K16): a rule of the game, not a house rule (a file of its own, or one of rules/variants/)."""
    from ...ruleset.bundled import bundled_files

    effect = next((x for x in getattr(rules, "effects", ()) if x.name == name), None)
    file = (effect.place or "").rsplit(":", 2)[0] if effect is not None else ""
    standard = bundled_files().get(Path(file).stem)
    return bool(file) and standard is not None and standard.parent.name == "rules" and Path(file) == standard


def effect_tellers() -> dict[type, Callable[[Any, Any], Optional[str]]]:
    """How each event of effects reads in play, in the narrator's language (the catalogs'
    effects.*): the narrator's teller of each type (``n`` is the narrator), every action's as
    listed now."""
    return {EffectFired: _fired, **action_events()}
