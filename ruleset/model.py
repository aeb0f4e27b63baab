"""The validated rule model: frozen dataclasses, one per section of a rule file.

The loader (``loader.py``) reads YAML, checks it against the JSON Schema and builds these
objects with :func:`build_ruleset`; each ``__post_init__`` checks what the schema cannot, in
full sentences. Nothing here reads files.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, Mapping

from .cards import SuitedDeck
from .errors import RuleFileError


class Phase(str, enum.Enum):
    """The phases a rule file's ``round:`` list may name (T23)."""

    MIZUTEN_CALL = "mizuten_call"
    DEAL = "deal"
    DECLARATIONS = "declarations"
    FORCED_OUT = "forced_out"
    TWO_GOER_CHOICE = "two_goer_choice"
    ONE_GOER_POT = "one_goer_pot"
    ROLE_SETTLEMENT = "role_settlement"
    PLAY = "play"
    HANAFUDA_DEAL = "hanafuda_deal"        # H4-H6: hands, field cards, stock; the field kind
    HAND_ROLES = "hand_roles"              # H8-H11: hand roles shown and paid at the start
    CARD_SCORING = "card_scoring"          # H12, H13, H19-H21: the end of a matching round
    TRICK_SETTLEMENT = "trick_settlement"
    POT = "pot"
    MIZUTEN_BONUS = "mizuten_bonus"


class Transfer(str, enum.Enum):
    """Kinds of point transfer a field multiplier may apply to (T9)."""

    DROP_FEE = "drop_fee"
    FORCED_OUT = "forced_out"
    ROLES = "roles"
    TRICKS = "tricks"
    MIZUTEN = "mizuten"
    POT = "pot"
    CAPTURE_ROLES = "capture_roles"        # H18
    SPECIAL_ROLES = "special_roles"        # H19
    CARD_POINTS = "card_points"            # H21


class PlayKind(str, enum.Enum):
    TRICKS = "tricks"
    MATCHING = "matching"


@dataclass(frozen=True)
class Name:
    ja: str
    en: str

    def __call__(self, lang: str = "en") -> str:
        return self.ja if lang == "ja" else self.en


@dataclass(frozen=True)
class Chips:
    start: int
    allow_negative: bool = True


@dataclass(frozen=True)
class Players:
    min: int
    max: int

    def __post_init__(self) -> None:
        if self.min > self.max:
            raise RuleFileError(f"players.min ({self.min}) is larger than players.max ({self.max}).")


@dataclass(frozen=True)
class Rounds:
    standard: int
    short: int
    skipped_counts: bool = True
    leftover_pot: str = "nobody"


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
class TrickSettlement:
    per_trick: int
    pot_tie: str = "earliest_goer"


@dataclass(frozen=True)
class TrickPlay:
    """How cards may be played to a trick (T19)."""

    must_follow_suit: bool = True
    must_trump: bool = False


@dataclass(frozen=True)
class Field:
    """T8, T9: a field, made by an indicator whose card, suit or rank it lists."""

    id: str
    name: Name
    ranks: tuple[str, ...]
    multiplier: int
    applies_to: frozenset[Transfer]
    cards: tuple[str, ...] = ()
    suits: tuple[str, ...] = ()

    def made_by(self, deck, indicator: int) -> bool:
        """Whether the indicator card's card, suit or rank is one this field lists."""
        return (deck.name(indicator) in {deck.name(deck.parse(c)) for c in self.cards}
                or deck.suits[deck.suit(indicator)] in self.suits
                or deck.ranks[deck.rank(indicator)] in self.ranks)

    def factor(self, transfer: Transfer) -> int:
        return self.multiplier if transfer in self.applies_to else 1


@dataclass(frozen=True)
class Mizuten:
    enabled: bool
    goers: int
    min_tricks: int
    bonus: int


@dataclass(frozen=True)
class NextStart:
    after_tricks: str = "pot_taker"
    after_one_goer: str = "goer"
    after_split: str = "earlier_goer"
    after_skip: str = "left_of_start"


@dataclass(frozen=True)
class RoleDef:
    id: str
    name: Name
    group: str | None
    pattern: str
    go: int
    forced: int
    place: str | None = None          # FILE:LINE:COL of the pattern string, for errors


@dataclass(frozen=True)
class Combo:
    id: str
    roles: tuple[str, ...]
    go: int
    forced: int
    name: Name | None = None


@dataclass(frozen=True)
class RoleExample:
    hand: str
    roles: tuple[str, ...]
    go: int | None = None
    forced: int | None = None
    trump: str | None = None
    indicator: str | None = None
    place: str | None = None


