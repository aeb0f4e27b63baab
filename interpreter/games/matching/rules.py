"""The ``hanafuda:`` section of a matching-play rule file (H3-H22), as frozen data.

:func:`build_hanafuda` turns the section's plain data into :class:`HanafudaRules`; the deck
(``deck.py``) and the role tables (``roletable.build_role_table``) are built beside it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from ....ruleset.effects.play_points import TURN_FACTS
from ....ruleset.errors import RuleFileError
from ....ruleset.expressions import BOOL, INT, SEAT, TABLE, Fact
from .book import BOOK
from .capture_roles import capture_table, check_capture_roles, evaluate_pile
from ....ruleset.checks import Found, check_role_table, check_rounds
from .deck import HanafudaDeck, build_hanafuda_deck
from ....ruleset.kind_registry import transfer_named
from ....ruleset.part_registry import part_transfers
from ....ruleset.model import Field, PhaseName, TransferReason, TransferReasonName
from ....ruleset.rulekind import KindParts, RuleKind, TransferWords, written_at
from ....ruleset.roles import RoleEvaluator, compile_table
from ....ruleset.roletable import Name, RoleTable, _name, build_role_table


class MatchingPhase(PhaseName):
    """Matching play's own phases of a round (its ``schema.json`` lists them)."""

    HANAFUDA_DEAL = "hanafuda_deal"        # H4-H6: hands, field cards, stock; the field kind
    HAND_ROLES = "hand_roles"              # H8-H11: hand roles shown and paid at the start
    CARD_SCORING = "card_scoring"          # H12, H13, H19-H21: the end of a matching round


class MatchingTransfer(TransferReasonName):
    """Matching play's own kinds of point transfer, which a field may multiply (H7)."""

    CAPTURE_ROLES = "capture_roles"        # H18
    SPECIAL_ROLES = "special_roles"        # H19
    CARD_POINTS = "card_points"            # H21


@dataclass(frozen=True)
class HanaField:
    """H5: a field kind and the field cards that make it."""

    field: Field
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Bonus:
    """H12, H13: a hand role bonus, in kan; ``above`` is a capture-points threshold."""

    roles: tuple[str, ...]
    bonus: int
    above: int = 0


@dataclass(frozen=True)
class Special:
    """H19: one special capture role's numbers."""

    value: int
    over: int = 0
    per_point: int = 0
    chaff: int = 0
    per_extra: int = 0
    dealer: str = "gets"            # 総八: the dealer gets the value from each, or pays it to each


