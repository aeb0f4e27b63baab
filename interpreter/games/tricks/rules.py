"""The play kind ``tricks`` in a rule file: a suited deck, fields chosen by the indicator's rank
(T8), the trick game's sections (``Ruleset.kind_rules``, a :class:`TrickRules`), its phases and
transfer kinds, and the checks of their meaning (those of the shared sections in
:mod:`hachihachi.ruleset.checks`, those of its round and its mizuten call here)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ....ruleset.cards import SuitedDeck
from ....ruleset.effects.play_points import TURN_FACTS
from ....ruleset.checks import Found, check_fields, check_players, check_rounds
from ....ruleset.expressions import BOOL, INT, SEAT, TABLE, Fact
from ....ruleset.kind_registry import transfer_named
from ....ruleset.model import Field, Phase, PhaseName, TransferReasonName
from ....ruleset.catalog import say
from ....ruleset.rulekind import BookWords, KindParts, RuleKind, TransferWords, written_at
from ....ruleset.roletable import _name


class TrickPhase(PhaseName):
    """The trick game's own phases of a round (its ``schema.json`` lists them)."""

    MIZUTEN_CALL = "mizuten_call"          # T6: the start player may call mizuten before the deal
    DEAL = "deal"                          # T7, T8: the hands, the indicator, the field
    TRICK_SETTLEMENT = "trick_settlement"  # T20, T21: written as effects (settlement:)
    MIZUTEN_BONUS = "mizuten_bonus"        # T22: written as effects (settlement:)


class TrickTransfer(TransferReasonName):
    """The trick game's own kinds of point transfer, which a field multiplier may apply to (T9)."""

    TRICKS = "tricks"                      # T20: the trick settlement
    MIZUTEN = "mizuten"                    # T22: the mizuten bonus


@dataclass(frozen=True)
class TrickFields:
    """T7, T8 beyond a multiplier: the fields (by id) without trump (``trump: none``), and those
    whose indicator goes into the start player's hand (``indicator: dealer_hand``)."""

    no_trump: frozenset[str] = frozenset()
    to_dealer: frozenset[str] = frozenset()


def trick_fields(fields: Any) -> TrickFields:
    return TrickFields(frozenset(f["id"] for f in fields if f.get("trump") == "none"),
                       frozenset(f["id"] for f in fields if f.get("indicator") == "dealer_hand"))


@dataclass(frozen=True)
class TrickSettlement:
    """T20, T21: the payment per trick of difference, and who takes the pot on a tie."""

    per_trick: int
    pot_tie: str = "earliest_goer"


@dataclass(frozen=True)
class TrickPlay:
    """How cards may be played to a trick (T19)."""

    must_follow_suit: bool = True
    must_trump: bool = False


@dataclass(frozen=True)
class Mizuten:
    """T6, T22: the mizuten call and its bonus."""

    enabled: bool
    goers: int
    min_tricks: int
    bonus: int


@dataclass(frozen=True)
class TrickRules:
    """The trick game's own sections of a rule file (``Ruleset.kind_rules``)."""

    trick_settlement: TrickSettlement
    mizuten: Mizuten
    trick_play: TrickPlay = TrickPlay()
    fields: TrickFields = TrickFields()                 # T7, T8 beyond a multiplier


def trick_rules_of(ruleset: Any) -> TrickRules:
    """The trick game's own sections of ``ruleset`` (its ``kind_rules``), typed."""
    own: TrickRules = ruleset.kind_rules
    return own


_NO_MIZUTEN = {"enabled": False, "goers": 0, "min_tricks": 0, "bonus": 0}


def trick_rules(data: Mapping[str, Any]) -> TrickRules:
    return TrickRules(trick_settlement=TrickSettlement(**(data.get("trick_settlement") or {"per_trick": 0})),
                      mizuten=Mizuten(**(data.get("mizuten") or _NO_MIZUTEN)),
                      trick_play=TrickPlay(**(data.get("trick_play") or {})),
                      fields=trick_fields(data.get("fields") or ()))


def trick_parts(data: Mapping[str, Any], places: Mapping[str, str] | None = None) -> KindParts:
    deck = data["deck"]
    return KindParts(
        deck=SuitedDeck(ranks=tuple(str(r) for r in deck["ranks"]), suits=tuple(str(s) for s in deck["suits"]),
                        rank_aliases=(("10", "T"),) if "T" in deck["ranks"] else ()),
        fields=tuple(
            Field(id=f["id"], name=_name(f.get("name"), f["id"]), ranks=tuple(str(r) for r in f.get("ranks") or ()),
                  multiplier=int(f["multiplier"]), applies_to=frozenset(map(transfer_named, f["applies_to"])),
                  cards=tuple(str(c) for c in f.get("cards") or ()), suits=tuple(str(x) for x in f.get("suits") or ()))
            for f in data["fields"]
        ),
        rules=trick_rules(data),
        dealt_beside_hands=1,
    )


