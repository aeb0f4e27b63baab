"""The expression language of effects and computed numbers: parse, check, compile.

An expression reads named *facts* (``tricks``, ``went``, ``round.pot``, ``table.players``) and
combines them with whole-number arithmetic (``+ - * // %``), comparisons, ``and``/``or``/``not``
and a few functions. It is parsed with Lark into frozen nodes, checked against a
:class:`Vocabulary` (every name known, every operand of the right type, with the column of the
first problem and the name probably meant), then compiled into a closure. Nothing is passed to
eval/exec, and the cost of an expression is bounded by its length: there are no loops, and the
nesting, the length and every constant are bounded before anything is built.

A fact belongs to a *scope*: ``seat`` facts (``tricks``) are read for one seat, so they may stand
only where a seat is meant: in an effect that applies to each seat, or inside an aggregate over
the seats (``number_of(went)``, ``sum_of(tricks)``, ``max_of(chips)``, ``min_of(chips)``,
``any_of(cond)``, ``all_of(cond)``); ``round.*``, ``table.*`` and ``game.*`` facts are read once.

>>> vocab = Vocabulary((Fact("tricks", INT, SEAT, "tricks taken"), Fact("round.pot", INT, TABLE, "the pot")))
>>> expr = compile_expression("tricks * 2 + round.pot // 2", vocab, per_seat=True)
>>> expr.value_type, expr.reads
('int', ('round.pot', 'tricks'))
>>> expr.evaluate(DictFacts({"round.pot": 9}, [{"tricks": 3}, {"tricks": 1}]), seat=0)
10
"""

from __future__ import annotations

import difflib
import operator
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping, Optional, Protocol, Sequence, Union

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .errors import RuleFileError
from .grammars import lalr_parser
from .patterns import add_column, caret_context

__all__ = ["ExpressionError", "Fact", "Vocabulary", "Expression", "Facts", "DictFacts", "compile_expression",
           "parse_expression", "INT", "BOOL", "SEAT", "TABLE", "MAX_LENGTH", "MAX_NESTING", "MAX_CONSTANT"]

INT, BOOL = "int", "bool"               # the two types of the language
SEAT, TABLE = "seat", "table"           # a fact of one seat, or one for the whole table

MAX_LENGTH = 400        # characters of one expression
MAX_NESTING = 24        # levels of parentheses, operators and calls inside one another
MAX_CONSTANT = 10**9    # the largest number written in an expression


class ExpressionError(RuleFileError):
    """An expression that does not parse, names an unknown fact, or mixes types."""


# ---------------------------------------------------------------- the facts an expression may read
@dataclass(frozen=True)
class Fact:
    """A named value an expression may read: its type, its scope and what it means in words."""

    name: str
    value_type: str     # INT or BOOL
    scope: str          # SEAT or TABLE
    words: str
    fixed: bool = False     # a setting: the same in every round of a game (folded, see Expression.fold)
    # a setting's reader of the ruleset: what a game folds in and what a table reads (effects/facts.py)
    setting: Optional[Callable[[Any], int]] = field(default=None, compare=False, repr=False)


class Vocabulary:
    """The facts known where an expression stands, by name (the play kind adds its own)."""

    def __init__(self, facts: Iterable[Fact], elsewhere: Optional[Callable[[str], Optional[str]]] = None,
                 unknown: Optional[Callable[[str], Optional[str]]] = None):
        self.facts: dict[str, Fact] = {f.name: f for f in facts}
        # the play kind in words whose fact an unknown name is (asked only for the error), or None
        self.elsewhere: Callable[[str], Optional[str]] = elsewhere or (lambda name: None)
        # the whole message for an unknown name of a family the file names (role.ID), or None
        self.unknown: Callable[[str], Optional[str]] = unknown or (lambda name: None)

    def extended(self, facts: Iterable[Fact]) -> "Vocabulary":
        return Vocabulary((*self.facts.values(), *facts), self.elsewhere, self.unknown)

    def __contains__(self, name: str) -> bool:
        return name in self.facts

    def __getitem__(self, name: str) -> Fact:
        return self.facts[name]

    def closest(self, name: str) -> Optional[str]:
        close = difflib.get_close_matches(name, sorted(self.facts), n=1)
        return close[0] if close else None


