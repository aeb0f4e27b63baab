"""The words of effects around the author's text (:func:`~.effects.describe`, the rule sheet of
``hachi table``, the rulebook, the narration), from the message catalogs (:mod:`.catalog`,
``effects.*``). The effect's name, the counters' names, the options of a question and the
conditions and amounts (expressions of docs/effects.md) are the author's text and stay as
written (in 「」 in Japanese); the words around them are the catalog's."""

from __future__ import annotations

from typing import Any

from .catalog import maybe, say
from .kind_registry import transfer_word


def kind_word(kind: str, lang: str) -> str:
    """A kind of transfer as an effect's words name it (a multiplier's kinds): the core's or a play
    kind's own ``short`` word, else its name.

    >>> kind_word("pot", "ja"), kind_word("tricks", "ja"), kind_word("nothing", "ja"), kind_word("pot", "en")
    ('場代', 'トリック', 'nothing', 'pot')
    """
    return transfer_word(kind, "short", lang) or kind


def kinds_words(kinds: Any, lang: str) -> str:
    """Kinds of transfer as a list in words."""
    return say(lang, "words.list").join(kind_word(k, lang) for k in kinds)


def seats_words(seats: Any, lang: str, pot_named: bool = False) -> str:
    """A :class:`~.effects.model.SeatSet` in words. In English the rule file's own words (``each
    goer where tricks == 0``; ``pot_named``: the pot as "the pot"); in another language from the
    catalog, the condition as written: 出た各人のうち「tricks == 0」の人, ``first goer where ...``
    as ...の最初の一人, ``all but the first goer where ...`` as ...の人（最初の一人を除く）, ``pot``
    as 場.

    >>> from hachihachi.ruleset.effects import SeatSet
    >>> seats_words(SeatSet("each goer", group="goer"), "ja"), seats_words(SeatSet("pot", pot=True), "en", True)
    ('出た各人', 'the pot')
    """
    if getattr(seats, "pot_name", None):
        return say(lang, "effects.seats.named_pot", name=seats.pot_name)
    if lang == LANGS_AS_WRITTEN:
        return say(lang, "effects.seats.pot") if seats.pot and pot_named else str(seats.text)
    if seats.pot:
        return say(lang, "effects.seats.pot")
    if seats.start:
        return say(lang, "effects.seats.dealer" if seats.text.strip() == "dealer" else "effects.seats.start_player")
    group = maybe(lang, f"effects.groups.{seats.group}") or seats.text
    group += say(lang, "effects.seats.in_play") if seats.in_play else ""
    named = say(lang, "effects.seats.where", group=group, where=seats.where.text) if seats.where is not None else group
    if seats.first:
        return say(lang, "effects.seats.first", seats=named)
    if seats.rest:
        return say(lang, "effects.seats.rest", seats=named)
    return named


LANGS_AS_WRITTEN = "en"
"""The language of a rule file's own words (its seat sets), shown as written."""