@dataclass(frozen=True)
class HanafudaRules:
    willow_changeling: bool
    changeling_month: int
    kan: int
    par: int
    field_cards: int
    fields: tuple[HanaField, ...]                     # weakest first
    binding: Mapping[str, int]
    tobikomi: Bonus
    nuke: Bonus
    capture_roles: RoleTable
    specials: Mapping[str, Special]
    fukikeshi: bool
    next_dealer: str = "left"                    # left, right, winner (H2 and house rules)
    field_four: str = "redeal"                   # K5: a field of one month is dealt again, or dealer_wins
    field_four_value: int = 6                    # K5 setting: what the dealer wins for it (x kan)
    settle: str = "at_start"                     # H11: at_start, or at_end of the round
    after_capture_role: str = "stop"             # H18: stop, or play_on (下げ)
    capture_roles_paid: str = "when_made"        # H18 when_made; Koi-Koi K15 at_stop (the effects pay)
    ends_round: bool = False                     # Koi-Koi K6: a hand role wins the round at once
    direction: str = "left"                      # H2: play passes to the left, or the right
    willow_as_chaff: bool = False                # hand roles read the willow cards as chaff
    carry_brights: bool = False                  # brights left on the field bind the next round
    bound_round: str = "at_least"                # H6: a bound round is at_least, or exactly, its field
    sit_out: int = 0                             # H2's setting: seats that sit each round out (no go/drop)
    sit_out_who: str = "before_dealer"           # which: the seats just before the dealer, or the dealer first
    # K10's setting: these capture roles are void for every player once any player took one of the cards
    void_roles: frozenset[str] = frozenset()
    void_cards: frozenset[int] = frozenset()
    deck: Any = field(default=None, compare=False, repr=False)      # the deck the capture roles read

    @cached_property
    def capture_evaluator(self) -> RoleEvaluator:
        """The compiled capture-role table (H18), compiled once per ruleset on first use."""
        return compile_table(self.capture_roles, self.deck)

    @cached_property
    def chaff_cards(self) -> frozenset[int]:
        """The cards H19 counts as chaff (the fact ``chaff``): the chaff and the changeling month's cards."""
        deck, month = self.deck, self.changeling_month
        return frozenset(c for c in deck.cards if deck.card_class(c) == "chaff" or deck.month(c) == month)

    @cached_property
    def capture_role_cards(self) -> frozenset[int]:
        """Every card some capture role names by itself (``cards ...``), read once per ruleset."""
        from ....ruleset.patterns import CardList, parse_pattern, walk

        return frozenset(self.deck.parse(c) for role in self.capture_roles.roles
                         for node in walk(parse_pattern(role.pattern)) if isinstance(node, CardList)
                         for c in node.items)

    def play_order(self, seats_from_start: Iterable[int]) -> list[int]:
        """H2: the dealer, then the seats in the direction of play."""
        seats = list(seats_from_start)
        return seats if self.direction == "left" else seats[:1] + seats[1:][::-1]

    def sitting_out(self, order: tuple[int, ...]) -> tuple[int, ...]:
        """``sit_out``: the seats of the play ``order`` (from the dealer) that sit this round out:
        the last ``sit_out`` of it (``before_dealer``), or the dealer and the last ``sit_out - 1``
        (``dealer``); none without the setting."""
        k = self.sit_out
        if k <= 0:
            return ()
        if self.sit_out_who == "dealer":
            return order[:1] + order[len(order) - k + 1:]
        return order[len(order) - k:]

    def order_from(self, start: int, players: int) -> tuple[int, ...]:
        """:meth:`play_order` of the seats from ``start`` (to the left), made once per seat."""
        key = start, players
        order = self._orders.get(key)
        if order is None:
            order = self._orders[key] = tuple(self.play_order((start + i) % players for i in range(players)))
        return order

    @cached_property
    def _orders(self) -> dict[tuple[int, int], tuple[int, ...]]:
        return {}

    def field_of(self, cards: Iterable[int]) -> HanaField:
        """H5: the strongest field any of whose cards lies among ``cards``, else the weakest (the
        first listed of the strongest, and never a field no stronger than the first field)."""
        hits = self._field_cards.intersection(cards)
        if not hits:
            return self.fields[0]
        place, strongest = self._field_place
        return strongest[max(map(place.__getitem__, hits))]

    @cached_property
    def _field_place(self) -> tuple[dict[int, int], tuple[HanaField, ...]]:
        """For :meth:`field_of`, read once: the fields weakest to strongest (by multiplier, of
        equal ones the first listed last) and, for each card of a field stronger than the first,
        the place there of the strongest field it makes."""
        by = sorted(range(len(self.fields)), key=lambda i: (self.fields[i].field.multiplier, -i))
        place = {i: n for n, i in enumerate(by)}
        floor = place[0]
        best: dict[int, int] = {}
        for i, f in enumerate(self.fields):
            for c in f.cards:
                if place[i] > max(floor, best.get(c, floor)):
                    best[c] = place[i]
        return best, tuple(self.fields[i] for i in by)

    @cached_property
    def _field_cards(self) -> frozenset[int]:
        """The cards :meth:`field_of` looks up (those that make a field stronger than the first)."""
        return frozenset(self._field_place[0])

    def bound_field(self, cards: Iterable[int]) -> HanaField | None:
        """H6: the field the next round is bound to, or None."""
        on = set(cards)
        for need, made_by, f in self._binding_strongest:
            if len(on.intersection(made_by)) >= need:
                return f
        return None

    @cached_property
    def _binding_strongest(self) -> tuple[tuple[int, frozenset[int], HanaField], ...]:
        """The fields that bind (a ``binding`` count), strongest first (of equal ones the first
        listed first), each with its count and cards: the first one met binds, read once."""
        bind = [(i, f) for i, f in enumerate(self.fields) if self.binding.get(f.field.id)]
        bind.sort(key=lambda x: (-x[1].field.multiplier, x[0]))
        return tuple((self.binding[f.field.id], frozenset(f.cards), f) for _, f in bind)

    def field_by_id(self, field_id: str) -> HanaField:
        found = self._by_id.get(field_id)
        return found if found is not None else next(f for f in self.fields if f.field.id == field_id)

    @cached_property
    def _by_id(self) -> dict[str, HanaField]:
        by: dict[str, HanaField] = {}
        for f in self.fields:
            by.setdefault(f.field.id, f)
        return by