class Facts(Protocol):
    """What a compiled expression reads: the number of seats, a seat's fact, a table fact."""

    @property
    def seats(self) -> int: ...

    def seat(self, name: str, seat: int) -> int: ...

    def table(self, name: str) -> int: ...


class DictFacts:
    """Facts held in plain mappings (tests, the rulebook's examples, the scorekeeper)."""

    def __init__(self, table: Mapping[str, int], seats: Sequence[Mapping[str, int]]):
        self._table, self._seats = table, seats

    @property
    def seats(self) -> int:
        return len(self._seats)

    def seat(self, name: str, seat: int) -> int:
        return self._seats[seat][name]

    def table(self, name: str) -> int:
        return self._table[name]


# ---------------------------------------------------------------- nodes
@dataclass(frozen=True)
class Number:
    value: int
    column: int


@dataclass(frozen=True)
class Truth:
    value: bool
    column: int


@dataclass(frozen=True)
class FactRef:
    name: str
    column: int


@dataclass(frozen=True)
class Negate:
    operand: "Node"
    column: int


@dataclass(frozen=True)
class Arith:
    """``first (op operand)*``, left to right, all operators of one precedence level."""

    first: "Node"
    rest: tuple[tuple[str, "Node"], ...]
    column: int


@dataclass(frozen=True)
class Compare:
    left: "Node"
    op: str
    right: "Node"
    column: int


@dataclass(frozen=True)
class Logic:
    op: str                     # "and" / "or"
    parts: tuple["Node", ...]
    column: int


@dataclass(frozen=True)
class Not:
    operand: "Node"
    column: int


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple["Node", ...]
    column: int


Node = Union[Number, Truth, FactRef, Negate, Arith, Compare, Logic, Not, Call]


def _column(tree: Tree[Token]) -> int:
    return int(getattr(tree.meta, "column", 1)) if not tree.meta.empty else 1


class _Builder:
    """Lark's tree -> frozen nodes, one branch per grammar rule; nodes keep the column they start
    at. It recurses, so it runs only on trees whose nesting was checked."""

    def build(self, tree: Tree[Token] | Token) -> Node:
        if isinstance(tree, Token):
            raise AssertionError("a bare token")
        rule = tree.data
        column = _column(tree)
        kids = tree.children
        if rule == "start" or (rule in ("or_", "and_", "compare", "arith") and len(kids) == 1):
            return self.build(kids[0])          # a level the expression does not use
        if rule == "number":
            return Number(int(str(kids[0])), column)
        if rule == "true":
            return Truth(True, column)
        if rule == "false":
            return Truth(False, column)
        if rule == "fact":
            return FactRef(".".join(str(k) for k in kids), column)
        if rule == "negate":
            return Negate(self.build(kids[0]), column)
        if rule == "not_":
            return Not(self.build(kids[0]), column)
        if rule in ("or_", "and_"):
            return Logic(rule.rstrip("_"), tuple(self.build(k) for k in kids), column)
        if rule == "compare":
            return Compare(self.build(kids[0]), str(kids[1]), self.build(kids[2]), column)
        if rule == "arith":
            first = self.build(kids[0])
            rest = tuple((str(kids[i]), self.build(kids[i + 1])) for i in range(1, len(kids), 2))
            return Arith(first, rest, column)
        if rule == "call":
            args = tuple(self.build(k) for k in kids[1:] if k is not None)
            return Call(str(kids[0]), args, column)
        raise AssertionError(f"no node for {rule}")


_OPTIONS: dict[str, Any] = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False}


@lru_cache(maxsize=None)
def _parser() -> Lark:
    """The parser of ``expressions.lark`` (its tables built once and kept, :mod:`.grammars`)."""
    return lalr_parser("expressions.lark", **_OPTIONS)


_WORDS = {"INT": "a number", "NAME": "a name", "COMPOP": "a comparison", "ADDOP": "'+' or '-'",
          "MULOP": "'*', '//' or '%'", "LPAR": "'('", "RPAR": "')'", "COMMA": "','", "DOT": "'.'",
          "_OR": "'or'", "_AND": "'and'", "_NOT": "'not'", "MINUS": "'-'", "_TRUE": "true", "_FALSE": "false",
          "$END": "the end"}

