"""Hand-role evaluation (手役): the contract the interpreter and the CLI use.

PROVISIONAL: knows only the literal patterns of the standard table, so that the interpreter can
be built against the interface. The pattern-language work replaces the inside with a Lark
grammar compiled to evaluators and keeps ``compile_table``, ``RoleHit``, ``RoleResult`` and the
evaluator's ``evaluate`` and ``count_class``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import SuitedDeck
from .model import RoleTable


@dataclass(frozen=True)
class RoleHit:
    id: str
    go: int
    forced: int
    cards: tuple[int, ...]          # the witness cards the holder shows (T14)


@dataclass(frozen=True)
class RoleResult:
    roles: tuple[RoleHit, ...]
    go: int
    forced: int


class _StubEvaluator:
    def __init__(self, table: RoleTable, deck: SuitedDeck):
        self.table, self.deck = table, deck

    def count_class(self, name: str, hand, trump=None, indicator=None) -> int:
        ranks = self.table.classes[name].split()[1:]
        wanted = {self.deck.rank_index(r) for r in ranks}
        return sum(1 for c in hand if self.deck.rank(c) in wanted)

    def evaluate(self, hand, trump: int | None = None, indicator: int | None = None) -> RoleResult:
        d = self.deck
        shape = tuple(n for n in sorted(Counter(d.rank(c) for c in hand).values(), reverse=True) if n > 1)
        suits = Counter(d.suit(c) for c in hand)
        feats = {f"shape {' '.join(map(str, shape))}" if shape else "shape"}
        light = self.count_class("light", hand)
        feats.add(f"count(light) == {light}")
        if max(suits.values()) >= 5:
            feats.add("max_suit >= 5")
        hits = {}
        for r in self.table.roles:
            alts = [a.strip() for a in r.pattern.split(" or ")]
            if any(a in feats for a in alts):
                key = r.group or r.id
                if key not in hits or hits[key].go < r.go:
                    hits[key] = RoleHit(r.id, r.go, r.forced, tuple(hand))
        roles = tuple(hits.values())
        return RoleResult(roles, sum(h.go for h in roles), sum(h.forced for h in roles))


def compile_table(table: RoleTable, deck: SuitedDeck) -> _StubEvaluator:
    return _StubEvaluator(table, deck)