# a field without applies_to multiplies every transfer: the core's, the parts' (go/drop's drop fees) and its own
ALL_TRANSFERS: frozenset[TransferReasonName] = frozenset({*TransferReason, *part_transfers(), *MatchingTransfer})


def _fields(data: Mapping[str, Any], deck: HanafudaDeck) -> list[HanaField]:
    """The fields of ``hanafuda.fields`` by their cards, the lowest multiplier first."""
    fields = []
    for f in data["fields"]:
        cards = tuple(deck.parse(str(c)) for c in f.get("cards") or ())
        fields.append(HanaField(Field(id=f["id"], name=_name(f.get("name"), f["id"]), ranks=(),
                                      multiplier=int(f["multiplier"]),
                                      applies_to=frozenset(map(transfer_named, f["applies_to"])) if "applies_to" in f
                                      else ALL_TRANSFERS), cards))
    fields.sort(key=lambda f: f.field.multiplier)
    return fields


def _check_names(data: Mapping[str, Any], ids: set[str]) -> None:
    """``binding`` names fields, ``void_when_taken.roles`` capture roles outside the groups."""
    for fid in data.get("binding") or {}:
        if fid not in ids:
            raise RuleFileError(f"hanafuda.binding names the field '{fid}', which hanafuda.fields does not define.")
    capture_ids = {str(k): v for k, v in ((data.get("capture_roles") or {}).get("roles") or {}).items() if v}
    for rid in (data.get("void_when_taken") or {}).get("roles") or ():
        if rid not in capture_ids or capture_ids[rid].get("group"):
            raise RuleFileError(f"hanafuda.void_when_taken.roles names '{rid}', which is not a capture role "
                                f"outside the groups (hanafuda.capture_roles.roles).")


def build_hanafuda(data: Mapping[str, Any], deck: HanafudaDeck,
                   places: Mapping[str, str] | None = None) -> HanafudaRules:
    """Build :class:`HanafudaRules` from a schema-valid ``hanafuda:`` section.

    ``places`` maps dotted paths inside ``hanafuda.capture_roles`` (``roles.akatan.pattern``) to
    ``FILE:LINE:COL``, so capture-role patterns and examples are reported where they are written.
    """

    fields = _fields(data, deck)
    _check_names(data, {f.field.id for f in fields})
    void = data.get("void_when_taken") or {}
    roles = data.get("hand_roles") or {}
    tob, nuke = roles.get("tobikomi") or {}, roles.get("nuke") or {}
    specials = {k: Special(**{kk: int(vv) for kk, vv in v.items() if kk != "dealer"},
                           dealer=str(v.get("dealer", "gets")))
                for k, v in (data.get("special_roles") or {}).items()}
    return HanafudaRules(
        willow_changeling=bool(data.get("willow_changeling", True)),
        changeling_month=int(data.get("changeling_month", 11)),
        kan=int(data.get("kan", 12)),
        par=int(data.get("par", 88)),
        field_cards=int(data.get("field_cards", 6)),
        fields=tuple(fields),
        binding=MappingProxyType(dict(data.get("binding") or {})),
        tobikomi=Bonus(tuple(tob.get("roles", ())), int(tob.get("bonus", 0))),
        nuke=Bonus(tuple(nuke.get("roles", ())), int(nuke.get("bonus", 0)), int(nuke.get("above", 0))),
        capture_roles=build_role_table(capture_table(data.get("capture_roles") or {}), places),
        specials=MappingProxyType(specials),
        fukikeshi=bool(data.get("fukikeshi", True)),
        next_dealer=str(data.get("next_dealer", "left")),
        field_four=str(data.get("field_four", "redeal")),
        field_four_value=int(data.get("field_four_value", 6)),
        settle=str(roles.get("settle", "at_start")),
        after_capture_role=str(data.get("after_capture_role", "stop")),
        capture_roles_paid=str(data.get("capture_roles_paid", "when_made")),
        ends_round=bool(roles.get("ends_round", False)),
        direction=str(data.get("direction", "left")),
        willow_as_chaff=bool(data.get("willow_as_chaff", False)),
        carry_brights=bool(data.get("carry_brights", False)),
        bound_round=str(data.get("bound_round", "at_least")),
        sit_out=int((data.get("sit_out") or {}).get("count", 0)),
        sit_out_who=str((data.get("sit_out") or {}).get("who", "before_dealer")),
        void_roles=frozenset(void.get("roles") or ()),
        void_cards=frozenset(deck.parse_list(void["cards"])) if void.get("cards") else frozenset(),
        deck=deck,
    )



