"""An effect in words (the rule sheet of ``hachi table``, the rulebook), in any language of the
catalogs (``effects.*``, :mod:`...catalog`); each action words itself (:meth:`.model.ActionBase.words`)."""

from __future__ import annotations

from ..catalog import maybe, say
from .model import Effect

__all__ = ["describe"]


def describe(effect: Effect, lang: str = "en") -> str:
    """An effect in words, for the rule sheet (``hachi table``) and the rulebook, in ``lang``.

    >>> from hachihachi.ruleset.effects.actions import EndGame
    >>> from hachihachi.ruleset.effects.model import AFTER_PLAY
    >>> describe(Effect("x", AFTER_PLAY, None, (EndGame(),)))
    'x: After the play: the game ends after this round.'
    >>> describe(Effect("x", AFTER_PLAY, None, (EndGame(),)), "ja")
    '「x」: 勝負の後: この局の後でゲームを終える。'
    """
    cond = say(lang, "effects.condition", condition=effect.condition.text) if effect.condition is not None else ""
    when = maybe(lang, f"effects.when.{effect.when}") or say(lang, "effects.in_phase", when=effect.when)  # or its phase
    actions = say(lang, "effects.actions_sep").join(a.words(lang) for a in effect.actions)
    return say(lang, "effects.described", name=effect.name, when=when, condition=cond, actions=actions)
