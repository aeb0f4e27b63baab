"""The actions of effects, one module each (docs/effects.md, "Actions"; how to add one: "Adding
an action"). :data:`ACTIONS` lists the core's by their key in a rule file, in the order the
schema and the messages give them; a part brings its own (``RulePart.effect_actions``: go/drop's
``force``, in its package), and :func:`every_action` lists both, the core's first: everything
else about effects reads them through it."""

from __future__ import annotations

from typing import Any

from ...part_registry import part_effect_actions
from ..model import ActionBase
from .ask import Ask
from .counter import CounterChanged, SetCounter
from .end_game import EndGame, GameEndCalled
from .multiply import Multiplied, Multiply
from .pay import Pay
from .pots import PotPaid
from .schema import NUMBER_DEF, SEATS_DEF

__all__ = ["ACTIONS", "Action", "Ask", "CounterChanged", "EndGame", "GameEndCalled", "Multiplied", "Multiply", "Pay",
           "PotPaid", "SetCounter", "do_defs", "action_events", "every_action"]

ACTIONS: dict[str, type[ActionBase]] = {a.key: a for a in (Pay, Multiply, SetCounter, EndGame, Ask)}
Action = ActionBase


def every_action() -> dict[str, type[ActionBase]]:
    """Every action a rule file may write, by its key: the core's (:data:`ACTIONS`), then each
    registered part's (``RulePart.effect_actions``), whether or not a file takes the part (the
    builder refuses a part's action in a file that does not: ``part_registry.untaken_action``).

    >>> list(every_action())
    ['pay', 'multiply', 'counter', 'end_game', 'ask', 'force']
    """
    return {**ACTIONS, **{key: action for key, (_, action) in part_effect_actions().items()}}


def do_defs() -> dict[str, Any]:
    """The ``$defs`` of the rule files' schema the actions make: ``do`` (the list of an effect's
    actions, in ``effects:`` and in ``settlement:`` alike), one action, a set of seats, a number."""
    return {
        "do": {"type": "array", "minItems": 1, "maxItems": 32, "description": "The actions, in order.",
               "items": {"$ref": "#/$defs/action"}},
        "action": {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
                   "properties": {key: action.schema for key, action in every_action().items()}},
        "seats": SEATS_DEF,
        "number": NUMBER_DEF,
    }


def action_events() -> dict[type, Any]:
    """Every event an action logs besides payments (the core's and the parts' actions), with how
    it reads (in the narrator's language)."""
    return {event: told for action in every_action().values() for event, told in action.tellers.items()}