# the trick game's round (T23): phase -> phases that must come before it, or after it, and the
# phases every round needs
NEEDS_BEFORE = {
    "declarations": ("deal",),
    "forced_out": ("declarations",),
    "two_goer_choice": ("declarations",),
    "one_goer_pot": ("declarations",),
    "role_settlement": ("declarations",),
    "play": ("declarations",),
    "trick_settlement": ("play",),
    "pot": ("declarations",),
    "mizuten_bonus": ("play",),
}
NEEDS_AFTER = {"mizuten_call": ("deal",)}
REQUIRED_PHASES = ("deal", "declarations")


def check_mizuten(data: dict[str, Any]) -> Found:
    m, phases = data["mizuten"], data["round"]
    if m["goers"] > data["declaration"]["max_goers"]:
        yield ("mizuten", "goers"), (f"mizuten.goers ({m['goers']}) is larger than declaration.max_goers "
                                     f"({data['declaration']['max_goers']}), so mizuten could never count.")
    if m["min_tricks"] > data["hand_size"]:
        yield ("mizuten", "min_tricks"), (f"mizuten.min_tricks ({m['min_tricks']}) is more tricks than a round has "
                                          f"(hand_size {data['hand_size']}).")
    if m["enabled"]:
        for phase in ("mizuten_call", "mizuten_bonus"):
            if phase not in phases:
                yield ("round",), (f"mizuten.enabled is true but round has no '{phase}' phase; "
                                               "add the phase or set mizuten.enabled to false.")


def check_round(data: dict[str, Any]) -> Found:
    phases = list(data["round"])
    seen: set[str] = set()
    for i, phase in enumerate(phases):
        if phase in seen:
            yield ("round", i), f"round lists the phase '{phase}' twice; each phase runs once."
        seen.add(phase)
    for phase in REQUIRED_PHASES:
        if phase not in phases:
            yield ("round",), f"round has no '{phase}' phase; every round needs one."
    for i, phase in enumerate(phases):
        for need in NEEDS_BEFORE.get(phase, ()):
            if need in phases and phases.index(need) > i:
                yield ("round", i), f"the phase '{phase}' comes before '{need}' in round; it needs '{need}' first."
            elif need not in phases and need not in REQUIRED_PHASES:
                yield ("round", i), f"round has the phase '{phase}' but no '{need}' phase before it."
        for need in NEEDS_AFTER.get(phase, ()):
            if need in phases and phases.index(need) < i:
                yield ("round", i), f"the phase '{phase}' comes after '{need}' in round; it must come before it."


# the facts effects read of a trick game (docs/effects.md): the settlement of the bundled file
# (T20-T22, its settlement:) reads them, and so may any house rule; the settings of its own
# sections are the same all game, each read from the ruleset by its reader (folded into a game's effects)
def _trick_settlement(rules: Any) -> TrickSettlement:
    return trick_rules_of(rules).trick_settlement


def _mizuten(rules: Any) -> Mizuten:
    return trick_rules_of(rules).mizuten


FACTS: tuple[Fact, ...] = (
    Fact("mizuten", BOOL, SEAT, "the seat called mizuten this round (T6)"),
    Fact("tricks", INT, SEAT, "the tricks the seat took this round (0 before the play and for a seat that did not "
                              "play)"),
    Fact("round.most_tricks", INT, TABLE, "the most tricks a seat took this round (0 before the play)"),
    Fact("trick_settlement.per_trick", INT, TABLE, "the chips per trick of difference between two goers (T20; the "
                                                   "setting trick_settlement.per_trick)", True,
         lambda r: _trick_settlement(r).per_trick),
    Fact("trick_settlement.pot_split", BOOL, TABLE, "goers tied for the most tricks share the pot (T21; the setting "
                                                    "trick_settlement.pot_tie is split)", True,
         lambda r: int(_trick_settlement(r).pot_tie == "split")),
    Fact("mizuten.bonus", INT, TABLE, "the mizuten bonus each seat pays (T22; the setting mizuten.bonus)", True,
         lambda r: _mizuten(r).bonus),
    Fact("mizuten.goers", INT, TABLE, "the goers a round needs for mizuten to count (T22; the setting "
                                      "mizuten.goers)", True, lambda r: _mizuten(r).goers),
    Fact("mizuten.min_tricks", INT, TABLE, "the tricks a mizuten start player needs for the bonus (T22; the "
                                           "setting mizuten.min_tricks)", True, lambda r: _mizuten(r).min_tricks),
)