# Common mistakes, each with the message that explains it (checked before lark's own words).
MISTAKES: tuple[tuple[str, str], ...] = (
    (r"(?<![/])/(?!/)", "divide whole numbers with '//' (rounds down); there is no '/'."),
    (r"(?<![=!<>])=(?![=])", "compare with '==', not '='."),
    (r"&&|\|\|", "write 'and' and 'or' instead of '&&' and '||'."),
    (r"!(?!=)", "write 'not' instead of '!'."),
    (r"\*\*", "there is no power operator; multiply instead."),
    (r"\b(AND|OR|NOT|True|False|TRUE|FALSE)\b", "write and, or, not, true and false in lower case."),
    (r"[A-Z]", "names are written in lower case (tricks, round.pot)."),
    (r"(==|!=|<=|>=|<|>)[^=<>!]*(==|!=|<=|>=|<|>)(?![^(]*\))", "compare two values at a time; join comparisons "
                                                             "with 'and'."),
)


def _error(text: str, column: int, message: str, place: Optional[str]) -> ExpressionError:
    return ExpressionError(f"{message}\n{caret_context(text, column)}", add_column(place, column))


def _syntax_message(err: UnexpectedInput, text: str) -> tuple[int, str]:
    for regex, message in MISTAKES:
        found = re.search(regex, text)
        if found:
            return found.start() + 1, message
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        return len(text.rstrip()) + 1, "the expression ends too early."
    column = int(getattr(err, "column", 1) or 1)
    if isinstance(err, UnexpectedCharacters):
        found_text = f"'{text[err.pos_in_stream or 0]}'"
    else:
        found_text = f"'{getattr(err, 'token', '')}'"
    expected = sorted(getattr(err, "expected", None) or getattr(err, "allowed", None) or ())
    words = ", ".join(_WORDS.get(e, e.lower()) for e in expected[:6])
    return column, f"unexpected {found_text}" + (f"; expected {words}." if words else ".")


