"""The printable hand-role sheet (手役表): patterns rendered into words, values, probabilities.

>>> from hachihachi.ruleset.patterns import parse_pattern
>>> describe(parse_pattern("shape 3 or shape 3 2"), "en")
'ranks held 3 (shape 3+1+1+1+1) or ranks held 3+2 (shape 3+2+1+1)'
>>> describe(parse_pattern("count(light) == 0"), "ja")
'光札 ちょうど 0 枚'
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional

from .display import columns, wrap
from ..ruleset.cards import Deck
from ..ruleset.catalog import LANGS, maybe, say
from ..ruleset.model import Ruleset
from ..ruleset.roletable import RoleDef, RoleTable
from ..ruleset.patterns import (
    And, CardClassSet, CardList, CardSet, ClassRef, Compare, Count, Difference, Groups, Intersection, MaxSuit, Not,
    Number, Pattern, Quantity, RankSet, Run, Shape, SuitRun, SuitSet, Union_, parse_pattern,
)
from ..ruleset.safetext import escape
from ..ruleset.stats import RoleCounts

# the comparisons' words: the catalogs' sheet.ops.<name>
_OPS = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}


def _lang(lang: str) -> str:
    return lang if lang in LANGS else "en"


def op_word(op: str, lang: str) -> str:
    """A comparison in words (``>=``: ``at least``, ``以上``)."""
    return say(_lang(lang), f"sheet.ops.{_OPS[op]}")


def class_name(name: str, lang: str) -> str:
    """A named class of cards of a role table in words (``light``: ``light``, ``光札``; a class
    the catalogs do not name is its name)."""
    return maybe(_lang(lang), f"sheet.classes.{name}") or name


@dataclass(frozen=True)
class Words:
    """How a sheet names a deck's groups: ranks (playing cards) or months (hanafuda), and the
    deck's card classes (hanafuda's bright, animal, ribbon, chaff)."""

    months: bool = False
    classes: dict[str, dict[str, str]] = field(default_factory=dict)     # card class -> {"en": ..., "ja": ...}
    changeling: bool = False


def words_for(deck: Deck) -> Words:
    """Month and card class wording for a hanafuda deck; the playing-card wording otherwise."""
    names = getattr(deck, "class_names", ())
    if not names:
        return Words()
    return Words(True, {k: {"ja": ja, "en": en} for k, ja, en in names}, bool(getattr(deck, "changeling", ())))


def _groups(lang: str, w: Words) -> str:
    return say(_lang(lang), "sheet.group_months" if w.months else "sheet.group_ranks")


def _classes(node: CardClassSet, lang: str, w: Words) -> str:
    parts = []
    for item in node.items:
        if item == "changeling":
            parts.append(say(_lang(lang), "sheet.changelings"))
            continue
        fixed = item.startswith("fixed_") and w.changeling
        card_class = item[len("fixed_"):] if item.startswith("fixed_") else item
        name = w.classes.get(card_class, {"ja": card_class, "en": card_class})
        parts.append(say(_lang(lang), "sheet.class_cards_fixed" if fixed else "sheet.class_cards",
                             name=name.get(lang, name["en"]), name_ja=name["ja"]))
    return say(_lang(lang), "sheet.or_sets").join(parts)


def _cardset(node: CardSet, lang: str, w: Words = Words()) -> str:
    if isinstance(node, Union_):
        return say(_lang(lang), "sheet.or_sets").join(_cardset(p, lang, w) for p in node.parts)
    if isinstance(node, CardClassSet):
        return _classes(node, lang, w)
    if isinstance(node, ClassRef):
        return say(_lang(lang), "sheet.class_ref", name=class_name(node.name, lang))
    if isinstance(node, Intersection):
        return say(_lang(lang), "sheet.and_sets").join(_cardset(p, lang, w) for p in node.parts)
    if isinstance(node, Difference):
        first, rest = _cardset(node.parts[0], lang, w), [_cardset(p, lang, w) for p in node.parts[1:]]
        return say(_lang(lang), "sheet.except", first=first, rest=say(_lang(lang), "sheet.or_sets").join(rest))
    items = " ".join(node.items)
    if isinstance(node, RankSet):
        return say(_lang(lang), "sheet.months" if w.months else "sheet.ranks", items=items)
    if isinstance(node, SuitSet):
        named = " ".join(maybe(_lang(lang), f"sheet.suit_words.{i}") or i for i in node.items)
        return say(_lang(lang), "sheet.suits", items=named)
    return say(_lang(lang), "sheet.cards", items=items)


def _quantity(node: Quantity, lang: str, w: Words = Words()) -> str:
    if isinstance(node, Number):
        return str(node.value)
    if isinstance(node, Count):
        return _cardset(node.cardset, lang, w)
    if isinstance(node, Run):
        return say(_lang(lang), "sheet.run")
    if isinstance(node, SuitRun):
        return say(_lang(lang), "sheet.suit_run")
    if isinstance(node, MaxSuit):
        return say(_lang(lang), "sheet.max_suit")
    if isinstance(node, Groups):
        op = op_word(node.op, lang)
        held = say(_lang(lang), "sheet.held_exactly" if node.op == "==" else "sheet.held", op=op, n=node.n)
        named = _cardset(node.cardset, lang, w) if node.cardset is not None else None
        cards = _english_number(named or say(_lang(lang), "sheet.any_cards"), node.n, lang)
        of = say(_lang(lang), "sheet.groups_of", cards=named) if named is not None else ""
        return say(_lang(lang), "sheet.groups", groups=_groups(lang, w), held=held, cards=cards, of=of)
    return "?"


def _english_number(text: str, n: int, lang: str) -> str:
    """English's plural: a phrase of cards read with the number ``n`` (other languages' words
    are the same for every number)."""
    return _one_or_more(text, n) if lang == "en" else text


def _one_or_more(text: str, n: int) -> str:
    """An English phrase of cards read with the number ``n``: "1 light card", "2 light cards"."""
    return re.sub(r"\bcards\b", "card", text).replace(" that are also ", " that is also ") if n == 1 else text


def _singular(groups: str) -> str:
    """ "months with 3 cards" read with 1: "month with 3 cards" (only the first word changes)."""
    head, _, rest = groups.partition(" ")
    return (head[:-1] if head.endswith("s") else head) + (" " + rest if rest else "")


def _compare(node: Compare, lang: str, w: Words = Words()) -> str:
    left, op, right = node.left, node.op, node.right
    if isinstance(left, Number) and not isinstance(right, Number):
        left, right = right, left
        op = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}.get(op, op)
    thing = _quantity(left, lang, w)
    if lang == "en" and isinstance(right, Number):     # English's number and article
        if isinstance(left, Groups) and right.value == 1:
            thing = _singular(thing)
        elif isinstance(left, Count) and isinstance(left.cardset, CardList):
            thing = f"of {thing}"
        elif isinstance(left, Count):
            thing = _one_or_more(thing, right.value)
    cards = isinstance(left, (Count, Run, SuitRun, MaxSuit))
    unit = say(_lang(lang), "sheet.unit_cards" if cards else "sheet.unit_groups")
    return say(_lang(lang), "sheet.compare_exactly" if op == "==" else "sheet.compare", op=op_word(op, lang),
               left=thing, right=_quantity(right, lang, w), unit=unit)


def _shape(node: Shape, lang: str, hand_size: int = 7, w: Words = Words()) -> str:
    ones = hand_size - sum(node.sizes)
    full = "+".join(str(s) for s in list(node.sizes) + [1] * max(ones, 0))
    groups = "months" if w.months else "ranks"
    sizes = "+".join(map(str, node.sizes)) or say(_lang(lang), f"sheet.shape_none_{groups}")
    return say(_lang(lang), f"sheet.shape_{groups}", sizes=sizes, full=full)


def describe(node: Pattern, lang: str = "en", hand_size: int = 7, words: Words = Words()) -> str:
    """A pattern in words (in a language of the catalogs: their ``sheet.*``); ``words`` names
    months and card classes for hanafuda."""
    if isinstance(node, Shape):
        return _shape(node, lang, hand_size, words)
    if isinstance(node, Compare):
        return _compare(node, lang, words)
    if isinstance(node, Not):
        return say(_lang(lang), "sheet.not", inner=describe(node.part, lang, hand_size, words))
    joiner = say(_lang(lang), "sheet.and" if isinstance(node, And) else "sheet.or")
    return joiner.join(describe(p, lang, hand_size, words) for p in node.parts)


def _in_group_order(table: RoleTable) -> list[RoleDef]:
    """The roles group by group, in the order the groups are written (a role a variant adds to a
    group stands with its group, not after all of them); roles of no group come last."""
    order = {g: i for i, g in enumerate(table.groups)}
    return sorted(table.roles, key=lambda r: order.get(r.group, len(order)) if r.group else len(order))


def _rows(ruleset: Ruleset, table: RoleTable, counts: Optional[RoleCounts], lang: str,
          section: str = "") -> list[dict[str, Any]]:
    words = words_for(ruleset.deck)
    rows = []
    for role in _in_group_order(table):
        group = table.groups.get(role.group) if role.group else None
        prob = None
        if counts is not None:
            prob = float(Fraction(counts.roles[role.id]) / Fraction(counts.hands))
        label = " · ".join(part for part in (section, group(lang) if group else "") if part)
        rows.append({
            "group": label, "id": role.id, "name": role.name(lang),
            "definition": describe(parse_pattern(role.pattern), lang, ruleset.hand_size, words),
            "go": role.go, "forced": role.forced, "probability": prob,
        })
    return rows


def sheet_rows(ruleset: Ruleset, counts: Optional[RoleCounts] = None, lang: str = "en") -> list[dict[str, Any]]:
    """One row per hand role: group, id, name, definition, go, forced, probability (or None)."""
    return _rows(ruleset, ruleset.roles, counts, lang)


def capture_rows(ruleset: Ruleset, lang: str = "en") -> list[dict[str, Any]]:
    """One row per capture role (H18: made of the cards a player captured; values in kan), no
    probability (a capture role is not a role of a dealt hand); none for a game without them."""
    table = own_role_table(ruleset)
    if table is None or not table.roles:
        return []
    from ..ruleset.kind_registry import rule_kind

    return _rows(ruleset, table, None, lang, say(_lang(lang), f"sheet.{rule_kind(ruleset.play).book.own_roles}"))


def own_role_table(ruleset: Ruleset) -> Optional[RoleTable]:
    """The play kind's own role table besides the hand roles (the capture roles of matching play),
    found where its rule kind says it is written (``own_roles_at``), or None."""
    from ..ruleset.kind_registry import rule_kind

    node: Any = ruleset
    for part in rule_kind(ruleset.play).own_roles_at or ("-",):
        node = getattr(node, part, None)
    return node if isinstance(node, RoleTable) else None


def has_forced_values(ruleset: Ruleset) -> bool:
    """Whether any hand role is worth something to a forced-out player (T14); else the sheet
    has no forced-out column (hanafuda, where no one is forced out)."""
    return any(role.forced for role in ruleset.roles.roles)


HEADERS = ("group", "role", "definition", "go", "forced", "probability")    # the catalogs' sheet.headers.*


def headers(lang: str) -> list[str]:
    """The sheet's column headings in ``lang``."""
    return [say(_lang(lang), f"sheet.headers.{h}") for h in HEADERS]


