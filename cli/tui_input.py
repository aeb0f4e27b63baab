"""Reading the human's answers in ``hachi play``; :func:`explain` gives the ``?`` explanation
of the decision, which the play kind's plug-in writes.

:func:`parse_answer` turns a typed line into a legal action or raises :class:`BadAnswer` with
the reason (and the rule number when a rule forbids it); it never lets bad input through.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping, Optional

from ..interpreter.engine.actions import ActionBase, Choose, YesNo
from ..interpreter.engine.parts import round_part
from ..interpreter.engine.view import View
from ..ruleset.part_registry import PARTS
from ..ruleset.errors import shown
from ..ruleset.model import Phase, PhaseName, Ruleset
from ..ruleset.catalog import LANGS, answer_words, say, word_list
from .answers import HELP, QUIT, BadAnswer, joined
from .screen_registry import part_screens, screen_plugin
from .screenkind import Refusal

YesNoWords = Mapping[bool, str]     # the catalogs' list of words of each answer (yes, then no)


@lru_cache(maxsize=1)
def part_words() -> Mapping[PhaseName, YesNoWords]:
    """The words of the answers of the parts' yes-or-no decisions (yes, then no), by phase: each
    part's ``RoundPart.answer_words`` (the catalogs' ``answers.words``; a play kind's screen
    reads its own decisions' words with :func:`yes_no`)."""
    return {phase: words for name in PARTS for phase, words in round_part(name).answer_words.items()}


def numbered(v: View, rules: Ruleset) -> tuple[ActionBase, ...]:
    """The legal actions in the order they are numbered: cards as the hand is shown."""
    if v.phase is Phase.PLAY:
        return screen_plugin(rules).numbered(v, rules)
    return tuple(v.legal)


def parse_answer(text: str, v: View, rules: Ruleset) -> ActionBase:
    """The legal action the answer ``text`` names (a number, a word or a card name)."""
    answer = text.strip()
    legal = numbered(v, rules)
    if not answer:
        raise BadAnswer("answers.empty", n=len(legal))
    if answer.isdigit():                      # also ² and full-width digits, which int() may refuse
        n = int(answer) if answer.isdecimal() and len(answer) <= 6 else 0
        if 1 <= n <= len(legal):
            return legal[n - 1]
        raise BadAnswer("answers.not_choice", answer=shown(answer)[1:-1], n=len(legal))
    if v.phase is not None and v.phase in part_words():
        return yes_no(answer, part_words()[v.phase], v, rules)
    if v.phase is Phase.EFFECTS:                # a house rule's question: its options by name
        for action in legal:
            if isinstance(action, Choose) and action.option == answer.lower():
                return action
        options = [a.option for a in legal if isinstance(a, Choose)]
        raise BadAnswer("answers.not_an_option", answer=shown(answer), options=joined(options))
    return screen_plugin(rules).parse(answer, v, rules)


def explain(v: View, rules: Ruleset, lang: str = "en") -> list[str]:
    """What the current decision is and the rule behind it."""
    if v.phase is Phase.EFFECTS:                # a house rule's question (docs/effects.md)
        from ..ruleset.effects import Ask, describe

        asked = {a.question for a in v.legal if isinstance(a, Choose)}
        rules_said = [describe(e, lang) for e in rules.effects
                      if any(isinstance(x, Ask) and x.counter.name in asked for x in e.actions)]
        return [say(lang if lang in LANGS else "en", "answers.house_rule_question"), *rules_said]
    parts = [part.strip() for part in screen_plugin(rules).explain(v, rules, lang)]   # pieces, split by hand
    said = parts[0] if parts else ""
    for more in parts[1:]:              # one paragraph, folded once by the screen to its width
        said = say(lang if lang in LANGS else "en", "answers.explain_more", said=said, more=more)
    return [said]


def yes_no(answer: str, words_of: YesNoWords, v: View, rules: Optional[Ruleset] = None) -> ActionBase:
    """The legal yes-or-no action the answer names, by the decision's words (yes, then no); an
    answer whose action is not legal now is refused with the reason the play kind's or a part's
    rules give (:func:`refused_now`, with ``rules``), else as not allowed."""
    low = answer.lower()
    for yes, msg_id in words_of.items():
        if low in answer_words(msg_id):
            action = next((a for a in v.legal if isinstance(a, YesNo) and a.yes == yes), None)
            if action is not None:
                return action
            refusal = refused_now(v, rules) if rules is not None else None
            raise refusal or BadAnswer("answers.not_allowed", answer=answer)
    raise BadAnswer("answers.not_an_option", answer=shown(answer), options=lambda lang: _shown_words(words_of, lang))


def refused_now(v: View, rules: Ruleset) -> Optional[BadAnswer]:
    """Why an answer whose action is not legal now is refused, when the rules say: the play
    kind's screen's ``refusal`` first (the trick game's mizuten caller must go, T6), then each
    part's (go/drop's decision forced by an effect); None when none of them says."""
    screen = screen_plugin(rules)
    own = screen.refusal(v) if isinstance(screen, Refusal) else None
    found: Optional[BadAnswer] = own if isinstance(own, BadAnswer) else None
    for part in part_screens(rules):
        if found is not None:
            break
        refusal = part.refusal(v, BadAnswer)
        found = refusal if isinstance(refusal, BadAnswer) else None
    return found


def _shown_words(words_of: YesNoWords, lang: str) -> str:
    """A yes-or-no decision's answers as its refusal names them: the first word of each in ``lang``."""
    return say(lang, "answers.or").join(word_list(lang, msg_id)[0] for msg_id in words_of.values())


__all__ = ["BadAnswer", "HELP", "QUIT", "explain", "numbered", "parse_answer", "yes_no"]