@dataclass(frozen=True)
class RoleTable:
    """The hand-role table as written; ``roles.py`` compiles it into an evaluator."""

    classes: Mapping[str, str]
    groups: Mapping[str, Name]
    roles: tuple[RoleDef, ...]
    combos: tuple[Combo, ...] = ()
    examples: tuple[RoleExample, ...] = ()
    ace_low: bool = True
    class_places: Mapping[str, str] = field(default_factory=dict)

    def role(self, role_id: str) -> RoleDef:
        for r in self.roles:
            if r.id == role_id:
                return r
        raise KeyError(role_id)


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: Name
    play: PlayKind
    deck: SuitedDeck
    hand_size: int
    roles: RoleTable
    chips: Chips
    players: Players
    rounds: Rounds
    declaration: Declaration
    forced_out: ForcedOut
    two_goers: TwoGoers
    trick_settlement: TrickSettlement
    fields: tuple[Field, ...]
    mizuten: Mizuten
    next_start: NextStart
    round: tuple[Phase, ...]
    source: str = "<memory>"
    extends_chain: tuple[str, ...] = ()
    trick_play: TrickPlay = TrickPlay()
    hanafuda: Any = None                   # HanafudaRules (hanafuda_rules.py) for matching play

    def __post_init__(self) -> None:
        needed = self.players.max * self.hand_size + (1 if self.hanafuda is None else self.hanafuda.field_cards)
        if needed > self.deck.size:
            raise RuleFileError(
                f"{self.players.max} players with {self.hand_size} cards each and an indicator "
                f"need {needed} cards, but the deck has {self.deck.size}."
            )

    def field_for(self, indicator: int) -> Field:
        """The field (T8) an indicator card makes: the first field listing its card, suit or rank."""
        return self._field_by_card[indicator]

    @cached_property
    def _field_by_card(self) -> dict[int, Field]:
        table = {}
        for card in self.deck.cards:
            found = next((f for f in self.fields if f.made_by(self.deck, card)), None)
            if found is not None:
                table[card] = found
        return table

    @cached_property
    def evaluator(self):
        """The compiled hand-role evaluator (built on first use)."""
        from .roles import compile_table

        return compile_table(self.roles, self.hand_role_deck)

    @property
    def hand_role_deck(self):
        """The deck hand-role patterns read (hanafuda's ``willow_as_chaff`` reads willow as chaff)."""
        h = self.hanafuda
        return self.deck if h is None else self.deck.hand_role_deck(h.willow_as_chaff, h.changeling_month)


def _name(data: Mapping[str, Any] | None, fallback: str) -> Name:
    data = data or {}
    return Name(ja=str(data.get("ja", fallback)), en=str(data.get("en", fallback)))


def build_role_table(data: Mapping[str, Any], places: Mapping[str, str] | None = None) -> RoleTable:
    """Build a :class:`RoleTable` from the plain data of a (schema-valid) role table.

    ``places`` maps dotted paths such as ``roles.sanbon.pattern`` to ``FILE:LINE:COL``.
    """
    places = places or {}
    roles = tuple(
        RoleDef(
            id=rid,
            name=_name(r.get("name"), rid),
            group=r.get("group"),
            pattern=str(r["pattern"]),
            go=int(r.get("go", 0)),
            forced=int(r.get("forced", 0)),
            place=places.get(f"roles.{rid}.pattern"),
        )
        for rid, r in (data.get("roles") or {}).items()
    )
    combos = tuple(
        Combo(id=cid, roles=tuple(c["roles"]), go=int(c["go"]), forced=int(c.get("forced", 0)),
              name=_name(c.get("name"), cid) if c.get("name") else None)
        for cid, c in (data.get("combos") or {}).items()
    )
    examples = tuple(
        RoleExample(
            hand=" ".join(e["hand"]) if isinstance(e["hand"], list) else str(e["hand"]),
            roles=tuple(e.get("roles", ())),
            go=e.get("go"),
            forced=e.get("forced"),
            trump=e.get("trump"),
            indicator=e.get("indicator"),
            place=places.get(f"examples.{i}"),
        )
        for i, e in enumerate(data.get("examples") or ())
    )
    return RoleTable(
        classes=MappingProxyType({k: str(v) for k, v in (data.get("classes") or {}).items()}),
        groups=MappingProxyType({k: _name((g or {}).get("name"), k) for k, g in (data.get("groups") or {}).items()}),
        roles=roles,
        combos=combos,
        examples=examples,
        ace_low=bool((data.get("runs") or {}).get("ace_low", True)),
        class_places=MappingProxyType({k: places.get(f"classes.{k}", "") for k in (data.get("classes") or {})}),
    )