def _cells(row: dict[str, Any], forced: bool = True) -> list[str]:
    prob = "" if row["probability"] is None else f"{row['probability'] * 100:.4f}%"
    cells = [row["group"], row["name"], row["definition"], str(row["go"]), str(row["forced"]), prob]
    return cells if forced else cells[:4] + cells[5:]


def render(ruleset: Ruleset, counts: Optional[RoleCounts] = None, lang: str = "en", fmt: str = "text") -> str:
    """The sheet as plain text, Markdown or HTML: the hand roles, then the capture roles, then the
    house rules (effects)."""
    sheet = _render_roles(ruleset, counts, lang, fmt)
    if not ruleset.effects:
        return sheet
    from ..ruleset.effects import describe

    heading = say(_lang(lang), "sheet.house_rules")
    lines = [escape(describe(e, lang), MAX_CELL) for e in ruleset.effects]
    if fmt == "md":
        return sheet + f"\n## {heading}\n\n" + "".join(f"- {markdown_text(x)}\n" for x in lines)
    if fmt == "html":
        items = "".join(f"<li>{html.escape(x)}</li>" for x in lines)
        return sheet.replace("</body></html>\n", f"<h2>{html.escape(heading)}</h2>\n<ul>{items}</ul>\n</body></html>\n")
    return sheet + f"\n{heading}\n" + "".join(f"  - {x}\n" for x in lines)


