"""Numbers of a rule file written as expressions of the table (docs/effects.md, "Numbers that
depend on the table"): a role's values, the numbers a play kind or a part of the round names
(``RulePart.numbers``: go/drop's drop fees and forced-out payments; ``RuleKind.numbers``: the
trick game's per-trick payment and its bonus), each may read ``table.players``. The deal's sizes
(``hand_size``, and a play kind's ``RuleKind.deal_sizes``: hanafuda's ``field_cards`` and ``par``)
may also be a mapping of each number of players to its value (docs/house-rules.md, "The deal by the number of players").

The loader finds them (:func:`find_numbers`), checks and compiles them, and builds the ruleset
with their values for the fewest players; :func:`at_table` gives the ruleset a game of ``players``
plays, its numbers filled in (built once per number of players). A ruleset without such numbers
is its own at every table.

>>> find_numbers({"role_table": {"roles": [{"id": "x", "go": "table.players - 2", "forced": 1}]}})
[(('role_table', 'roles', 0, 'go'), 'table.players - 2')]
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Mapping, Optional, Union

from .errors import RuleFileError, shown
from .expressions import INT, DictFacts, Expression, ExpressionError, compile_expression
from .effects import table_vocabulary
from .kind_registry import KINDS, play_of, rule_kind
from .part_registry import PARTS, rule_part

if TYPE_CHECKING:
    from .model import Ruleset

__all__ = ["TableNumbers", "ByPlayers", "deal_sizes", "find_numbers", "compile_numbers", "deals_vary", "substitute",
           "at_table"]

Path = tuple[Any, ...]
Number = Union[Expression, "ByPlayers"]



def deal_sizes(play: Optional[str] = None) -> tuple[Path, ...]:
    """The numbers of the deal that may depend on the number of players: ``hand_size`` and the play
    kind ``play``'s (``RuleKind.deal_sizes``; every play kind's when None); a mapping of players to
    values is allowed only there."""
    return (("hand_size",), *(path for kind in ((play,) if play else KINDS) for path in rule_kind(kind).deal_sizes))


@dataclass(frozen=True)
class ByPlayers:
    """A number of the table written as a mapping of each number of players to its value."""

    values: tuple[tuple[int, int], ...]

    def evaluate(self, facts: DictFacts) -> int:
        return dict(self.values)[int(facts.table("table.players"))]


def _candidates(data: Mapping[str, Any]) -> list[tuple[Path, Any]]:
    """Every place a number of the table may stand, with what is written there."""
    out: list[tuple[Path, Any]] = [(("hand_size",), data["hand_size"])] if "hand_size" in data else []
    kind = rule_kind(play_of(data))
    own = kind.numbers(data)            # its play kind's: the sizes of its deal first (hanafuda's field cards, ...)
    out += [found for found in own if found[0] in kind.deal_sizes]
    out += [found for name in PARTS for found in rule_part(name).numbers(data)]     # go/drop's drop fees, ...
    out += [found for found in own if found[0] not in kind.deal_sizes]     # the trick game's per-trick payment, ...
    return out + _role_numbers(data.get("role_table"))


def _role_numbers(table: Any) -> list[tuple[Path, Any]]:
    """The values of each role and combination of a role table (``go``, ``forced``), with their paths."""
    out: list[tuple[Path, Any]] = []
    for group in ("roles", "combos") if isinstance(table, dict) else ():
        items = table.get(group) or ()
        for i, role in (items.items() if isinstance(items, dict) else enumerate(items)):
            if isinstance(role, dict):
                out += [(("role_table", group, i, k), role[k]) for k in ("go", "forced") if k in role]
    return out


def find_numbers(data: Mapping[str, Any]) -> list[tuple[Path, Any]]:
    """The numbers of ``data`` written as expressions (text), or by players (a mapping), with their paths."""
    return [(path, value) for path, value in _candidates(data) if isinstance(value, (str, dict))]


def deals_vary(numbers: tuple[tuple[Path, Any], ...], play: str) -> bool:
    """Whether the deal's sizes depend on the number of players (one of the play kind ``play``'s
    :func:`deal_sizes` among ``numbers``)."""
    if not numbers:
        return False
    sizes = deal_sizes(play)
    return any(path in sizes for path, _ in numbers)


def _by_players(path: Path, table: Mapping[Any, Any], players: range, place: Optional[str],
                play: str) -> ByPlayers:
    """A mapping of players to values, checked: only a number of the deal, every allowed number of
    players given, none other, each a whole number of 0 or more."""
    name = ".".join(map(str, path))
    if path not in deal_sizes(play):
        sizes = [".".join(size) for size in deal_sizes()]      # as every play kind allows them
        listed = " and ".join([", ".join(sizes[:-1]), sizes[-1]] if len(sizes) > 1 else sizes)
        raise RuleFileError(f"{name} must be a whole number or an expression of table.players; only {listed} "
                            "may be given by the number of players.", place)
    values = {}
    for key, value in table.items():
        if isinstance(key, bool) or not (isinstance(key, int) or (isinstance(key, str) and key.isdigit())):
            raise RuleFileError(f"{name} is given by the number of players, and {shown(str(key))} is not a number "
                                "of players.", place)
        if int(key) not in players:
            raise RuleFileError(f"{name} gives a value for {int(key)} players, but the file allows "
                                f"{players.start} to {players.stop - 1} (players.min, players.max).", place)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RuleFileError(f"{name} for {int(key)} players must be a whole number of 0 or more.", place)
        values[int(key)] = int(value)
    missing = [n for n in players if n not in values]
    if missing:
        raise RuleFileError(f"{name} gives no value for {', '.join(map(str, missing))} players; give one for every "
                            f"number of players the file allows ({players.start} to {players.stop - 1}).", place)
    return ByPlayers(tuple(sorted(values.items())))


def _place(places: Optional[Mapping[str, str]], path: Path) -> Optional[str]:
    if not places:
        return None
    key = ".".join(map(str, path))
    return places.get(key) or (places.get(key[len("role_table."):]) if key.startswith("role_table.") else None)


def compile_numbers(data: Mapping[str, Any], players: range,
                    places: Optional[Mapping[str, str]] = None) -> tuple[tuple[Path, Number], ...]:
    """Check and compile the numbers of the table in ``data``: each must be a whole number, and
    not negative, for every number of players in ``players``."""
    vocab = table_vocabulary()
    out: list[tuple[Path, Number]] = []
    for path, text in find_numbers(data):
        place = _place(places, path)
        if isinstance(text, dict):
            out.append((path, _by_players(path, text, players, place, play_of(data))))
            continue
        try:
            expr = compile_expression(text, vocab, value_type=INT, place=place)
        except ExpressionError as exc:
            if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", text.strip()) and text.strip() not in vocab:
                raise RuleFileError(f"{'.'.join(map(str, path))} must be a whole number or an expression of "
                                    f"table.players, not the text {shown(text)}.", place) from None
            first, _, rest = exc.message.partition("\n")
            hint = " Write a whole number here, or an expression of table.players."
            raise ExpressionError(first + hint + ("\n" + rest if rest else ""), exc.place) from None
        for n in players:
            value = expr.evaluate(DictFacts({"table.players": n}, []))
            if value < 0:
                raise RuleFileError(f"'{text}' is {value} for {n} players; a number here cannot be negative.", place)
        out.append((path, expr))
    return tuple(out)


def substitute(data: Mapping[str, Any], numbers: tuple[tuple[Path, Number], ...], players: int) -> Any:
    """A copy of ``data`` with each number of the table replaced by its value for ``players``."""
    out = copy.deepcopy(dict(data))
    for path, expr in numbers:
        node: Any = out
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = expr.evaluate(DictFacts({"table.players": players}, []))
    return out


@dataclass(frozen=True)
class TableNumbers:
    """What :func:`at_table` needs: the file's data, its numbers of the table, how it was built."""

    data: Any
    numbers: tuple[tuple[Path, Number], ...]
    source: str
    places: Optional[Mapping[str, str]]
    extends_chain: tuple[str, ...]
    players: Optional[int] = None           # the players the numbers are filled in for (None: the fewest)
    built: dict[int, Any] = field(default_factory=dict, compare=False, hash=False)


def at_table(ruleset: Ruleset, players: int) -> Ruleset:
    """The ruleset a game of ``players`` plays: ``ruleset`` itself, or with its numbers of the
    table filled in for ``players`` (built once per number of players)."""
    numbers: Optional[TableNumbers] = ruleset.table_numbers
    if numbers is None or numbers.players == players:
        return ruleset
    known = numbers.built.get(players)
    if known is None:
        from .build import build_ruleset

        deal_for = players if deals_vary(numbers.numbers, ruleset.play) else 0
        built = build_ruleset(substitute(numbers.data, numbers.numbers, players), numbers.source, numbers.places,
                              numbers.extends_chain, deal_for=deal_for)
        known = numbers.built[players] = replace(built, table_numbers=replace(numbers, players=players))
    return known
