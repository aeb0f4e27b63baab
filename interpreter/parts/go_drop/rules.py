"""The rule-file side of go/drop (T10-T17, T24): its sections (``declaration``, ``forced_out``,
``two_goers``, ``next_start``), built into one :class:`GoDropRules` beside the ruleset's other
parts, and the facts effects may read of the declarations.

A rule file takes go/drop by naming it (``parts: [go_drop]``); a game without it (hanafuda for 3)
has none of these sections' meaning: every seat plays every round.

>>> rules = build({"players": {"min": 3, "max": 7}, "declaration": {"max_goers": 3, "drop_fee": [1, 2]}})
>>> rules.declaration.max_goers, rules.declaration.drop_fee.fee(5), rules.two_goers.split.value
(3, 2, 'ask')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field as dc_field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Optional, Sequence

from ....ruleset.checks import KEY, Found
from ....ruleset.expressions import BOOL, INT, SEAT, TABLE, Fact
from ....ruleset.part_registry import RulePart
from ....ruleset.rulekind import BookWords, Rows
from .names import NAME as NAME
from .names import GoDropPhase as GoDropPhase
from .names import GoDropTransfer as GoDropTransfer

if TYPE_CHECKING:
    from ....ruleset.effects.model import ActionBase


@dataclass(frozen=True)
class DropFee:
    """T11: ``first`` + ``step`` x n, or a list of fees (``fees``) whose last one repeats."""

    first: int = 0
    step: int = 0
    fees: tuple[int, ...] = ()

    def fee(self, nth: int) -> int:
        """The fee of the ``nth`` voluntary dropper (0-based): 2, 3, 4, ... in the standard rules.

        >>> [DropFee(fees=(1, 2, 4, 8)).fee(n) for n in range(6)], DropFee(2, 1).fee(3)
        ([1, 2, 4, 8, 8, 8], 5)
        """
        if self.fees:
            return self.fees[min(nth, len(self.fees) - 1)]
        return self.first + self.step * nth


def build_drop_fee(data: Any) -> DropFee:
    """``declaration.drop_fee`` as written: ``{first, step}`` or a list of fees."""
    if isinstance(data, (list, tuple)):
        return DropFee(fees=tuple(int(x) for x in data))
    return DropFee(**data)


@dataclass(frozen=True)
class Declaration:
    max_goers: int
    drop_fee: DropFee
    no_goers_pot: str = "carry_over"


@dataclass(frozen=True)
class ForcedOut:
    per_card: Mapping[str, int]  # card class name -> points per card of that class held


class SplitRule(str, enum.Enum):
    """T16: two goers are asked whether to split (ask), always split, or never split."""

    ASK = "ask"
    ALWAYS = "always"
    NEVER = "never"


@dataclass(frozen=True)
class TwoGoers:
    may_split: bool = True
    split: SplitRule = SplitRule.ASK

    def __post_init__(self) -> None:
        object.__setattr__(self, "split", SplitRule(self.split))
        if not self.may_split:          # may_split: false is the older spelling of split: never
            object.__setattr__(self, "split", SplitRule.NEVER)
    split_settles_roles: bool = False
    odd_chip: str = "earlier_goer"


@dataclass(frozen=True)
class NextStart:
    after_tricks: str = "pot_taker"
    after_one_goer: str = "goer"
    after_split: str = "earlier_goer"
    after_skip: str = "left_of_start"


@dataclass(frozen=True)
class GoDropRules:
    """The sections of go/drop, built."""

    declaration: Declaration
    forced_out: ForcedOut = dc_field(default_factory=lambda: ForcedOut(MappingProxyType({})))
    two_goers: TwoGoers = dc_field(default_factory=TwoGoers)
    next_start: NextStart = dc_field(default_factory=NextStart)


def build(data: Mapping[str, Any], places: Mapping[str, str] | None = None) -> GoDropRules:
    """The sections of go/drop from a resolved, schema-valid rule file's data (the defaults of a
    section it does not write)."""
    decl = data.get("declaration") or {"max_goers": data["players"]["max"], "drop_fee": {"first": 0, "step": 0}}
    return GoDropRules(
        declaration=Declaration(max_goers=int(decl["max_goers"]), drop_fee=build_drop_fee(decl["drop_fee"]),
                                no_goers_pot=decl.get("no_goers", {}).get("pot", "carry_over")),
        forced_out=ForcedOut(per_card=MappingProxyType(dict((data.get("forced_out") or {}).get("per_card") or {}))),
        two_goers=TwoGoers(**(data.get("two_goers") or {})),
        next_start=NextStart(**(data.get("next_start") or {})),
    )


def go_drop_rules(ruleset: Any) -> GoDropRules:
    """The go/drop sections of a ruleset that names the part (``parts: [go_drop]``)."""
    rules: GoDropRules = ruleset.part(NAME)
    return rules


def counted_classes(ruleset: Any) -> list[str]:
    """The card classes a forced-out player is paid for (T14), none in a game without go/drop."""
    return list(go_drop_rules(ruleset).forced_out.per_card) if NAME in ruleset.parts else []


def with_go_drop(ruleset: Any, **changes: Any) -> Any:
    """``ruleset`` with some of its go/drop sections replaced (``declaration=...``), for variants
    made in code."""
    return ruleset.with_part(NAME, replace(go_drop_rules(ruleset), **changes))


def _domains(rules: Any) -> dict[str, Sequence[int]]:
    players = rules.players.max
    goers = min(go_drop_rules(rules).declaration.max_goers, players)
    return {"round.goers": range(0, goers + 1), "round.droppers": range(0, players + 1),
            "round.forced_out": range(0, players + 1)}


# the facts effects read of the declarations (docs/effects.md)
FACTS: tuple[Fact, ...] = (
    Fact("went", BOOL, SEAT, "the seat declared go this round"),
    Fact("dropped", BOOL, SEAT, "the seat dropped of its own will this round (and paid a drop fee)"),
    Fact("forced_out", BOOL, SEAT, "the seat was forced out this round (the goers were full before it declared)"),
    Fact("round.goers", INT, TABLE, "the number of seats that went this round"),
    Fact("round.droppers", INT, TABLE, "the number of seats that dropped of their own will this round"),
    Fact("round.forced_out", INT, TABLE, "the number of seats forced out this round"),
    Fact("round.skipped", BOOL, TABLE, "nobody went this round"),
    Fact("round.split", BOOL, TABLE, "two goers split this round instead of playing"),
)

# -- the meaning checks of its sections in a schema-valid file (ruleset/checks.py's form) ----------

def check_declaration(data: dict[str, Any]) -> Found:
    """T12: a table of the fewest players can fill the goers' seats."""
    if "declaration" not in data:
        return
    goers, least = data["declaration"]["max_goers"], data["players"]["min"]
    if goers > least:
        yield ("declaration", "max_goers"), (
            f"declaration.max_goers ({goers}) is larger than players.min ({least}); "
            "a smaller table could never fill the seats.")


