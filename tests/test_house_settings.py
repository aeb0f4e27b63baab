"""House settings: each acts or is an error naming its place (T8, T11, T16, H10-H18)."""

from __future__ import annotations

import dataclasses
import json
import textwrap

import pytest
import yaml
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.interpreter.games.tricks.explain import ruled_words
from hachihachi.interpreter.games.tricks.heuristic import drop_cost
from hachihachi.ruleset.errors import RuleFileError
from hachihachi.ruleset.loader import check_file, load_ruleset
from hachihachi.interpreter.games.tricks.rules import TrickPlay
from hachihachi.interpreter.parts.go_drop.rules import DropFee, SplitRule, TwoGoers, go_drop_rules, with_go_drop
from hachihachi.ruleset.schema import schema


def problems(tmp_path, text: str, name: str = "house.yaml") -> list[str]:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return [str(p) for p in check_file(path)]


def run(*args):
    return CliRunner().invoke(cli, list(args))


# -- T11 drop fees -------------------------------------------------------------------------------

def test_T11_drop_fee_list_last_repeats():
    assert [DropFee(fees=(2, 3, 4, 4)).fee(n) for n in range(6)] == [2, 3, 4, 4, 4, 4]
    assert [DropFee(2, 1).fee(n) for n in range(3)] == [2, 3, 4]


@pytest.mark.parametrize("fee, words", [("[]", "at least 1 item"), ("[1, -2]", "at least 0"),
                                        ("[1, x]", "a whole number")])
def test_T11_bad_drop_fee_list_is_an_error_at_its_place(tmp_path, fee, words):
    found = problems(tmp_path, f"extends: hachihachi_trick\nname: h\ndeclaration:\n  drop_fee: {fee}\n")
    assert len(found) == 1 and ":4:" in found[0] and words in found[0]


def test_T11_heuristic_bot_reads_the_drop_fee_list():
    rules = dataclasses.replace(load_ruleset("hachihachi_trick"))
    listed = with_go_drop(rules, declaration=dataclasses.replace(go_drop_rules(rules).declaration,
                                                                        drop_fee=DropFee(fees=(1, 5, 20))))

    class View:
        dropped, multiplier = (0, 1), 2
    assert drop_cost(listed, View()) == 40 and drop_cost(rules, View()) == 8


# -- T8 fields by card and suit -----------------------------------------------------------------

FIELDS = """\
extends: hachihachi_trick
name: h
fields:
  - {id: a, cards: [%s], multiplier: 8, applies_to: [roles]}
  - {id: b, suits: [%s], multiplier: 3, applies_to: [roles]}
  - {id: c, ranks: [%s], multiplier: 1, applies_to: []}
"""
ALL = '"2", "3", "4", "5", "6", "7", "8", "9", T, J, Q, K, A'


