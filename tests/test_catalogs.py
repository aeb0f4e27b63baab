"""The message catalogs (``ruleset/locale/<lang>.yaml``, read by ``ruleset/catalog.py``): every
language holds every message; every place in the code that fills a message in by a written id
names a message that exists and gives every value each language's text asks for; elsewhere a
language asks only for values the English text asks for; the English sentences other languages
translate (``sentences.*``) are the same in each, and fill in only their patterns' groups."""

from __future__ import annotations

import ast
import string
from functools import lru_cache
from pathlib import Path

import pytest

from hachihachi.ruleset import catalog
from hachihachi.ruleset.catalog import LANGS, placeholders, say

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("ruleset", "interpreter", "cli", "openspiel", "web")
# catalog.say(lang, id, ...), Narrator.say(id, ...), ...; ``refused``: a part's refusal, made with the BadAnswer
# it is given
LOOKUPS = {"say", "maybe", "text", "tell", "BadAnswer", "refused"}


def literal_ids(node: ast.expr) -> list[str]:
    """The ids an argument names as written: a string, or either string of ``A if C else B``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return literal_ids(node.body) + literal_ids(node.orelse)
    return []


@lru_cache(maxsize=1)
def message_uses() -> list[tuple[str, str, frozenset[str] | None]]:
    """Every call of the code that names a message by a literal id: ``(place, id, keywords)``
    (``keywords`` None where the call passes no values: a lookup of the bare text)."""
    out = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                ids = [i for a in node.args[:2] for i in literal_ids(a)]
                if name not in LOOKUPS or not ids or "." not in ids[-1]:
                    continue
                assert all(k.arg is not None for k in node.keywords), f"{path.name}:{node.lineno}: values by **"
                place = f"{path.relative_to(ROOT)}:{node.lineno}"
                filled = name in ("say", "tell", "BadAnswer", "refused")     # the others look a text up unfilled
                keywords = frozenset(str(k.arg) for k in node.keywords) if filled else None
                out += [(place, msg_id, keywords) for msg_id in ids if "." in msg_id]
    return out


def test_there_is_one_catalog_file_per_language_and_english_comes_first():
    files = sorted(p.stem for p in (ROOT / "ruleset" / "locale").glob("*.yaml"))
    assert files == sorted(LANGS) and LANGS[0] == "en"


def test_a_new_language_is_a_file_english_first_then_by_code():
    assert catalog.languages(["ja.yaml", "fr.yaml", "en.yaml", "README.md", "x-y.yaml"]) == ("en", "fr", "ja")


def file_messages(package: str, lang: str) -> dict[str, str]:
    """The messages one catalog file holds (the core's, a play kind's or a part's)."""
    out: dict[str, str] = {}
    catalog._flatten(catalog._read(package, f"locale/{lang}.yaml"), "", out, package)
    return out


def own_packages() -> list[str]:
    """The packages of the play kinds and parts that have their own catalog files."""
    return [package for package, _ in catalog.catalog_files("en")[1:]]


def test_the_go_drop_part_and_both_bundled_play_kinds_bring_their_own_catalog_files():
    assert own_packages() == ["hachihachi.interpreter.games.tricks", "hachihachi.interpreter.games.matching",
                              "hachihachi.interpreter.parts.go_drop"]
    assert "narration.rounds.one_goer" in file_messages("hachihachi.interpreter.parts.go_drop", "ja")
    assert "narration.rounds.one_goer" not in file_messages("hachihachi.ruleset", "en")


@pytest.mark.parametrize("lang", LANGS[1:])
@pytest.mark.parametrize("package", ["hachihachi.ruleset", *own_packages()])
def test_each_catalog_file_holds_the_same_ids_and_placeholders_in_every_language(package, lang):
    """A play kind's or a part's words are complete in each language by themselves (the same ids
    as its English file; where the code builds the id, no value English's text does not ask for),
    so that it can be taken out or added whole; the merged catalogs are checked as one above."""
    english, other = file_messages(package, "en"), file_messages(package, lang)
    english = {k: v for k, v in english.items() if not k.startswith(SENTENCES)}
    other = {k: v for k, v in other.items() if not k.startswith(SENTENCES)}
    assert sorted(set(english) ^ set(other)) == [], f"{package}: ids in one language only"
    literal = {msg_id for _, msg_id, _ in message_uses()}
    lost = [k for k, v in english.items() if k not in literal and not placeholders(other[k]) <= placeholders(v)]
    assert lost == [], f"{package}: {lang} asks for values English does not give"


def test_an_id_written_in_two_catalog_files_is_refused():
    out = dict(file_messages("hachihachi.ruleset", "en"))
    with pytest.raises(catalog.CatalogError, match="narration.rounds.one_goer is written twice"):
        catalog._flatten({"narration": {"rounds": {"one_goer": "x"}}}, "", {**out, "narration.rounds.one_goer": "y"},
                         "a part")


def messages(lang: str) -> dict[str, str]:
    """The messages of ``lang`` by id, without the English sentences it translates (``sentences.*``)."""
    return {k: v for k, v in catalog.catalog(lang).items() if not k.startswith(SENTENCES)}


SENTENCES = "sentences."


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_message_is_in_every_language(lang):
    english, other = set(messages("en")), set(messages(lang))
    assert sorted(english - other) == [], f"messages without words in locale/{lang}.yaml"
    assert sorted(other - english) == [], f"messages of locale/{lang}.yaml that English does not have"


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_are_plain_names_and_every_text_is_filled_in(lang):
    """A placeholder names a value (no attribute or index of it), and no text is empty."""
    for msg_id, text in messages(lang).items():
        assert text, msg_id
        for name in placeholders(text):
            assert name.isidentifier(), f"{lang} {msg_id}: {{{name}}}"
        list(string.Formatter().parse(text))        # a lone brace raises here


def test_every_message_the_code_names_exists_and_gets_the_values_each_language_asks_for():
    uses = message_uses()
    assert len(uses) > 60                       # the finder finds them (narration, effects, the kinds)
    problems = []
    for place, msg_id, keywords in uses:
        for lang in LANGS:
            text = catalog.catalog(lang).get(msg_id)
            if text is None:
                problems.append(f"{place}: no message {msg_id} in {lang}")
            elif keywords is not None and not placeholders(text) <= keywords:
                problems.append(f"{place}: {msg_id} in {lang} needs {sorted(placeholders(text) - keywords)}")
    assert problems == []


def test_a_message_named_by_a_computed_id_asks_in_every_language_only_for_values_english_asks_for():
    """Where the code builds the id (``effects.when.{when}``, ``Screen.t(key)``, the score's
    ``say(lang, key)``), the values it gives are the same in every language and English's text
    uses them (the English runs read each): so another language's placeholders are among the
    English ones (it may leave one out, as Japanese counts rounds without naming the unit)."""
    literal = {msg_id for _, msg_id, _ in message_uses()}
    english = messages("en")
    extra = [(lang, msg_id, sorted(placeholders(text) - placeholders(english[msg_id])))
             for lang in LANGS[1:] for msg_id, text in messages(lang).items()
             if msg_id not in literal and not placeholders(text) <= placeholders(english[msg_id])]
    assert extra == []


def test_english_sentences_are_translated_by_the_same_patterns_in_every_other_language():
    """The English sentences (``sentences.*``) are keys: English has none, and every other
    language translates the same ones, in the same order (the first that matches wins)."""
    assert [k for k in catalog.catalog("en") if k.startswith(SENTENCES)] == []
    keys = {lang: [k for k in catalog.catalog(lang) if k.startswith(SENTENCES)] for lang in LANGS[1:]}
    assert len(keys[LANGS[1]]) > 150
    assert all(found == keys[LANGS[1]] for found in keys.values())


@pytest.mark.parametrize("lang", LANGS[1:])
@pytest.mark.parametrize("group", ["reasons", "errors", "places", "click", "values"])
def test_a_sentences_words_fill_in_only_the_groups_its_pattern_names(lang, group):
    """Each English pattern compiles, and its text asks only for the pattern's named groups (a
    place's for ``rest`` too, the sentence after it)."""
    found = catalog.sentences(lang, group)
    assert found
    for pattern, text in found:
        assert text and placeholders(text) <= set(pattern.groupindex), pattern.pattern
        if group == "places":
            assert "rest" in pattern.groupindex and "{rest}" in text


def test_the_checks_find_a_missing_value_and_a_misspelt_id():
    """The call-site check reads keywords as passed: a text asking for more is a problem."""
    assert placeholders("{who}: {roles} ({value}{aces})") == {"who", "roles", "value", "aces"}
    assert not placeholders(catalog.text("ja", "kind.tricks.roles_shown")) <= {"who", "roles"}
    with pytest.raises(KeyError):
        say("en", "narration.no_such_message")


def test_a_language_outside_the_list_is_refused_in_one_sentence():
    with pytest.raises(catalog.CatalogError, match="no messages in the language 'xx'; there are: en, ja"):
        catalog.catalog("xx")


def test_T10_T16_a_decision_takes_its_answer_words_in_every_language_and_a_refusal_names_the_first():
    """The words a yes-or-no decision takes are the catalogs' (``answers.words``): typed in any
    language of the catalogs; a refusal names each answer's first word in the screen's language."""
    from hachihachi.cli.tui_input import _shown_words, part_words
    from hachihachi.ruleset.catalog import decision_words
    from hachihachi.interpreter.parts.go_drop.rules import GoDropPhase as Phase

    WORDS = part_words()                # go/drop's decisions' words, as its part declares them

    declare = decision_words(WORDS[Phase.DECLARATIONS])
    assert {"go", "g", "出る", "でる"} <= declare[True] and {"drop", "d", "降りる", "おりる"} <= declare[False]
    assert not declare[True] & declare[False]
    split = decision_words(WORDS[Phase.TWO_GOER_CHOICE])
    assert {"split", "山分け"} <= split[True] and {"play", "勝負"} <= split[False]
    assert _shown_words(WORDS[Phase.DECLARATIONS], "en") == "go or drop"
    assert _shown_words(WORDS[Phase.DECLARATIONS], "ja") == "でる・おりる"
