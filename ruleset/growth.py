"""Effects that can grow without bound: a counter fed by its own products (``hachi validate --warnings``).

A counter set to a product that reads the counter itself (``set: "counter.x * 2"``,
``set: "counter.x * counter.x"``), or to which its own value is added (``add: "counter.x"``),
grows as a power of the rounds played: within a long game it passes the bound on every number a
game holds (docs/limits.md), and the game then stops with an error. Such a file is valid (a
condition may keep the counter small), so it gets a warning, not an error.

>>> from hachihachi.ruleset.loader import load_ruleset
>>> rules = load_ruleset("hachihachi_trick")
>>> from hachihachi.ruleset.effects import build_effects
>>> data = {"counters": [{"name": "x", "scope": "table", "start": 2}], "effects": [{"name": "grow",
...         "when": "round_end", "do": [{"counter": {"name": "x", "set": "counter.x * counter.x"}}]}]}
>>> [line.split(": warning: ")[1][:61] for line in growing(build_effects(data, rules), "r.yaml")][:1]
["the effect 'grow' sets the counter 'x' to a product of itself"]
"""

from __future__ import annotations

from typing import Iterable

from .effects import Effect, SetCounter
from .expressions import Arith, Call, Compare, FactRef, Logic, Negate, Node, Not, Number

__all__ = ["growing"]


def growing(effects: Iterable[Effect], fallback: str) -> list[str]:
    """``PLACE: warning: ...`` for each counter action of ``effects`` that feeds the counter its
    own products (or, with ``add``, its own value)."""
    out = []
    for effect in effects:
        told: set[str] = set()                  # one warning per counter of an effect
        for action in effect.actions:
            if not isinstance(action, SetCounter) or action.value.node is None or action.counter.name in told:
                continue
            own = f"counter.{action.counter.name}"
            node = action.value.node
            name = action.counter.name
            if action.add and _reads(node, own):
                how = f"adds to the counter '{name}' its own value"
            elif not action.add and _multiplies(node, own):
                how = f"sets the counter '{name}' to a product of itself"
            else:
                continue
            told.add(name)
            out.append(f"{effect.place or fallback}: warning: the effect '{effect.name}' {how}, so it can grow "
                       "without bound until the game stops at the bound on every number a game holds "
                       "(docs/limits.md).")
    return out


def _children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, (Negate, Not)):
        return (node.operand,)
    if isinstance(node, Arith):
        return (node.first, *(n for _, n in node.rest))
    if isinstance(node, Compare):
        return (node.left, node.right)
    if isinstance(node, Logic):
        return node.parts
    if isinstance(node, Call):
        return node.args
    return ()


def _reads(node: Node, name: str) -> bool:
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, FactRef) and n.name == name:
            return True
        stack.extend(_children(n))
    return False


def _multiplies(node: Node, name: str) -> bool:
    """Some product in ``node`` has a factor that reads ``name`` and another that is not a number
    from -1 to 1 (``counter.x * 1`` cannot grow)."""
    stack: list[Node] = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Arith) and any(op == "*" for op, _ in n.rest):
            factors = (n.first, *(f for _, f in n.rest))
            own = [i for i, f in enumerate(factors) if _reads(f, name)]
            others = [f for i, f in enumerate(factors) if i not in own[:1]]
            if own and any(not (isinstance(f, Number) and abs(f.value) <= 1) for f in others):
                return True
        stack.extend(_children(n))
    return False