def _render_roles(ruleset: Ruleset, counts: Optional[RoleCounts], lang: str, fmt: str) -> str:
    forced = has_forced_values(ruleset)
    rows = [[escape(c, MAX_CELL) for c in _cells(r, forced)]
            for r in sheet_rows(ruleset, counts, lang) + capture_rows(ruleset, lang)]
    head = headers(lang) if forced else [h for i, h in enumerate(headers(lang)) if i != 4]
    title = say(_lang(lang), "sheet.title", title=escape(ruleset.title(lang), MAX_CELL))
    if fmt == "md":
        md = markdown_text
        lines = [f"# {md(title)}", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(md(c) for c in r) + " |" for r in rows]
        return "\n".join(lines) + "\n"
    if fmt == "html":
        esc = html.escape
        body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>\n" for r in rows)
        return (f"<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\"><title>{esc(title)}</title>"
                f"</head><body>\n<h1>{esc(title)}</h1>\n<table>\n<tr>"
                + "".join(f"<th>{esc(h)}</th>" for h in head) + f"</tr>\n{body}</table>\n</body></html>\n")
    cells = [[wrap(c, DEFINITION_COLUMNS) if i == 2 else [c] for i, c in enumerate(r)] for r in [head] + rows]
    widths = [max(columns(line) for cell in col for line in cell) for col in zip(*cells)]
    out = [title, ""]
    for r in cells:
        for k in range(max(len(cell) for cell in r)):          # a long definition takes more lines
            parts = [cell[k] if k < len(cell) else "" for cell in r]
            out.append("  ".join(c + " " * (w - columns(c)) for c, w in zip(parts, widths)).rstrip())
    return "\n".join(out) + "\n"


_MARKDOWN = {"&": "&amp;", "<": "&lt;", ">": "&gt;", **{ch: "\\" + ch for ch in "\\`*_[]|~"}}


def markdown_text(text: str) -> str:
    """``text`` as Markdown shows it literally: no HTML, link, image, emphasis or table cell break
    (with ``[`` and ``]`` escaped, a ``(`` starts no link and needs no escape).

    >>> print(markdown_text("<b>x</b> [a](javascript:b) *c* | d"))
    &lt;b&gt;x&lt;/b&gt; \\[a\\](javascript:b) \\*c\\* \\| d
    """
    return "".join(_MARKDOWN.get(ch, ch) for ch in text)


DEFINITION_COLUMNS = 64     # the text sheet wraps longer definitions
MAX_CELL = 2_000            # characters of one cell or the title (text from the rule file is escaped)
