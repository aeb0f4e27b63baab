"""Reading the human's answers in ``hachi play``; :func:`explain` gives the ``?`` explanation
of the decision, which the play kind's plug-in writes.

:func:`parse_answer` turns a typed line into a legal action or raises :class:`BadAnswer` with
the reason (and the rule number when a rule forbids it); it never lets bad input through.
"""

from __future__ import annotations

from typing import Mapping

from ..interpreter.engine.actions import ActionBase, Choose, Declare, YesNo
from ..interpreter.engine.view import View
from ..ruleset.errors import shown
from ..ruleset.model import Phase, PhaseName, Ruleset
from .answers import HELP, QUIT, BadAnswer
from .screen_registry import screen_plugin

YesNoWords = Mapping[bool, tuple[str, ...]]

# the words of a yes-or-no decision's answers (yes, then no), by phase of the core (a play kind's
# screen reads its own decisions' words with :func:`yes_no`)
WORDS: dict[PhaseName, YesNoWords] = {
    Phase.DECLARATIONS: {True: ("g", "go", "出", "出る", "でる"), False: ("d", "drop", "降", "降りる", "おりる")},
    Phase.TWO_GOER_CHOICE: {True: ("s", "split", "山分け", "やまわけ"), False: ("p", "play", "勝負", "しょうぶ")},
}


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
        raise BadAnswer(f"Please answer: a number from 1 to {len(legal)}, a name, or ? for help.",
                        f"1 から {len(legal)} の番号か名前で答えてください (? で説明)。")
    if answer.isdigit():                      # also ² and full-width digits, which int() may refuse
        n = int(answer) if answer.isdecimal() and len(answer) <= 6 else 0
        if 1 <= n <= len(legal):
            return legal[n - 1]
        raise BadAnswer(f"{shown(answer)[1:-1]} is not one of the choices: answer 1 to {len(legal)}.",
                        f"{shown(answer)[1:-1]} は選べません: 1 から {len(legal)} で答えてください。")
    if v.phase is not None and v.phase in WORDS:
        return yes_no(answer, WORDS[v.phase], v)
    if v.phase is Phase.EFFECTS:                # a house rule's question: its options by name
        for action in legal:
            if isinstance(action, Choose) and action.option == answer.lower():
                return action
        options = [a.option for a in legal if isinstance(a, Choose)]
        raise BadAnswer(f"{shown(answer)} is not an answer here: type a number or {' or '.join(options)}.",
                        f"{shown(answer)} はここでの答えではありません: 番号か {'・'.join(options)} で答えてください。")
    return screen_plugin(rules).parse(answer, v, rules)


def explain(v: View, rules: Ruleset, lang: str = "en") -> list[str]:
    """What the current decision is and the rule behind it."""
    if v.phase is Phase.EFFECTS:                # a house rule's question (docs/effects.md)
        from ..ruleset.effects import Ask, describe

        asked = {a.question for a in v.legal if isinstance(a, Choose)}
        rules_said = [describe(e, lang) for e in rules.effects
                      if any(isinstance(x, Ask) and x.counter.name in asked for x in e.actions)]
        if lang == "ja":
            return ["ハウスルールの選択です。この卓のハウスルールの一覧は 'hachi table' で見られます。", *rules_said]
        return ["A house rule of this table asks you to choose; the answer is kept and read by its effects "
                "('hachi table' lists them in words).", *rules_said]
    parts = screen_plugin(rules).explain(v, rules, lang)      # pieces of sentences, split by hand
    return [("" if lang == "ja" else " ").join(part.strip() for part in parts)]     # one paragraph,
    # folded once by the screen to its width


def yes_no(answer: str, words_of: YesNoWords, v: View) -> ActionBase:
    """The legal yes-or-no action the answer names, by the decision's words (yes, then no)."""
    low, phase = answer.lower(), v.phase
    for yes, words in words_of.items():
        if low in words:
            action = next((a for a in v.legal if isinstance(a, YesNo) and a.yes == yes), None)
            if action is not None:
                return action
            if phase is Phase.DECLARATIONS and v.own("mizuten", False) and v.to_act == v.start:
                raise BadAnswer("You declared mizuten, so you must go (T6).",
                                "ミズテンを宣言したので、出るしかありません (T6)。")
            if phase is Phase.DECLARATIONS:         # an effect of the rule file forces the decision
                must = "go" if v.legal[0] == Declare(True) else "drop"
                must_ja = "出る" if must == "go" else "降りる"
                raise BadAnswer(f"A house rule of this table makes you {must} this round (its effects are listed "
                                "by 'hachi table').",
                                f"この卓の決まり (ハウスルール) により、この局は{must_ja}しかありません "
                                "('hachi table' に一覧があります)。")
            raise BadAnswer(f"'{answer}' is not allowed now.", f"'{answer}' は今は選べません。")
    options = " or ".join(ws[1] for ws in words_of.values())
    ja_options = "・".join(ws[-1] for ws in words_of.values())
    raise BadAnswer(f"{shown(answer)} is not an answer here: type a number or {options}.",
                    f"{shown(answer)} はここでの答えではありません: 番号か {ja_options} で答えてください。")


__all__ = ["BadAnswer", "HELP", "QUIT", "explain", "numbered", "parse_answer", "yes_no"]
