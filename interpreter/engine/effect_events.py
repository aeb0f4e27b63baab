"""The events of effects (docs/effects.md): an effect that fired, and what its actions logged
besides their payments (ordinary :class:`~.events.Transfer` events): a counter that changed, a
decision forced, a multiplier, the game ended early. Each action's events, and how they read,
are the action's own (``ruleset/effects/actions/``, ``ActionBase.tellers``); this module holds
the effect's own event and gathers the tellers for the narrator."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional

from ...ruleset.effects.actions import CounterChanged, DecisionForced, GameEndCalled, Multiplied, action_events

__all__ = ["EffectFired", "CounterChanged", "DecisionForced", "Multiplied", "GameEndCalled", "EFFECT_EVENTS",
           "ACTION_EVENTS", "EFFECT_TELLERS", "EFFECT_TELLERS_JA"]


@dataclass(frozen=True, slots=True)
class EffectFired:
    """The effect ``name`` fired at ``when`` (its condition held)."""

    round: int
    name: str
    when: str


_TOLD = action_events()
ACTION_EVENTS: tuple[type, ...] = tuple(_TOLD)      # what an effect's actions log besides payments
EFFECT_EVENTS = (EffectFired, *ACTION_EVENTS)


_WHEN_WORDS = {"round_start": "at the start of the round",
               "after_declarations": "after the declarations", "after_play": "after the play",
               "round_end": "at the end of the round", "game_end": "at the end of the game"}
_WHEN_JA = {"round_start": "局の始め", "after_declarations": "宣言の後", "after_play": "勝負の後",
            "round_end": "局の終わり", "game_end": "ゲームの終わり"}


def _fired(n: Any, e: EffectFired) -> str:
    return f"  house rule: {e.name} ({_WHEN_WORDS.get(e.when, e.when)})"


def _fired_ja(n: Any, e: EffectFired) -> str:
    return f"  ハウスルール「{e.name}」({_WHEN_JA.get(e.when, e.when)})"


# how each event reads in play (the narrator's teller of each type; ``n`` is the narrator), in
# English and (``--lang ja``) in Japanese
EFFECT_TELLERS: Mapping[type, Callable[[Any, Any], Optional[str]]] = {
    EffectFired: _fired, **{event: told[0] for event, told in _TOLD.items()}}
EFFECT_TELLERS_JA: Mapping[type, Callable[[Any, Any], Optional[str]]] = {
    EffectFired: _fired_ja, **{event: told[1] for event, told in _TOLD.items()}}
