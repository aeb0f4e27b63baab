"""How the rulebook (``hachi rulebook``, ``cli/rulebook.py``) writes matching play's own settings
(``RuleKind.book``): the section ``hanafuda:`` after the fields, with how the deal lays the field
cards (H4, H5), the field kinds by their cards as a table (H5-H7), the hand roles' lists of roles
and the binding by their names, and the sentences of the special roles (H19) with this file's
numbers. The words are the core catalogs' (``rulebook.*``)."""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ....ruleset.catalog import say
from ....ruleset.kind_registry import transfer_word
from ....ruleset.rulekind import BookTable, BookWords, Rows

SECTION = "hanafuda"            # its own section, which lists the field kinds with their field cards


def _section_fields(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The field kinds written in its section (``hanafuda.fields``), as written."""
    section = data.get(SECTION)
    fields = section.get("fields") if isinstance(section, Mapping) else None
    return [f for f in fields if isinstance(f, Mapping)] if isinstance(fields, list) else []


def _field_name(w: Any, field_id: str) -> str:
    for f in _section_fields(w.data):
        if f.get("id") == field_id:
            return str((f.get("name") or {}).get(w.lang, field_id))
    return field_id


def _rows(w: Any, key: str, path: tuple[object, ...], value: Any, depth: int) -> Optional[Rows]:
    """H12, H13: the roles of tobikomi and nuke by their names; H6: the binding by the fields' names;
    its tables (the field kinds, the capture roles) are shown below."""
    if key in (f"{SECTION}.hand_roles.tobikomi.roles", f"{SECTION}.hand_roles.nuke.roles") and isinstance(value, list):
        return [(depth, w.label(path), ", ".join(w.role_name(r) for r in value))]
    if key == f"{SECTION}.binding" and isinstance(value, Mapping):
        return [(depth, w.label(path), "")] + [(depth + 1, _field_name(w, f), str(n)) for f, n in value.items()]
    if key in (f"{SECTION}.fields", f"{SECTION}.capture_roles"):
        return [(depth, w.label(path), "↓")]        # a table of its own below
    return None


def _paragraph(w: Any, section: str) -> Optional[str]:
    """H4: how many cards the deal lays face up, a number or one by the number of players."""
    if section != SECTION:
        return None
    field_cards = w.data.get(SECTION, {}).get("field_cards", 6)
    if isinstance(field_cards, Mapping):
        said: str = w.text("field_cards_explained", cards=w.text("field_cards_by_players"))
    else:
        said = w.text("field_cards_explained", cards=w.text("field_cards_n", n=field_cards))
    return said


def _only(paid: Any, lang: str) -> str:
    """H7: the payments a field kind multiplies, when it names them."""
    if not isinstance(paid, list) or not paid:
        return ""
    return " (" + ", ".join(transfer_word(str(k), "book", lang) or str(k) for k in paid) + ")"


def _tables(w: Any) -> Mapping[str, BookTable]:
    """H5-H7: the field kinds of its section, by the cards that make them."""
    own = _section_fields(w.data)
    if not own:
        return {}
    head = tuple(w.text(k) for k in ("col_field", "made_by", "col_multiplier"))
    return {f"{SECTION}.fields": (head, tuple((str((f.get("name") or {}).get(w.lang, f.get("id"))),
                                               " ".join(map(str, f.get("cards") or ())) or w.text("nothing"),
                                               f"x{f.get('multiplier')}" + _only(f.get("applies_to"), w.lang))
                                              for f in own))}


def _settlement_key(ruleset: Any, effect: Any, key: str) -> str:
    """H19: 総八 the dealer gets, or (``sohachi.dealer: pays``) pays: the one this file plays; the
    pot shared on a tie only with ``parameters: {pot_split: 1}`` (hanafuda_go_drop)."""
    if effect.name == "sohachi":
        pays = any(getattr(a, "payers", None) is not None and a.payers.start for a in effect.actions)
        special = ruleset.kind_rules.specials.get("sohachi")
        if special is None or pays != (special.dealer == "pays"):
            return ""
        return key + ("_pays" if pays else "")
    if effect.name == "tie for the pot" and dict(ruleset.parameters).get("pot_split", 0) != 1:
        return ""
    return key


def _settlement_values(ruleset: Any, lang: str) -> Mapping[str, object]:
    """The numbers of the special roles' sentences (H19), from this file, and what par measures."""
    values: dict[str, object] = {f"{role}_{k}": getattr(special, k, 0)
                                 for role, special in ruleset.kind_rules.specials.items()
                                 for k in ("value", "over", "per_point", "chaff", "per_extra")}
    values["standing"] = say(lang, "rulebook.text.card_points_word")
    return values


# how the rulebook writes its settings: the bundled files whose settlement it words by rule (the
# special roles, H19), the facts it words
BOOK = BookWords(
    after_fields=((SECTION, (SECTION,)),),
    aliases={(SECTION, "hand_roles", "settle"): (SECTION, "settle")},
    own_roles="capture_roles",
    facts=("card_points", "round.most_card_points", "chaff", "capture_roles"),
    rows=_rows,
    paragraph=_paragraph,
    tables=_tables,
    settlement_files=("hanafuda_hachihachi", "hanafuda_go_drop"),
    settlement_key=_settlement_key,
    settlement_values=_settlement_values,
)
