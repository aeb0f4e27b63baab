"""What is kept in the user's cache folder (ruleset/usercache.py), as JSON: the LALR tables of the
grammars (expressions.lark, patterns.lark), built once and read back on later starts, and the
documents found valid by the schema. A parser read back parses as one built from the grammar; a
document is taken as valid from the cache only when it is the very one found valid, under the same
schemas; a cache file that is broken, strange, foreign or a link is not read."""

from __future__ import annotations

import json
import os

import lark
import pytest

from hachihachi.ruleset import grammars, schema, usercache
from hachihachi.ruleset.loader import check_file

EXPRESSIONS = ("expressions.lark", {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False})
PATTERNS = ("patterns.lark", {"start": ["start", "cardset_start"], "parser": "lalr", "propagate_positions": True})
TEXTS = {"expressions.lark": ("tricks + 1 == 2 and went", "not any_of(x) or -a // 2 % 3 >= min(a, b)",
                              "if(true, 1, 0)"),
         "patterns.lark": ("shape 4 3", "shape 3 or shape 3 2", "count(light) == 0",
                           "shape 3 3 and groups(3, standing) == 2")}
WRONG = {"expressions.lark": ("a +", "(a", "a b", "1 2 3", ")"),
         "patterns.lark": ("shape 4 +", "count(", "== 2", "))", "shape 4 3 or")}


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "hachihachi"


def built(grammar, options):
    from importlib import resources

    return lark.Lark(resources.files("hachihachi.ruleset").joinpath(grammar).read_text(encoding="utf-8"), **options)


def kept_file(cache):
    (only,) = [p for p in cache.iterdir() if p.name.startswith("lark-")]
    return only


def parses_alike(parser, fresh, grammar):
    start = {"start": "start"} if grammar == "patterns.lark" else {}
    for text in TEXTS[grammar]:
        expected = fresh.parse(text, **start)
        got = parser.parse(text, **start)
        assert got == expected
        assert [t.meta.column for t in got.iter_subtrees()] == [t.meta.column for t in expected.iter_subtrees()]
    for text in WRONG[grammar]:
        with pytest.raises(lark.exceptions.UnexpectedInput) as kept:
            parser.parse(text, **start)
        with pytest.raises(lark.exceptions.UnexpectedInput) as anew:
            fresh.parse(text, **start)
        assert (type(kept.value), kept.value.column) == (type(anew.value), anew.value.column)


@pytest.mark.parametrize("grammar, options", [EXPRESSIONS, PATTERNS], ids=["expressions", "patterns"])
def test_a_parser_read_back_from_the_cache_parses_as_one_built_from_the_grammar(cache, monkeypatch, grammar, options):
    first = grammars.lalr_parser(grammar, **options)
    path = kept_file(cache)
    assert json.loads(path.read_text())["data"]["options"]["parser"] == "lalr"
    fresh = built(grammar, options)

    def no_building(*args, **kwargs):
        raise AssertionError("built again")

    monkeypatch.setattr(grammars, "Lark", type("NoBuild", (), {"__new__": no_building, "load": lark.Lark.load}))
    again = grammars.lalr_parser(grammar, **options)
    assert again is not first
    parses_alike(again, fresh, grammar)
    parses_alike(first, fresh, grammar)


def test_the_tables_are_kept_per_grammar_and_options(cache):
    grammars.lalr_parser(*EXPRESSIONS[:1], **EXPRESSIONS[1])
    grammars.lalr_parser(*EXPRESSIONS[:1], **{**EXPRESSIONS[1], "propagate_positions": False})
    assert len([p for p in cache.iterdir() if p.name.startswith("lark-expressions-")]) == 2


@pytest.mark.parametrize("spoil", ["garbage", "empty", "not tables", "bad key", "a transformer", "earley", "huge"])
def test_a_broken_or_strange_cache_file_is_built_again(cache, spoil):
    grammar, options = EXPRESSIONS
    grammars.lalr_parser(grammar, **options)
    path = kept_file(cache)
    tables = json.loads(path.read_text())
    if spoil == "garbage":
        path.write_text("{not json")
    elif spoil == "empty":
        path.write_text("")
    elif spoil == "not tables":
        path.write_text(json.dumps([1, 2, 3]))
    elif spoil == "bad key":
        path.write_text(path.read_text().replace('"#0"', '"#zero"', 1))
    elif spoil == "a transformer":      # a name where Lark would call something: set to none before reading
        tables["data"]["options"].update(transformer="os.system", postlex="os.system", tree_class="os.system")
        path.write_text(json.dumps(tables))
    elif spoil == "earley":
        tables["data"]["options"]["parser"] = "earley"
        path.write_text(json.dumps(tables))
    else:
        path.write_text(" " * (usercache.MAX_BYTES + 1))
    parses_alike(grammars.lalr_parser(grammar, **options), built(grammar, options), grammar)


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
@pytest.mark.parametrize("where", ["file", "folder"])
def test_a_cache_file_others_may_write_is_not_read(cache, where):
    grammars.lalr_parser(*EXPRESSIONS[:1], **EXPRESSIONS[1])
    path = kept_file(cache)
    os.chmod(path if where == "file" else cache, 0o777 if where == "folder" else 0o666)
    assert usercache.read_json(path.name) is None
    os.chmod(cache, 0o700)
    os.chmod(path, 0o600)
    assert usercache.read_json(path.name) is not None


