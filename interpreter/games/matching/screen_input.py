"""Reading the human's answers in a matching round (hanafuda, H14, H15).

An answer is a number, one card name or two (``CARD TARGET``, also ``3b->3r``). One card names a
``Play(card)`` when that is legal, or, when a turned card waits for its choice, the field card it
takes. Anything else raises :class:`~.tui_input.BadAnswer` with the reason.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable, NoReturn, cast

from ...engine.actions import ActionBase, Play
from .play import PLAY_ON, ROLE_ANSWERS, STOP, Capture
from ...engine.view import View
from ....ruleset.errors import CardError, shown
from .deck import HanafudaDeck
from ....ruleset.catalog import answer_words
from ....ruleset.model import Ruleset
from ....cli.answers import BadAnswer, joined

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
        raise BadAnswer("kind.matching.answers.one_or_two")
    try:
        named = [rules.deck.parse(w) for w in words]
    except CardError as e:
        raise BadAnswer("kind.matching.answers.not_a_card", message=e.message, answer=shown(answer.strip())) from None
    if v.play.turned is not None:
        return _turned(named, v.play.turned, v, rules)
    if len(named) == 1:
        return _one(named[0], v, rules)
    return _two(named[0], named[1], v, rules)


STOP_WORDS = "kind.matching.answers.words.stop"            # the catalogs' words of each answer
PLAY_ON_WORDS = "kind.matching.answers.words.play_on"


def _stop_or_play_on(answer: str) -> ActionBase:
    """H18 with ``after_capture_role: choose``: 'stop' or 'play on' (or 打ち切る / 下げる)."""
    low = " ".join(answer.strip().lower().split())
    if low in answer_words(STOP_WORDS):
        return STOP
    if low in answer_words(PLAY_ON_WORDS):
        return PLAY_ON
    raise BadAnswer("kind.matching.answers.stop_or_play_on", answer=shown(answer.strip()))


def _targets(card: int, v: View) -> list[int]:
    return [a.target for a in v.legal if isinstance(a, Capture) and a.card == card]


def _names(cards: Iterable[int], rules: Ruleset, sep: str = " ") -> str:
    return sep.join(rules.deck.name(c) for c in cards)


def _either(cards: Iterable[int], rules: Ruleset, joiner: str = "or") -> Callable[[str], str]:
    """The cards' names as alternatives (or, with ``and``, together) in a language's words."""
    return joined([rules.deck.name(c) for c in cards], joiner)


def _turned(named: list[int], turned: int, v: View, rules: Ruleset) -> Capture:
    """H15: the turned card matches two field cards; the answer names the one it takes."""
    name = rules.deck.name
    targets = _targets(turned, v)
    target = named[-1]
    if len(named) == 2 and named[0] != turned:
        raise BadAnswer("kind.matching.answers.turned_which", turned=name(turned), targets=_either(targets, rules),
                        first=name(targets[0]))
    if Capture(turned, target) in v.legal:
        return Capture(turned, target)
    if len(named) == 1 and target == turned:
        raise BadAnswer("kind.matching.answers.takes_which", card=name(turned), targets=_either(targets, rules),
                        first=name(targets[0]))
    raise BadAnswer("kind.matching.answers.turned_takes", turned=name(turned), targets=_either(targets, rules),
                    target=name(target))


def _one(card: int, v: View, rules: Ruleset) -> Play:
    name = rules.deck.name
    if Play(card) in v.legal:
        return Play(card)
    if card not in v.hand:
        return _not_held(card, v, rules)
    targets = _targets(card, v)
    if targets:
        raise BadAnswer("kind.matching.answers.takes_which", card=name(card), targets=_either(targets, rules),
                        first=name(targets[0]))
    raise BadAnswer("kind.matching.answers.cannot_play", card=name(card))


def _two(card: int, target: int, v: View, rules: Ruleset) -> Capture:
    name = rules.deck.name
    if Capture(card, target) in v.legal:
        return Capture(card, target)
    if card not in v.hand:
        return _not_held(card, v, rules)
    table = v.play.table_cards
    if target not in table:
        raise BadAnswer("kind.matching.answers.not_on_field", target=name(target), field=_names(table, rules))
    targets = _targets(card, v)
    if targets:
        raise BadAnswer("kind.matching.answers.takes_not", card=name(card), targets=_either(targets, rules),
                        target=name(target))
    month = cast(HanafudaDeck, rules.deck).month          # the matching play kind deals hanafuda
    same = [f for f in v.play.table_cards if month(f) == month(card)]
    if not same:
        raise BadAnswer("kind.matching.answers.to_the_field", card=name(card))
    if month(target) != month(card):
        raise BadAnswer("kind.matching.answers.same_month", card=name(card), same=_names(same, rules))
    raise BadAnswer("kind.matching.answers.takes_all", card=name(card), same=_either(same, rules, "and"))


def _not_held(card: int, v: View, rules: Ruleset) -> NoReturn:
    raise BadAnswer("kind.matching.answers.not_held", card=rules.deck.name(card), hand=_names(sorted(v.hand), rules))