def _check_nesting(tree: Tree[Token], text: str, place: Optional[str]) -> None:
    """Refuse a tree nested deeper than MAX_NESTING, walking it without recursion."""
    stack: list[tuple[Tree[Token], int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        depth += 1
        if depth > MAX_NESTING:
            raise _error(text, _column(node), f"the expression is nested more than {MAX_NESTING} levels deep; "
                                              "write it flatter.", place)
        stack.extend((child, depth) for child in node.children if isinstance(child, Tree))


def _digits(number: int) -> str:
    """``number`` as written, or its first digits and how many there are (a number of any size)."""
    if number.bit_length() <= 64:
        return str(number)
    digits = int(number.bit_length() * 0.30103) + 1                # about; never converted whole
    return f"a number of about {digits:,} digits"


def _deepest_parenthesis(text: str) -> Optional[int]:
    """The column of the first parenthesis opened inside MAX_NESTING others, or None: parentheses
    side by side (``f(a) + g(b)``) are not nested (the tree's nesting is checked once parsed)."""
    depth = 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
            if depth > MAX_NESTING:
                return i + 1
        elif char == ")":
            depth = max(depth - 1, 0)
    return None


def parse_expression(text: Union[str, int, bool], place: Optional[str] = None) -> Node:
    """Parse ``text`` into frozen nodes; raise :class:`ExpressionError` at ``place`` plus the column."""
    if isinstance(text, bool):
        return Truth(text, 1)
    if isinstance(text, int):                   # a number written in YAML: the same bound as in a text
        if abs(text) > MAX_CONSTANT:
            raise ExpressionError(f"{'-' if text < 0 else ''}{_digits(abs(text))} is larger than any constant of an "
                                  f"expression (at most {MAX_CONSTANT:,}).", place)
        return Number(text, 1)
    if not isinstance(text, str) or not text.strip():
        raise ExpressionError("the expression is empty; write one such as 'tricks == 0'.", place)
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"the expression is {len(text)} characters long; at most {MAX_LENGTH} are read.",
                              place)
    text = text.replace("\n", " ")             # a text of several lines: one column per character
    known = _PARSED.get(text)
    if known is not None:
        return known
    node = _parse_text(text, place)
    if len(_PARSED) < MAX_PARSED:
        _PARSED[text] = node
    return node


# The nodes of the texts parsed in this process, by text: a text parses to the same frozen nodes
# wherever it is written (the checks above and in _parse_text read the text alone, and an
# expression that fails is never kept), and the same effects are read from every variant of a
# game, so each text is parsed once. Bounded, for a process that reads many files.
_PARSED: dict[str, Node] = {}
MAX_PARSED = 4096


def _parse_text(text: str, place: Optional[str]) -> Node:
    deepest = _deepest_parenthesis(text)
    if deepest is not None:
        raise _error(text, deepest, f"the expression is nested more than {MAX_NESTING} levels deep; "
                                    "write it flatter.", place)
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as err:
        column, message = _syntax_message(err, text)
        raise _error(text, column, message, place) from None
    _check_nesting(tree, text, place)
    for token in tree.scan_values(lambda t: isinstance(t, Token) and t.type == "INT"):
        if len(token) > len(str(MAX_CONSTANT)) or int(token) > MAX_CONSTANT:
            raise _error(text, token.column or 1, f"{token} is larger than any constant of an expression "
                                                  f"(at most {MAX_CONSTANT:,}).", place)
    return _Builder().build(tree)


# ---------------------------------------------------------------- checking and compiling
Compiled = Callable[[Facts, Optional[int]], int]    # (facts, the seat or None) -> value (truth values as bools or 0/1)

# name -> (argument types, result type); "*" repeats the last argument type (at least one)
FUNCTIONS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "min": ((INT, "*"), INT, "the smallest of the numbers"),
    "max": ((INT, "*"), INT, "the largest of the numbers"),
    "abs": ((INT,), INT, "the number without its sign"),
    "if": ((BOOL, INT, INT), INT, "the second number when the condition holds, else the third"),
}
# aggregates over the seats: name -> (body type, result type, words)
AGGREGATES: dict[str, tuple[str, str, str]] = {
    "number_of": (BOOL, INT, "the number of seats for which the condition holds"),
    "sum_of": (INT, INT, "the sum over the seats"),
    "max_of": (INT, INT, "the largest value over the seats"),
    "min_of": (INT, INT, "the smallest value over the seats"),
    "any_of": (BOOL, BOOL, "whether the condition holds for some seat"),
    "all_of": (BOOL, BOOL, "whether the condition holds for every seat"),
}
_TYPE_WORDS = {INT: "a number", BOOL: "a condition"}


@dataclass(frozen=True)
class Expression:
    """A checked, compiled expression: its text, type, the facts it reads, and how to evaluate it."""

    text: str
    value_type: str     # INT or BOOL
    reads: tuple[str, ...]
    per_seat: bool
    run: Compiled           # the compiled closure, (facts, seat or None) -> value (bools as 0/1), unchecked
    node: Optional[Node] = field(default=None, compare=False, repr=False)
    vocab: Optional[Vocabulary] = field(default=None, compare=False, repr=False)

    def evaluate(self, facts: Facts, seat: Optional[int] = None) -> Any:
        """The value for ``seat`` (a per-seat expression) or for the table; bools are bools."""
        if self.per_seat and seat is None:
            raise ValueError("a per-seat expression needs a seat")
        value = self.run(facts, seat)
        return bool(value) if self.value_type == BOOL else value

    @property
    def constant(self) -> Optional[int]:
        """The value (bools as 0/1) when the expression reads no fact, else None."""
        node = self.node
        if isinstance(node, (Number, Truth)):
            return int(node.value)
        return None

    def fold(self, constants: Mapping[str, int]) -> "Expression":
        """The expression with the facts of ``constants`` (settings, the same all game) read as
        those numbers, and every part that then reads no fact worked out once: what a game runs
        in place of the written expression (the same value in every state; ``text`` unchanged)."""
        if self.node is None or self.vocab is None or not constants.keys() & set(self.reads):
            return self
        node = _fold(self.node, constants, self.vocab)
        checker = _Checker(self.text, self.vocab, None)
        _, run = checker.compile(node, self.per_seat)
        reads = tuple(sorted(checker.reads))
        return Expression(self.text, self.value_type, reads, self.per_seat, run, node, self.vocab)


