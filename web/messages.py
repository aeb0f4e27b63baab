"""What the server sends to one seat: built from ``GameState.view(seat)`` and the table's public
narration only, so that no message holds another hand or the stock.

Cards travel as the deck's card numbers; the page draws each from ``/cards/DECK/N.svg``. Texts of
the screen (the choices, the question, the ``?`` explanation and the hint) come from the
terminal's own functions (:mod:`hachihachi.cli.screen`, :mod:`hachihachi.cli.tui_input`,
:mod:`hachihachi.interpreter.bots.hint`) in the seat's language.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from typing import Any, Optional

from ..interpreter.engine.actions import Choose, YesNo
from ..interpreter.engine.registry import plugin_for
from ..interpreter.engine.view import View
from ..ruleset.catalog import LANGS as CATALOG_LANGS, say, section
from ..ruleset.model import Ruleset
from ..ruleset.safetext import escape
from .cards import card_label, card_title, sort_key
from .tables import LANGS, Table, ordered_legal

MAX_TEXT = 400


def text(value: object) -> str:
    """A text for the page: control characters escaped and bounded (the page adds HTML escaping)."""
    return escape(str(value), MAX_TEXT)


def _summary(table: Table, lang: str) -> Optional[dict[str, Any]]:
    """The last round's end with its account in ``lang``."""
    if table.summary is None:
        return None
    out = {k: v for k, v in table.summary.items() if k != "lines_ja"}
    if lang == "ja":
        out["lines"] = table.summary["lines_ja"]
    return out


def _screen(table: Table, lang: str) -> Any:
    from ..cli.screen import Screen

    return Screen(table.ruleset, table.session.names, lang if lang in LANGS else "en", False)


def page_word(lang: str, key: str, **values: object) -> str:
    """The page's own words where the terminal's speak of its keys and numbers (the catalogs'
    ``web.*``; a language the catalogs lack reads English)."""
    return say(lang if lang in CATALOG_LANGS else "en", f"web.{key}", **values)


@lru_cache(maxsize=1)
def page_words_script() -> str:
    """The pages' own words (the catalogs' ``web.page``) in every language of the catalogs, as
    the script that gives the pages' scripts their ``WORDS`` (``/words.js``, read before
    ``static/common.js``): ``WORDS[lang][key]``, a nested id as nested objects. Their ``{n}`` and
    ``{who}`` are filled in by the page's ``t(key, values)``."""
    words: dict[str, dict[str, Any]] = {}
    for lang in CATALOG_LANGS:
        mine = words[lang] = {}
        for key, said in section(lang, "web.page").items():
            *path, last = key.split(".")
            node = mine
            for part in path:
                node = node.setdefault(part, {})
            node[last] = said
    return (f"\"use strict\";\nconst LANGS = {json.dumps(list(CATALOG_LANGS))};\n"
            f"const WORDS = {json.dumps(words, ensure_ascii=False, sort_keys=True)};\n")


def choice_label(screen: Any, action: Any, v: View) -> str:
    """The words of a choice: a question's answer (``Choose``) in the play kind's own words where
    it has them (stop or play on, H18; stop (勝負) or koi (こいこい), K15), else as the terminal's."""
    if isinstance(action, Choose):
        own = screen.kind.choice(screen, action, v)
        if own is not None:
            return str(own)
    return str(screen.choice(action, v))


def choice_item(i: int, action: object, label: str, deck: Any = None, lang: str = "en") -> dict[str, Any]:
    item: dict[str, Any] = {"i": i, "label": text(label)}
    card = getattr(action, "card", None)
    if isinstance(card, int):                   # a card played, or the card that captures
        item["card"] = card
        if deck is not None:
            item["label"] = text(card_label(deck, card, lang))
    target = getattr(action, "target", None)
    if isinstance(target, int):
        item["target"] = target
        if deck is not None and isinstance(card, int):
            item["label"] = text(page_word(lang, "takes", card=card_label(deck, card, lang),
                                           target=card_label(deck, target, lang)))
    if isinstance(action, YesNo):               # go / drop, split / play, mizuten / no
        item["word"] = action.word
    elif isinstance(action, Choose):            # a question's answer: a button, as a yes or no is
        item["word"] = action.option
    return item


