"""The project's words, one message catalog per language: ``locale/<lang>.yaml`` beside this module,
with each registered play kind's and part's own ``locale/<lang>.yaml`` in its package merged in
under the same ids (:func:`catalog_files`), so the core's file names no kind's or part's words.

A message has an id (``narration.round_started``) and, in every language, a text with named
placeholders in ``str.format``'s braces (``Round {round}: {starter} {who}, pot {pot}``); a
literal brace is written twice. A catalog file is a YAML mapping whose nesting makes the dotted
ids (``narration: {round_started: ...}``); a key may itself hold dots (the rulebook's schema
paths, ``rulebook.keys.deck.kinds.*.letter``).

:func:`say` fills a message in; :data:`LANGS` lists the languages, English first (the language
of the rule files' own words). A language is one file here (:data:`LANGS` lists the files);
``tests/test_catalogs.py`` checks that every catalog holds every message, that the
placeholders of a message are the same in each, and that each place in the code that fills a
message in gives every value its texts ask for (``docs/translations.md``).

>>> say("en", "narration.who_pot"), say("ja", "narration.who_pot")
('the pot', '場')
>>> say("ja", "narration.round_started", round=2, starter="親", who="ann", pot=3)
'第2局: 親 ann、場代 3'
"""

from __future__ import annotations

import re
import string
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

import yaml

from . import registered


def languages(names: Any) -> tuple[str, ...]:
    """The languages of a folder of catalogs from its file names (``<code>.yaml``), English first
    (the language of the rule files' own words), then the others by their codes."""
    codes = {n[:-len(".yaml")] for n in names if n.endswith(".yaml") and n[:-len(".yaml")].isalpha()}
    return ("en", *sorted(codes - {"en"}))


LANGS: tuple[str, ...] = languages(f.name for f in resources.files(__package__).joinpath("locale").iterdir())
"""The languages of the messages, English first: one for each ``locale/<code>.yaml`` (a language
is a file: docs/translations.md)."""


class CatalogError(Exception):
    """A catalog file that is not a mapping of ids to texts (a fault of the package, not of input)."""


def _flatten(data: Mapping[str, Any], prefix: str, out: dict[str, str], where: str) -> None:
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            _flatten(value, f"{name}.", out, where)
        elif isinstance(value, str):
            if name in out:
                raise CatalogError(f"{where}: the message {name} is written twice")
            out[name] = value
        else:
            raise CatalogError(f"{where}: the message {name} is not a text")


def catalog_files(lang: str) -> tuple[tuple[str, str], ...]:
    """The catalog files of ``lang``, each ``(package, path in it)``: the core's
    (``locale/<lang>.yaml`` here), then each registered play kind's and part's own, where its
    package has one (``interpreter/games/<play>/locale/``, ``interpreter/parts/<name>/locale/``:
    the words of its phases, settings, decisions and outcomes, under the same ids as the core's
    sections that show them)."""
    where = f"locale/{lang}.yaml"
    own = tuple((package, where) for package in (*registered.KINDS.values(), *registered.PARTS.values())
                if resources.files(package).joinpath(where).is_file())
    return ((__name__.rpartition(".")[0], where), *own)


@lru_cache(maxsize=None)
def catalog(lang: str) -> Mapping[str, str]:
    """Every message of ``lang`` by id (read once from :func:`catalog_files`: the core's, then
    the play kinds' and parts'; an id written in two of them is an error)."""
    if lang not in LANGS:
        raise CatalogError(f"no messages in the language {lang!r}; there are: {', '.join(LANGS)}")
    out: dict[str, str] = {}
    for package, where in catalog_files(lang):
        _flatten(_read(package, where), "", out, f"{package}/{where}")
    return out


def _read(package: str, where: str) -> Mapping[str, Any]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)      # libyaml's, when PyYAML has it
    data = yaml.load(resources.files(package).joinpath(where).read_text(encoding="utf-8"), Loader=loader)
    if not isinstance(data, Mapping):
        raise CatalogError(f"{package}/{where}: not a mapping of messages")
    return data


def text(lang: str, msg_id: str) -> str:
    """The text of message ``msg_id`` in ``lang``, placeholders unfilled (a ``KeyError`` for an
    unknown id: ``tests/test_catalogs.py`` keeps every id the code names in every catalog)."""
    return catalog(lang)[msg_id]


