"""The record codec every play kind has without writing one: its rounds as the frozen actions taken.

A play kind that needs nothing special in its records (no field of its own, no summary of its
own: the toy kind of ``tests/toykind``) claims no codec (``Kind.record`` None) and is read and
written by :func:`codec_of`, from the classes of its actions (``Kind.actions``) and the core's.
A round is its start player and every action in order, each by its seat (``chance`` for a deal),
its class's name and its fields; a field typed :data:`~..engine.actions.Card` (or a tuple of them)
is written in card notation::

    - start: 0
      actions: [{seat: chance, action: HandsDeal, hands: [[9h, Kd], [Ts, Ac]]}, {seat: 0, action: Show, card: Kd}]
"""

from __future__ import annotations

import typing
from dataclasses import fields, is_dataclass
from functools import lru_cache
from typing import Any, Sequence

from ...ruleset.errors import HachiError
from ..engine.actions import CHANCE, CARD, ActionBase, Choose, Play
from ..engine.events import Applied, RoundStarted
from ..engine.kindplugin import Kind, RecordCodec
from ..engine.parts import part_actions
from ..engine.phases.hands_deal import HandsDeal
from .replaying import RecordProblem, apply_at, check_round_opening, check_turn

CORE_ACTIONS: tuple[type[ActionBase], ...] = (Play, Choose, HandsDeal)
SEAT, ACTION, CHANCE_SEAT = "seat", "action", "chance"


def codec_of(kind: Kind) -> RecordCodec:
    """The record codec of a play kind: its own, else the one of its frozen actions."""
    return kind.record if kind.record is not None else actions_codec(kind.actions)


@lru_cache(maxsize=None)
def actions_codec(actions: tuple[type[ActionBase], ...]) -> ActionsCodec:
    return ActionsCodec(actions)


class ActionsCodec:
    """Rounds as ``{start, actions}``; an action as ``{seat, action: ClassName, field: value, ...}``."""

    def __init__(self, actions: tuple[type[ActionBase], ...]):
        self.classes = {cls.__name__: cls for cls in (*CORE_ACTIONS, *part_actions(), *actions)}

    def rounds_data(self, game: Any) -> list[dict[str, Any]]:
        deck, rounds = game.ruleset.deck, list[dict[str, Any]]()
        for e in game.events:
            if isinstance(e, RoundStarted):
                rounds.append({"start": e.start, "actions": []})
            elif isinstance(e, Applied):
                seat = CHANCE_SEAT if e.seat == CHANCE else int(e.seat)
                rounds[-1]["actions"].append({SEAT: seat, ACTION: type(e.action).__name__, **_written(e.action, deck)})
        return [r for r in rounds if r["actions"]]

    def replay_round(self, game: Any, r: int, rnd: Any, last: bool) -> None:
        where = f"round {r}"
        shape = "a start player and a list of actions"
        if not isinstance(rnd, dict) or not isinstance(rnd.get("actions"), list):
            raise RecordProblem(where, f"a round is a mapping with {shape}")
        check_round_opening(game, where, rnd, shape)
        for i, item in enumerate(rnd["actions"], 1):
            at = f"{where}, action {i}"
            if game.round_index != r - 1 or game.is_terminal:
                raise RecordProblem(at, f"the round is over after action {i - 1}; this action is one too many")
            seat, action = self._read(item, game.ruleset.deck, at)
            check_turn(game, seat, action, at)
            apply_at(game, at, action)
        if not last and game.round_index == r - 1 and not game.is_terminal:
            raise RecordProblem(where, f"the round is not finished ({game.describe_state()}) but another round follows")

    def round_extras(self, events: Any, names: Sequence[str]) -> dict[int, dict[str, Any]]:
        return {}

    def _read(self, item: Any, deck: Any, where: str) -> tuple[int, ActionBase]:
        if not isinstance(item, dict) or item.get(ACTION) not in self.classes:
            raise RecordProblem(where, f"an action is a mapping with a seat and an action, one of "
                                       f"{', '.join(self.classes)}; got {item!r}"[:300])
        seat = CHANCE if item.get(SEAT) == CHANCE_SEAT else item.get(SEAT)
        if not isinstance(seat, int):
            raise RecordProblem(where, f"an action's seat is a seat number or 'chance', not {item.get(SEAT)!r}"[:300])
        cls = self.classes[item[ACTION]]
        typed = _hints(cls)
        unknown = sorted(str(k) for k in item if k not in (SEAT, ACTION, *typed))
        if unknown or set(typed) - set(item):
            what = f"'{unknown[0]}' is not one" if unknown else f"it lacks {', '.join(sorted(set(typed) - set(item)))}"
            raise RecordProblem(where, f"a {cls.__name__} has the fields {', '.join(typed) or 'none'}; {what}"[:300])
        try:
            return seat, cls(**{name: _read(item[name], hint, deck) for name, hint in typed.items()})
        except (HachiError, TypeError, ValueError) as e:
            raise RecordProblem(where, f"not a {cls.__name__}: {getattr(e, 'message', e)}"[:300]) from None


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The fields of an action class by name, with their types (cards marked :data:`CARD`)."""
    found = _HINTS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls, include_extras=True) if is_dataclass(cls) else {}
        found = _HINTS[cls] = {f.name: hints[f.name] for f in fields(cls)} if hints else {}
    return found


def _written(action: ActionBase, deck: Any) -> dict[str, Any]:
    return {name: _write(getattr(action, name), hint, deck) for name, hint in _hints(type(action)).items()}


def _is_card(hint: Any) -> bool:
    return typing.get_origin(hint) is typing.Annotated and CARD in typing.get_args(hint)[1:]


def _inner(hint: Any) -> Any:
    """The type of a tuple's items (``tuple[X, ...]``), else None."""
    args = typing.get_args(hint)
    return args[0] if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis else None


def _write(value: Any, hint: Any, deck: Any) -> Any:
    if _is_card(hint):
        return deck.name(value)
    inner = _inner(hint)
    if inner is not None:
        return [_write(v, inner, deck) for v in value]
    return value


def _read(value: Any, hint: Any, deck: Any) -> Any:
    if _is_card(hint):
        return deck.parse(value)
    inner = _inner(hint)
    if inner is not None:
        if not isinstance(value, (list, str)):
            raise ValueError(f"{value!r} is not a list")
        if isinstance(value, str):
            return tuple(deck.parse_list(value)) if _is_card(inner) else value
        return tuple(_read(v, inner, deck) for v in value)
    return value