def test_T8_first_matching_field_applies(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_text(FIELDS % ("As", "h", ALL), encoding="utf-8")
    rules = load_ruleset(path)
    field = {c: rules.field_for(rules.deck.parse(c)).id for c in ("As", "Ah", "2h", "2s")}
    assert field == {"As": "a", "Ah": "b", "2h": "b", "2s": "c"}


@pytest.mark.parametrize("cards, suits, ranks, words", [
    ("Xs", "h", ALL, "names the card 'Xs'"),
    ("As", "x", ALL, "names the suit 'x'"),
    ("As", "h", '"2", "3", "4", "5", "6", "7", "8", "9", T, J, Q, K', "no field makes the cards Ad Ac"),
])
def test_T8_field_keys_are_checked(tmp_path, cards, suits, ranks, words):
    found = problems(tmp_path, FIELDS % (cards, suits, ranks))
    assert found and words in found[0]


def test_T8_field_without_keys_is_an_error(tmp_path):
    found = problems(tmp_path, f"""\
        extends: hachihachi_trick
        name: h
        fields:
          - {{id: a, multiplier: 8, applies_to: [roles]}}
          - {{id: c, ranks: [{ALL}], multiplier: 1, applies_to: []}}
        """)
    assert any("lists no ranks, cards or suits" in p and ":4:" in p for p in found)


# -- T16 two goers ------------------------------------------------------------------------------

def test_T16_split_setting_and_its_older_spelling():
    assert TwoGoers().split is SplitRule.ASK
    assert TwoGoers(may_split=False).split is SplitRule.NEVER
    assert go_drop_rules(load_ruleset("hachihachi_trick")).two_goers.split is SplitRule.ASK


def test_T16_may_split_false_contradicting_split_is_an_error(tmp_path):
    found = problems(tmp_path, "extends: hachihachi_trick\nname: h\ntwo_goers: {may_split: false, split: always}\n")
    assert len(found) == 1 and "write split: never" in found[0]


# -- one-value settings that went away ----------------------------------------------------------

@pytest.mark.parametrize("text", ["role_settlement: pairwise_difference\n"])
def test_settings_without_alternatives_are_gone(tmp_path, text):
    base = "hanafuda_hachihachi" if "hanafuda" in text else "hachihachi_trick"
    found = problems(tmp_path, f"extends: {base}\nname: h\n{text}")
    assert len(found) == 1 and "unknown key" in found[0]


def test_settings_have_their_alternatives_in_the_schema():
    props = schema()["properties"]
    assert props["declaration"]["properties"]["no_goers"]["properties"]["pot"]["enum"] == ["carry_over", "refund"]
    assert props["next_start"]["properties"]["after_one_goer"]["enum"] == ["goer", "left_of_start", "right_of_start",
                                                                       "same_start"]
    assert props["next_start"]["properties"]["after_skip"]["enum"] == ["left_of_start", "right_of_start", "same_start"]
    hana = props["hanafuda"]["properties"]
    assert hana["hand_roles"]["properties"]["settle"]["enum"] == ["at_start", "at_end"]
    assert hana["next_dealer"]["enum"] == ["left", "right", "winner", "stopper"]
    assert hana["field_four"]["enum"] == ["redeal", "dealer_wins"]          # H4, K5 and its setting
    for key in ("after_capture_role", "direction", "willow_as_chaff", "carry_brights"):
        assert len(hana[key]["description"]) > 40


def test_schema_command_documents_the_new_settings():
    out = run("schema").output
    for words in ("the last one repeating", "first field in the list", "split the pot at once",
                  "下げ", "counter-clockwise", "持ち越し", "10 at some tables"):
        assert words in out


# -- role ids and capture roles (hanafuda) ------------------------------------------------------

def test_H12_tobikomi_naming_an_unknown_role_is_an_error(tmp_path):
    found = problems(tmp_path, """\
        extends: hanafuda_hachihachi
        name: h
        hanafuda:
          hand_roles:
            nuke: {roles: [aka, tanichii]}
        """)
    assert len(found) == 1 and ":5:" in found[0] and "'tanichii'" in found[0] and "hand_roles.nuke" in found[0]


CAPTURES = """\
extends: hanafuda_hachihachi
name: h
hanafuda:
  capture_roles:
    roles:
"""


def test_H17_capture_role_pattern_errors_are_reported_by_validate(tmp_path):
    found = problems(tmp_path, CAPTURES + "      inoshikacho: {pattern: count(cards 6a 7a 10x) == 3, go: 7}\n"
                                          "      bad: {pattern: count(kind nothing) ==, go: 1}\n")
    assert len(found) >= 2 and all("capture roles:" in p for p in found)
    assert any(":6:" in p and "10x" in p for p in found)


def test_H17_capture_role_examples_are_checked(tmp_path):
    text = CAPTURES + """\
      inoshikacho: {pattern: count(cards 6a 7a 10a) == 3, go: 7}
    examples:
      - {captures: 6a 7a 10a, roles: [inoshikacho], go: 7}
      - {captures: [1r, 2r, 3r], roles: [akatan], go: %s}
"""
    assert problems(tmp_path, text % 7) == []
    found = problems(tmp_path, text % 8)
    assert len(found) == 1 and ":9:" in found[0] and "expected go 8 but got 7" in found[0]


def test_H17_capture_role_group_must_exist(tmp_path):
    role = "      inoshikacho: {pattern: count(cards 6a 7a 10a) == 3, go: 7, group: animals}\n"
    found = problems(tmp_path, CAPTURES + role)
    assert len(found) == 1 and "'animals'" in found[0]


def test_roles_captures_from_the_command_line():
    out = run("roles", "--captures", "--rules", "hanafuda_hachihachi", "1r", "2r", "3r", "1c1", "--json")
    assert out.exit_code == 0
    assert json.loads(out.output) == {"roles": [{"id": "akatan", "go": 7, "cards": ["3r", "2r", "1r", "1c1"]}],
                                      "go": 7, "points": 16}
    text = run("roles", "--captures", "--rules", "hanafuda_hachihachi", "1b", "3b", "8b", "11b")
    assert text.exit_code == 0 and "no capture role" in text.output and "80 points" in text.output


@pytest.mark.parametrize("args, words", [(("--captures", "1r"), "has no capture roles"),
                                         (("--captures", "--rules", "hanafuda_hachihachi", "1x"), "'1x'")])
def test_roles_captures_errors(args, words):
    out = run("roles", *args)
    assert out.exit_code == 1 and words in out.output and "Traceback" not in out.output


# -- deck.kinds.*.letter ------------------------------------------------------------------------

def _hanafuda_with_letter(letter: str, rename: bool) -> dict:
    """The seed's rule file with the bright's letter changed (and, if ``rename``, every bright's id)."""
    import re
    from importlib import resources

    text = resources.files("hachihachi.rules").joinpath("hanafuda_hachihachi.yaml").read_text("utf-8")
    if rename:
        text = re.sub(r"\b(1[0-2]|[1-9])b\b", rf"\1{letter}", text)
    data = yaml.safe_load(text)
    data["deck"]["kinds"]["bright"]["letter"] = letter
    data["role_table"].pop("examples")
    return data


def test_H1_card_ids_use_the_kind_letter(tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text(yaml.safe_dump(_hanafuda_with_letter("h", True), allow_unicode=True), encoding="utf-8")
    rules = load_ruleset(path)
    assert rules.deck.kind(rules.deck.parse("1h")) == "bright"
    with pytest.raises(Exception, match=r"letter \(h a r c\)"):
        rules.deck.parse("1b")


@pytest.mark.slow
@pytest.mark.parametrize("letter, rename, words", [("h", False, "the letter of bright is 'h'"),
                                                   ("a", True, "the same letter")])
def test_H1_kind_letter_and_ids_must_agree(tmp_path, letter, rename, words):
    path = tmp_path / "h.yaml"
    path.write_text(yaml.safe_dump(_hanafuda_with_letter(letter, rename), allow_unicode=True), encoding="utf-8")
    with pytest.raises(RuleFileError, match=words):
        load_ruleset(path)


# -- help texts read the ruleset ----------------------------------------------------------------

def test_help_reads_forced_out_odd_chip_and_follow_rule():
    rules = load_ruleset("hachihachi_trick")
    assert ruled_words(rules) == {"forced_per_card": "1 per ace", "odd_chip": "earlier goer",
                                  "follow": "you must follow the led suit when you can; otherwise play any card."}
    house = dataclasses.replace(
        with_go_drop(rules, forced_out=dataclasses.replace(go_drop_rules(rules).forced_out, per_card={"ace": 2}),
                     two_goers=TwoGoers(odd_chip="later_goer")),
        kind_rules=dataclasses.replace(rules.kind_rules, trick_play=TrickPlay(must_trump=True)))
    words = ruled_words(house)
    assert words["forced_per_card"] == "2 per ace" and words["odd_chip"] == "later goer"
    assert "trump when you can" in words["follow"]
    assert "後の人" in ruled_words(house, "ja")["odd_chip"]


def test_H17_capture_example_naming_an_unknown_role_is_an_error(tmp_path):
    found = problems(tmp_path, CAPTURES + "      inoshikacho: {pattern: count(cards 6a 7a 10a) == 3, go: 7}\n"
                                          "    examples:\n      - {captures: 6a 7a 10a, roles: [inoshika]}\n")
    assert len(found) == 1 and ":8:" in found[0] and "'inoshika'" in found[0]
