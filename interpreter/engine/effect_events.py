"""The events of effects (docs/effects.md): an effect that fired, and what its actions logged
besides their payments (ordinary :class:`~.events.Transfer` events): a counter that changed, a
decision forced, a multiplier, the game ended early. Each action's events, and how they read,
are the action's own (``ruleset/effects/actions/``, ``ActionBase.tellers``); this module holds
the effect's own event and gathers the tellers for the narrator."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

from ...ruleset.effects.actions import CounterChanged, DecisionForced, GameEndCalled, Multiplied, action_events

__all__ = ["EffectFired", "CounterChanged", "DecisionForced", "Multiplied", "GameEndCalled", "EFFECT_EVENTS",
           "ACTION_EVENTS", "effect_tellers"]


@dataclass(frozen=True, slots=True)
class EffectFired:
    """The effect ``name`` fired at ``when`` (its condition held)."""

    round: int
    name: str
    when: str


ACTION_EVENTS: tuple[type, ...] = tuple(action_events())     # what an effect's actions log besides payments
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


def effect_tellers(ja: bool = False) -> dict[type, Callable[[Any, Any], Optional[str]]]:
    """How each event of effects reads in play, in English or (``ja``, ``--lang ja``) in Japanese:
    the narrator's teller of each type (``n`` is the narrator), every action's as listed now."""
    told = action_events()
    return {EffectFired: _fired_ja if ja else _fired, **{event: pair[1 if ja else 0] for event, pair in told.items()}}

