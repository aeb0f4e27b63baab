"""Capture roles (出来役, hanafuda H17, H18) checked like hand roles: their patterns, their own
``examples:`` (a captured pile -> roles) and one pile evaluated for ``hachi roles --captures``."""

from __future__ import annotations

from typing import Any, cast

from ....ruleset.errors import HachiError, PatternError
from .deck import HanafudaDeck
from ....ruleset.model import Ruleset
from ....ruleset.roles import _check_example, compile_table, pattern_errors


def capture_table(data: dict[str, Any] | None) -> dict[str, Any]:
    """The ``capture_roles:`` section as role-table data: each example's ``captures`` is its hand."""
    table = dict(data or {})
    table["examples"] = [{("hand" if k == "captures" else k): v for k, v in e.items()}
                         for e in table.get("examples") or ()]
    return table


def check_capture_roles(ruleset: Ruleset) -> list[HachiError]:
    """Every pattern error of the capture roles, or else every failing capture example."""
    table, deck = ruleset.kind_rules.capture_roles, ruleset.deck
    try:
        evaluator = compile_table(table, deck)
    except PatternError:
        return [_named(e) for e in pattern_errors(table, deck)]
    found = (_check_example(evaluator, deck, n, e) for n, e in enumerate(table.examples, 1))
    return [_named(e) for e in found if e is not None]


def _named(err: HachiError) -> HachiError:
    return type(err)(f"capture roles: {err.message}", err.place)


def evaluate_pile(ruleset: Ruleset, text: str) -> dict[str, object]:
    """The capture roles of a captured pile written as text (any number of cards)."""
    deck = cast(HanafudaDeck, ruleset.deck)              # capture roles are for the hanafuda deck
    pile = deck.parse_list(text)
    result = compile_table(ruleset.kind_rules.capture_roles, deck).evaluate(pile)
    return {"captures": deck.format(pile),
            "roles": [{"id": h.id, "go": h.go, "cards": [deck.name(c) for c in h.cards]} for h in result.roles],
            "go": result.go, "points": deck.points_of(pile)}