class _Checker:
    def __init__(self, text: str, vocab: Vocabulary, place: Optional[str]):
        self.text, self.vocab, self.place = text, vocab, place
        self.reads: set[str] = set()

    def fail(self, column: int, message: str) -> ExpressionError:
        return _error(self.text, column, message, self.place)

    def want(self, node: Node, wanted: str, seat: bool, what: str) -> Compiled:
        got, run = self.compile(node, seat)
        if got != wanted:
            raise self.fail(node.column, f"{what} must be {_TYPE_WORDS[wanted]}, not {_TYPE_WORDS[got]}.")
        return run

    def compile(self, node: Node, seat: bool) -> tuple[str, Compiled]:
        """(type, closure) of ``node``; ``seat`` says whether a seat is in scope."""
        if isinstance(node, Number):
            value = node.value
            return INT, lambda f, s: value
        if isinstance(node, Truth):
            truth = int(node.value)
            return BOOL, lambda f, s: truth
        if isinstance(node, FactRef):
            return self.fact(node, seat)
        if isinstance(node, Negate):
            run = self.want(node.operand, INT, seat, "the operand of '-'")
            return INT, lambda f, s: -run(f, s)
        if isinstance(node, Not):
            run = self.want(node.operand, BOOL, seat, "the operand of 'not'")
            return BOOL, lambda f, s: int(not run(f, s))
        if isinstance(node, Logic):
            runs = tuple(self.want(p, BOOL, seat, f"each side of '{node.op}'") for p in node.parts)
            if len(runs) == 2:                  # the common case, without a generator (read in every round)
                first, second = runs
                if node.op == "and":
                    return BOOL, lambda f, s: first(f, s) and second(f, s)      # a truth value, as 0/1 or a bool
                return BOOL, lambda f, s: first(f, s) or second(f, s)
            if node.op == "and":
                return BOOL, lambda f, s: int(all(r(f, s) for r in runs))
            return BOOL, lambda f, s: int(any(r(f, s) for r in runs))
        if isinstance(node, Arith):
            return INT, self.arith(node, seat)
        if isinstance(node, Compare):
            return BOOL, self.comparison(node, seat)
        return self.call(node, seat)

    def fact(self, node: FactRef, seat: bool) -> tuple[str, Compiled]:
        name = node.name
        if name not in self.vocab:
            kind = self.vocab.elsewhere(name)
            if kind is not None:
                raise self.fail(node.column, f"'{name}' is a fact of {kind}, which this game does not play.")
            told = self.vocab.unknown(name)
            if told is not None:
                raise self.fail(node.column, told)
            close = self.vocab.closest(name)
            hint = f" Did you mean '{close}'?" if close else ""
            raise self.fail(node.column, f"there is no fact '{name}'.{hint} The facts are listed in docs/effects.md.")
        fact = self.vocab[name]
        self.reads.add(name)
        if fact.scope == SEAT:
            if not seat:
                raise self.fail(node.column, f"'{name}' is a fact of one seat ({fact.words}); read it in an "
                                             "effect for each seat or inside number_of(...), sum_of(...), "
                                             "max_of(...) and the like.")
            return fact.value_type, lambda f, s: f.seat(name, s if s is not None else -1)     # a whole number
        return fact.value_type, lambda f, s: f.table(name)

    def arith(self, node: Arith, seat: bool) -> Compiled:
        run = self.want(node.first, INT, seat, "a number in arithmetic")
        for op, operand in node.rest:
            right = self.want(operand, INT, seat, f"the right side of '{op}'")
            run = _ARITH[op](run, right)
        return run

    def comparison(self, node: Compare, seat: bool) -> Compiled:
        left_kind, left = self.compile(node.left, seat)
        right_kind, right = self.compile(node.right, seat)
        if left_kind != right_kind:
            raise self.fail(node.right.column, f"'{node.op}' compares {_TYPE_WORDS[left_kind]} with "
                                               f"{_TYPE_WORDS[right_kind]}.")
        if left_kind == BOOL and node.op not in ("==", "!="):
            raise self.fail(node.column, f"conditions are compared with '==' or '!=', not '{node.op}'.")
        return _COMPARE[node.op](left, right)

    def call(self, node: Call, seat: bool) -> tuple[str, Compiled]:
        if node.name in AGGREGATES:
            body_kind, result, _ = AGGREGATES[node.name]
            if len(node.args) != 1:
                raise self.fail(node.column, f"{node.name}(...) takes one argument: {_TYPE_WORDS[body_kind]} about "
                                             "a seat.")
            body = self.want(node.args[0], body_kind, True, f"the inside of {node.name}(...)")
            return result, _AGGREGATE[node.name](body)
        if node.name not in FUNCTIONS:
            known = sorted((*FUNCTIONS, *AGGREGATES))
            close = difflib.get_close_matches(node.name, known, n=1)
            hint = f" Did you mean '{close[0]}'?" if close else f" The functions are {', '.join(known)}."
            raise self.fail(node.column, f"there is no function '{node.name}'.{hint}")
        params, result, _ = FUNCTIONS[node.name]
        repeat = params[-1] == "*"
        kinds = params[:-1] if repeat else params
        if (len(node.args) < len(kinds)) if repeat else (len(node.args) != len(kinds)):
            count = f"at least {len(kinds)}" if repeat else str(len(kinds))
            plural = "" if len(kinds) == 1 else "s"
            raise self.fail(node.column, f"{node.name}(...) takes {count} argument{plural}.")
        runs = tuple(self.want(arg, kinds[min(i, len(kinds) - 1)], seat, f"argument {i + 1} of {node.name}(...)")
                     for i, arg in enumerate(node.args))
        return result, _FUNCTION[node.name](runs)