def field_item(v: View, lang: str) -> Optional[dict[str, Any]]:
    if v.field is None:
        return None
    return {"id": v.field.id, "name": text(v.field.name(lang)), "ja": text(v.field.name.ja),
            "multiplier": v.multiplier}


CARD_CLASSES = ("bright", "animal", "ribbon", "chaff")


def captures(ruleset: Ruleset, v: View) -> list[dict[str, Any]]:
    """Each seat's captured cards and their card points (matching play), and the same cards
    grouped by kind (bright, animal, ribbon, chaff) with the points of each group; no points
    (None) in a game that scores no card points (Koi-Koi, K1)."""
    deck: Any = ruleset.deck
    points = getattr(deck, "points_of", None)
    counted = plugin_for(ruleset).shown(ruleset).card_points
    out = []
    for s, cs in v.own("captures", ()):
        item: dict[str, Any] = {"seat": s, "cards": list(cs), "points": points(cs) if points and counted else None}
        if points is not None:
            groups = []
            for card_class in CARD_CLASSES:
                mine = sorted(c for c in cs if deck.card_class(c) == card_class)
                if mine:
                    groups.append({"kind": card_class, "cards": mine, "points": points(mine) if counted else None})
            item["groups"] = groups
        out.append(item)
    return out


def matches(table: Table, v: View) -> dict[str, list[int]]:
    """Matching play: the field cards of each hand card's month (H14, a card takes a field card of
    its month), for the page to light them; empty for the trick game."""
    if table.ruleset.play != "matching":
        return {}
    deck: Any = table.ruleset.deck
    field = list(v.own("table_cards", ()))
    return {str(c): [f for f in field if deck.rank(f) == deck.rank(c)] for c in v.hand}


def page_question(table: Table, v: View, legal: tuple[Any, ...], screen: Any, lang: str) -> str:
    """The question in the page's words: the play of a card told as a tap, everything else as the
    terminal asks it."""
    deck: Any = table.ruleset.deck
    cards = [a for a in legal if isinstance(getattr(a, "card", None), int)]
    if cards and len(cards) == len(legal):
        turned = v.own("turned", None)
        if isinstance(turned, int) and all(getattr(a, "card", None) == turned for a in cards):
            return page_word(lang, "turned", card=card_label(deck, turned, lang))
        return page_word(lang, "match" if table.ruleset.play == "matching" else "play")
    return str(screen.question(v))


def _asked(table: Table, v: View, legal: tuple[Any, ...], screen: Any, lang: str) -> str:
    """The question, and what each answer is worth now where the play kind tells it (Koi-Koi's
    stop and koi: the stop's payment from the file's own effects, K15-K16)."""
    question = page_question(table, v, legal, screen, lang)
    worth = screen.worth(table.game, v)
    return question if worth is None else f"{question} {worth}"


def seen_cards(out: dict[str, Any]) -> set[int]:
    """Every card a state shows (for their names on a long press)."""
    seen = set(out["hand"]) | set(out["trick"]) | set(out["table_cards"])
    for c in out["captures"]:
        seen |= set(c["cards"])
    for key in ("indicator", "turned"):
        if isinstance(out.get(key), int):
            seen.add(out[key])
    if out.get("last_trick"):
        seen |= set(out["last_trick"]["cards"])
    return seen


