"""Card pictures, drawn as SVG from the rule file's deck: no image comes from anywhere else.

A suited deck (the trick game's) gives each card its rank and suit: corner indices and a large
suit sign, red for hearts and diamonds. A hanafuda deck gives each card its month (number and
the month's plant name), its kind (bright, animal, ribbon, chaff: a gold sun, a red seal, a
ribbon, plain) and its own name in both languages. Every text of the rule file is escaped.

"""

from __future__ import annotations

from html import escape
from typing import Any

W, H = 70, 100
SUIT_SIGNS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
SUIT_COLOURS = {"s": "#1b1b1b", "h": "#c62828", "d": "#c62828", "c": "#1b1b1b"}
RANK_WORDS = {"T": "10"}
# colours of the twelve months' plants (pine, plum, cherry, wisteria, iris, peony, bush clover,
# susuki grass, chrysanthemum, maple, willow, paulownia)
MONTH_COLOURS = ("#2e7d32", "#ad1457", "#f48fb1", "#7e57c2", "#3949ab", "#d81b60", "#c2185b",
                 "#8d6e63", "#f9a825", "#e53935", "#558b2f", "#6d4c41")
KIND_MARKS = {"bright": ("#f9c846", "#b8860b"), "animal": ("#8d2b1f", "#5d1a12"),
              "ribbon": ("#d32f2f", "#7f0000"), "chaff": (None, None)}


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
    data = deck.cards_data[card]
    month = data.month
    ja_month, en_month = deck.month_names[month - 1] if month <= len(deck.month_names) else ("", "")
    plant = MONTH_COLOURS[(month - 1) % len(MONTH_COLOURS)]
    fill, line = KIND_MARKS.get(data.kind, (None, None))
    font = 'font-family="Noto Sans CJK JP, DejaVu Sans, sans-serif"'
    parts = [f'<rect x="5" y="5" width="{W - 10}" height="{H - 10}" rx="4" fill="#fbe9d0"/>',
             # the month's plant: three leaves and a stem in its colour
             f'<path d="M12 86 Q35 40 58 22" stroke="{plant}" stroke-width="4" fill="none"/>',
             f'<ellipse cx="22" cy="66" rx="9" ry="5" fill="{plant}" transform="rotate(-35 22 66)"/>',
             f'<ellipse cx="40" cy="44" rx="9" ry="5" fill="{plant}" transform="rotate(-40 40 44)"/>',
             f'<ellipse cx="54" cy="28" rx="8" ry="4.5" fill="{plant}" transform="rotate(-45 54 28)"/>',
             f'<text x="8" y="19" font-size="13" font-weight="bold" fill="#222" {font}>{month}</text>',
             f'<text x="{W - 8}" y="19" font-size="13" text-anchor="end" fill="#222" {font}>{escape(ja_month)}</text>']
    if data.kind == "bright":
        parts.append(f'<circle cx="46" cy="62" r="13" fill="{fill}" stroke="{line}" stroke-width="2"/>')
    elif data.kind == "animal":
        parts.append(f'<rect x="34" y="50" width="24" height="22" rx="5" fill="{fill}" stroke="{line}" '
                     f'stroke-width="2"/>')
    elif data.kind == "ribbon":
        ribbon = "#1e3a8a" if "blue" in data.en.lower() else fill
        parts.append(f'<rect x="40" y="30" width="12" height="46" fill="{ribbon}" stroke="{line}" '
                     f'stroke-width="1.5" transform="rotate(12 46 53)"/>')
    parts.append(f'<rect x="5" y="78" width="{W - 10}" height="17" fill="#ffffffd0"/>')
    parts.append(f'<text x="{W // 2}" y="90" font-size="9" text-anchor="middle" fill="#222" {font}>'
                 f'{escape(data.ja)}</text>')
    label = f"{deck.name(card)} {data.ja} {data.en} ({en_month}, {data.kind})"
    return _frame("".join(parts), label, "#7a1f1f")


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