def maybe(lang: str, msg_id: str) -> str | None:
    """The text of ``msg_id`` in ``lang``, or None where the catalogs have no such message (the
    words of a name that is not always the project's: a phase, a role, a group of seats)."""
    return catalog(lang).get(msg_id)


def say(lang: str, msg_id: str, **values: object) -> str:
    """The message ``msg_id`` in ``lang`` with its placeholders filled in from ``values`` (values
    it does not use are left out: one language may say less than another)."""
    return text(lang, msg_id).format_map(values)


def word_list(lang: str, msg_id: str) -> tuple[str, ...]:
    """The words of a list message in ``lang``, in order: its text split at commas (the
    answers a decision takes, ``answers.words.go``: ``"go, g"``).

    >>> word_list("en", "answers.words.go"), word_list("ja", "answers.words.go")[0]
    (('go', 'g'), 'でる')
    """
    return tuple(w for w in (part.strip() for part in text(lang, msg_id).split(",")) if w)


@lru_cache(maxsize=None)
def answer_words(msg_id: str) -> frozenset[str]:
    """The words of a list message in every language of the catalogs, in lower case: what a
    typed answer may be, whatever the language of the screen."""
    return frozenset(w.lower() for lang in LANGS for w in word_list(lang, msg_id))


def decision_words(words_of: Mapping[bool, str]) -> dict[bool, frozenset[str]]:
    """The words a typed answer of a yes-or-no decision may be for each of its answers, in any
    language: ``words_of`` gives the list message of each answer (yes, then no)."""
    return {value: answer_words(msg_id) for value, msg_id in words_of.items()}


@lru_cache(maxsize=None)
def section(lang: str, prefix: str) -> Mapping[str, str]:
    """The messages whose ids begin with ``prefix.``, by the rest of their id (in catalog order).

    >>> section("en", "narration.rounds")["one_goer"]
    'one_goer'
    """
    start = prefix + "."
    return {k[len(start):]: v for k, v in catalog(lang).items() if k.startswith(start)}


@lru_cache(maxsize=None)
def sentences(lang: str, group: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The English sentences of ``group`` that ``lang`` has words for (``sentences.GROUP``: each an
    English sentence as a regular expression of the whole of it, and its text in ``lang``, whose
    placeholders are the pattern's named groups), in the order they are tried; none in English,
    whose sentences are the keys.

    >>> [text for pattern, text in sentences("ja", "reasons") if pattern.fullmatch("split pot")]
    ['山分け']
    """
    return tuple((re.compile(pattern, re.S), text) for pattern, text in section(lang, f"sentences.{group}").items())


def translated(lang: str, group: str, sentence: str,
               fills: Mapping[str, Any] | None = None) -> str | None:
    """``sentence`` (English) in ``lang`` by the first of :func:`sentences` that matches the whole
    of it, its named groups filled in (a group named in ``fills`` put through its function first,
    an unmatched one as ""); None when ``lang`` has no words for it.

    >>> translated("ja", "reasons", "roles 2 against 0"), translated("ja", "reasons", "a moon")
    ('役 2 対 0', None)
    >>> translated("en", "reasons", "split pot") is None
    True
    """
    for pattern, text in sentences(lang, group):
        m = pattern.fullmatch(sentence)
        if m:
            found = {k: (fills[k](v or "") if fills and k in fills else v or "") for k, v in m.groupdict().items()}
            return text.format_map(found)
    return None


def word(lang: str, table: str, english: str) -> str:
    """An English word (a type, a kind of file) in ``lang`` by the word table ``sentences.fill.TABLE``
    (as it is where the table has none; in English, always).

    >>> word("ja", "what", "rule file"), word("ja", "what", "moon"), word("en", "what", "rule file")
    ('ルールファイル', 'moon', 'rule file')
    """
    return section(lang, f"sentences.fill.{table}").get(english, english)


def placeholders(message: str) -> frozenset[str]:
    """The names of a text's placeholders (``{round}``, ``{d:+d}``: ``round``, ``d``).

    >>> sorted(placeholders("第{round}局: {who}、{{x}}"))
    ['round', 'who']
    """
    return frozenset(field for _, field, _, _ in string.Formatter().parse(message) if field is not None)
