"""The registry of play kinds in rule files: one line per kind, keyed by ``play:``.

Adding a play kind: write its :class:`~.playkind.RuleKind` (the checklist is in
``docs/play-kinds.md``) and add it here.
"""

from __future__ import annotations

from typing import Any, Mapping

from .checks import check_role_table
from ..interpreter.games.matching.rules import MATCHING_RULES
from .model import PlayKind
from .rulekind import RuleKind, foreign_keys
from ..interpreter.games.tricks.rules import TRICK_RULES

RULE_KINDS: dict[PlayKind, RuleKind] = {k.kind: k for k in (TRICK_RULES, MATCHING_RULES)}


def rule_kind(data: Mapping[str, Any]) -> RuleKind:
    """The play kind of a rule file's data (``play:``; the schema allows only registered names)."""
    return RULE_KINDS[PlayKind(data.get("play", PlayKind.TRICKS.value))]


def ruleset_findings(data: dict[str, Any]) -> list[tuple[tuple[object, ...], str]]:
    """Every semantic problem of a resolved, schema-valid ruleset, in check order: keys of another
    play kind first, then the play kind's own checks, then the role table's."""
    kind = rule_kind(data)
    others = tuple(k for k in RULE_KINDS.values() if k is not kind)
    found = list(foreign_keys(data, kind, others))
    found += [item for check in kind.checks for item in check(data)]
    return found + list(check_role_table(data["role_table"]))