# the facts of the events inside the play (docs/effects.md, "Points inside the play"), each read
# only at its point: the trick just taken (after_trick), the turn just played (after_turn)
TRICK_FACTS: tuple[Fact, ...] = (
    Fact("trick.number", INT, TABLE, "the trick's number in the round, 1 for the first (T19)"),
    Fact("trick.last", BOOL, TABLE, "the trick is the round's last: the hands are played out"),
    Fact("trick.taker", INT, TABLE, "the seat number of the seat that took the trick"),
    Fact("trick.leader", INT, TABLE, "the seat number of the seat that led the trick"),
    Fact("trick.led_suit", INT, TABLE, "the led suit, by its place in deck.suits (0 for the first: s in the bundled "
                                       "deck, then h, d, c)"),
    Fact("trick.led_trump", BOOL, TABLE, "the trick was led in the round's trump suit (T8)"),
    Fact("trick.trumps", INT, TABLE, "the cards of the trump suit played to the trick"),
    Fact("took_trick", BOOL, SEAT, "the seat took the trick"),
    Fact("led_trick", BOOL, SEAT, "the seat led the trick"),
    Fact("revoked", BOOL, SEAT, "the seat played to the trick a card not of the led suit while it held one of the led "
                                "suit (only with trick_play.must_follow_suit: false)"),
)

def numbers(data: Mapping[str, Any]) -> list[tuple[tuple[Any, ...], Any]]:
    """The places of its numbers that may be expressions of the table (docs/effects.md, "Numbers
    that depend on the table"): the payment per trick (T20) and the mizuten bonus (T22).

    >>> numbers({"trick_settlement": {"per_trick": "table.players - 1"}, "mizuten": {"bonus": 10}})
    [(('trick_settlement', 'per_trick'), 'table.players - 1'), (('mizuten', 'bonus'), 10)]
    """
    return written_at(data, (("trick_settlement", "per_trick"), ("mizuten", "bonus")))


def _settlement_values(ruleset: Any, lang: str) -> Mapping[str, object] | None:
    """The numbers of the rulebook's sentences of its settlement (T20-T22), from this file."""
    own = ruleset.kind_rules
    tricks, mizuten = getattr(own, "trick_settlement", None), getattr(own, "mizuten", None)
    if tricks is None or mizuten is None:
        return None
    return {"per": tricks.per_trick, "goers": mizuten.goers, "min": mizuten.min_tricks, "bonus": mizuten.bonus,
            "standing": say(lang, "rulebook.text.tricks_word")}


def _paragraph(w: Any, section: str) -> str | None:
    """T7, T8: how the deal turns the indicator, told above the fields."""
    if section == "fields" and w.r.dealt_beside_hands == 1:
        said: str = w.text("indicator_explained")
        return said
    return None


def _settlement_key(ruleset: Any, effect: Any, key: str) -> str:
    """T21: the pot is shared on a tie only with ``trick_settlement.pot_tie: split``."""
    if effect.name == "tie for the pot" and ruleset.kind_rules.trick_settlement.pot_tie != "split":
        return ""
    return key


# how the rulebook (hachi rulebook) writes its settings
BOOK = BookWords(
    sections=(("play", ("trick_play", "trick_settlement", "mizuten")),),
    paragraph=_paragraph,
    settlement_key=_settlement_key,
    facts=("tricks", "round.most_tricks", "mizuten"),
    settlement_files=("hachihachi_trick",),
    settlement_values=_settlement_values,
)


RULES = RuleKind(
    kind="tricks",
    title="trick play (Hachi-Hachi Trick)",
    own_keys=frozenset({"fields", "trick_settlement", "mizuten", "trick_play"}),
    own_transfers=frozenset(TrickTransfer),
    checks=(check_players, check_rounds, check_fields, check_mizuten, check_round),
    parts=trick_parts,
    indicator_makes_trump=True,
    phases=tuple(TrickPhase),
    settlement_phases=(TrickPhase.TRICK_SETTLEMENT, Phase.POT, TrickPhase.MIZUTEN_BONUS),
    standard_settlement="hachihachi_trick",
    own_facts=(*FACTS, *TRICK_FACTS, *TURN_FACTS),
    multiplied_by_default=("tricks", "roles", "mizuten", "effect"),
    play_points={"after_trick": tuple(f.name for f in TRICK_FACTS), "after_turn": tuple(f.name for f in TURN_FACTS)},
    transfer_words={t.value: TransferWords(f"kind.tricks.transfer.{t.value}") for t in TrickTransfer},   # catalogs
    numbers=numbers,
    made_in_play=frozenset({"tricks", "round.most_tricks"}),
    book=BOOK,
)
