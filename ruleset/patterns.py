"""The hand-role pattern language: parse text into frozen nodes, with friendly errors.

``parse_pattern`` reads a role pattern (``shape 3 or shape 3 2``), ``parse_cardset`` a card-set
expression (``rank T J Q K A``). Nodes are frozen dataclasses; ``compiler.py`` compiles them into
closures. Nothing is ever passed to eval/exec.

>>> parse_pattern("count(light) == 0")
Compare(left=Count(cardset=ClassRef(name='light', column=7)), op='==', right=Number(value=0))
>>> parse_pattern("shape 3 1 1").sizes
(3,)
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Iterator, Union, cast

from lark import Lark, Token, Transformer, Tree, v_args
from lark.tree import Meta
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .errors import PatternError
from .folded import moved
from .grammars import lalr_parser


# ---------------------------------------------------------------- card sets
@dataclass(frozen=True)
class RankSet:
    items: tuple[str, ...]          # rank names, or "indicator" (the indicator's rank)
    column: int = 0
    item_columns: tuple[int, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class SuitSet:
    items: tuple[str, ...]          # suit letters, or "trump" / "indicator"
    column: int = 0
    item_columns: tuple[int, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class CardList:
    items: tuple[str, ...]          # card names, or "indicator" (the indicator card)
    column: int = 0
    item_columns: tuple[int, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class CardClassSet:
    """Cards of the named kinds (decks with kinds only: ``kind chaff``, ``kind fixed_ribbon``)."""

    items: tuple[str, ...]
    column: int = 0
    item_columns: tuple[int, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class ClassRef:
    name: str
    column: int = 0


@dataclass(frozen=True)
class Union_:
    parts: tuple["CardSet", ...]


@dataclass(frozen=True)
class Intersection:
    """``A & B``: the cards in every part."""

    parts: tuple["CardSet", ...]


@dataclass(frozen=True)
class Difference:
    """``A - B - C``: the cards of the first part that are in none of the others."""

    parts: tuple["CardSet", ...]


CardSet = Union[RankSet, SuitSet, CardList, CardClassSet, ClassRef, Union_, Intersection, Difference]


# ---------------------------------------------------------------- quantities and conditions
@dataclass(frozen=True)
class Number:
    value: int


@dataclass(frozen=True)
class Count:
    cardset: CardSet


@dataclass(frozen=True)
class Run:
    """The longest run of consecutive ranks held (ace low as the table says)."""


@dataclass(frozen=True)
class RunIn:
    """``run(SET)``: the longest run of consecutive ranks among the hand's cards in SET."""

    cardset: "CardSet"


@dataclass(frozen=True)
class SuitRun:
    """The longest run of consecutive ranks held in one suit."""


@dataclass(frozen=True)
class MaxSuit:
    """The largest number of cards held in one suit."""


@dataclass(frozen=True)
class Groups:
    """How many ranks are held ``op n`` times (``groups(2)``: exactly twice, ``groups(>=3)``).

    With a card set (``groups(3, standing)``), only the cards of the set are counted per rank.
    """

    op: str
    n: int
    cardset: "CardSet | None" = None


Quantity = Union[Number, Count, Run, RunIn, SuitRun, MaxSuit, Groups]


@dataclass(frozen=True)
class Compare:
    left: Quantity
    op: str
    right: Quantity


@dataclass(frozen=True)
class Shape:
    """The exact rank shape: the sizes of the groups of equal rank, ones omitted."""

    sizes: tuple[int, ...]


@dataclass(frozen=True)
class And:
    parts: tuple["Pattern", ...]


@dataclass(frozen=True)
class Or:
    parts: tuple["Pattern", ...]


@dataclass(frozen=True)
class Not:
    part: "Pattern"


Pattern = Union[Compare, Shape, And, Or, Not]
Node = Union[CardSet, Quantity, Pattern]           # any node of a pattern or card-set tree


