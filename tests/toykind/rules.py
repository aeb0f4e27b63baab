"""The rule-file side of ``highcard``: a suited deck, its section ``high_card``, its two phases and
its own kind of transfer, the ante (the core's enums name none of them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from hachihachi.ruleset.cards import SuitedDeck
from hachihachi.ruleset.model import PhaseName, TransferReasonName
from hachihachi.ruleset.rulekind import KindParts, RuleKind, TransferWords


class ToyPhase(PhaseName):
    DEAL = "high_card_deal"
    SHOW = "high_card_show"


class ToyTransfer(TransferReasonName):
    ANTE = "ante"                               # what each seat pays into the pot before the deal


@dataclass(frozen=True)
class HighCard:
    ante: int


def parts(data: Mapping[str, Any], places: Mapping[str, str] | None = None) -> KindParts:
    deck = SuitedDeck(ranks=tuple(map(str, data["deck"]["ranks"])), suits=tuple(map(str, data["deck"]["suits"])))
    return KindParts(deck=deck, fields=(), rules=HighCard(int(data["high_card"]["ante"])), dealt_beside_hands=0,
                     section="high_card")


RULES = RuleKind(kind="highcard", title="high card (a toy)", own_keys=frozenset({"high_card"}),
                 own_transfers=frozenset(ToyTransfer), parts=parts, phases=tuple(ToyPhase),
                 transfer_words={"ante": TransferWords(given={
                     "en": ("アンティ ante", "ante", "antes"), "ja": ("アンティ", "アンティ", "アンティ")})})
