"""Errors in another language than English for ``--lang`` (``hachi play``, ``hachi score``,
``hachi replay``, ``hachi rulebook``, ``hachi roles``, the web pages).

The loader, the records and the score sheets word their problems in English, from the project's
own sentences; each other language's catalog (``ruleset/locale/<lang>.yaml``, ``sentences.errors``)
gives the common ones in its words, keyed by the English sentence as a pattern (docs/translations.md).
A message keeps its place (``FILE:LINE:COL``), the key names, the values quoted and a code snippet
under it; only the sentence changes. A message the catalog does not know is shown in English after
a note saying so (``errors.untranslated``), never dropped. click's own usage errors (an option's
value, an unknown option, a missing argument) are given in the language by :class:`LangCommand`,
with the same exit codes (2 for usage).

>>> ja_message("unknown key 'playrs' at the top level; did you mean 'players'?")
"不明なキー 'playrs' (ファイルの最上位)。'players' のことですか?"
>>> ja_message("chips.start must be a whole number, not the text 'many'.")
"chips.start は整数でなければなりません (文字列 'many' ではなく)。"
>>> ja_message("chips.start must be at least 0, not -5.")
'chips.start は 0 以上でなければなりません (-5 ではなく)。'
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any, Callable, Optional, Sequence

import click

from ..ruleset.catalog import LANGS, say, sentences, translated, word


def error_word(lang: str) -> str:
    """The word of ``PLACE: error: MESSAGE`` in ``lang``."""
    return say(lang, "errors.word")


def untranslated(lang: str) -> str:
    """The note before a message that ``lang`` has no words for."""
    return say(lang, "errors.untranslated")


def _value(lang: str, text: str) -> str:
    """A value as the schema describes it (``the text 'x'``, ``the number 3``, ``a list``)."""
    return translated(lang, "values", text) or text


def _number(lang: str, text: str) -> str:
    """Which number of a game passed the bound (``the pot``, ``counter x``: ruleset/bounds.py)."""
    return translated(lang, "numbers", text) or text


def _types(lang: str, text: str) -> str:
    """Types as the schema names them (``a whole number``, ``a number or text``)."""
    if word(lang, "types", text) != text:
        return word(lang, "types", text)
    return say(lang, "errors.or").join(word(lang, "types", t) for t in text.split(" or "))


def _fills(lang: str) -> dict[str, Callable[[str], str]]:
    """How a named group of an English sentence is put in ``lang`` before it fills its placeholder:
    a value described (``v``), types (``t``, ``u``), a number of a game (``num``), a path, a kind of
    file, a part of a card, the cards told; any other group as it is."""
    words = {group: partial(word, lang, group) for group in ("path", "what", "part", "cards")}
    return {"v": partial(_value, lang), "t": partial(_types, lang), "u": partial(_types, lang),
            "num": partial(_number, lang), **words}


_SUGGESTION = re.compile(r"(?:;|\.)? [Dd]id you mean (?P<near>'[^']*')\?(?P<rest>.*)$", re.S)


def _sentence(text: str, lang: str) -> Optional[str]:
    """One sentence in ``lang``, or None when its catalog has no words for it."""
    near = _SUGGESTION.search(text)
    tail = ""
    if near:
        text = text[:near.start()]
        rest = near.group("rest").strip()
        tail = say(lang, "errors.did_you_mean", near=near.group("near"))
        if "only a new entry" in rest:
            tail += say(lang, "errors.only_new_entry")
        elif rest:
            tail += " " + (_sentence(rest, lang) or rest)
    fills = _fills(lang)
    said = translated(lang, "errors", text, fills) or (translated(lang, "errors", text + ".", fills) if near else None)
    if said is not None:
        end = say(lang, "errors.sentence_end")
        return said + ("" if not tail or said.endswith(end) else end) + tail
    for place, words in sentences(lang, "places"):       # a place before the sentence: round 2, action 3: ...
        m = place.fullmatch(text)
        inner = _sentence(m["rest"], lang) if m else None
        if m and inner is not None:
            return words.format_map({**m.groupdict(), "rest": inner})
    return None


def translate(message: str, lang: str) -> str:
    """``message`` (a :class:`~..ruleset.errors.HachiError`'s) in ``lang``: its first line by the
    catalog, a code snippet under it as it is; a message without words there, in English after
    the note :func:`untranslated`.

    >>> translate("round 2, declare: 'zed' is not one of the players (ann, bob)", "ja")
    "第2局、declare: 'zed' は参加者の一人ではありません (ann, bob)"
    >>> translate("the moon is made of cheese.", "ja")
    '(この説明は英語のみ) the moon is made of cheese.'
    """
    first, newline, rest = message.partition("\n")
    said = _sentence(first, lang)
    return (said if said is not None else f"{untranslated(lang)} {first}") + newline + rest


def ja_message(message: str) -> str:
    """``message`` in Japanese (:func:`translate`)."""
    return translate(message, "ja")


def error_message(message: str, lang: str) -> str:
    return message if lang == "en" else translate(message, lang)


def error_line(place: str, message: str, lang: str = "en") -> str:
    """``PLACE: error: MESSAGE`` (``PLACE: エラー: ...`` in Japanese)."""
    return f"{place}: {error_word(lang)}: {error_message(message, lang)}"


# -- click's usage errors ----------------------------------------------------------------------

def usage_message(message: str, lang: str) -> str:
    """A message of click's in ``lang`` (an unknown one: in English after :func:`untranslated`).

    >>> usage_message("Invalid value for '--players': 20 is not in the range 2<=x<=12.", "ja")
    "'--players' の値が正しくありません: 20 は範囲 2<=x<=12 の外です。"
    """
    def why(found: str) -> str:
        if not found:
            return found
        return usage_message(found, lang) if _click_sentence(found, lang) else translate(found, lang)

    said = translated(lang, "click", message, {"why": why})
    return said if said is not None else translate(message, lang)


def ja_usage(message: str) -> str:
    """A message of click's in Japanese (:func:`usage_message`)."""
    return usage_message(message, "ja")


def _click_sentence(text: str, lang: str) -> bool:
    return any(pattern.fullmatch(text) for pattern, _ in sentences(lang, "click"))


class LangUsageError(click.UsageError):
    """A usage error shown in ``lang``: the usage line, how to get help, the error; exit code 2."""

    def __init__(self, message: str, ctx: Optional[click.Context], lang: str):
        super().__init__(message, ctx)
        self.lang = lang

    def show(self, file: Any = None) -> None:
        err = file is None                      # standard error, as click shows its own
        if self.ctx is not None:
            pieces = " ".join(word(self.lang, "metavar", p) for p in self.ctx.command.collect_usage_pieces(self.ctx))
            command = self.ctx.command_path
            click.echo(say(self.lang, "errors.usage", command=command, pieces=pieces), file=file, err=err)
            click.echo(say(self.lang, "errors.try_help", command=command) + "\n", file=file, err=err)
        click.echo(say(self.lang, "errors.click_error", message=self.format_message()), file=file, err=err)


class LangClickException(click.ClickException):
    """Another error of click's (exit code kept), in ``lang``."""

    def __init__(self, message: str, lang: str):
        super().__init__(message)
        self.lang = lang

    def show(self, file: Any = None) -> None:
        click.echo(say(self.lang, "errors.click_error", message=self.format_message()), file=file, err=file is None)


def wanted_lang(args: Sequence[str]) -> str:
    """The language of ``--lang X`` (or ``--lang=X``) among the arguments, before click has read
    them: one of the catalogs' languages, else English.

    >>> wanted_lang(["--lang", "ja"]), wanted_lang(["--lang=ja"]), wanted_lang(["--lang", "xx"]), wanted_lang([])
    ('ja', 'ja', 'en', 'en')
    """
    args = list(args)
    for i, a in enumerate(args):
        said = a.partition("=")[2] if a.startswith("--lang=") else (args[i + 1] if a == "--lang" and i + 1 < len(args)
                                                                      else None)
        if said in LANGS:
            return said
    return "en"


def wants_ja(args: Sequence[str]) -> bool:
    """``--lang ja`` (or ``--lang=ja``) among the arguments, before click has read them."""
    return wanted_lang(args) == "ja"


def in_language(error: click.ClickException, ctx: Optional[click.Context], lang: str) -> click.ClickException:
    """``error`` shown in ``lang``; an error whose exit code the translated one would change stays as it is."""
    if isinstance(error, click.UsageError):
        out: click.ClickException = LangUsageError(usage_message(error.format_message(), lang), error.ctx or ctx, lang)
    else:
        out = LangClickException(usage_message(error.format_message(), lang), lang)
    return out if out.exit_code == error.exit_code else error


class LangCommand(click.Command):
    """A command with ``--lang``: under another language than English click's errors (options
    misused, before the command runs, or raised by it) are shown in it, with the same exit codes."""

    def make_context(self, info_name: Optional[str], args: list[str], parent: Optional[click.Context] = None,
                     **extra: Any) -> click.Context:
        lang = wanted_lang(args)
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.ClickException as e:
            if lang != "en":
                raise in_language(e, None, lang) from None
            raise

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.ClickException as e:
            lang = ctx.params.get("lang")
            if lang in LANGS and lang != "en" and not isinstance(e, (LangUsageError, LangClickException)):
                raise in_language(e, ctx, str(lang)) from None
            raise
