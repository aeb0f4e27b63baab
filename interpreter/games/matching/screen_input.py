"""Reading the human's answers in a matching round (hanafuda, H14, H15).

An answer is a number, one card name or two (``CARD TARGET``, also ``3b->3r``). One card names a
``Play(card)`` when that is legal, or, when a turned card waits for its choice, the field card it
takes. Anything else raises :class:`~.tui_input.BadAnswer` with the reason.
"""

from __future__ import annotations

import re
from typing import Iterable, NoReturn, cast

from ...engine.actions import ActionBase, Play
from .play import PLAY_ON, ROLE_ANSWERS, STOP, Capture
from ...engine.view import View
from ....ruleset.errors import CardError, shown
from .deck import HanafudaDeck
from ....ruleset.model import Ruleset
from ....cli.answers import BadAnswer

_SPLIT = re.compile(r"\s*(?:->|>|,|\s)\s*")


def order(v: View, rules: Ruleset) -> tuple[ActionBase, ...]:
    """The legal actions in numbering order: by the card's month, then by the target's."""
    if STOP in v.legal:                 # H18, choose: stop, then play on
        return ROLE_ANSWERS
    key = rules.deck.sort_key
    plays = [a for a in v.legal if isinstance(a, (Play, Capture))]       # all of them in matching play
    return tuple(sorted(plays, key=lambda a: (key(a.card), key(a.target if isinstance(a, Capture) else a.card))))


def parse(answer: str, v: View, rules: Ruleset) -> ActionBase:
    """The legal action named by one or two card names (a bad answer raises :class:`BadAnswer`)."""
    if STOP in v.legal:
        return _stop_or_play_on(answer)
    words = [w for w in _SPLIT.split(answer.strip()) if w]
    if len(words) > 2:
        raise BadAnswer("Name one card, or a card and the field card it takes (like '3b 3r').",
                        "札を一枚、または札と取る場札を答えてください (例 '3b 3r')。")
    try:
        named = [rules.deck.parse(w) for w in words]
    except CardError as e:
        raise BadAnswer(e.message, f"{shown(answer.strip())} は花札ではありません。") from None
    if v.play.turned is not None:
        return _turned(named, v.play.turned, v, rules)
    if len(named) == 1:
        return _one(named[0], v, rules)
    return _two(named[0], named[1], v, rules)


STOP_WORDS = frozenset({"stop", "s", "打ち切る", "止める", "やめる", "勝負", "shobu"})
PLAY_ON_WORDS = frozenset({"play_on", "play on", "on", "p", "下げ", "下げる", "続ける",
                           "koi", "k", "koikoi", "こいこい"})


def _stop_or_play_on(answer: str) -> ActionBase:
    """H18 with ``after_capture_role: choose``: 'stop' or 'play on' (or 打ち切る / 下げる)."""
    low = " ".join(answer.strip().lower().split())
    if low in STOP_WORDS:
        return STOP
    if low in PLAY_ON_WORDS:
        return PLAY_ON
    raise BadAnswer(f"{shown(answer.strip())} is not an answer here: type 1 or 'stop' to stop the round, "
                    "2 or 'play on' to play on (H18).",
                    f"{shown(answer.strip())} は答えになりません: 打ち切るなら 1 か '打ち切る'、"
                    "続けるなら 2 か '下げる' (H18)。")


def _targets(card: int, v: View) -> list[int]:
    return [a.target for a in v.legal if isinstance(a, Capture) and a.card == card]


def _names(cards: Iterable[int], rules: Ruleset, sep: str = " or ") -> str:
    return sep.join(rules.deck.name(c) for c in cards)