def test_a_link_in_the_cache_is_not_followed(cache, tmp_path):
    grammars.lalr_parser(*EXPRESSIONS[:1], **EXPRESSIONS[1])
    path = kept_file(cache)
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(path.read_text())
    path.unlink()
    path.symlink_to(elsewhere)
    assert usercache.read_json(path.name) is None


def test_a_cache_folder_that_cannot_be_made_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))          # hachihachi/ cannot be made under a file
    parser = grammars.lalr_parser(*EXPRESSIONS[:1], **EXPRESSIONS[1])
    parses_alike(parser, built(*EXPRESSIONS), EXPRESSIONS[0])


def test_the_cache_folder_follows_xdg_cache_home_and_ignores_a_relative_one(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert usercache.folder() == tmp_path / "hachihachi"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert usercache.folder() == tmp_path / "home" / ".cache" / "hachihachi"


RULES = __import__("pathlib").Path(__file__).resolve().parent.parent / "rules"


@pytest.fixture
def fresh_verdicts(cache):
    schema._known_valid.cache_clear()
    yield cache / schema.verdicts_file()
    schema._known_valid.cache_clear()


def test_a_document_found_valid_is_not_checked_again(fresh_verdicts, monkeypatch):
    path = RULES / "hachihachi_trick.yaml"
    assert check_file(path) == []
    assert len(json.loads(fresh_verdicts.read_text())["documents"]) == 2      # the rule file and its role table
    schema._known_valid.cache_clear()                                         # a later start

    def no_validator(kind):
        raise AssertionError("validated again")

    monkeypatch.setattr(schema, "_validator", no_validator)
    assert check_file(path) == []


def test_a_document_not_valid_is_never_remembered_and_a_changed_one_is_checked(fresh_verdicts, tmp_path):
    good = tmp_path / "mine.yaml"
    good.write_text("name: mine\nextends: hachihachi_trick\n")
    assert check_file(good) == []
    kept = len(json.loads(fresh_verdicts.read_text())["documents"])
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: mine\nextends: hachihachi_trick\nplayers: {min: many}\n")
    for _ in range(2):
        problems = check_file(bad)
        assert problems and "players" in str(problems[0])
        schema._known_valid.cache_clear()
    assert len(json.loads(fresh_verdicts.read_text())["documents"]) == kept


def test_a_document_with_a_key_that_is_not_text_is_always_checked():
    assert schema._digest({1: "a"}, schema.RULESET) is None and schema._digest({"1": "a"}, schema.RULESET)
    assert schema._digest({"a": [1, {"b": True}]}, schema.RULESET) != schema._digest({"a": [1, {"b": 1}]},
                                                                                   schema.RULESET)


@pytest.mark.parametrize("spoil", ["another checker", "not a list", "others may write"])
def test_verdicts_of_another_checker_or_a_file_others_may_write_are_not_taken(fresh_verdicts, spoil):
    path = RULES / "hachihachi_trick.yaml"
    check_file(path)
    kept = json.loads(fresh_verdicts.read_text())
    if spoil == "another checker":
        kept["checker"] = "0" * 64
        fresh_verdicts.write_text(json.dumps(kept))
    elif spoil == "not a list":
        kept["documents"] = "abc"
        fresh_verdicts.write_text(json.dumps(kept))
    else:
        os.chmod(fresh_verdicts, 0o666)
    schema._known_valid.cache_clear()
    assert schema.known_valid() == []


def test_the_verdicts_of_two_checkers_are_kept_apart(fresh_verdicts):
    """Two installs (each its own checker) sharing a cache folder do not empty each other's verdicts."""
    check_file(RULES / "hachihachi_trick.yaml")
    mine = schema.known_valid()
    other = "f" * 64
    schema._remember(other, [], "0" * 64)                     # another install finds a document valid
    assert schema.verdicts_file(other) != schema.verdicts_file()
    schema._known_valid.cache_clear()
    assert schema.known_valid() == mine and mine
    assert schema._known_valid(other) == ["0" * 64]
