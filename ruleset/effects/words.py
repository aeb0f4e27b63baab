"""An effect in words (the rule sheet of ``hachi table``, the rulebook), in English or Japanese;
each action words itself (:meth:`.model.ActionBase.words`, ``words_ja``)."""

from __future__ import annotations

from ..effect_words import WHEN_JA
from .model import AFTER_DECLARATIONS, AFTER_PLAY, GAME_END, ROUND_END, ROUND_START, Effect

__all__ = ["describe"]

_WHEN_SHORT = {ROUND_START: "At the start of every round", AFTER_DECLARATIONS: "After the declarations",
               AFTER_PLAY: "After the play", ROUND_END: "At the end of every round", GAME_END: "At the end of the game"}


def describe(effect: Effect, lang: str = "en") -> str:
    """An effect in words, for the rule sheet (``hachi table``) and the rulebook; ``lang`` "ja"
    words it in Japanese (:mod:`..effect_words`).

    >>> from hachihachi.ruleset.effects.actions import EndGame
    >>> describe(Effect("x", AFTER_PLAY, None, (EndGame(),)))
    'x: After the play: the game ends after this round.'
    >>> describe(Effect("x", AFTER_PLAY, None, (EndGame(),)), "ja")
    '「x」: 勝負の後: この局の後でゲームを終える。'
    """
    if lang == "ja":
        cond = f"、「{effect.condition.text}」のとき" if effect.condition is not None else ""
        when = WHEN_JA.get(effect.when, f"{effect.when} の段階で")      # a settlement's: its phase
        return f"「{effect.name}」: {when}{cond}: {'; '.join(a.words_ja() for a in effect.actions)}。"
    cond = f", if {effect.condition.text}" if effect.condition is not None else ""
    when = _WHEN_SHORT.get(effect.when, f"In the phase {effect.when}")      # a settlement's: its phase
    return f"{effect.name}: {when}{cond}: {'; '.join(a.words() for a in effect.actions)}."
