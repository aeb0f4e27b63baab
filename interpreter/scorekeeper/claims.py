"""Whether the roles one player claims on a score sheet can be held by one hand together.

A claim pays its roles without the hand being shown, so a sheet could pay roles that no hand of
``hand_size`` cards holds together (four of a kind and three of a kind and a straight flush in
seven cards). Two claimed roles are refused together when they are of one group (at most one role
of a group counts, the role tables' rule) or when no hand matches both patterns (counted exactly
over every hand, or every deal when the table reads the trump or the indicator); a combo claimed
stands for its roles. The counts are kept per ruleset and pair, so a sheet settled again after
every round counts each pair once.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Optional, Sequence

from ...ruleset.model import Ruleset
from ...ruleset.roles import compile_table
from ...ruleset.stats import exact_counts

__all__ = ["claim_problem"]

_HELD: dict[int, tuple[Ruleset, dict[tuple[str, ...], bool]]] = {}      # id(ruleset) -> (it, pair -> held)


def claim_problem(rules: Ruleset, claimed: Sequence[str], lang: str = "en") -> Optional[str]:
    """Why the roles ``claimed`` (ids of roles and combos) cannot be held by one hand, naming the
    pair; None when they can."""
    table = rules.roles
    combos = {c.id: c.roles for c in table.combos}
    roles: list[str] = []
    for rid in claimed:
        for r in combos.get(rid, (rid,)):
            if r in roles:
                also = f" (also in the combo {rid})" if rid != r else ""
                return f"{table.role(r).name(lang)} ({r}) is claimed twice{also}"
            roles.append(r)
    for a, b in combinations(roles, 2):
        ra, rb = table.role(a), table.role(b)
        if ra.group is not None and ra.group == rb.group:
            group = table.groups[ra.group](lang) if ra.group in table.groups else ra.group
            return (f"{ra.name(lang)} ({a}) and {rb.name(lang)} ({b}) are both of the group {group}, and at most "
                    "one role of a group counts for a hand")
        if not _held_together(rules, (a, b)):
            return (f"no hand of {rules.hand_size} cards holds both {ra.name(lang)} ({a}) and {rb.name(lang)} "
                    f"({b})")
    if len(roles) == 1 and not _held_together(rules, (roles[0],)):
        return f"no hand of {rules.hand_size} cards holds {table.role(roles[0]).name(lang)} ({roles[0]})"
    return None


def _held_together(rules: Ruleset, ids: tuple[str, ...]) -> bool:
    kept = _HELD.setdefault(id(rules), (rules, {}))[1]
    if ids not in kept:
        table = rules.roles
        parts = [table.role(i) for i in ids]
        both = replace(parts[0], id="claimed", group=None, pattern=" and ".join(f"({p.pattern})" for p in parts))
        evaluator = compile_table(replace(table, roles=(both,), combos=(), examples=()), rules.deck)
        kept[ids] = exact_counts(evaluator, rules.hand_size).roles["claimed"] > 0
    return kept[ids]
