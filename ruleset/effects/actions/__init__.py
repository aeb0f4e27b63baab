"""The actions of effects, one module each (docs/effects.md, "Actions"; how to add one: "Adding
an action"). :data:`ACTIONS` lists them by their key in a rule file, in the order the schema
and the messages give them; everything else about effects reads them through it."""

from __future__ import annotations

from typing import Any

from ..model import ActionBase
from .ask import Ask
from .counter import CounterChanged, SetCounter
from .end_game import EndGame, GameEndCalled
from .force import DecisionForced, Force
from .multiply import Multiplied, Multiply
from .pay import Pay
from .pots import PotPaid
from .schema import NUMBER_DEF, SEATS_DEF

__all__ = ["ACTIONS", "Action", "Ask", "CounterChanged", "DecisionForced", "EndGame", "Force", "GameEndCalled",
           "Multiplied", "Multiply", "Pay", "PotPaid", "SetCounter", "do_defs", "action_events"]

ACTIONS: dict[str, type[ActionBase]] = {a.key: a for a in (Pay, Multiply, SetCounter, Force, EndGame, Ask)}
Action = ActionBase


def do_defs() -> dict[str, Any]:
    """The ``$defs`` of the rule files' schema the actions make: ``do`` (the list of an effect's
    actions, in ``effects:`` and in ``settlement:`` alike), one action, a set of seats, a number."""
    return {
        "do": {"type": "array", "minItems": 1, "maxItems": 32, "description": "The actions, in order.",
               "items": {"$ref": "#/$defs/action"}},
        "action": {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
                   "properties": {key: action.schema for key, action in ACTIONS.items()}},
        "seats": SEATS_DEF,
        "number": NUMBER_DEF,
    }


def action_events() -> dict[type, Any]:
    """Every event an action logs besides payments, with how it reads (in the narrator's language)."""
    return {event: told for action in ACTIONS.values() for event, told in action.tellers.items()}
