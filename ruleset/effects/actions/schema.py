"""The parts of the JSON Schema the actions share: a set of seats, a number (an expression), words.
Each is written once, in the rule files' schema's ``$defs`` (:func:`.do_defs`), and an action's
schema refers to it."""

from __future__ import annotations

from typing import Any

SEATS: dict[str, Any] = {"$ref": "#/$defs/seats"}
SEATS_OR_POT: dict[str, Any] = {"$ref": "#/$defs/seats"}   # the builder refuses 'pot' where no payment is
NUMBER: dict[str, Any] = {"$ref": "#/$defs/number"}
WORDS: dict[str, Any] = {"type": "string", "pattern": "^[^\\u0000-\\u001f\\u007f]+$"}

SEATS_DEF: dict[str, Any] = {
    "type": "string",
    "minLength": 1,
    "maxLength": 500,
    "description": "Seats: 'each seat', 'each goer', 'each dropper', 'each forced_out', any of them with "
                   "' where CONDITION', 'first ...' (the first of them from the start player), 'all but the "
                   "first ...', 'start player' (or 'dealer'); in a payment also 'pot' (docs/effects.md).",
}
NUMBER_DEF: dict[str, Any] = {
    "type": ["integer", "string", "boolean"],
    "description": "A whole number, or an expression (docs/effects.md).",
}
