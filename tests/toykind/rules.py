"""The rule-file side of ``highcard``: a suited deck and its one section, ``high_card``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from hachihachi.ruleset.cards import SuitedDeck
from hachihachi.ruleset.rulekind import KindParts, RuleKind


@dataclass(frozen=True)
class HighCard:
    ante: int


def parts(data: Mapping[str, Any], places: Mapping[str, str] | None = None) -> KindParts:
    deck = data["deck"]
    return KindParts(deck=SuitedDeck(ranks=tuple(str(r) for r in deck["ranks"]),
                                     suits=tuple(str(s) for s in deck["suits"])),
                     fields=(), rules=HighCard(ante=int(data["high_card"]["ante"])),
                     dealt_beside_hands=0, section="high_card")


RULES = RuleKind(kind="highcard", title="high card (a toy)", own_keys=frozenset({"high_card"}),
                 own_transfers=frozenset(), checks=(), parts=parts)