# ---------------------------------------------------------------- tree -> nodes
class _ToNodes(Transformer[Token, Node]):
    """One small method per grammar rule."""

    def start(self, items: list[Node]) -> Node:
        return items[0]

    def cardset_start(self, items: list[Node]) -> Node:
        return items[0]

    def disj(self, items: list[Any]) -> Or:
        return Or(tuple(items))

    def conj(self, items: list[Any]) -> And:
        return And(tuple(items))

    def not_(self, items: list[Any]) -> Not:
        return Not(items[0])

    def comparison(self, items: list[Any]) -> Compare:
        return Compare(items[0], str(items[1]), items[2])

    def number(self, items: list[Any]) -> Number:
        return Number(int(items[0]))

    def count(self, items: list[Any]) -> Count:
        return Count(items[0])

    def run(self, _: list[Any]) -> Run:
        return Run()

    def run_in(self, items: list[Any]) -> RunIn:
        return RunIn(items[0])

    def suit_run(self, _: list[Any]) -> SuitRun:
        return SuitRun()

    def max_suit(self, _: list[Any]) -> MaxSuit:
        return MaxSuit()

    def groups(self, items: list[Any]) -> Groups:
        cardset = None
        if items and not isinstance(items[-1], Token):
            cardset, items = items[-1], items[:-1]
        op = str(items[0]) if len(items) == 2 else "=="
        return Groups(op, int(items[-1]), cardset)

    def shape(self, items: list[Any]) -> Shape:
        return Shape(tuple(sorted((int(t) for t in items if int(t) > 1), reverse=True)))

    def union(self, items: list[CardSet]) -> CardSet:
        return items[0] if len(items) == 1 else Union_(tuple(items))

    def both(self, items: list[CardSet]) -> CardSet:
        return items[0] if len(items) == 1 else Intersection(tuple(items))

    def but(self, items: list[CardSet]) -> CardSet:
        return items[0] if len(items) == 1 else Difference(tuple(items))

    @v_args(meta=True)
    def ranks(self, meta: Meta, items: list[Token]) -> RankSet:
        return RankSet(tuple(str(t) for t in items), meta.column, tuple(t.column or 0 for t in items))

    @v_args(meta=True)
    def suits(self, meta: Meta, items: list[Token]) -> SuitSet:
        return SuitSet(tuple(str(t) for t in items), meta.column, tuple(t.column or 0 for t in items))

    @v_args(meta=True)
    def kinds(self, meta: Meta, items: list[Token]) -> CardClassSet:
        return CardClassSet(tuple(str(t) for t in items), meta.column, tuple(t.column or 0 for t in items))

    @v_args(meta=True)
    def cards(self, meta: Meta, items: list[Token]) -> CardList:
        return CardList(tuple(str(t) for t in items), meta.column, tuple(t.column or 0 for t in items))

    def class_ref(self, items: list[Token]) -> ClassRef:
        token = items[0]
        return ClassRef(str(token), token.column or 0)


@lru_cache(maxsize=None)
def _parser() -> Lark:
    """One LALR parser for both start rules (patterns and card sets), made on first use (its tables
    built once and kept, :mod:`.grammars`)."""
    return lalr_parser("patterns.lark", start=["start", "cardset_start"], parser="lalr", propagate_positions=True)


# ---------------------------------------------------------------- errors
@dataclass(frozen=True)
class Mistake:
    """A common mistake: ``regex`` found in the pattern gives ``message``; ``example`` shows it."""

    example: str
    regex: str
    message: str


MISTAKES: tuple[Mistake, ...] = (
    Mistake("run => 5", r"=>|=<", "write '>=' or '<=' (the '=' comes second)."),
    Mistake("count(light) = 0", r"(?<![=!<>])=(?![=<>])", "compare with '==', not '='."),
    Mistake("run >= 5 && max_suit >= 5", r"&&", "write 'and' instead of '&&'."),
    Mistake("run >= 5 & max_suit >= 5", r"^(?:[^()]|\((?:[^()]|\([^()]*\))*\))*?[^&]&(?!&)",
            "'&' joins card sets inside count(...), run(...) or groups(...); join conditions with 'and'."),
    Mistake("run >= 5 || max_suit >= 5", r"\|\|", "write 'or' instead of '||'."),
    Mistake("!(run >= 5)", r"!(?!=)", "write 'not' instead of '!'."),
    Mistake("count light == 0", r"\bcount\s+(?!\()", "count needs parentheses: count(light)."),
    Mistake("shape 4,3", r"\bshape[\s\d]*,", "write shape sizes separated by spaces: shape 4 3."),
    Mistake("shape(4 3)", r"\bshape\s*\(", "write shape without parentheses: shape 4 3."),
    Mistake("count(light) == 0 AND run >= 5", r"\b(AND|OR|NOT|And|Or|Not)\b",
            "write the words and, or, not in lower case."),
    Mistake("count(light)", r"^\s*count\s*\([^)]*\)\s*$",
            "a count alone is not a condition; compare it: count(light) >= 1."),
    Mistake("run >= ", r"(==|!=|<=|>=|<|>)\s*$", "a comparison needs a value on its right."),
)


