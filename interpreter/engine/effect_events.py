"""The events of effects (docs/effects.md): an effect that fired, a counter that changed, a
decision forced for the next round, a multiplier, the game ended early. Their payments are
ordinary :class:`~.events.Transfer` events of kind ``effect``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional

from ...ruleset.catalog import maybe, say
from ...ruleset.effect_words import kinds_words


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


# how each event reads in play, in the narrator's language (``n``: the narrator, ``Teller``; the
# words are messages of the catalogs, effects.*)

def _fired(n: Any, e: EffectFired) -> str:
    when = maybe(n.lang, f"effects.fired_when.{e.when}") or e.when
    return "  " + say(n.lang, "effects.fired", name=e.name, when=when)


def _counter(n: Any, e: CounterChanged) -> str:
    if e.seat is None:
        return "  " + say(n.lang, "effects.counter_table", name=e.name, value=e.value)
    return "  " + say(n.lang, "effects.counter_seat", who=n.who(e.seat), name=e.name, value=e.value)


def _forced(n: Any, e: DecisionForced) -> str:
    which = say(n.lang, f"effects.which.{'this' if e.applies == e.round else 'next'}")
    decision = say(n.lang, f"effects.decision.{'go' if e.go else 'drop'}")
    return "  " + say(n.lang, "effects.forced", who=n.who(e.seat), decision=decision, which=which, name=e.name)


def _multiplied(n: Any, e: Multiplied) -> str:
    return "  " + say(n.lang, "effects.multiplied", by=e.by, kinds=kinds_words(e.kinds, n.lang), name=e.name)


def _ends(n: Any, e: GameEndCalled) -> str:
    return "  " + say(n.lang, "effects.game_ends", name=e.name)


EFFECT_TELLERS: Mapping[type, Callable[[Any, Any], Optional[str]]] = {
    EffectFired: _fired, CounterChanged: _counter, DecisionForced: _forced, Multiplied: _multiplied,
    GameEndCalled: _ends}
