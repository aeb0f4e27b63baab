"""The Japanese words of effects (:func:`~.effects.describe` with ``lang="ja"``, the rule sheet
of ``hachi table --lang ja``, the rulebook, the narration of ``--lang ja``). The effect's name,
the counters' names, the options of a question and the conditions and amounts (expressions of
docs/effects.md) are the author's text and stay as written, in 「」; the words around them are
Japanese."""

from __future__ import annotations

from typing import Any

from .kind_registry import transfer_words

WHEN_JA = {"round_start": "各局の始め", "after_declarations": "宣言の後", "after_play": "勝負の後",
           "round_end": "各局の終わり", "game_end": "ゲームの終わり"}
GROUPS_JA = {"seat": "各人", "goer": "出た各人", "dropper": "自分で降りた各人", "forced_out": "降ろされた各人"}
# the core's kinds of transfer; a play kind's own are in its package (RuleKind.transfer_words)
KINDS_JA = {"drop_fee": "降り賃", "forced_out": "降ろされの支払い", "roles": "手役", "pot": "場代",
            "effect": "ハウスルールの支払い"}


def kind_ja(kind: str) -> str:
    """A kind of transfer in Japanese (a multiplier's kinds): the core's or a play kind's own word.

    >>> kind_ja("pot"), kind_ja("tricks"), kind_ja("nothing")
    ('場代', 'トリック', 'nothing')
    """
    core = KINDS_JA.get(kind)
    if core is not None:
        return core
    own = transfer_words(kind)
    return own.short_ja if own is not None else kind


def seats_ja(seats: Any) -> str:
    """A :class:`~.effects.model.SeatSet` in words: ``each goer where tricks == 0`` as
    出た各人のうち「tricks == 0」の人, ``first goer where ...`` as ...の最初の一人, ``all but the
    first goer where ...`` as ...の人（最初の一人を除く）, ``pot`` as 場."""
    if seats.pot:
        return "場"
    if seats.start:
        return "親" if seats.text.strip() == "dealer" else "スタP"
    group = GROUPS_JA.get(seats.group or "", seats.text) + ("（手番の順）" if seats.in_play else "")
    named = f"{group}のうち「{seats.where.text}」の人" if seats.where is not None else group
    if seats.first:
        return f"{named}の最初の一人"
    if seats.rest:
        return f"{named}（最初の一人を除く）"
    return named
