"""One builder for every ruleset: the sections all games share, plus the play kind's own.

The play kind (``play:``) picks the builder of its deck, its section and its fields from
:data:`PARTS`; every other section is read here, with the defaults a game that does not use it
(say, a hanafuda game without declarations) gets.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple

from .cards import SuitedDeck
from .hanafuda import build_hanafuda_deck
from .hanafuda_rules import build_hanafuda
from .model import (Chips, Declaration, DropFee, Field, ForcedOut, Mizuten, NextStart, Phase, Players,
                    PlayKind, Rounds, Ruleset, Transfer, TrickPlay, TrickSettlement, TwoGoers)
from .roletable import _name, build_role_table


class KindParts(NamedTuple):
    """What a play kind builds from its own parts of a rule file."""

    deck: Any
    fields: tuple[Field, ...]
    rules: Any                                  # the play kind's own section, built (or None)


def _trick_parts(data: Mapping[str, Any]) -> KindParts:
    deck = data["deck"]
    return KindParts(
        deck=SuitedDeck(ranks=tuple(str(r) for r in deck["ranks"]), suits=tuple(str(s) for s in deck["suits"]),
                        rank_aliases=(("10", "T"),) if "T" in deck["ranks"] else ()),
        fields=tuple(
            Field(id=f["id"], name=_name(f.get("name"), f["id"]), ranks=tuple(str(r) for r in f["ranks"]),
                  multiplier=int(f["multiplier"]), applies_to=frozenset(Transfer(t) for t in f["applies_to"]))
            for f in data["fields"]
        ),
        rules=None,
    )


def _matching_parts(data: Mapping[str, Any]) -> KindParts:
    """A hanafuda ruleset: the deck by cards and the ``hanafuda:`` section."""
    section = data["hanafuda"]
    changeling = int(section.get("changeling_month", 11)) if section.get("willow_changeling", True) else None
    deck = build_hanafuda_deck(data["deck"], changeling)
    rules = build_hanafuda(section, deck)
    return KindParts(deck=deck, fields=tuple(f.field for f in rules.fields), rules=rules)


PARTS: dict[PlayKind, Callable[[Mapping[str, Any]], KindParts]] = {
    PlayKind.TRICKS: _trick_parts,
    PlayKind.MATCHING: _matching_parts,
}

_NO_MIZUTEN = {"enabled": False, "goers": 0, "min_tricks": 0, "bonus": 0}


def build_ruleset(data: Mapping[str, Any], source: str = "<memory>",
                  places: Mapping[str, str] | None = None, extends_chain: tuple[str, ...] = ()) -> Ruleset:
    """Build a :class:`Ruleset` from the plain data of a resolved, schema-valid rule file.

    ``data["role_table"]`` is the role table's data (the loader has already read the file it names).
    """
    play = PlayKind(data.get("play", "tricks"))
    parts = PARTS[play](data)
    players = Players(**data["players"])
    decl = data.get("declaration") or {"max_goers": players.max, "drop_fee": {"first": 0, "step": 0}}
    return Ruleset(
        name=str(data["name"]),
        title=_name(data.get("title"), str(data["name"])),
        play=play,
        deck=parts.deck,
        hand_size=int(data["hand_size"]),
        roles=build_role_table(data["role_table"], places),
        chips=Chips(**data["chips"]),
        players=players,
        rounds=Rounds(**data["rounds"]),
        declaration=Declaration(max_goers=int(decl["max_goers"]), drop_fee=DropFee(**decl["drop_fee"]),
                                no_goers_pot=decl.get("no_goers", {}).get("pot", "carry_over")),
        forced_out=ForcedOut(per_card=MappingProxyType(dict((data.get("forced_out") or {}).get("per_card") or {}))),
        role_settlement=str(data.get("role_settlement", "pairwise_difference")),
        two_goers=TwoGoers(**(data.get("two_goers") or {})),
        trick_settlement=TrickSettlement(**(data.get("trick_settlement") or {"per_trick": 0})),
        fields=parts.fields,
        mizuten=Mizuten(**(data.get("mizuten") or _NO_MIZUTEN)),
        next_start=NextStart(**(data.get("next_start") or {})),
        round=tuple(Phase(p) for p in data["round"]),
        source=source,
        extends_chain=extends_chain,
        trick_play=TrickPlay(**(data.get("trick_play") or {})),
        hanafuda=parts.rules,
    )