def matching_parts(data: Mapping[str, Any], places: Mapping[str, str] | None = None) -> KindParts:
    """A hanafuda ruleset: the deck by cards and the ``hanafuda:`` section."""
    section = data["hanafuda"]
    changeling = int(section.get("changeling_month", 11)) if section.get("willow_changeling", True) else None
    deck = build_hanafuda_deck(data["deck"], changeling)
    prefix = "hanafuda.capture_roles."
    rules = build_hanafuda(section, deck, {k[len(prefix):]: v for k, v in (places or {}).items()
                                           if k.startswith(prefix)})
    role_deck = deck.hand_role_deck(rules.willow_as_chaff, rules.changeling_month)
    return KindParts(deck=deck, fields=tuple(f.field for f in rules.fields), rules=rules,
                     dealt_beside_hands=rules.field_cards, role_deck=role_deck, section="hanafuda",
                     dealt_no_hand=rules.sit_out)


MATCHING_PHASES = ("hanafuda_deal", "hand_roles", "play", "card_scoring")


def check_matching(data: dict[str, Any]) -> Found:
    """A matching-play (hanafuda) file: enough cards, and its own phases in order."""
    players, hand = data["players"], data["hand_size"]
    if players["min"] > players["max"]:
        yield ("players", "min"), f"players.min ({players['min']}) is larger than players.max ({players['max']})."
    size, field = len(data["deck"]["cards"]), int(data["hanafuda"].get("field_cards", 6))
    sit = data["hanafuda"].get("sit_out")
    sitting = sit["count"] if isinstance(sit, dict) and isinstance(sit.get("count"), int) else 0
    dealt = players["max"] - sitting                # sit_out: a seat sitting out is dealt no hand
    if dealt * hand + field > size:
        who = f"players.max ({players['max']}) players" if not sitting else \
            f"the {dealt} of players.max ({players['max']}) players who play a round"
        yield ("hand_size",), (f"{who} with hand_size ({hand}) cards each and "
                               f"{field} field cards need {dealt * hand + field} cards, "
                               f"but the deck has {size}.")
    yield from check_rounds(data)
    phases = list(data["round"])
    if sitting > 0:
        if "declarations" in phases:
            yield ("hanafuda", "sit_out"), ("hanafuda.sit_out seats players out of a round without declarations; "
                                            "with go/drop the declarations decide who plays (T10-T12).")
        elif players["min"] - sitting < 2:
            yield ("hanafuda", "sit_out", "count"), (
                f"hanafuda.sit_out.count ({sitting}) leaves {players['min'] - sitting} of "
                f"{players['min']} players to play a round; at least 2 must play.")
    if "hanafuda_deal" not in phases:
        yield ("round",), "round has no 'hanafuda_deal' phase; a matching round needs one."
    known = [p for p in phases if p in MATCHING_PHASES]
    if known != sorted(known, key=MATCHING_PHASES.index):
        yield ("round",), f"the phases {', '.join(MATCHING_PHASES)} must come in this order."
    if "declarations" in phases:
        for need in ("declarations", "forced_out"):
            if need in phases and phases.index(need) < phases.index("hanafuda_deal"):
                yield ("round",), f"the phase '{need}' comes before 'hanafuda_deal'; it needs the deal first."


def check_capture_payment(data: dict[str, Any]) -> Found:
    """Capture roles paid at the stop (K15) are asked of their maker: ``after_capture_role: choose``."""
    section = data["hanafuda"]
    if section.get("capture_roles_paid") == "at_stop" and section.get("after_capture_role", "stop") != "choose":
        yield ("hanafuda", "capture_roles_paid"), (
            "hanafuda.capture_roles_paid: at_stop asks the maker of a role to stop or play on; it needs "
            "hanafuda.after_capture_role: choose.")


def check_hanafuda_roles(data: dict[str, Any]) -> Found:
    """Role ids the ``hanafuda:`` section names: 飛び込み and 抜け役 name hand roles (H12, H13); the
    capture roles' groups, and the roles their examples expect, are defined."""
    section = data["hanafuda"]
    hand = data["role_table"].get("roles") or {}
    for bonus in ("tobikomi", "nuke"):
        for i, rid in enumerate(((section.get("hand_roles") or {}).get(bonus) or {}).get("roles") or ()):
            if rid not in hand:
                known = ", ".join(hand) or "none"
                yield ("hanafuda", "hand_roles", bonus, "roles", i), (
                    f"hanafuda.hand_roles.{bonus}.roles names the role '{rid}', which is not a hand role of "
                    f"the role table (its roles: {known}).")
    captures = section.get("capture_roles") or {}
    yield from check_role_table(captures, ("hanafuda", "capture_roles"))


