"""The safe YAML reader, deep merge and suggestions."""

from __future__ import annotations

import doctest

import pytest

from hachihachi.ruleset import schema as schema_module
from hachihachi.ruleset.errors import RuleFileError
from hachihachi.ruleset.schema import suggest
from hachihachi.ruleset.variants import merge
from hachihachi.ruleset.yamlfile import parse_text


def test_doctests_of_schema_module():
    assert doctest.testmod(schema_module).failed == 0


def test_places_of_keys_and_values():
    doc = parse_text("a:\n  b: [1, {c: x}]\n", "f.yaml")
    assert doc.data == {"a": {"b": [1, {"c": "x"}]}}
    assert doc.places.of(("a", "b", 1, "c")) == "f.yaml:2:14"
    assert doc.places.of(("a", "b", 1, "c"), key=True) == "f.yaml:2:11"
    assert doc.places.of(("a", "missing")) == "f.yaml:2:3"
    assert doc.places.dotted()["a.b.0"] == "f.yaml:2:7"


def test_plain_values_only():
    doc = parse_text("a: 2001-01-01\nb: 0x10\nc: ~\nd: yes\n2: two\n", "f.yaml")
    assert doc.data == {"a": "2001-01-01", "b": 16, "c": None, "d": True, "2": "two"}


@pytest.mark.parametrize("text, message", [
    ("a: !!binary aGVsbG8=\n", "!!binary is not allowed"),
    ("? [a, b]\n: 1\n", "a key must be plain text"),
    ("a: !!set {x}\n", "!!set is not allowed"),
])
def test_refused_yaml_features(text, message):
    with pytest.raises(RuleFileError, match=message.replace("!", "\\!").replace("[", "\\[")):
        parse_text(text, "f.yaml")


def test_merge_deeply_replace_lists_and_remove_with_null():
    base = {"a": {"x": 1, "y": [1, 2]}, "b": 1, "c": {"d": 1}}
    over = {"a": {"y": [3]}, "c": None, "e": 5}
    assert merge(base, over) == {"a": {"x": 1, "y": [3]}, "b": 1, "e": 5}
    assert base == {"a": {"x": 1, "y": [1, 2]}, "b": 1, "c": {"d": 1}}      # inputs untouched


def test_merge_an_empty_mapping_clears_the_base_mapping():
    base = {"a": {"x": 1, "y": {"z": 2}}, "b": {"c": 1}}
    assert merge(base, {"a": {"y": {}}, "b": {}}) == {"a": {"x": 1, "y": {}}, "b": {}}


def test_H6_a_house_file_clears_the_binding_with_an_empty_mapping(tmp_path):
    from hachihachi.ruleset.loader import load_ruleset

    path = tmp_path / "no_binding.yaml"
    path.write_text("extends: hanafuda_hachihachi\nname: no_binding\nhanafuda: {binding: {}}\n", encoding="utf-8")
    assert dict(load_ruleset("hanafuda_hachihachi").kind_rules.binding) == {"ooba": 2, "zetsuba": 2}
    assert dict(load_ruleset(str(path)).kind_rules.binding) == {}


@pytest.mark.parametrize("word, names, expected", [
    ("plyers", ["players", "play"], "players"),
    ("enabeld", ["enabled", "goers"], "enabled"),
    ("gp", ["group", "go"], "go"),
])
def test_suggest_near_misses(word, names, expected):
    assert suggest(word, names) == f"; did you mean '{expected}'?"


def test_suggest_nothing_for_far_words():
    assert suggest("zebra", ["players", "chips"]) == ""