def check_forced_out(data: dict[str, Any]) -> Found:
    """T14: a forced-out seat is paid for card classes the role table defines."""
    classes = (data["role_table"].get("classes") or {})
    for name in (data.get("forced_out") or {}).get("per_card") or {}:
        if name not in classes:
            known = ", ".join(classes) or "none"
            yield (("forced_out", "per_card", name, KEY),
                   f"forced_out.per_card names the card class '{name}', which the "
                   f"role table does not define (its classes: {known}).")


def check_two_goers(data: dict[str, Any]) -> Found:
    """T16: the older ``may_split: false`` must not contradict ``split``."""
    two = data.get("two_goers") or {}
    if two.get("may_split") is False and two.get("split", "never") != "never":
        yield ("two_goers", "split"), (f"two_goers.may_split is false but two_goers.split is '{two['split']}'; "
                                       "write split: never, or drop may_split.")


def numbers(data: Mapping[str, Any]) -> list[tuple[tuple[Any, ...], Any]]:
    """The places of its numbers that may be expressions of the table (docs/effects.md, "Numbers
    that depend on the table"): the drop fees (T11) and the forced-out payments per card (T14).

    >>> numbers({"declaration": {"drop_fee": {"first": "table.players - 2", "step": 1}}})
    [(('declaration', 'drop_fee', 'first'), 'table.players - 2'), (('declaration', 'drop_fee', 'step'), 1)]
    """
    decl, forced = data.get("declaration"), data.get("forced_out")
    fee = decl.get("drop_fee") if isinstance(decl, dict) else None
    per_card = forced.get("per_card") if isinstance(forced, dict) else None
    cards = per_card.items() if isinstance(per_card, dict) else ()
    return _fee_numbers(fee) + [(("forced_out", "per_card", k), v) for k, v in cards]


