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
from ..ruleset.model import Ruleset
from ..ruleset.roletable import RoleDef, RoleTable
from ..ruleset.patterns import (
    And, CardClassSet, CardList, CardSet, ClassRef, Compare, Count, Difference, Groups, Intersection, MaxSuit, Not,
    Number, Or, Pattern, Quantity, RankSet, Run, Shape, SuitRun, SuitSet, Union_, parse_pattern,
)
from ..ruleset.safetext import escape
from ..ruleset.stats import RoleCounts

OP_WORDS = {
    "en": {"==": "exactly", "!=": "not", "<": "fewer than", "<=": "at most", ">": "more than", ">=": "at least"},
    "ja": {"==": "ちょうど", "!=": "以外", "<": "未満", "<=": "以下", ">": "超", ">=": "以上"},
}
CLASS_JA = {"light": "光札", "plain": "素札", "ace": "A", "standing": "立札"}


@dataclass(frozen=True)
class Words:
    """How a sheet names a deck's groups: ranks (playing cards) or months (hanafuda), and kinds."""

    rank: dict[str, str] = field(default_factory=lambda: {"en": "ranks", "ja": "数字"})
    classes: dict[str, dict[str, str]] = field(default_factory=dict)     # card class -> {"en": ..., "ja": ...}
    changeling: bool = False


def words_for(deck: Deck) -> Words:
    """Month and kind wording for a hanafuda deck; the playing-card wording otherwise."""
    names = getattr(deck, "class_names", ())
    if not names:
        return Words()
    return Words({"en": "months", "ja": "月"}, {k: {"ja": ja, "en": en} for k, ja, en in names},
                 bool(getattr(deck, "changeling", ())))


def _classes(node: CardClassSet, lang: str, w: Words) -> str:
    parts = []
    for item in node.items:
        if item == "changeling":
            parts.append("化札" if lang == "ja" else "changelings (化札)")
            continue
        fixed = item.startswith("fixed_") and w.changeling
        card_class = item[len("fixed_"):] if item.startswith("fixed_") else item
        name = w.classes.get(card_class, {"ja": card_class, "en": card_class})
        if lang == "ja":
            parts.append(("化札でない" if fixed else "") + name["ja"])
        else:
            parts.append(f"{name['en']} ({name['ja']}) cards" + (" other than changelings" if fixed else ""))
    return (" or " if lang == "en" else "・").join(parts)


def _cardset(node: CardSet, lang: str, w: Words = Words()) -> str:
    if isinstance(node, Union_):
        return (" or " if lang == "en" else "・").join(_cardset(p, lang, w) for p in node.parts)
    if isinstance(node, CardClassSet):
        return _classes(node, lang, w)
    if isinstance(node, ClassRef):
        return CLASS_JA.get(node.name, node.name) if lang == "ja" else f"{node.name} cards"
    if isinstance(node, Intersection):
        return (" that are also " if lang == "en" else "かつ").join(_cardset(p, lang, w) for p in node.parts)
    if isinstance(node, Difference):
        first, rest = _cardset(node.parts[0], lang, w), [_cardset(p, lang, w) for p in node.parts[1:]]
        return f"{first} except {' or '.join(rest)}" if lang == "en" else f"{first}（{'・'.join(rest)} を除く）"
    items = " ".join(node.items)
    if isinstance(node, RankSet):
        if w.classes:
            return f"months {items}" if lang == "en" else f"{items} 月の札"
        return f"rank {items}" if lang == "en" else f"{items} の札"
    if isinstance(node, SuitSet):
        if lang == "ja":
            return items.replace("trump", "切り札").replace("indicator", "めくり札のスート") + " の札"
        return f"{items} suit cards"
    return f"the cards {items}" if lang == "en" else f"{items}"