def caret_context(text: str, column: int, line: int = 1) -> str:
    """The pattern's line with a caret under ``column`` (1-based), as lark's get_context does."""
    lines = text.splitlines() or [""]
    shown = lines[min(max(line, 1), len(lines)) - 1]
    return f"    {shown}\n    {' ' * (max(column, 1) - 1)}^"


def add_column(place: str | None, column: int, line: int = 1) -> str | None:
    """``FILE:LINE:COL`` moved to the pattern's ``line`` and ``column`` (both 1-based)."""
    if not place:
        return None
    if line == 1:
        folded = moved(place, column)           # a text YAML folded from several lines
        if folded is not None:
            return folded
    parts = place.rsplit(":", 2)
    if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
        return place
    if line > 1:
        return f"{parts[0]}:{int(parts[1]) + line - 1}:{column}"
    return f"{parts[0]}:{parts[1]}:{int(parts[2]) + column - 1}"


def pattern_error(text: str, column: int, message: str, place: str | None, line: int = 1) -> PatternError:
    """A PatternError whose message shows the pattern with a caret under ``column``."""
    return PatternError(f"{message}\n{caret_context(text, column, line)}", add_column(place, column, line))


def _friendly(text: str) -> str | None:
    for mistake in MISTAKES:
        if re.search(mistake.regex, text):
            return mistake.message
    return None


def _describe(err: UnexpectedInput, text: str) -> tuple[int, int, str]:
    column, line = getattr(err, "column", None), getattr(err, "line", 1)
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        line = len(text.rstrip().splitlines()) or 1
        column = len((text.rstrip().splitlines() or [""])[-1]) + 1
        found = "the end of the pattern"
    elif isinstance(err, UnexpectedCharacters):
        found = f"'{text[err.pos_in_stream or 0]}'"
    else:
        found = f"'{getattr(err, 'token', '')}'"
    expected = sorted(getattr(err, "expected", None) or getattr(err, "allowed", None) or ())
    shown = ", ".join(_TERMINAL_WORDS.get(e, e.lower()) for e in expected[:8])
    friendly = _friendly(text)
    message = friendly or f"unexpected {found}" + (f"; expected {shown}." if shown else ".")
    return int(line if isinstance(line, int) and line > 0 else 1), int(column or 1), message


_TERMINAL_WORDS = {
    "INT": "a number", "NAME": "a class name", "ITEM": "a rank, suit or card", "COMPOP": "a comparison",
    "LPAR": "'('", "RPAR": "')'", "VBAR": "'|'", "_OR": "'or'", "_AND": "'and'", "_NOT": "'not'",
    "$END": "the end",
}


_PARSED: dict[tuple[str, str], Node] = {}   # (text, start) -> frozen nodes; variants share patterns


def _parse(text: str, start: str, place: str | None) -> Node:
    if not isinstance(text, str) or not text.strip():
        raise PatternError("the pattern is empty; write a condition such as 'shape 4 3'.", place)
    node = _PARSED.get((text, start))
    if node is not None:
        return node
    node = _simple_cardset(text) if start == "cardset_start" else None
    if node is not None:
        if len(_PARSED) >= 4096:
            _PARSED.clear()
        _PARSED[(text, start)] = node
        return node
    try:
        tree = _parser().parse(text, start=start)
    except UnexpectedInput as err:
        line, column, message = _describe(err, text)
        raise pattern_error(text, column, message, place, line) from None
    _check_nesting(tree, text, place)
    if len(_PARSED) >= 4096:
        _PARSED.clear()
    node = _PARSED[(text, start)] = _ToNodes().transform(tree)
    return node


_WORD = re.compile(r"\S+")
_ITEM = re.compile(r"[A-Za-z0-9\u2660-\u2667]+\Z")
_NAME = re.compile(r"[a-z_][a-z0-9_]*\Z")
_KEYWORDS = {"rank", "suit", "cards", "kind", "count", "run", "suit_run", "max_suit", "groups", "shape", "or", "and",
             "not"}
_SETS: dict[str, type[RankSet] | type[SuitSet] | type[CardList] | type[CardClassSet]] = {
    "rank": RankSet, "suit": SuitSet, "cards": CardList, "kind": CardClassSet}