_SPECIAL = "hanafuda.special_roles"
# the facts effects read of a hanafuda game (docs/effects.md): the settlement of the special roles
# (H19, settlement.special_roles of the bundled file) reads them, and so may any house rule
_FACTS = (
    Fact("card_points", INT, SEAT, "the card points the seat captured this round (H1; 0 before the play and for a "
                                   "seat that does not play)"),
    Fact("round.most_card_points", INT, TABLE, "the most card points a goer captured this round (0 before the "
                                               "play)"),
    Fact("chaff", INT, SEAT, "the chaff the seat captured this round, the changeling month's (willow) cards "
                             "counted as chaff (H19); 0 before the play and for a seat that does not play"),
    Fact("capture_roles", INT, SEAT, "the value in kan of the capture roles the seat made this round so far (H17, "
                                     "H18: what each other player paid it for them, before the field); 0 when it "
                                     "made none"),
    Fact("stopped", BOOL, SEAT, "the seat stopped the round this round (H18, K15: by a capture role, or its stop "
                                "answer)"),
    Fact("play_ons", INT, SEAT, "how many times the seat answered play on (こいこい, koi: K15; H18 choose) this round"),
    Fact("round.stopped", BOOL, TABLE, "a seat stopped the round this round (H18, K15); false when the hands ran out "
                                       "or a hand role won it at the deal"),
    Fact("hanafuda.par", INT, TABLE, "the card points each player is measured against (H21; hanafuda.par)"),
    Fact("hanafuda.kan", INT, TABLE, "the points of one kan (H3; hanafuda.kan)"),
    Fact(f"{_SPECIAL}.sohachi", BOOL, TABLE, "the game plays 総八 (H19; hanafuda.special_roles has sohachi)"),
    Fact(f"{_SPECIAL}.sohachi.value", INT, TABLE, "総八's value in kan (H19; 0 when the game has none)"),
    Fact(f"{_SPECIAL}.sohachi.dealer_pays", BOOL, TABLE, "the dealer pays 総八 to each other player instead of "
                                                         "getting it (hanafuda.special_roles.sohachi.dealer: pays)"),
    Fact(f"{_SPECIAL}.nihachi", BOOL, TABLE, "the game plays 二八 (H19; hanafuda.special_roles has nihachi)"),
    Fact(f"{_SPECIAL}.nihachi.value", INT, TABLE, "二八's value in kan (H19)"),
    Fact(f"{_SPECIAL}.nihachi.over", INT, TABLE, "the card points above par 二八 takes (H19)"),
    Fact(f"{_SPECIAL}.nihachi.per_point", INT, TABLE, "the kan 二八 gains for each point beyond that (H19)"),
    Fact(f"{_SPECIAL}.sujuroku", BOOL, TABLE, "the game plays 素十六 (H19; hanafuda.special_roles has sujuroku)"),
    Fact(f"{_SPECIAL}.sujuroku.value", INT, TABLE, "素十六's value in kan (H19)"),
    Fact(f"{_SPECIAL}.sujuroku.chaff", INT, TABLE, "the chaff 素十六 takes (H19)"),
    Fact(f"{_SPECIAL}.sujuroku.per_extra", INT, TABLE, "the kan 素十六 gains for each chaff beyond that (H19)"),
)