def state(table: Table, seat: int, lang: str = "en") -> dict[str, Any]:
    """Everything ``seat`` sees of the table now."""
    g, s = table.game, table.session
    v = g.view(seat)
    screen = _screen(table, lang)
    legal = ordered_legal(table, seat)
    deck: Any = table.ruleset.deck
    shown = plugin_for(table.ruleset).shown(table.ruleset)     # a game without a field kind or a pot hides them
    suit = v.own("trump")                       # the play kind's own fields: both kinds' keys are sent
    trump = deck.suits[suit] if suit is not None else None
    out: dict[str, Any] = {
        "type": "state", "table": table.id, "seat": seat, "turn": table.turn,
        "title": text(table.ruleset.title(lang)),
        "play": table.ruleset.play, "lang": lang,
        "names": [text(n) for n in s.names],
        "kinds": ["person" if i in table.tokens else text(b) for i, b in enumerate(s.bots)],
        "connected": [table.connected.get(i, 0) > 0 for i in range(g.players)],
        "round": v.round_index + 1, "rounds": v.rounds, "over": g.is_terminal,
        "phase": v.phase.value if v.phase is not None else None,
        "to_act": v.to_act if v.to_act is None or v.to_act >= 0 else None,
        "start": v.start, "mizuten": v.own("mizuten", False),
        "field": field_item(v, lang) if shown.field else None, "indicator": v.own("indicator", None),
        "trump": text(trump) if trump else None,
        "pot": v.pot, "shows_pot": shown.pot or v.pot != 0,
        "pots": [[name, chips] for name, chips in v.pots], "chips": list(v.chips),
        "declarations": [[d, go] for d, go in v.declarations], "goers": list(v.goers),
        "dropped": list(v.dropped), "forced_out": list(v.forced_out),
        "tricks_won": [[w, n] for w, n in v.own("tricks_won", ())],
        "trick": list(v.own("trick", ())), "trick_leader": v.own("trick_leader", None),
        "table_cards": list(v.own("table_cards", ())), "captures": captures(table.ruleset, v),
        "stock_left": v.own("stock_left", 0),
        "turned": v.own("turned", None), "hand": sorted(v.hand, key=sort_key(deck)),
        "question": text(_asked(table, v, legal, screen, lang)) if legal else None,
        "choices": [choice_item(i, a, choice_label(screen, a, v), deck, lang) for i, a in enumerate(legal)],
        "matches": matches(table, v), "last_trick": table.last_trick, "standins": sorted(table.standins),
        "awaited": table.awaited(),
        "turn_seconds": table.turn_seconds, "deadline_in": _deadline_in(table),
        "mizuten_by": v.start if v.own("mizuten", False) else None,
        "log": [text(line) for line in table.logs(lang)[-40:]],
        "waiting": sorted(table.waiting), "summary": _summary(table, lang) if seat in table.waiting else None,
        "last_round": _summary(table, lang),
        "save_error": text(table.save_error) if table.save_error else None,
    }
    out["card_names"] = {str(c): text(card_title(deck, c, lang)) for c in sorted(seen_cards(out))}
    if g.is_terminal:
        order = sorted(range(g.players), key=lambda i: (-g.chips[i], i))
        out["standings"] = [{"seat": i, "chips": g.chips[i], "change": g.returns[i]} for i in order]
        out["winners"] = list(g.winners)
    return out


def _deadline_in(table: Table) -> Optional[float]:
    """Seconds until the table stops waiting (the page counts them down), or None."""
    import time

    when = table.deadline()
    return None if when is None else round(max(0.0, when - time.monotonic()), 1)


def _page_line(line: str, lang: str) -> str:
    """A line of the terminal's explanation with its words about the terminal replaced."""
    return line.replace(page_word(lang, "terminal_legal"), page_word(lang, "page_legal"))


def explain(table: Table, seat: int, lang: str) -> list[str]:
    """The terminal's ``?`` explanation of the decision in front of ``seat``."""
    from ..cli.tui_input import explain as explain_decision

    v = table.game.view(seat)
    if v.phase is None:
        return []
    lang = lang if lang in LANGS else "en"
    return [text(_page_line(line, lang)) for line in explain_decision(v, table.ruleset, lang)]


def hint(table: Table, seat: int, lang: str, iterations: int = 400, game: Any = None) -> list[str]:
    """The terminal's ``hint``: the search's expected change of the seat's chips per choice.
    ``game``: a copy of the table's game to search (the server's, taken while it was the seat's
    turn, so that the table goes on meanwhile)."""
    from ..interpreter.bots.hint import hints

    if game is None:
        if table.person_to_act() != seat:
            return []
        game = table.game
    v = game.view(seat)
    screen = _screen(table, lang)
    rng = random.Random(f"{table.session.seed}:{len(game.events)}")       # as the terminal's
    out = [screen.t("hint_head")]                       # the terminal's words
    for h in hints(game, seat, rng, iterations=iterations):
        spread = (screen.t("hint_range", low=f"{h.low:+.1f}", high=f"{h.high:+.1f}") if h.samples > 1
                  else screen.t("hint_few"))
        out.append(text(f"{choice_label(screen, h.action, v)}: {h.mean:+.1f} ({spread})"))
    return out
