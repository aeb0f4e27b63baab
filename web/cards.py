"""Card pictures, drawn as SVG from the rule file's deck: no image comes from anywhere else.

A suited deck (the trick game's) gives each card its rank and suit: corner indices and a large
suit sign, red for hearts and diamonds. A hanafuda deck's cards are drawn as a printed deck shows
them (:mod:`.hanafuda_art`: the month's plant and the card's own subject), with the month's number
in a corner and the card's English and Japanese names as the picture's title. Every text of the
rule file is escaped.

"""

from __future__ import annotations

from html import escape
from typing import Any

from ..ruleset.catalog import LANGS, maybe, say

W, H = 70, 100
SUIT_SIGNS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
SUIT_COLOURS = {"s": "#1b1b1b", "h": "#c62828", "d": "#c62828", "c": "#1b1b1b"}
RANK_WORDS = {"T": "10"}
# colours of the twelve months' plants (pine, plum, cherry, wisteria, iris, peony, bush clover,
# susuki grass, chrysanthemum, maple, willow, paulownia)
FACE = "#f6ecd6"


def _frame(body: str, label: str, back: str = "#fffdf7") -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
            f'role="img" aria-label="{escape(label)}">'
            f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="6" fill="{back}" stroke="#444" '
            f'stroke-width="1.5"/>'
            f'{body}</svg>')


def suited_svg(deck: Any, card: int) -> str:
    rank = deck.ranks[deck.rank(card)]
    letter = deck.suits[deck.suit(card)]
    sign = SUIT_SIGNS.get(letter, letter.upper())
    colour = SUIT_COLOURS.get(letter, "#1565c0")
    shown = escape(RANK_WORDS.get(rank, rank))
    font = 'font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold"'
    body = (f'<text x="7" y="20" font-size="17" fill="{colour}" {font}>{shown}</text>'
            f'<text x="7" y="36" font-size="15" fill="{colour}" {font}>{escape(sign)}</text>'
            f'<text x="{W // 2}" y="{H // 2 + 15}" font-size="42" text-anchor="middle" fill="{colour}" {font}>'
            f'{escape(sign)}</text>'
            f'<g transform="rotate(180 {W // 2} {H // 2})">'
            f'<text x="7" y="20" font-size="17" fill="{colour}" {font}>{shown}</text></g>')
    return _frame(body, deck.name(card))


def hanafuda_svg(deck: Any, card: int) -> str:
    """A hanafuda card as drawn by :mod:`.hanafuda_art` (its month's plant and its own subject),
    with a small month number in a corner and both its names as the picture's title."""
    from .hanafuda_art import H as ART_H, W as ART_W, picture

    data = deck.cards_data[card]
    month = data.month
    ja_month, en_month = deck.month_names[month - 1] if month <= len(deck.month_names) else ("", "")
    font = 'font-family="Noto Sans CJK JP, DejaVu Sans, sans-serif"'
    label = f"{data.en} · {data.ja} ({en_month} {ja_month}, {data.card_class} {data.points})"
    body = (f'<title>{escape(label)}</title>'
            f'<rect x="3" y="3" width="{W - 6}" height="{H - 6}" rx="4" fill="{FACE}"/>'
            f'<svg x="4" y="4" width="{W - 8}" height="{H - 8}" viewBox="0 0 {ART_W} {ART_H}" '
            f'preserveAspectRatio="none">'
            f'<defs><clipPath id="face"><rect width="{ART_W}" height="{ART_H}" rx="6"/></clipPath></defs>'
            f'<g clip-path="url(#face)">{picture(month, data.card_class, deck.suit(card), data.en)}</g></svg>'
            f'<rect x="{W - 17}" y="{H - 15}" width="13" height="11" rx="3" fill="#fffdf7e0"/>'
            f'<text x="{W - 10.5}" y="{H - 6.5}" font-size="8.5" font-weight="bold" text-anchor="middle" '
            f'fill="#222" {font}>{month}</text>')
    return _frame(body, label, "#2a1410")


def card_svg(deck: Any, card: int) -> str:
    """The picture of ``card`` of ``deck`` (a suited or a hanafuda deck)."""
    if hasattr(deck, "cards_data"):
        return hanafuda_svg(deck, card)
    return suited_svg(deck, card)


def back_svg() -> str:
    """The back of a card (the stock, the other players' hands)."""
    body = (f'<rect x="6" y="6" width="{W - 12}" height="{H - 12}" rx="4" fill="#7a1f1f"/>'
            f'<circle cx="{W // 2}" cy="{H // 2}" r="14" fill="none" stroke="#e0b050" stroke-width="3"/>')
    return _frame(body, "card back", "#fffdf7")


_MADE: dict[int, tuple[Any, tuple[str, ...]]] = {}


def deck_pictures(deck: Any) -> tuple[str, ...]:
    """Every card's picture of a deck, made once per deck (kept by the deck's id, with the deck)."""
    known = _MADE.get(id(deck))
    if known is None or known[0] is not deck:
        if len(_MADE) >= 64:
            _MADE.clear()
        known = _MADE[id(deck)] = (deck, tuple(card_svg(deck, c) for c in deck.cards))
    return known[1]


def card_label(deck: Any, card: int, lang: str = "en") -> str:
    """A card in the page's words: a hanafuda card by its name (``Crane``, ``松に鶴``), a suited
    card by its rank and suit sign (``10♦``)."""
    if hasattr(deck, "cards_data"):
        data = deck.cards_data[card]
        return str(data.ja if lang == "ja" else data.en)
    rank = deck.ranks[deck.rank(card)]
    letter = deck.suits[deck.suit(card)]
    return f"{RANK_WORDS.get(rank, rank)}{SUIT_SIGNS.get(letter, letter)}"


def card_title(deck: Any, card: int, lang: str = "en") -> str:
    """What a long press or the mouse shows of a card: both names, its kind and points (hanafuda),
    or its rank and suit in words."""
    lang = lang if lang in LANGS else "en"
    if hasattr(deck, "cards_data"):
        data = deck.cards_data[card]
        card_class = maybe(lang, f"web.cards.classes.{data.card_class}") or data.card_class
        return say(lang, "web.cards.title_hanafuda", en=data.en, ja=data.ja, card_class=card_class, points=data.points)
    letter = deck.suits[deck.suit(card)]
    suit = maybe(lang, f"web.cards.suits.{letter}") or letter
    return say(lang, "web.cards.title_suited", card=card_label(deck, card, lang), suit=suit)


def sort_key(deck: Any) -> Any:
    """How a hand is sorted: hanafuda by month, suited cards by suit, highest rank first."""
    if hasattr(deck, "cards_data"):
        return lambda c: c
    return lambda c: (deck.suit(c), -deck.rank(c))
