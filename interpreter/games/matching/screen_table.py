"""What ``hachi play`` shows of a matching round (hanafuda, H14-H21): the field cards face up,
each player's captures, the stock, the field kind and its multiplier, the hand by month.

The functions take the :class:`~.screen.Screen` that calls them (for its language, names and
card colours) and return text; nothing here reads more than the seat's :class:`View`.
"""

from __future__ import annotations

from typing import Optional, Sequence, cast


from ....cli.safeout import style

from ...engine.actions import Play
from .play import PLAY_ON, STOP, Capture, pile_roles
from ...engine.view import View
from .deck import HanafudaDeck
from .shown import shown as shown_of
from .worth import koi_worth
from ....ruleset.catalog import LANGS, say
from ....ruleset.model import Ruleset
from ....cli.screenkind import ScreenContext
from ...parts.go_drop.rules import GoDropPhase

CLASS_COLOURS = {"bright": "yellow", "animal": "red", "ribbon": "magenta", "chaff": None}
SHOWN_CLASSES = ("bright", "animal", "ribbon")      # captured cards named one by one; chaff counted


def _deck(screen: ScreenContext) -> HanafudaDeck:
    return cast(HanafudaDeck, screen.rules.deck)        # matching play is played with the hanafuda deck


def t(screen: ScreenContext, key: str, **kw: object) -> str:
    return say(screen.lang if screen.lang in LANGS else "en", f"kind.matching.screen.{key}", **kw)


def card(screen: ScreenContext, c: int) -> str:
    """A card's notation, coloured by kind when the screen has colour."""
    deck = _deck(screen)
    name = deck.name(c)
    if not screen.colour:
        return name
    return style(name, fg=CLASS_COLOURS.get(deck.card_class(c)), bold=True)


def cards(screen: ScreenContext, cs: Sequence[int]) -> str:
    """Cards sorted by month (then by points within the month)."""
    deck = _deck(screen)
    return " ".join(card(screen, c) for c in sorted(cs, key=deck.sort_key)) or screen.t("empty")


def has_declarations(rules: Ruleset) -> bool:
    return GoDropPhase.DECLARATIONS in rules.round


def dealt_line(screen: ScreenContext, field: Sequence[int], stock: int) -> str:
    """The deal as a person at the table sees it: the field face up and the stock's size."""
    return t(screen, "dealt", field=cards(screen, field), n=stock)


def table(screen: ScreenContext, v: View) -> list[str]:
    """The status block of a matching round (at most 6 lines before folding; the caller folds)."""
    lines = [header(screen, v), points(screen, v)]
    if has_declarations(screen.rules):
        lines.append(screen.parts_line(v))
    if not v.play.captures:                 # before the deal (a house rule's question at the round's start)
        return [*lines, t(screen, "not_dealt")]
    lines.append(f"{t(screen, 'field_cards')}: {cards(screen, v.play.table_cards)}")
    if any(cs for _, cs in v.play.captures):
        lines.append(captured(screen, v))
    lines.append(f"{screen.t('hand')}: {cards(screen, v.hand)}")
    return lines


def header(screen: ScreenContext, v: View) -> str:
    head = (f"== {screen.t('round', n=v.round_index + 1, of=v.rounds)} | "
            f"{t(screen, 'dealer')}: {screen.names[v.start]}")
    if v.field is not None and shown_of(screen.rules).field:
        name = v.field.name.ja if screen.lang == "ja" else f"{v.field.name.ja} {v.field.name.en}"
        head += f" | {name} x{v.multiplier}"
    if v.play.captures:                     # dealt
        head += f" | {t(screen, 'stock')} {v.play.stock_left}"
    if has_declarations(screen.rules) or v.pot:
        head += f" | {t(screen, 'pot')} {v.pot}"
    return head + "".join(f" | {name} {chips}" for name, chips in v.pots)    # the named pots (pots:)


def points(screen: ScreenContext, v: View) -> str:
    parts = [f"{'*' if seat == v.seat else ''}{screen.names[seat]} {chips}" for seat, chips in enumerate(v.chips)]
    return f"{t(screen, 'points')}: " + "  ".join(parts)


def captured(screen: ScreenContext, v: View) -> str:
    """Each player's captures: card points, the brights, animals and ribbons, and the chaff count."""
    deck = _deck(screen)
    counted = shown_of(screen.rules).card_points       # Koi-Koi scores no card points (K1)
    parts = []
    for seat, cs in v.play.captures:
        if not cs:
            parts.append(f"{screen.names[seat]} {t(screen, 'nothing')}")
            continue
        pts = deck.points_of(cs)
        shown = [c for c in cs if deck.card_class(c) in SHOWN_CLASSES]
        chaff = len(cs) - len(shown)
        text = cards(screen, shown) if shown else ""
        if chaff:
            text += f" +{chaff}{t(screen, 'chaff')}"
        counts = f"{pts}{t(screen, 'pts')} " if counted else ""
        parts.append(f"{screen.names[seat]} {counts}({text.strip()})")
    return f"{t(screen, 'captured')}: " + " | ".join(parts)


def _koi(screen: ScreenContext) -> bool:
    """Capture roles paid at the stop (Koi-Koi K15): the question is stop (勝負) or koi."""
    return bool(screen.rules.kind_rules.capture_roles_paid == "at_stop")


def question(screen: ScreenContext, v: View) -> str:
    if STOP in v.legal:
        if _koi(screen):
            piles = dict(v.play.captures)
            total = pile_roles(screen.rules, piles.get(v.seat, ()), piles.values()).go
            return f"{screen.t('your_turn')}: {t(screen, 'q_koi', total=total)}"
        return f"{screen.t('your_turn')}: {t(screen, 'q_role')}"
    if v.play.turned is not None:
        return f"{screen.t('your_turn')}: {t(screen, 'q_turned', card=card(screen, v.play.turned))}"
    return f"{screen.t('your_turn')}: {screen.t('q_play')}"


def worth(screen: ScreenContext, game: object, v: View) -> Optional[str]:
    """Koi-Koi's question: what a stop is paid now (the file's effects, run on a copy of the
    game) and what koi keeps (K15, K16); None for any other decision."""
    w = koi_worth(game, v.seat)
    if w is None:
        return None
    others = ", ".join(screen.names[s] for s in range(len(v.chips)) if s != v.seat)
    return t(screen, "koi_worth", paid=w.stop, total=w.total, others=others)


def choice(screen: ScreenContext, a: object) -> str:
    """``Play(card)`` as the card, ``Capture(card, target)`` as ``3b -> 3r``; H18's stop or play on
    in words."""
    if a in (STOP, PLAY_ON):
        if _koi(screen):
            return t(screen, "koi_stop" if a == STOP else "koi_on")
        return t(screen, "stop" if a == STOP else "play_on")
    assert isinstance(a, (Play, Capture))
    target = getattr(a, "target", None)
    if target is None:
        return card(screen, a.card)
    return f"{card(screen, a.card)} -> {card(screen, target)}"
