"""Capture roles (出来役, hanafuda H17, H18) checked like hand roles: their patterns, their own
``examples:`` (a captured pile -> roles) and one pile evaluated for ``hachi roles --captures``."""

from __future__ import annotations

from typing import Any, Iterable, Sequence, cast

from ....ruleset.errors import HachiError, PatternError
from .deck import HanafudaDeck
from ....ruleset.model import Ruleset
from ....ruleset.roles import RoleResult, _check_example, compile_table, pattern_errors


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


def without_void(rules: Any, res: RoleResult, piles: Iterable[Sequence[int]]) -> RoleResult:
    """``res`` less the roles ``hanafuda.void_when_taken`` voids (K10's setting) once any of
    ``piles`` (every player's, the valued one among them) holds one of its cards; ``rules`` is
    the ruleset's :class:`~.rules.HanafudaRules`."""
    void: frozenset[str] = rules.void_roles
    if not void or not res.roles or not any(h.id in void for h in res.roles):
        return res
    if not any(rules.void_cards.intersection(p) for p in piles):
        return res
    kept = tuple(h for h in res.roles if h.id not in void)
    return RoleResult(kept, res.go - sum(h.go for h in res.roles if h.id in void), res.forced)


def evaluate_pile(ruleset: Ruleset, text: str) -> dict[str, object]:
    """The capture roles of a captured pile written as text (any number of cards), as one
    player's pile (the roles its own cards void, K10's setting, are left out)."""
    deck = cast(HanafudaDeck, ruleset.deck)              # capture roles are for the hanafuda deck
    pile = deck.parse_list(text)
    result = without_void(ruleset.kind_rules, compile_table(ruleset.kind_rules.capture_roles, deck).evaluate(pile),
                          [pile])
    return {"captures": deck.format(pile),
            "roles": [{"id": h.id, "go": h.go, "cards": [deck.name(c) for c in h.cards]} for h in result.roles],
            "go": result.go, "points": deck.points_of(pile)}
