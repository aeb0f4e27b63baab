"""The events of effects (docs/effects.md): an effect that fired, a counter that changed, a
decision forced for the next round, a multiplier, the game ended early. Their payments are
ordinary :class:`~.events.Transfer` events of kind ``effect``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional

from ...ruleset.effect_words import kind_ja


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
    """``seat`` must go (``go``) or drop in round ``applies`` (this one or the next), by the effect ``name``."""

    round: int
    seat: int
    go: bool
    name: str
    applies: int = 0


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


_WHEN_WORDS = {"round_start": "at the start of the round",
               "after_declarations": "after the declarations", "after_play": "after the play",
               "round_end": "at the end of the round", "game_end": "at the end of the game"}


def _fired(n: Any, e: EffectFired) -> str:
    return f"  house rule: {e.name} ({_WHEN_WORDS.get(e.when, e.when)})"


def _counter(n: Any, e: CounterChanged) -> str:
    whose = "the table's" if e.seat is None else f"{n.who(e.seat)}'s"
    return f"  {whose} {e.name} is now {e.value}"


def _forced(n: Any, e: DecisionForced) -> str:
    which = "this round" if e.applies == e.round else "next round"
    return f"  {n.who(e.seat)} must {'go' if e.go else 'drop'} {which} ({e.name})"


def _multiplied(n: Any, e: Multiplied) -> str:
    return f"  x{e.by} on {', '.join(e.kinds)} for the rest of the round ({e.name})"


def _ends(n: Any, e: GameEndCalled) -> str:
    return f"  the game ends after this round ({e.name})"


# how each event reads in play (the narrator's teller of each type; ``n`` is the narrator)
EFFECT_TELLERS: Mapping[type, Callable[[Any, Any], Optional[str]]] = {
    EffectFired: _fired, CounterChanged: _counter, DecisionForced: _forced, Multiplied: _multiplied,
    GameEndCalled: _ends}


# -- the same in Japanese (``--lang ja``); an event without words here is told in English
_WHEN_JA = {"round_start": "局の始め", "after_declarations": "宣言の後", "after_play": "勝負の後",
            "round_end": "局の終わり", "game_end": "ゲームの終わり"}


def _fired_ja(n: Any, e: EffectFired) -> str:
    return f"  ハウスルール「{e.name}」({_WHEN_JA.get(e.when, e.when)})"


def _counter_ja(n: Any, e: CounterChanged) -> str:
    whose = "場の" if e.seat is None else f"{n.who(e.seat)} の"
    return f"  {whose}カウンター「{e.name}」は {e.value} になる"


def _forced_ja(n: Any, e: DecisionForced) -> str:
    which = "この局" if e.applies == e.round else "次の局"
    return f"  {n.who(e.seat)} は{which}必ず{'出る' if e.go else '降りる'} (「{e.name}」)"


def _multiplied_ja(n: Any, e: Multiplied) -> str:
    kinds = "、".join(map(kind_ja, e.kinds))
    return f"  この局の残りの{kinds}は x{e.by} (「{e.name}」)"


def _ends_ja(n: Any, e: GameEndCalled) -> str:
    return f"  この局でゲームは終わり (「{e.name}」)"


EFFECT_TELLERS_JA: Mapping[type, Callable[[Any, Any], Optional[str]]] = {
    EffectFired: _fired_ja, CounterChanged: _counter_ja, DecisionForced: _forced_ja, Multiplied: _multiplied_ja,
    GameEndCalled: _ends_ja}