def _floordiv(a: int, b: int) -> int:
    return a // b if b else 0           # a number divided by nothing is nothing (no error mid-game)


def _mod(a: int, b: int) -> int:
    return a % b if b else 0


_BINARY: dict[str, Callable[[int, int], int]] = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "//": _floordiv, "%": _mod}


def _arith_op(op: str) -> Callable[[Compiled, Compiled], Compiled]:
    fn = _BINARY[op]
    return lambda left, right: (lambda f, s: fn(left(f, s), right(f, s)))


_ARITH = {op: _arith_op(op) for op in _BINARY}
_COMPARISONS: dict[str, Callable[[int, int], bool]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def _compare_op(op: str) -> Callable[[Compiled, Compiled], Compiled]:
    fn = _COMPARISONS[op]
    return lambda left, right: (lambda f, s: fn(left(f, s), right(f, s)))      # a bool (an int: 0 or 1)


_COMPARE = {op: _compare_op(op) for op in _COMPARISONS}


def _over_seats(combine: Callable[[list[int]], int]) -> Callable[[Compiled], Compiled]:
    return lambda body: (lambda f, s: combine([body(f, seat) for seat in range(f.seats)]))


_AGGREGATE: dict[str, Callable[[Compiled], Compiled]] = {
    "number_of": _over_seats(lambda vs: sum(1 for v in vs if v)),
    "sum_of": _over_seats(sum),
    "max_of": _over_seats(lambda vs: max(vs, default=0)),
    "min_of": _over_seats(lambda vs: min(vs, default=0)),
    "any_of": _over_seats(lambda vs: int(any(vs))),
    "all_of": _over_seats(lambda vs: int(all(vs))),
}
_FUNCTION: dict[str, Callable[[tuple[Compiled, ...]], Compiled]] = {
    "min": lambda rs: (lambda f, s: min(r(f, s) for r in rs)),
    "max": lambda rs: (lambda f, s: max(r(f, s) for r in rs)),
    "abs": lambda rs: (lambda f, s: abs(rs[0](f, s))),
    "if": lambda rs: (lambda f, s: rs[1](f, s) if rs[0](f, s) else rs[2](f, s)),
}


def _fold(node: Node, constants: Mapping[str, int], vocab: Vocabulary) -> Node:
    """``node`` with the facts of ``constants`` replaced by their values and the parts that then
    read no fact worked out (each part keeps its column and its type): each kind of node by its
    folder (:data:`_FOLDERS`); a number, a truth value or a seat set stays as it is."""
    folder = _FOLDERS.get(type(node))
    return node if folder is None else folder(node, _Fold(constants, vocab))


class _Fold:
    """What folding reads: the constants and the vocabulary; ``fold`` folds a part."""

    def __init__(self, constants: Mapping[str, int], vocab: Vocabulary) -> None:
        self.constants, self.vocab = constants, vocab

    def __call__(self, n: Node) -> Node:
        return _fold(n, self.constants, self.vocab)


def _value(n: Node) -> Optional[int]:
    return int(n.value) if isinstance(n, (Number, Truth)) else None


def _fold_fact(node: FactRef, fold: _Fold) -> Node:
    if node.name not in fold.constants:
        return node
    v = fold.constants[node.name]
    return Truth(bool(v), node.column) if fold.vocab[node.name].value_type == BOOL else Number(v, node.column)


def _fold_negate(node: Negate, fold: _Fold) -> Node:
    inner = fold(node.operand)
    return Number(-inner.value, node.column) if isinstance(inner, Number) else Negate(inner, node.column)


def _fold_not(node: Not, fold: _Fold) -> Node:
    inner = fold(node.operand)
    return Truth(not inner.value, node.column) if isinstance(inner, Truth) else Not(inner, node.column)


def _fold_logic(node: Logic, fold: _Fold) -> Node:
    stop = node.op == "or"                      # a part that decides the whole: true in 'or', false in 'and'
    parts = []
    for p in map(fold, node.parts):
        if isinstance(p, Truth):
            if p.value is stop:
                return Truth(stop, node.column)
            continue                            # a part that changes nothing
        parts.append(p)
    if not parts:
        return Truth(not stop, node.column)
    return parts[0] if len(parts) == 1 else Logic(node.op, tuple(parts), node.column)


def _fold_compare(node: Compare, fold: _Fold) -> Node:
    left, right = fold(node.left), fold(node.right)
    a, b = _value(left), _value(right)
    if a is not None and b is not None:
        return Truth(_COMPARISONS[node.op](a, b), node.column)
    return Compare(left, node.op, right, node.column)


def _fold_arith(node: Arith, fold: _Fold) -> Node:
    first, rest = fold(node.first), tuple((op, fold(n)) for op, n in node.rest)
    if isinstance(first, Number) and all(isinstance(n, Number) for _, n in rest):
        total = first.value
        for op, n in rest:
            total = _BINARY[op](total, int(_value(n) or 0))
        return Number(total, node.column)
    return Arith(first, rest, node.column)


def _fold_call(node: Call, fold: _Fold) -> Node:
    args = tuple(map(fold, node.args))
    if node.name == "if" and isinstance(args[0], Truth):
        return args[1] if args[0].value else args[2]
    return Call(node.name, args, node.column)


_FOLDERS: dict[type, Callable[[Any, _Fold], Node]] = {
    FactRef: _fold_fact, Negate: _fold_negate, Not: _fold_not, Logic: _fold_logic, Compare: _fold_compare,
    Arith: _fold_arith, Call: _fold_call,
}


def compile_expression(text: Union[str, int, bool], vocab: Vocabulary, *, per_seat: bool = False,
                       value_type: Optional[str] = None, place: Optional[str] = None) -> Expression:
    """Parse, check and compile ``text``. ``per_seat``: a seat is in scope (its facts may be read
    bare). ``value_type``: the type the place wants (INT or BOOL), refused otherwise. Raises
    :class:`ExpressionError` at ``place`` with the column of the first problem."""
    source = text if isinstance(text, str) else str(text).lower()
    node = parse_expression(text, place)
    checker = _Checker(source.replace("\n", " "), vocab, place)      # its columns, as parsed
    got, run = checker.compile(node, per_seat)
    if value_type is not None and got != value_type:
        raise _error(checker.text, 1, f"this place wants {_TYPE_WORDS[value_type]}, and the expression is "
                                f"{_TYPE_WORDS[got]}.", place)
    return Expression(source, got, tuple(sorted(checker.reads)), per_seat, run, node, vocab)
