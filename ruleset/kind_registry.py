"""The registry of play kinds: one line per kind, its ``play:`` name and the package that holds all
of it. Every layer finds a kind here and imports only the part it needs, when it needs it.

A play kind's package has one module per part, each with one object of a fixed name:
``rules`` (``RULES``, a :class:`~.rulekind.RuleKind`: the rule-file side), ``kind`` (``PLUGIN``,
the interpreter's ``PlayKindPlugin``), ``screen`` (``SCREEN``, the terminal's ``ScreenPlugin``) and,
for an OpenSpiel game, ``spiel`` (``BRIDGE``), plus ``schema.json``, its part of the rule files'
JSON Schema. Adding a play kind is adding its line here (the checklist is in ``docs/play-kinds.md``).

>>> sorted(KINDS)
['matching', 'tricks']
"""

from __future__ import annotations

import importlib
import json
from importlib import resources
from typing import Any, Mapping

from .checks import check_role_table
from .model import PlayKind, TransferKind
from .rulekind import RuleKind, foreign_keys

KINDS: dict[PlayKind, str] = {
    "tricks": "hachihachi.interpreter.games.tricks",
    "matching": "hachihachi.interpreter.games.matching",
}
DEFAULT: PlayKind = "tricks"             # a rule file without ``play:``

PARTS = {"rules": "RULES", "kind": "PLUGIN", "screen": "SCREEN", "spiel": "BRIDGE"}

# the top-level sections and the transfers every play kind may have; a rule file's other keys are
# a play kind's own (``RuleKind.own_keys``), and only then are the other kinds asked whose they are
SHARED_KEYS = frozenset({"extends", "name", "title", "description", "play", "deck", "hand_size", "role_table",
                         "chips", "players", "rounds", "declaration", "forced_out", "two_goers", "next_start",
                         "first_dealer", "round", "counters", "parameters", "effects", "settlement"})
SHARED_TRANSFERS = frozenset({TransferKind.DROP_FEE, TransferKind.FORCED_OUT, TransferKind.ROLES, TransferKind.POT})


def kind_part(play: PlayKind, part: str) -> Any:
    """The object of play kind ``play``'s part ``part`` (see :data:`PARTS`), imported on first use."""
    return getattr(importlib.import_module(f"{KINDS[play]}.{part}"), PARTS[part])


def kind_schema(play: PlayKind) -> dict[str, Any]:
    """Play kind ``play``'s part of the rule files' JSON Schema (its package's ``schema.json``)."""
    text = resources.files(KINDS[play]).joinpath("schema.json").read_text(encoding="utf-8")
    part: dict[str, Any] = json.loads(text)
    return part


def rule_kind(play: PlayKind) -> RuleKind:
    """The rule-file side of a play kind."""
    kind: RuleKind = kind_part(play, "rules")
    return kind


def play_of(data: Mapping[str, Any]) -> PlayKind:
    """The play kind a rule file's data names (``play:``; the schema allows only registered names)."""
    return str(data.get("play", DEFAULT))


def ruleset_findings(data: dict[str, Any]) -> list[tuple[tuple[object, ...], str]]:
    """Every semantic problem of a resolved, schema-valid ruleset, in check order: keys of another
    play kind first, then the play kind's own checks, then the role table's."""
    kind = rule_kind(play_of(data))
    if _foreign(data, kind):
        others = tuple(rule_kind(p) for p in KINDS if p != kind.kind)
        found = list(foreign_keys(data, kind, others))
    else:
        found = []
    found += [item for check in kind.checks for item in check(data)]
    return found + list(check_role_table(data["role_table"]))


def _foreign(data: Mapping[str, Any], kind: RuleKind) -> bool:
    """Whether the data has a key or a field transfer that is neither shared nor the kind's own."""
    if set(data) - SHARED_KEYS - kind.own_keys:
        return True
    own = {t.value for t in SHARED_TRANSFERS | kind.own_transfers}
    return any(isinstance(f, dict) and any(t not in own for t in f.get("applies_to") or ())
               for f in data.get("fields") or ())
