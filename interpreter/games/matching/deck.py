"""The hanafuda deck (H1) as data, with its card notation.

A card is the integer ``(month - 1) * 4 + index``: the month is the *rank* (so shapes such as
``shape 4 3`` count cards of one month) and the index is the card's place within its month,
highest points first. The four indexes play the part of suits for the shared tables; they mean
nothing else, so ``suit ...`` sets are refused.

Notation: the month number (1-12), then the kind letter (``deck.kinds.K.letter``), then for chaff
only, when the month has more than one chaff card, its number: ``b`` bright (20), ``a`` animal (10), ``r`` ribbon (5),
``c`` chaff (1). So ``1b`` is the crane, ``1r`` pine's poetry ribbon, ``1c1`` and ``1c2`` its
chaff, ``8a`` the geese, ``11c`` the lightning, ``12c3`` paulownia's third chaff. Letters may be
upper case; the rule file lists every card with its id.

>>> from hachihachi.ruleset.loader import load_ruleset
>>> deck = load_ruleset("hanafuda_hachihachi").deck
>>> deck.format(deck.parse_list("1b, 11C 12c3"))
'1b 11c 12c3'
>>> deck.points(deck.parse("8a")), deck.card_class(deck.parse("3b")), deck.rank(deck.parse("12c1"))
(10, 'bright', 11)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from ....ruleset.cards import card_items
from ....ruleset.errors import CardError, RuleFileError, shown

CARD_CLASSES = ("bright", "animal", "ribbon", "chaff")
CARD_ID = re.compile(r"^(1[0-2]|[1-9])([a-z])([1-9]?)$")


def class_letters(classes: Mapping[str, Any]) -> dict[str, str]:
    """``deck.kinds.K.letter`` per kind (default: the kind's first letter), checked: one lower-case
    letter a-z each, all different, since card ids are written with them.

    >>> class_letters({"bright": {"letter": "H"}, "chaff": {}})
    {'bright': 'h', 'animal': 'a', 'ribbon': 'r', 'chaff': 'c'}
    """
    letters = {k: str((classes.get(k) or {}).get("letter", k[0])).lower() for k in CARD_CLASSES}
    for card_class, letter in letters.items():
        if not re.fullmatch("[a-z]", letter):
            raise RuleFileError(f"deck.kinds.{card_class}.letter is {shown(letter)}; a kind letter is one letter a-z.")
    if len(set(letters.values())) != len(letters):
        same = ", ".join(f"{k} {v}" for k, v in letters.items())
        raise RuleFileError(f"deck.kinds give two kinds the same letter ({same}); "
                            "card ids tell kinds apart by their letter.")
    return letters
PER_MONTH = 4


@dataclass(frozen=True)
class HanaCard:
    """One card as the rule file lists it."""

    id: str
    month: int            # 1-12
    card_class: str       # one of CARD_CLASSES (its ``kind`` in the rule file)
    points: int
    ja: str
    en: str


@dataclass(frozen=True)
class HanafudaDeck:
    """48 cards in 12 months of 4; the same protocol as :class:`~.cards.SuitedDeck`.

    ``changeling`` holds the cards that may count as chaff instead of their own kind (H10);
    empty when the rule file turns the changeling off.
    """

    cards_data: tuple[HanaCard, ...]
    month_names: tuple[tuple[str, str], ...]          # (ja, en) per month
    class_letters: tuple[tuple[str, str], ...]        # (card class, letter)
    changeling: frozenset[int] = frozenset()
    rank_aliases: tuple[tuple[str, str], ...] = ()
    class_names: tuple[tuple[str, str, str], ...] = ()  # (card class, ja, en), for sheets and narration
    as_chaff: frozenset[int] = frozenset()                  # cards patterns read as chaff (willow_as_chaff)
    _lookup: dict[str, int] = field(init=False, repr=False, compare=False)
    points_table: tuple[int, ...] = field(init=False, repr=False, compare=False)  # each card's :meth:`points`
    rank_table: tuple[int, ...] = field(init=False, repr=False, compare=False)  # each card's :meth:`rank`
    suit_table: tuple[int, ...] = field(init=False, repr=False, compare=False)  # each card's :meth:`suit`

    def __post_init__(self) -> None:
        object.__setattr__(self, "_lookup", {c.id.lower(): i for i, c in enumerate(self.cards_data)})
        object.__setattr__(self, "points_table", tuple(c.points for c in self.cards_data))
        object.__setattr__(self, "rank_table", tuple(map(self.rank, self.cards)))     # for the play's hot paths
        object.__setattr__(self, "suit_table", tuple(map(self.suit, self.cards)))

    # -- the SuitedDeck protocol ---------------------------------------------------------
    @property
    def ranks(self) -> tuple[str, ...]:
        return tuple(str(m) for m in range(1, len(self.month_names) + 1))

    @property
    def suits(self) -> tuple[str, ...]:
        return tuple(str(i) for i in range(PER_MONTH))

    @property
    def size(self) -> int:
        return len(self.cards_data)

    @property
    def cards(self) -> range:
        return range(self.size)

    def rank(self, card: int) -> int:
        """The month index of ``card`` (0 is January, 松)."""
        return card // PER_MONTH

    def suit(self, card: int) -> int:
        """The card's place within its month (0 is the highest)."""
        return card % PER_MONTH

    def card(self, rank: int, suit: int) -> int:
        return rank * PER_MONTH + suit

    def rank_index(self, text: str) -> int:
        """The index of a month written as its number (``1``-``12``)."""
        text = str(text).strip()
        if text.isdigit() and 1 <= int(text) <= len(self.month_names):
            return int(text) - 1
        raise CardError(f"'{text}' is not a month; months are 1 to {len(self.month_names)}.")

    def suit_index(self, text: str) -> int:
        raise CardError(f"hanafuda cards have no suits ('{text}'); name kinds with 'kind' or months with 'rank'.")

    def name(self, card: int) -> str:
        if not isinstance(card, int) or not 0 <= card < self.size:
            raise CardError(f"{card!r} is not a card of this deck.")
        return self.cards_data[card].id

    def format(self, cards: Iterable[int]) -> str:
        return " ".join(self.name(c) for c in cards)

    def parse(self, text: str) -> int:
        """Read one card such as ``1b`` or ``12c3``; raise :class:`CardError` naming the text."""
        if not isinstance(text, str):
            raise CardError(f"{shown(text)} is not a card; write a card like '1b' or '12c3'.")
        card = self._lookup.get(text.strip().lower())
        if card is None:
            letters = dict(self.class_letters)
            b, a, r, c = (letters.get(k, k[0]) for k in CARD_CLASSES)
            raise CardError(f"{shown(text.strip())} is not a hanafuda card; write the month, the kind letter "
                            f"({b} {a} {r} {c}) and for chaff its number, like "
                            f"'1{b}', '8{a}', '6{r}', '1{c}2', '11{c}'.")
        return card

    def parse_list(self, text: str | list[Any] | tuple[Any, ...], unique: bool = True) -> tuple[int, ...]:
        cards = tuple(self.parse(t) for t in card_items(text))
        if unique and len(set(cards)) != len(cards):
            dup = next(c for i, c in enumerate(cards) if c in cards[:i])
            raise CardError(f"the card {self.name(dup)} is listed twice.")
        return cards

    def sort_key(self, card: int, trump: int | None = None) -> tuple[int, int]:
        return (self.rank(card), self.suit(card))

    # -- hanafuda -----------------------------------------------------------------------
    def card_class(self, card: int) -> str:
        return self.cards_data[card].card_class

    def points(self, card: int) -> int:
        return self.points_table[card]

    def points_of(self, cards: Iterable[int]) -> int:
        """The card points of ``cards`` together (H1)."""
        return sum(map(self.points_table.__getitem__, cards))

    def month(self, card: int) -> int:
        """The month number, 1-12."""
        return self.cards_data[card].month

    def card_name(self, card: int, lang: str = "en") -> str:
        c = self.cards_data[card]
        return c.ja if lang == "ja" else c.en

    def class_cards(self, word: str) -> frozenset[int]:
        """The cards a ``kind`` item names: ``ribbon`` (printed kind), ``fixed_ribbon`` (of that kind
        and not a changeling, so it always counts as a ribbon), ``changeling``."""
        if word == "changeling":
            return self.changeling
        fixed = word.startswith("fixed_")
        card_class = word[len("fixed_"):] if fixed else word
        if card_class not in CARD_CLASSES:
            raise CardError(f"'{word}' is not a card kind; kinds are {', '.join(CARD_CLASSES)}, "
                            f"fixed_KIND and changeling.")
        return frozenset(c for c in self.cards
                         if self.pattern_class(c) == card_class and not (fixed and c in self.changeling))

    def pattern_class(self, card: int) -> str:
        """The kind a ``kind`` item reads: the printed kind, or chaff for a card read as chaff."""
        return "chaff" if card in self.as_chaff else self.card_class(card)

    def hand_role_deck(self, willow_as_chaff: bool, month: int) -> "HanafudaDeck":
        """The deck hand roles read: with ``willow_as_chaff`` the cards of ``month`` are chaff
        (no changeling); else this deck."""
        if not willow_as_chaff:
            return self
        from dataclasses import replace

        return replace(self, changeling=frozenset(),
                       as_chaff=frozenset(c for c in self.cards if self.month(c) == month))

    def with_changeling(self, cards: Iterable[int]) -> "HanafudaDeck":
        from dataclasses import replace

        return replace(self, changeling=frozenset(cards))


def build_hanafuda_deck(data: Mapping[str, Any], changeling_month: int | None = None) -> HanafudaDeck:
    """The deck of a rule file's ``deck:`` section (``months``, ``kinds``, ``cards``).

    With ``changeling_month``, that month's cards other than chaff are changelings (H10).
    """
    classes = data["kinds"]
    months = data["months"]
    letters = class_letters(classes)
    cards = _cards(data["cards"], classes, letters)
    _check_months(cards, len(months))
    deck = HanafudaDeck(tuple(cards), tuple(_names(m, i + 1) for i, m in enumerate(months)), tuple(letters.items()),
                        class_names=tuple((k, *_names(v, k)) for k, v in classes.items()))
    if changeling_month is not None:
        deck = deck.with_changeling(c for c in deck.cards
                                    if deck.month(c) == changeling_month and deck.card_class(c) != "chaff")
    return deck


def _names(entry: Mapping[str, Any], default: object) -> tuple[str, str]:
    """An entry's Japanese and English names (``name: {ja, en}``), each ``default`` when not written."""
    name = entry.get("name") or {}
    return str(name.get("ja", default)), str(name.get("en", default))


def _cards(listed: Any, classes: Mapping[str, Any], letters: Mapping[str, str]) -> list[HanaCard]:
    """The deck's cards by month, kind and id, each id checked against the card notation."""
    cards = []
    for c in sorted(listed, key=lambda c: (int(c["month"]), CARD_CLASSES.index(c["kind"]), str(c["id"]))):
        cid = str(c["id"])
        m = CARD_ID.match(cid.lower())
        if not m or int(m.group(1)) != int(c["month"]) or letters[c["kind"]] != m.group(2):
            raise RuleFileError(f"the card id '{cid}' does not follow the notation MONTH KIND-LETTER [NUMBER] "
                                f"for a {c['kind']} of month {c['month']} (the letter of {c['kind']} is "
                                f"'{letters[c['kind']]}').")
        cards.append(HanaCard(cid, int(c["month"]), c["kind"], int(classes[c["kind"]]["points"]), *_names(c, cid)))
    return cards


def _check_months(cards: list[HanaCard], months: int) -> None:
    """Four cards in each month, and no id twice."""
    per_month = [sum(1 for c in cards if c.month == m) for m in range(1, months + 1)]
    if any(n != PER_MONTH for n in per_month) or len(cards) != PER_MONTH * months:
        raise RuleFileError(f"a hanafuda deck has {PER_MONTH} cards in each of its {months} months; "
                            f"the file lists {per_month} cards per month.")
    if len({c.id.lower() for c in cards}) != len(cards):
        raise RuleFileError("two cards of the deck have the same id.")