# the facts of the events inside the play (docs/effects.md, "Points inside the play"), each read
# only at its point: the capture just made (after_capture), the turn just played (after_turn)
CAPTURE_FACTS: tuple[Fact, ...] = (
    Fact("capture.taker", INT, TABLE, "the seat number of the seat that captured (H14)"),
    Fact("capture.turned", BOOL, TABLE, "the capturing card was turned from the stock, not played from the hand "
                                        "(H14)"),
    Fact("capture.cards", INT, TABLE, "the cards the capture took to the pile: the capturing card and the field cards "
                                      "it took (2, or 4 when it took three)"),
    Fact("capture.brights", INT, TABLE, "the brights among those cards"),
    Fact("capture.points", INT, TABLE, "the card points of those cards (H1)"),
    Fact("captured", BOOL, SEAT, "the seat made the capture"),
    Fact("fed", BOOL, SEAT, "another seat than the taker laid on the field, from its hand in its own turn this "
                            "round, a card the capture took (法度: it fed the capture); after_turn: one of the "
                            "turn's captures"),
)
# facts of the cards, read at any point (0 before the deal)
CARD_FACTS: tuple[Fact, ...] = (
    Fact("field_cards.brights", INT, TABLE, "the brights face up on the field now (H14; 0 before the deal)"),
    Fact("field_cards.count", INT, TABLE, "the cards face up on the field now (0 before the deal)"),
    Fact("field_cards.dealt_brights", INT, TABLE, "the brights dealt face up to the field this round (H4; 0 before "
                                                  "the deal)"),
    Fact("brights", INT, SEAT, "the brights in the seat's captures this round so far"),
    Fact("played_on", BOOL, SEAT, "the seat answered play on (koi) at least once this round (H18 choose, K15)"),
    Fact("round.play_ons", INT, TABLE, "how many times the seats answered play on (koi) this round, all together"),
)


def _setting(name: str, ruleset: Any) -> int:
    """The fact ``name`` that reads a setting, read from a ruleset of matching play."""
    return special_setting(ruleset.kind_rules, name)


# hanafuda.* are settings of the rule file, the same all game (folded into a game's effects)
FACTS: tuple[Fact, ...] = tuple(replace(f, fixed=True, setting=partial(_setting, f.name))
                                if f.name.startswith("hanafuda.") else f for f in _FACTS)


def special_setting(rules: HanafudaRules, name: str) -> int:
    """The value of the fact ``name`` of :data:`FACTS` that reads a setting of ``rules``."""
    if name == "hanafuda.par":
        return rules.par
    if name == "hanafuda.kan":
        return rules.kan
    role, _, key = name[len(_SPECIAL) + 1:].partition(".")
    special = rules.specials.get(role)
    if not key:
        return int(special is not None)
    if special is None:
        return 0
    if key == "dealer_pays":
        return int(special.dealer == "pays")
    return int(getattr(special, key))


_DEAL_SIZES = (("hanafuda", "field_cards"), ("hanafuda", "par"), ("hanafuda", "sit_out", "count"))


def numbers(data: Mapping[str, Any]) -> list[tuple[tuple[Any, ...], Any]]:
    """The places of its numbers that may be expressions of the table (docs/effects.md, "Numbers
    that depend on the table"), all sizes of its deal, each may also be given by the number of
    players: the field cards (H4), par (H21) and how many sit a round out (H2).

    >>> numbers({"hanafuda": {"par": {"3": 88, "4": 66}, "sit_out": {"count": 1}}})
    [(('hanafuda', 'par'), {'3': 88, '4': 66}), (('hanafuda', 'sit_out', 'count'), 1)]
    """
    return written_at(data, _DEAL_SIZES)


RULES = RuleKind(
    kind="matching",
    title="matching play (hanafuda)",
    own_keys=frozenset({"hanafuda"}),
    own_transfers=frozenset(MatchingTransfer),
    checks=(check_matching, check_hanafuda_roles, check_capture_payment),
    own_roles_at=("hanafuda", "capture_roles"),
    own_role_problems=check_capture_roles,
    own_roles_of=evaluate_pile,
    parts=matching_parts,
    phases=tuple(MatchingPhase),
    transfer_words={t.value: TransferWords(f"kind.matching.transfer.{t.value}") for t in MatchingTransfer},  # catalogs
    own_facts=(*FACTS, *CARD_FACTS, *CAPTURE_FACTS, *TURN_FACTS),
    multiplied_by_default=("roles", "capture_roles", "special_roles", "card_points", "effect"),
    play_points={"after_capture": tuple(f.name for f in CAPTURE_FACTS),
                 "after_turn": (*(f.name for f in TURN_FACTS), "fed")},
    settled_within=(("special_roles", "hanafuda_hachihachi"),),
    numbers=numbers,
    deal_sizes=_DEAL_SIZES,
    made_in_play=frozenset({"card_points", "round.most_card_points", "capture_roles", "chaff", "brights", "stopped",
                            "play_ons", "played_on", "round.stopped", "round.play_ons"}),
    book=BOOK,
)

__all__ = ["Bonus", "HanaField", "HanafudaRules", "Name", "Special", "build_hanafuda"]
