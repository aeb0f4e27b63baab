"""Card notation: suited decks as data, cards as small integers.

A card is the integer ``rank * len(suits) + suit``, ranks counted from the lowest. The standard
52-card deck reads ranks ``2 3 4 5 6 7 8 9 T J Q K A`` (``10`` too) and suits ``s h d c``
(upper case and the symbols too):

>>> STANDARD_52.name(STANDARD_52.parse("10h"))
'Th'
>>> STANDARD_52.format(STANDARD_52.parse_list("As, kh ♦2"))
'As Kh 2d'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Protocol, runtime_checkable

from .errors import CardError, shown

SUIT_SYMBOLS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c"}
_SEPARATORS = re.compile(r"[\s,]+")


@runtime_checkable
class Deck(Protocol):
    """What every deck offers, whatever the game: cards as ``0 .. size-1`` with a rank and a suit
    (a hanafuda month and kind), names and parsing. :class:`SuitedDeck` and the hanafuda deck
    (``hanafuda.HanafudaDeck``) both meet it.

    >>> isinstance(STANDARD_52, Deck)
    True
    """

    @property
    def ranks(self) -> tuple[str, ...]: ...

    @property
    def suits(self) -> tuple[str, ...]: ...

    @property
    def rank_table(self) -> tuple[int, ...]:
        """Each card's :meth:`rank`, for the hot paths of play and of the bots."""

    @property
    def suit_table(self) -> tuple[int, ...]:
        """Each card's :meth:`suit`."""

    @property
    def size(self) -> int: ...

    @property
    def cards(self) -> range: ...

    def rank(self, card: int) -> int: ...

    def suit(self, card: int) -> int: ...

    def card(self, rank: int, suit: int) -> int: ...

    def rank_index(self, text: str) -> int: ...

    def suit_index(self, text: str) -> int: ...

    def name(self, card: int) -> str: ...

    def format(self, cards: Any) -> str: ...

    def parse(self, text: str) -> int: ...

    def parse_list(self, text: Any, unique: bool = True) -> tuple[int, ...]: ...

    def sort_key(self, card: int, trump: int | None = None) -> tuple[int, int]: ...


@dataclass(frozen=True)
class SuitedDeck:
    """A deck of every rank in every suit; ``ranks`` run from lowest to highest."""

    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    rank_aliases: tuple[tuple[str, str], ...] = ()
    _lookup: dict[str, int] = field(init=False, repr=False, compare=False)
    rank_table: tuple[int, ...] = field(init=False, repr=False, compare=False)  # each card's :meth:`rank`
    suit_table: tuple[int, ...] = field(init=False, repr=False, compare=False)  # each card's :meth:`suit`

    def __post_init__(self) -> None:
        object.__setattr__(self, "rank_table", tuple(map(self.rank, self.cards)))
        object.__setattr__(self, "suit_table", tuple(map(self.suit, self.cards)))
        lookup: dict[str, int] = {}
        aliases = dict(self.rank_aliases)
        for r, rank in enumerate(self.ranks):
            for s, suit in enumerate(self.suits):
                card = r * len(self.suits) + s
                for rank_text in [rank] + [a for a, target in aliases.items() if target == rank]:
                    lookup[(rank_text.upper() + suit.lower())] = card
        object.__setattr__(self, "_lookup", lookup)

    @property
    def size(self) -> int:
        return len(self.ranks) * len(self.suits)

    @property
    def cards(self) -> range:
        return range(self.size)

    def rank(self, card: int) -> int:
        """The rank index of ``card`` (0 is the lowest rank)."""
        return card // len(self.suits)

    def suit(self, card: int) -> int:
        """The suit index of ``card``."""
        return card % len(self.suits)

    def card(self, rank: int, suit: int) -> int:
        return rank * len(self.suits) + suit

    def rank_index(self, text: str) -> int:
        """The index of a rank written as in card notation (``T``, ``10``, ``a``)."""
        text = dict(self.rank_aliases).get(text.upper(), text.upper())
        for r, rank in enumerate(self.ranks):
            if rank.upper() == text:
                return r
        raise CardError(f"{shown(text)} is not a rank; ranks are {' '.join(self.ranks)}.")

    def suit_index(self, text: str) -> int:
        """The index of a suit written as a letter or a symbol."""
        letter = SUIT_SYMBOLS.get(text, text).lower()
        for s, suit in enumerate(self.suits):
            if suit.lower() == letter:
                return s
        raise CardError(f"{shown(text)} is not a suit; suits are {' '.join(self.suits)}.")

    def name(self, card: int) -> str:
        """The canonical name of ``card``, such as ``As`` or ``Th``."""
        if not isinstance(card, int) or not 0 <= card < self.size:
            raise CardError(f"{shown(card)} is not a card of this deck.")
        return self.ranks[self.rank(card)] + self.suits[self.suit(card)]

    def format(self, cards: Iterable[int]) -> str:
        return " ".join(self.name(c) for c in cards)

    def parse(self, text: str) -> int:
        """Read one card; raise :class:`CardError` naming the text when it is not a card."""
        if not isinstance(text, str):
            raise CardError(f"{shown(text)} is not a card; write a card like 'As' or 'Th'.")
        raw = text.strip()
        if len(raw) >= 2 and raw[-1] in SUIT_SYMBOLS:
            key = raw[:-1].upper() + SUIT_SYMBOLS[raw[-1]]
        elif len(raw) >= 2 and raw[0] in SUIT_SYMBOLS:
            key = raw[1:].upper() + SUIT_SYMBOLS[raw[0]]
        else:
            key = raw[:-1].upper() + raw[-1:].lower()
        card = self._lookup.get(key)
        if card is None:
            raise CardError(
                f"{shown(raw)} is not a card; write rank then suit, like 'As', 'Th' or '10h' "
                f"(ranks {' '.join(self.ranks)}, suits {' '.join(self.suits)})."
            )
        return card

    def parse_list(self, text: str | list[Any] | tuple[Any, ...], unique: bool = True) -> tuple[int, ...]:
        """Read cards separated by spaces or commas (or a list of card strings)."""
        items = card_items(text)
        cards = tuple(self.parse(t) for t in items)
        if unique and len(set(cards)) != len(cards):
            seen: set[int] = set()
            dup = cards[0]
            for c in cards:
                if c in seen:
                    dup = c
                    break
                seen.add(c)
            raise CardError(f"the card {self.name(dup)} is listed twice.")
        return cards

    def sort_key(self, card: int, trump: int | None = None) -> tuple[int, int]:
        """Sort by suit (trump first when given), then from high rank to low."""
        s = self.suit(card)
        return (-1 if s == trump else s, -self.rank(card))


STANDARD_52 = SuitedDeck(
    ranks=("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"),
    suits=("s", "h", "d", "c"),
    rank_aliases=(("10", "T"),),
)


def card_items(text: str | list[Any] | tuple[Any, ...]) -> list[Any]:
    """The items of a list of cards written as text (spaces or commas) or as a list."""
    if isinstance(text, str):
        return [t for t in _SEPARATORS.split(text.strip()) if t]
    if isinstance(text, (list, tuple)):
        return list(text)
    raise CardError(f"a list of cards is text like 'As Kh 2d' or a list of cards, not {shown(text)}.")
