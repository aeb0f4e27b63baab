"""Score sheets as people write them: YAML's truth values read as the option names they spell, and
player names that would look like one seat refused (scorekeeper.md)."""

from __future__ import annotations

import copy

import pytest
import yaml

from hachihachi.interpreter.records.gamerecord import summary
from hachihachi.interpreter.records.recordfile import name_key, twice_problem
from hachihachi.interpreter.scorekeeper.sheet import SheetError
from tests.test_score import SPEC, _asking_rules, settled


def one_round(answers):
    data = copy.deepcopy(SPEC)
    data["rounds"] = data["rounds"][:1]
    data["rounds"][0]["answers"] = answers
    return data


def test_an_unquoted_no_is_the_option_no():
    rules = _asking_rules()
    unquoted = yaml.safe_load("{doubles: {ann: no}}")
    assert unquoted == {"doubles": {"ann": False}}
    assert summary(settled(one_round(unquoted), rules)) == summary(settled(one_round({"doubles": {"ann": "no"}}),
                                                                           rules))


def test_a_truth_value_no_option_spells_is_refused_with_a_line_saying_to_quote_it():
    with pytest.raises(SheetError) as refused:
        settled(one_round(yaml.safe_load("{doubles: {ann: yes}}")), _asking_rules())
    assert refused.value.message == ("round 1, answers: ann answers 'doubles' with true (YAML reads yes, no, on and "
                                     "off unquoted as true and false); quote the option: one of no, double")


@pytest.mark.parametrize("first, second", [("bob", "bob "), ("bob", " bob"), ("bob", "b\u043eb"), ("ann", "\u0430nn"),
                                           ("bob", "ｂｏｂ"), ("nico", "nic\u03bf")])
def test_names_that_print_alike_are_one_seat(first, second):
    assert name_key(first) == name_key(second)
    assert "would look like one seat" in twice_problem([first, second], 1)


@pytest.mark.parametrize("first, second", [("bob", "Bob"), ("ann", "anne"), ("ken", "けん")])
def test_names_that_print_differently_are_two_seats(first, second):
    assert twice_problem([first, second], 1) is None


def test_a_sheet_with_two_players_who_print_alike_is_refused():
    data = copy.deepcopy(SPEC)
    data["players"] = [data["players"][0], data["players"][0] + " ", *data["players"][2:]]
    with pytest.raises(SheetError, match="would look like one seat"):
        settled(data)