def build_ruleset(data: Mapping[str, Any], source: str = "<memory>",
                  places: Mapping[str, str] | None = None, extends_chain: tuple[str, ...] = ()) -> Ruleset:
    """Build a :class:`Ruleset` from the plain data of a resolved, schema-valid rule file.

    ``data["role_table"]`` is the role table's data (the loader has already read the file it names).
    """
    if "cards" in data["deck"]:
        return _build_matching(data, source, places, extends_chain)
    deck = data["deck"]
    decl = data["declaration"]
    return Ruleset(
        name=str(data["name"]),
        title=_name(data.get("title"), str(data["name"])),
        play=PlayKind(data.get("play", "tricks")),
        deck=SuitedDeck(ranks=tuple(str(r) for r in deck["ranks"]), suits=tuple(str(s) for s in deck["suits"]),
                        rank_aliases=(("10", "T"),) if "T" in deck["ranks"] else ()),
        hand_size=int(data["hand_size"]),
        roles=build_role_table(data["role_table"], places),
        chips=Chips(**data["chips"]),
        players=Players(**data["players"]),
        rounds=Rounds(**data["rounds"]),
        declaration=Declaration(
            max_goers=int(decl["max_goers"]),
            drop_fee=build_drop_fee(decl["drop_fee"]),
            no_goers_pot=decl.get("no_goers", {}).get("pot", "carry_over"),
        ),
        forced_out=ForcedOut(per_card=MappingProxyType(dict(data["forced_out"].get("per_card") or {}))),
        two_goers=TwoGoers(**data["two_goers"]),
        trick_settlement=TrickSettlement(**data["trick_settlement"]),
        fields=tuple(
            Field(id=f["id"], name=_name(f.get("name"), f["id"]), ranks=tuple(str(r) for r in f.get("ranks") or ()),
                  multiplier=int(f["multiplier"]), applies_to=frozenset(Transfer(t) for t in f["applies_to"]),
                  cards=tuple(str(c) for c in f.get("cards") or ()), suits=tuple(str(x) for x in f.get("suits") or ()))
            for f in data["fields"]
        ),
        mizuten=Mizuten(**data["mizuten"]),
        next_start=NextStart(**data["next_start"]),
        round=tuple(Phase(p) for p in data["round"]),
        source=source,
        extends_chain=extends_chain,
        trick_play=TrickPlay(**(data.get("trick_play") or {})),
    )


def _build_matching(data: Mapping[str, Any], source: str, places, extends_chain) -> Ruleset:
    """A hanafuda ruleset: the deck by cards, the ``hanafuda:`` section, trick settings defaulted."""
    from .hanafuda import build_hanafuda_deck
    from .hanafuda_rules import build_hanafuda

    section = data["hanafuda"]
    changeling = int(section.get("changeling_month", 11)) if section.get("willow_changeling", True) else None
    deck = build_hanafuda_deck(data["deck"], changeling)
    prefix = "hanafuda.capture_roles."
    rules = build_hanafuda(section, deck, {k[len(prefix):]: v for k, v in (places or {}).items() if k.startswith(prefix)})
    players = Players(**data["players"])
    decl = data.get("declaration") or {"max_goers": players.max, "drop_fee": {"first": 0, "step": 0}}
    return Ruleset(
        name=str(data["name"]),
        title=_name(data.get("title"), str(data["name"])),
        play=PlayKind(data.get("play", "matching")),
        deck=deck,
        hand_size=int(data["hand_size"]),
        roles=build_role_table(data["role_table"], places),
        chips=Chips(**data["chips"]),
        players=players,
        rounds=Rounds(**data["rounds"]),
        declaration=Declaration(max_goers=int(decl["max_goers"]), drop_fee=build_drop_fee(decl["drop_fee"]),
                                no_goers_pot=decl.get("no_goers", {}).get("pot", "carry_over")),
        forced_out=ForcedOut(per_card=MappingProxyType(dict((data.get("forced_out") or {}).get("per_card") or {}))),
        two_goers=TwoGoers(**(data.get("two_goers") or {})),
        trick_settlement=TrickSettlement(**(data.get("trick_settlement") or {"per_trick": 0})),
        fields=tuple(f.field for f in rules.fields),
        mizuten=Mizuten(**(data.get("mizuten") or {"enabled": False, "goers": 0, "min_tricks": 0, "bonus": 0})),
        next_start=NextStart(**(data.get("next_start") or {})),
        round=tuple(Phase(p) for p in data["round"]),
        source=source,
        extends_chain=extends_chain,
        hanafuda=rules,
    )