def _turned(named: list[int], turned: int, v: View, rules: Ruleset) -> Capture:
    """H15: the turned card matches two field cards; the answer names the one it takes."""
    name = rules.deck.name
    targets = _targets(turned, v)
    target = named[-1]
    if len(named) == 2 and named[0] != turned:
        raise BadAnswer(f"You turned {name(turned)}: say which field card it takes, "
                        f"{_names(targets, rules)} ('{name(turned)} {name(targets[0])}').",
                        f"めくった {name(turned)} で取る場札を答えてください: {_names(targets, rules, '・')} "
                        f"('{name(turned)} {name(targets[0])}')。")
    if Capture(turned, target) in v.legal:
        return Capture(turned, target)
    if len(named) == 1 and target == turned:
        raise BadAnswer(f"{name(turned)} takes {_names(targets, rules)}: answer with the number or "
                        f"'{name(turned)} {name(targets[0])}'.",
                        f"{name(turned)} は {_names(targets, rules, '・')} を取れます: 番号か "
                        f"'{name(turned)} {name(targets[0])}' で答えてください。")
    raise BadAnswer(f"The turned {name(turned)} takes {_names(targets, rules)}, not {name(target)} (H15).",
                    f"めくった {name(turned)} が取るのは {_names(targets, rules, '・')} で、{name(target)} "
                    "ではありません (H15)。")


def _one(card: int, v: View, rules: Ruleset) -> Play:
    name = rules.deck.name
    if Play(card) in v.legal:
        return Play(card)
    if card not in v.hand:
        return _not_held(card, v, rules)
    targets = _targets(card, v)
    if targets:
        raise BadAnswer(f"{name(card)} takes {_names(targets, rules)}: answer with the number or "
                        f"'{name(card)} {name(targets[0])}'.",
                        f"{name(card)} は {_names(targets, rules, '・')} を取れます: 番号か "
                        f"'{name(card)} {name(targets[0])}' で答えてください。")
    raise BadAnswer(f"{name(card)} cannot be played now.", f"{name(card)} は今は出せません。")


def _two(card: int, target: int, v: View, rules: Ruleset) -> Capture:
    name = rules.deck.name
    if Capture(card, target) in v.legal:
        return Capture(card, target)
    if card not in v.hand:
        return _not_held(card, v, rules)
    table = v.play.table_cards
    if target not in table:
        raise BadAnswer(f"{name(target)} is not on the field; the field holds {_names(table, rules, ' ')}.",
                        f"{name(target)} は場にありません。場札は {_names(table, rules, ' ')}。")
    targets = _targets(card, v)
    if targets:
        raise BadAnswer(f"{name(card)} takes {_names(targets, rules)}, not {name(target)} (H14).",
                        f"{name(card)} が取るのは {_names(targets, rules, '・')} で、"
                        f"{name(target)} ではありません (H14)。")
    month = cast(HanafudaDeck, rules.deck).month          # the matching play kind deals hanafuda
    same = [f for f in v.play.table_cards if month(f) == month(card)]
    if not same:
        raise BadAnswer(f"{name(card)} matches no field card, so it goes to the field: answer '{name(card)}' (H14).",
                        f"{name(card)} と同じ月の場札はないので、場に置きます: '{name(card)}' と答えてください (H14)。")
    if month(target) != month(card):
        raise BadAnswer(f"{name(card)} can only take a card of its month: {_names(same, rules, ' ')} (H14).",
                        f"{name(card)} が取れるのは同じ月の札だけです: {_names(same, rules, ' ')} (H14)。")
    raise BadAnswer(f"{name(card)} takes {_names(same, rules, ' and ')} together, with no choice: "
                    f"answer '{name(card)}' (H14).",
                    f"{name(card)} は {_names(same, rules, '・')} をまとめて取ります: "
                    f"'{name(card)}' と答えてください (H14)。")


def _not_held(card: int, v: View, rules: Ruleset) -> NoReturn:
    raise BadAnswer(f"You do not hold {rules.deck.name(card)}; your hand is {_names(sorted(v.hand), rules, ' ')}.",
                    f"{rules.deck.name(card)} は手札にありません。手札は {_names(sorted(v.hand), rules, ' ')}。")