def _simple_cardset(text: str) -> CardSet | None:
    """The nodes of a card set made only of names and item lists joined by ``|`` (``rank A |
    light``), read without the parser, the same as the parser reads them; None for anything else.

    Tables may define thousands of such classes; this reads each in a few microseconds."""
    if "\n" in text or "\r" in text or "\t" in text:
        return None
    parts: list[CardSet] = []
    words: list[tuple[str, int]] = []
    for found in _WORD.finditer(text + " |"):
        word, column = found.group(), found.start() + 1
        if word != "|":
            words.append((word, column))
            continue
        if not words:
            return None
        (head, at), items = words[0], words[1:]
        if head in _SETS and items:
            pattern = _NAME if head == "kind" else _ITEM
            if not all(pattern.match(w) for w, _ in items):
                return None
            parts.append(_SETS[head](tuple(w for w, _ in items), at, tuple(c for _, c in items)))
        elif not items and _NAME.match(head) and head not in _KEYWORDS:
            parts.append(ClassRef(head, at))
        else:
            return None
        words = []
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else Union_(tuple(parts))


_NESTING = {"not_", "conj", "disj", "union", "both", "but"}
MAX_NESTING = 40     # levels of not / and / or / card sets inside one another; deeper is refused
MAX_NUMBER = 100_000  # no hand holds more cards; a larger number in a pattern is refused


def _check_nesting(tree: Tree[Token], text: str, place: str | None) -> None:
    """Refuse a tree nested deeper than MAX_NESTING, and a number larger than MAX_NUMBER, walking
    it without recursion (the transformer and the compiler recurse, so 500 nested 'not' must stop
    here with one clear error)."""
    stack: list[tuple[Tree[Token], int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        depth += node.data in _NESTING
        if depth > MAX_NESTING:
            column = getattr(node.meta, "column", 1) if not node.meta.empty else 1
            line = getattr(node.meta, "line", 1) if not node.meta.empty else 1
            raise pattern_error(text, column, f"the pattern is nested more than {MAX_NESTING} levels deep "
                                              f"(not, and, or, parentheses); write it flatter.", place, line)
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, depth))
            elif child.type == "INT" and (len(child) > len(str(MAX_NUMBER)) or int(child) > MAX_NUMBER):
                shown = child if len(child) <= 12 else child[:12] + "..."
                raise pattern_error(text, child.column or 1, f"the number {shown} is larger than any hand can "
                                                             f"hold; numbers in patterns are at most {MAX_NUMBER}.",
                                    place, child.line or 1)


def parse_pattern(text: str, place: str | None = None) -> Pattern:
    """Parse a role pattern; raise :class:`PatternError` at ``place`` plus the column."""
    return cast("Pattern", _parse(text, "start", place))        # the start rule builds a pattern


def parse_cardset(text: str, place: str | None = None) -> CardSet:
    """Parse a card-set expression (a class definition such as ``rank T J Q K A``)."""
    return cast("CardSet", _parse(text, "cardset_start", place))


# ---------------------------------------------------------------- walking the tree
def children(node: Node) -> Iterable[Node]:
    """The direct sub-nodes of a pattern or card-set node."""
    if isinstance(node, (And, Or)):
        return node.parts
    if isinstance(node, Not):
        return (node.part,)
    if isinstance(node, Compare):
        return (node.left, node.right)
    if isinstance(node, (Count, RunIn)):
        return (node.cardset,)
    if isinstance(node, (Union_, Intersection, Difference)):
        return node.parts
    if isinstance(node, Groups) and node.cardset is not None:
        return (node.cardset,)
    return ()


def walk(node: Node) -> Iterator[Node]:
    """Every node of the tree, parents first."""
    yield node
    for child in children(node):
        yield from walk(child)


def class_refs(node: Node) -> list[ClassRef]:
    return [n for n in walk(node) if isinstance(n, ClassRef)]


def unknown_class_error(ref: ClassRef, known: Iterable[str], text: str, place: str | None) -> PatternError:
    """'unknown card class' with a did-you-mean suggestion."""
    known = sorted(known)
    close = difflib.get_close_matches(ref.name, known, n=1)
    hint = f" Did you mean '{close[0]}'?" if close else (f" Classes are: {', '.join(known)}." if known else "")
    return pattern_error(text, ref.column, f"unknown card class '{ref.name}'.{hint}", place)
