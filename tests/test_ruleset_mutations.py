"""Mutations of the standard rule file never raise anything but RuleFileError (or load fine)."""

from __future__ import annotations

import copy

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hachihachi.ruleset.bundled import bundled_path
from hachihachi.ruleset.errors import RuleFileError
from hachihachi.ruleset.loader import check_file, load_ruleset
from hachihachi.ruleset.model import Ruleset

STANDARD = yaml.safe_load(bundled_path("hachihachi_trick").read_text(encoding="utf-8"))
STANDARD["role_table"] = yaml.safe_load(bundled_path("hand_roles").read_text(encoding="utf-8"))

ODD = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**20), st.floats(allow_nan=False),
                st.text(max_size=8), st.just([]), st.just({}), st.just("deal"), st.just(0), st.just(-1),
                st.lists(st.integers(-3, 60), max_size=3), st.just(["A", "A"]), st.just("shape 3"))


def _paths(data, path=()):
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, path + (index,))


PATHS = [p for p in _paths(STANDARD) if p]


def _parent(data, path):
    for step in path[:-1]:
        data = data[step]
    return data


def _mutate(data, path, action, value):
    data = copy.deepcopy(data)
    parent = _parent(data, path)
    key = path[-1]
    if action == "delete":
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
    elif action == "replace":
        parent[key] = value
    elif action == "insert" and isinstance(parent, dict):
        parent[f"{key}_x"] = value
    return data


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(PATHS), st.sampled_from(["delete", "replace", "insert"]), ODD),
                min_size=1, max_size=3))
def test_mutated_standard_file_loads_or_raises_rule_file_error(tmp_path, mutations):
    data = STANDARD
    for path, action, value in mutations:
        try:
            data = _mutate(data, path, action, value)
        except (KeyError, IndexError, TypeError, AttributeError):
            continue
    target = tmp_path / "mutant.yaml"
    target.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    try:
        assert isinstance(load_ruleset(target), Ruleset)
        assert check_file(target) == []
    except RuleFileError as exc:
        assert exc.place and exc.place.startswith(str(target))
        assert check_file(target)[0].message == exc.message


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=st.sampled_from(list("ab:-[]{}&*!|>'\"#\n \t0123456789.,?%@`~")), max_size=80))
def test_random_yaml_text_never_escapes_as_another_error(tmp_path, text):
    target = tmp_path / "noise.yaml"
    target.write_text(text, encoding="utf-8")
    problems = check_file(target)
    assert problems and all(p.file == str(target) for p in problems)
