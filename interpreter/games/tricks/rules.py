"""The play kind ``tricks`` in a rule file: a suited deck, fields chosen by the indicator's rank
(T8), the trick game's sections, and the checks of their meaning (:mod:`.checks`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ....ruleset.cards import SuitedDeck
from ....ruleset.checks import RULESET_CHECKS
from ....ruleset.model import Field, TransferKind
from ....ruleset.rulekind import KindParts, RuleKind
from ....ruleset.roletable import _name


@dataclass(frozen=True)
class TrickFields:
    """T7, T8 beyond a multiplier: the fields (by id) without trump (``trump: none``), and those
    whose indicator goes into the start player's hand (``indicator: dealer_hand``)."""

    no_trump: frozenset[str] = frozenset()
    to_dealer: frozenset[str] = frozenset()


def trick_fields(fields: Any) -> TrickFields:
    return TrickFields(frozenset(f["id"] for f in fields if f.get("trump") == "none"),
                       frozenset(f["id"] for f in fields if f.get("indicator") == "dealer_hand"))


def trick_parts(data: Mapping[str, Any], places: Mapping[str, str] | None = None) -> KindParts:
    deck = data["deck"]
    return KindParts(
        deck=SuitedDeck(ranks=tuple(str(r) for r in deck["ranks"]), suits=tuple(str(s) for s in deck["suits"]),
                        rank_aliases=(("10", "T"),) if "T" in deck["ranks"] else ()),
        fields=tuple(
            Field(id=f["id"], name=_name(f.get("name"), f["id"]), ranks=tuple(str(r) for r in f.get("ranks") or ()),
                  multiplier=int(f["multiplier"]), applies_to=frozenset(TransferKind(t) for t in f["applies_to"]),
                  cards=tuple(str(c) for c in f.get("cards") or ()), suits=tuple(str(x) for x in f.get("suits") or ()))
            for f in data["fields"]
        ),
        rules=trick_fields(data["fields"]),
        dealt_beside_hands=1,
    )


RULES = RuleKind(
    kind="tricks",
    title="trick play (Hachi-Hachi Trick)",
    own_keys=frozenset({"fields", "trick_settlement", "mizuten", "trick_play"}),
    own_transfers=frozenset({TransferKind.TRICKS, TransferKind.MIZUTEN}),
    checks=RULESET_CHECKS,
    parts=trick_parts,
    indicator_makes_trump=True,
)