def _quantity(node: Quantity, lang: str, w: Words = Words()) -> str:
    if isinstance(node, Number):
        return str(node.value)
    if isinstance(node, Count):
        return _cardset(node.cardset, lang, w)
    if isinstance(node, Run):
        return "consecutive ranks" if lang == "en" else "続き札"
    if isinstance(node, SuitRun):
        return "consecutive ranks in one suit" if lang == "en" else "同じスートの続き札"
    if isinstance(node, MaxSuit):
        return "cards of one suit" if lang == "en" else "同じスートの札"
    if isinstance(node, Groups):
        held = f"{OP_WORDS[lang][node.op]} {node.n}" if node.op != "==" else str(node.n)
        if lang == "en":
            of = _cardset(node.cardset, lang, w) if node.cardset is not None else "cards"
            return f"{w.rank['en']} with {held} {_one_or_more(of, node.n)}"
        of = f"{_cardset(node.cardset, lang, w)}が" if node.cardset is not None else ""
        bound = OP_WORDS[lang][node.op] if node.op != "==" else ""
        return f"{of}{node.n} 枚{bound}ある{w.rank['ja']}"
    return "?"


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
    words = OP_WORDS[lang][op]
    if lang == "en":
        thing = _quantity(left, lang, w)
        if isinstance(right, Number):
            if isinstance(left, Groups) and right.value == 1:
                thing = _singular(thing)
            elif isinstance(left, Count) and isinstance(left.cardset, CardList):
                thing = f"of {thing}"
            elif isinstance(left, Count):
                thing = _one_or_more(thing, right.value)
        return f"{words} {_quantity(right, lang, w)} {thing}"
    unit = "枚" if isinstance(left, (Count, Run, SuitRun, MaxSuit)) else "種"
    if op == "==":
        return f"{_quantity(left, lang, w)} ちょうど {_quantity(right, lang, w)} {unit}"
    return f"{_quantity(left, lang, w)} {_quantity(right, lang, w)} {unit}{words}"


def _shape(node: Shape, lang: str, hand_size: int = 7, w: Words = Words()) -> str:
    ones = hand_size - sum(node.sizes)
    full = "+".join(str(s) for s in list(node.sizes) + [1] * max(ones, 0))
    if lang == "en":
        if w.classes:
            return f"cards of one month {'+'.join(map(str, node.sizes)) or 'none'} (shape {full})"
        return f"ranks held {'+'.join(map(str, node.sizes)) or 'all different'} (shape {full})"
    return f"同じ{w.rank['ja']} {'+'.join(map(str, node.sizes)) or 'なし'}（{full}）"


def describe(node: Pattern, lang: str = "en", hand_size: int = 7, words: Words = Words()) -> str:
    """A pattern in words (``en`` or ``ja``); ``words`` names months and kinds for hanafuda."""
    if isinstance(node, Shape):
        return _shape(node, lang, hand_size, words)
    if isinstance(node, Compare):
        return _compare(node, lang, words)
    if isinstance(node, Not):
        inner = describe(node.part, lang, hand_size, words)
        return f"not ({inner})" if lang == "en" else f"「{inner}」でない"
    joiner = {("en", And): " and ", ("en", Or): " or ", ("ja", And): "、かつ ", ("ja", Or): "、または "}
    return joiner[(lang, type(node))].join(describe(p, lang, hand_size, words) for p in node.parts)


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


CAPTURE_SECTION = {"en": "Capture roles", "ja": "出来役（取り札）"}


def capture_rows(ruleset: Ruleset, lang: str = "en") -> list[dict[str, Any]]:
    """One row per capture role (H18: made of the cards a player captured; values in kan), no
    probability (a capture role is not a role of a dealt hand); none for a game without them."""
    table = own_role_table(ruleset)
    if table is None or not table.roles:
        return []
    return _rows(ruleset, table, None, lang, CAPTURE_SECTION[lang])


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


HEADERS = {
    "en": ("Group", "Role", "Definition", "Go", "Forced", "Probability"),
    "ja": ("組", "役", "内容", "出", "降ろされ", "確率"),
}


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

    heading = "ハウスルール" if lang == "ja" else "House rules (effects)"
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
    head = list(HEADERS[lang]) if forced else [h for i, h in enumerate(HEADERS[lang]) if i != 4]
    title = escape(ruleset.title(lang), MAX_CELL) + (" 手役表" if lang == "ja" else " — hand roles")
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