def _fee_numbers(fee: Any) -> list[tuple[tuple[Any, ...], Any]]:
    """``declaration.drop_fee``'s numbers: ``first`` and ``step``, or each fee of a list."""
    if isinstance(fee, dict):
        return [(("declaration", "drop_fee", k), fee[k]) for k in ("first", "step") if k in fee]
    if isinstance(fee, list):
        return [(("declaration", "drop_fee", i), v) for i, v in enumerate(fee)]
    return []


_ROLE_FACTS = ("roles", "role_count")


def roles_unshown(ruleset: Any, places: Mapping[str, str]) -> Iterator[tuple[Optional[str], str, dict[str, object]]]:
    """An effect that reads the goers' roles at a point of the round before ``role_settlement``
    shows them (the phase moved after ``play``): there it reads 0 for every goer, so what it pays
    by them never moves (a case of ``ruleset/idle.py``'s, its words ``idle.roles_unshown`` in this
    part's catalogs)."""
    from ....ruleset.effects.whens import point_phases

    order = [getattr(p, "value", p) for p in ruleset.round]
    if GoDropPhase.ROLE_SETTLEMENT.value not in order:
        return
    for effect in ruleset.effects:
        phase = point_phases().get(effect.when)
        read = [f for f in _ROLE_FACTS if f in effect.reads]
        if phase in order and read and order.index(phase) < order.index("role_settlement"):
            yield effect.place, "idle.roles_unshown", {"name": effect.name, "fact": read[0], "when": effect.when}


# -- in the rulebook (hachi rulebook, RulePart.book) ---------------------------------------------

def _book_rows(w: Any, key: str, path: tuple[object, ...], value: Any, depth: int) -> Optional[Rows]:
    """The drop fees as a formula or a list, and the forced-out payments per card and for roles."""
    if key == "declaration.drop_fee":
        return [(depth, w.label(path), _drop_fee_words(w, value))]
    if key == "forced_out.per_card" and isinstance(value, Mapping):
        text = ", ".join(w.text("per_card", points=n, what=w.class_name(c)) for c, n in value.items())
        text = (text or w.text("nothing")) + w.text("forced_roles")     # T14: and the roles
        return [(depth, w.label(path), text)]
    return None


def _drop_fee_words(w: Any, value: Any) -> str:
    """T11: the fee of each player to drop, the first four of them worked out."""
    fee = go_drop_rules(w.r).declaration.drop_fee
    fees = [str(fee.fee(n)) for n in range(4)]
    if isinstance(value, Mapping):
        said: str = w.text("drop_fee_formula", first=value.get("first"), step=value.get("step"), fees=", ".join(fees))
        return said
    listed: str = w.text("drop_fee_list", fees=", ".join(str(v) for v in value))
    return listed


# how the rulebook (hachi rulebook) writes its settings
BOOK = BookWords(
    sections=(("declarations", ("declaration", "forced_out", "two_goers", "next_start")),),
    aliases={("declaration", "no_goers", "pot"): ("declaration", "no_goers_pot")},
    facts=("went", "round.goers", "dropped", "forced_out"),
    rows=_book_rows,
)
def effect_actions() -> tuple[type[ActionBase], ...]:
    """Its actions of effects (docs/effects.md, "force"): ``force`` (:mod:`.force`), imported when
    first asked for (this module is read when the registries are, before the effects' package)."""
    from .force import Force

    return (Force,)


RULES = RulePart(
    name=NAME,
    title="go/drop declarations (T10-T17)",
    own_keys=frozenset({"declaration", "forced_out", "two_goers", "next_start"}),
    phases=tuple(GoDropPhase),
    build=build,
    transfers=frozenset(GoDropTransfer),
    checks=(check_declaration, check_forced_out, check_two_goers),
    own_facts=FACTS,
    groups=(("goer", "went", "every seat that went"), ("dropper", "dropped", "every seat that dropped of its own will"),
            ("forced_out", "forced_out", "every seat forced out")),
    domains=_domains,
    effect_points=(("after_declarations", GoDropPhase.DECLARATIONS.value,
                    "after every seat has gone or dropped (and the forced-out seats are known), before any payment "
                    "of the round: forced-out payments, the lone goer's pot, roles, play"),),
    multiplied=frozenset({GoDropTransfer.FORCED_OUT}),
    numbers=numbers,
    warnings=(roles_unshown,),
    book=BOOK,
    effect_actions=effect_actions,
)
