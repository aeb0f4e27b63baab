"""``hachi score``: score sheets settle like the games they come from; illegal sheets are
refused with one line naming the round and the field; the CLI prints the account and the JSON."""

import copy
import json

import pytest
import yaml
from click.testing import CliRunner

from hachihachi.cli.score import score
from hachihachi.interpreter.records.gamerecord import summary
from hachihachi.interpreter.scorekeeper.sheet import SheetError, settle, sheet_from_data
from hachihachi.interpreter.scorekeeper.sheet_write import CLAIM, MIXED, SHOW, sheet_difference, sheet_from_game
from hachihachi.ruleset.loader import load_ruleset

from tests.interp_support import random_game

TRICK = load_ruleset("hachihachi_trick")
HANA = load_ruleset("hanafuda_hachihachi")
GO_DROP = load_ruleset("hanafuda_go_drop")

SPEC = {  # the sheet of scorekeeper.md, with whole hands
    "ruleset": "hachihachi_trick",
    "players": ["ann", "bob", "cy", "dee", "eve"],
    "start": "ann",
    "rounds": [
        {"indicator": "5d", "declare": ["go", "drop", "go", "go"],
         "show": {"cy": ["Kd", "Kc", "Kh", "2s", "3s", "4s", "5s"], "eve": ["As", "Ah", "9d", "8d", "7d", "6d", "5c"]},
         "tricks": {"ann": 4, "cy": 2, "dee": 1}},
        {"indicator": "Qh", "mizuten": True, "declare": ["go", "go", "drop", "drop", "drop"], "split": [False],
         "tricks": {"ann": 5, "bob": 2}},
    ],
}


def played(rules, players, seed, rounds=None):
    return random_game(rules, players, seed, rounds)


def settled(data, rules=TRICK):
    return settle(sheet_from_data(data, lambda ref: rules))


# -- sheets from random games settle like the games ------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("rules,players", [(TRICK, p) for p in range(3, 8)] + [(HANA, 3)]
                         + [(GO_DROP, p) for p in range(3, 8)])
def test_random_games_written_as_sheets_settle_to_their_records(rules, players):
    for seed in range(12):
        g = played(rules, players, seed, rounds=4)
        names = [f"p{s}" for s in range(players)]
        for hands in (SHOW, CLAIM, MIXED):
            assert sheet_difference(g, names, hands) is None, (seed, hands)


def test_sheet_holds_only_what_the_table_sees():
    g = played(TRICK, 5, 3, rounds=6)
    sheet = sheet_from_game(g, [f"p{s}" for s in range(5)], "hachihachi_trick", SHOW)
    keys = {k for r in sheet["rounds"] for k in r}
    assert keys <= {"start", "indicator", "mizuten", "declare", "split", "show", "tricks"}
    assert all(len(h) == 7 for r in sheet["rounds"] for h in r.get("show", {}).values())


def test_T27_the_scorekeeper_spec_sheet_settles_to_its_kinds_multipliers_and_total():
    rep = settled(SPEC)
    s = summary(rep)
    assert [r["kind"] for r in s["rounds"]] == ["three_goers", "two_goers_play"]
    assert s["rounds"][1]["multiplier"] == 2                 # Q: ooba
    assert s["rounds"][0]["delta"]["eve"] == 9                # forced out: 2 aces + straight, from 3 goers
    assert sum(s["final"].values()) + s["pot"] == 5 * 50      # T27


def test_sheet_claims_settle_like_shown_hands():
    claims = copy.deepcopy(SPEC)
    claims["rounds"][0].pop("show")
    claims["rounds"][0]["roles"] = {"cy": ["sanbon"], "eve": ["straight"]}
    claims["rounds"][0]["aces"] = {"eve": 2}
    assert summary(settled(claims)) == summary(settled(SPEC))


def test_sheet_names_the_field_when_the_turned_card_was_not_noted():
    data = copy.deepcopy(SPEC)
    del data["rounds"][1]["indicator"]
    data["rounds"][1]["field"] = "ooba"
    assert summary(settled(data))["rounds"][1]["multiplier"] == 2


# -- refusals: one line naming the round and the field ---------------------------------------

def refused(data, rules=TRICK) -> str:
    with pytest.raises(SheetError) as e:
        settled(data, rules)
    assert "\n" not in e.value.message
    return e.value.message


def change(r, **fields):
    data = copy.deepcopy(SPEC)
    data["rounds"][r - 1].update(fields)
    return data


@pytest.mark.parametrize("data,expected", [
    (change(1, declare=["go", "go", "go", "go"]), "round 1, declare: a fourth goer, but at most 3 may go (T12)"),
    (change(1, tricks={"ann": 4, "cy": 2, "dee": 2}), "round 1, tricks: they add up to 8"),
    (change(1, show={"cy": "Kd Kc Kh 2s 3s 4s 5s", "eve": "Kd Ah 9d 8d 7d 6d 5c"}),
     "round 1, show: the card Kd is shown twice"),
    (change(1, show={"cy": "Kd Kc Kh 2s 3s 4s 5d"}), "round 1, indicator: the card 5d is shown twice"),
    (change(1, tricks={"ann": 4, "bob": 2, "dee": 1}), "round 1, tricks: bob dropped and did not play"),
    (change(1, tricks={"ann": 4, "eve": 2, "dee": 1}), "round 1, tricks: eve was forced out"),
    (change(1, split=[True]), "round 1, split: split answers are given only with exactly two goers; this round has 3"),
    (change(2, declare=["drop", "go", "go", "drop", "drop"]), "round 2, declare: ann called mizuten and must go"),
    (change(1, tricks={"zed": 7}), "round 1, tricks: 'zed' is not one of the players"),
    (change(1, indicator="5x"), "round 1, indicator: '5x' is not a card"),
    (change(1, show={"cy": "Kd Kc"}), "round 1, show: cy's hand has 2 cards, not 7"),
    (change(2, start="bob"), "round 2, start: bob, but the rules make ann the start player: ann took the pot"),
    (change(1, declare=["go", "drop"]), "round 1, declare: 2 declarations, but cy must still say go or drop"),
    (change(2, split=[]), "round 2, split: two goers: ann must say whether to split"),
    (change(2, split=[False, True]), "round 2, split: bob answers only when ann wants to split"),
    (change(1, roles={"bob": ["nothing_real"]}), "round 1, roles: bob: 'nothing_real' is not a role"),
    (change(1, tricsk={"ann": 7}), "round 1, tricsk: not a field of a round"),
    (change(1, indicator="5d", field="ooba"), "round 1, field: give indicator or field, not both"),
    (change(1, tricks=None), "round 1, tricks: the goers played: tell the tricks each took"),
])
def test_illegal_sheets_are_refused_naming_round_and_field(data, expected):
    assert refused(data).startswith(expected)


HANA_SHEET = {"ruleset": "hanafuda_hachihachi", "players": ["ann", "bob", "cy"], "start": "ann",
              "rounds": [{"field_cards": "1b 2a 3r 4c1 5c1 6c1", "points": {"ann": 120, "bob": 70, "cy": 74}},
                         {"dealer": "bob", "field": "koba", "capture_role": {"player": "cy", "role": "akatan"}}]}


def hana(r, **fields):
    data = copy.deepcopy(HANA_SHEET)
    data["rounds"][r - 1].update(fields)
    return data


def test_H5_hanafuda_sheet_settles_points_field_and_capture_role():
    s = summary(settled(HANA_SHEET, HANA))
    assert s["rounds"][0]["points"] == {"0": 120, "1": 70, "2": 74}       # ann, bob, cy
    assert s["rounds"][0]["field"] == "ooba"                  # 1b lies on the field (H5)
    assert s["rounds"][1]["capture_role"]["seat"] == 2                  # cy
    assert s["rounds"][0]["delta"] == {"ann": 2 * 32, "bob": -2 * 18, "cy": -2 * 14}


TRADITIONAL = load_ruleset("hanafuda_traditional")


def _played_on(*made):
    data = {"ruleset": "hanafuda_traditional", "players": ["ann", "bob", "cy"], "start": "ann",
            "rounds": [{"field_cards": "4a 5a 6c1 7c1 9a 10c1", "points": {"ann": 120, "bob": 70, "cy": 74},
                        "played_on": [{"player": p, "role": r} for p, r in made]}]}
    return summary(settled(data, TRADITIONAL))["rounds"][0]


def test_H18_played_on_each_role_as_made_settles_each():
    """Under play_on the sheet names each capture role as it was made; each is paid once."""
    each = _played_on(("ann", "inoshikacho"), ("ann", "aotan"))
    held = _played_on(("ann", "inoshikacho"), ("ann", ["inoshikacho", "aotan"]))
    assert each["delta"] == held["delta"]
    # 猪鹿蝶 7 + 青タン 7 kan from each of the two others, 10 points to the kan
    assert each["delta"]["ann"] - _played_on()["delta"]["ann"] == 2 * 14 * 10


def test_H18_played_on_a_grown_role_is_paid_the_difference():
    grown = _played_on(("ann", "shikou"), ("ann", "gokou"))
    assert grown["delta"]["ann"] - _played_on()["delta"]["ann"] == 2 * 12 * 10


@pytest.mark.parametrize("data,expected", [
    (hana(1, points={"ann": 120, "bob": 70, "cy": 70}), "round 1, points: they add up to 260, not 264"),
    (hana(2, dealer="cy"), "round 2, dealer: cy, but the rules make bob the dealer"),
    (hana(1, field_cards="1b 2a 3r"), "round 1, field_cards: the field has 6 cards, not 3"),
    (hana(1, field_cards="1b 2a 3r 4c1 5c1 6c1", show={"ann": "1b 1r 1c1 1c2 7a 7r 8c1"}),
     "round 1, field_cards: the card 1b is shown twice"),
    (hana(2, capture_role={"player": "cy", "role": "nothing"}),
     "round 2, capture_role: 'nothing' is not a capture role"),
    (hana(1, declare=["go"]), "round 1, declare: hanafuda_hachihachi has no declarations"),
    (hana(1, points=None), "round 1, points: tell the card points"),
])
def test_illegal_hanafuda_sheets_are_refused_naming_round_and_field(data, expected):
    assert refused(data, HANA).startswith(expected)


def test_sheet_level_problems_are_refused_naming_the_field():
    for data, expected in [({**SPEC, "players": ["ann", "ann", "cy"]}, "players: the name 'ann' is given twice"),
                           ({**SPEC, "start": "zed"}, "start: 'zed' is not one of the players"),
                           ({**SPEC, "players": ["a\x1b[31m", "b", "c"], "start": "b"},
                            "players: the name 'a\\x1b[31m'")]:
        with pytest.raises(SheetError) as e:
            settled(data)
        assert e.value.message.startswith(expected)


# -- the CLI ---------------------------------------------------------------------------------

def write(tmp_path, data, name="sheet.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    return str(path)


def test_score_cli_prints_account_and_standings(tmp_path):
    out = CliRunner().invoke(score, [write(tmp_path, SPEC)])
    assert out.exit_code == 0, out.output
    assert "ann pays eve 3: 降ろされ forced-out payment, forced out: 2 aces, Straight 1" in out.output
    assert "Standings after 2 rounds of 12, pot 0:" in out.output
    assert "  1. ann             87 (+37)" in out.output


def test_score_cli_json_is_the_replay_object(tmp_path):
    out = CliRunner().invoke(score, [write(tmp_path, SPEC), "--json"])
    data = json.loads(out.output)
    assert set(data) >= {"players", "final", "pot", "rounds"}
    assert set(data["rounds"][0]) >= {"kind", "multiplier", "goers", "tricks", "pot_to", "delta", "pot_after"}
    assert data["final"] == {"ann": 87, "bob": 36, "cy": 45, "dee": 31, "eve": 51}


def test_score_cli_refuses_a_bad_sheet_with_one_line_and_exit_1(tmp_path):
    path = write(tmp_path, change(2, tricks={"ann": 5, "bob": 1}))
    out = CliRunner().invoke(score, [path])
    assert out.exit_code == 1
    assert out.output == f"{path}: error: round 2, tricks: they add up to 6, but a hand plays 7 tricks\n"


def test_score_cli_escapes_control_characters_the_sheet_holds(tmp_path):
    out = CliRunner().invoke(score, [write(tmp_path, change(1, tricks={"\x1b[2J": 7}))])
    assert out.exit_code == 1
    assert "\x1b" not in out.output and "sheet.yaml:32:5:" in out.output and "U+001B" in out.output


# -- asking round by round -------------------------------------------------------------------

ROUND_1 = ["1",                        # ann calls no mizuten
           "5d",                       # the turned card
           "1", "2", "1", "1",         # ann go, bob drop, cy go, dee go
           "", "Kd Kc Kh 2s 3s 4s 5s", "r", "teshi", "",       # ann none, cy shows, dee claims
           "4", "2"]                   # tricks: ann 4, cy 2 (dee 1)


def keep(tmp_path, lines, *args):
    path = str(tmp_path / "new.yaml")
    out = CliRunner().invoke(score, ["--new", path, *args], input="\n".join(lines) + "\n")
    return path, out


def test_score_new_asks_round_by_round_saves_and_add_goes_on(tmp_path):
    path, out = keep(tmp_path, ROUND_1 + ["q"], "--players", "ann,bob,cy,dee", "--start", "ann")
    assert out.exit_code == 0, out.output
    data = yaml.safe_load(open(path))
    assert data["rounds"] == [{"indicator": "5d", "declare": ["go", "drop", "go", "go"],
                               "show": {"cy": ["Kd", "Kc", "Kh", "2s", "3s", "4s", "5s"]},
                               "roles": {"dee": ["teshi"]}, "tricks": {"ann": 4, "cy": 2, "dee": 1}}]
    assert "Standings after 1 round of 12" in out.output
    # the saved sheet settles like any other, and --add goes on with it
    more = CliRunner().invoke(score, [path, "--add"], input="\n".join(ROUND_1[:2] + ["?", "q"]) + "\n")
    assert more.exit_code == 0
    assert "Go to play the round, or drop and pay the drop fee" in more.output
    assert "-- Round 2 of 12: start ann, pot 0 --" in more.output


def test_score_new_bad_answers_get_one_line_and_the_question_again(tmp_path):
    path, out = keep(tmp_path, ["9", "1", "xx", "5d", "q"], "--players", "ann,bob,cy", "--start", "ann")
    assert "9 is not a choice: answer 1 to 2" in out.output
    assert "'xx' is not a card" in out.output
    assert out.exit_code == 0 and yaml.safe_load(open(path))["rounds"] == []


ROUND_1_SAVED = {"indicator": "5d", "declare": ["go", "drop", "go", "go"],
                 "show": {"cy": ["Kd", "Kc", "Kh", "2s", "3s", "4s", "5s"]},
                 "roles": {"dee": ["teshi"]}, "tricks": {"ann": 4, "cy": 2, "dee": 1}}


def test_score_new_refuses_a_card_told_twice_as_it_is_typed_and_asks_only_that_again(tmp_path):
    clash = ROUND_1[:7] + ["Kd Kc Kh 2s 3s 4s 5d"] + ROUND_1[7:]     # 5d shown and turned: refused at once
    path, out = keep(tmp_path, clash + ["q"], "--players", "ann,bob,cy,dee", "--start", "ann")
    assert out.exit_code == 0, out.output
    said = " ".join(out.output.split())
    assert "5d is told already, in the turned card; give this answer again." in said
    assert "asked again" not in said and said.count("-- Round 1 of 12") == 1
    assert yaml.safe_load(open(path))["rounds"] == [ROUND_1_SAVED]
    (tmp_path / "ja").mkdir()
    ja = keep(tmp_path / "ja", clash[:8] + ["q"], "--players", "ann,bob,cy,dee", "--start", "ann", "--lang", "ja")[1]
    assert "5d はもうめくり札にあります。" in " ".join(ja.output.split())


def test_score_new_refuses_a_card_in_two_hands_as_the_second_is_typed(tmp_path):
    answers = ROUND_1[:6] + ["Ad Ac Ah 9s 9h 8d 7c", "Kd Kc Kh 2s 3s 4s 7c", "Kd Kc Kh 2s 3s 4s 5s", "q"]
    path, out = keep(tmp_path, answers, "--players", "ann,bob,cy,dee", "--start", "ann")
    assert "7c is told already, in ann's hand" in " ".join(out.output.split())


def test_score_new_undo_in_a_round_takes_back_its_last_answer_only(tmp_path):
    lines = ROUND_1[:8] + ["undo", "Kd Kc Kh 2s 3s 4s 6s"] + ROUND_1[8:] + ["q"]
    path, out = keep(tmp_path, lines, "--players", "ann,bob,cy,dee", "--start", "ann")
    assert out.exit_code == 0, out.output
    assert "the last answer is taken back." in out.output and "no round to take back" not in out.output
    assert out.output.count("-- Round 1 of 12") == 1 and out.output.count("The turned card (e.g.") == 1
    (rnd,) = yaml.safe_load(open(path))["rounds"]
    assert rnd == dict(ROUND_1_SAVED, show={"cy": ["Kd", "Kc", "Kh", "2s", "3s", "4s", "6s"]})


def test_score_new_undo_at_a_rounds_first_question_takes_back_the_last_round(tmp_path):
    path, out = keep(tmp_path, ROUND_1 + ["undo", "q"], "--players", "ann,bob,cy,dee", "--start", "ann")
    assert "round 1 taken back." in out.output
    assert yaml.safe_load(open(path))["rounds"] == []


def test_the_account_of_a_sheet_ends_with_its_last_round_told(tmp_path):
    path = write(tmp_path, {"ruleset": "hachihachi_trick", "players": ["ann", "bob", "cy"], "start": "ann",
                            "rounds": [{"indicator": "5d", "declare": ["go", "go", "go"],
                                        "tricks": {"ann": 4, "bob": 2, "cy": 1}}]})
    out = CliRunner().invoke(score, [path]).output
    assert "Round 1: start player ann" in out and "Round 2" not in out
    assert out.splitlines()[-4].startswith("Standings after 1 round of 12")


def test_score_new_refuses_an_existing_file(tmp_path):
    path = write(tmp_path, SPEC)
    out = CliRunner().invoke(score, ["--new", path, "--players", "a,b,c", "--start", "a"])
    assert out.exit_code == 1 and "exists" in out.output
    assert yaml.safe_load(open(path)) == SPEC


def test_score_new_rewrites_the_sheet_atomically_after_every_round(tmp_path, monkeypatch):
    from hachihachi.interpreter.records import atomicfile

    writes = []
    real = atomicfile.write_atomic
    monkeypatch.setattr(atomicfile, "write_atomic", lambda path, text: (writes.append(yaml.safe_load(text)),
                                                                      real(path, text)))
    path, out = keep(tmp_path, ROUND_1 + ROUND_1 + ["q"], "--players", "ann,bob,cy,dee", "--start", "ann")
    assert out.exit_code == 0, out.output
    assert [len(w["rounds"]) for w in writes] == [0, 1, 2]     # the new sheet, then after each round
    assert not [p for p in tmp_path.iterdir() if p.name != "new.yaml"]       # no temporary file left


HANA_ROUND = ["1b 2a 3r 4c1 5c1 6c1",          # the field cards
              "", "r", "sanbon", "",            # ann none, bob claims sanbon, cy none
              "1", "120", "70",                 # card points: ann 120, bob 70 (cy 74)
              "ann chaff 17", "bob tobikomi", ""]


@pytest.mark.slow
def test_score_new_asks_a_hanafuda_round_in_japanese(tmp_path):
    path, out = keep(tmp_path, HANA_ROUND + ["q"], "--players", "ann,bob,cy", "--start", "ann",
                     "--rules", "hanafuda_hachihachi", "--lang", "ja")
    assert out.exit_code == 0, out.output
    assert "-- 第1回（全12回）: 親 ann --" in out.output and "場代" not in out.output   # nothing fills its pot
    assert "回の終わり方は？  1) 札の点  2) 出来役" in out.output
    assert yaml.safe_load(open(path))["rounds"] == [{
        "field_cards": ["1b", "2a", "3r", "4c1", "5c1", "6c1"], "roles": {"bob": ["sanbon"]},
        "points": {"ann": 120, "bob": 70, "cy": 74}, "chaff": {"ann": 17}, "tobikomi": ["bob"]}]
    assert "ann: 素十六 (14 貫)" in out.output                       # the account in Japanese too
    assert "bob が ann に 48 (24 x2) を払う: 手役の精算、吹き消し" in out.output
    assert "1回終わっての成績（全12回）:" in out.output


def test_H2_H5_score_new_asks_hanafudas_first_dealer_and_takes_a_field_by_its_japanese_name(tmp_path):
    answers = ["1", "大場", "", "", "", "1", "120", "70", "", "q"]     # ann deals; the field named 大場
    path, out = keep(tmp_path, answers, "--players", "ann,bob,cy", "--rules", "hanafuda_hachihachi", "--lang", "ja")
    assert out.exit_code == 0, out.output
    assert "最初の回の親は？" in out.output and "スタP" not in out.output
    (rnd,) = yaml.safe_load(open(path))["rounds"]
    assert rnd["field"] == "ooba"
    (tmp_path / "en").mkdir(), (tmp_path / "trick").mkdir()
    english = keep(tmp_path / "en", ["q"], "--players", "ann,bob,cy", "--rules", "hanafuda_hachihachi")[1]
    assert "Who deals the first round?" in english.output
    trick = keep(tmp_path / "trick", ["q"], "--players", "ann,bob,cy")[1]
    assert "Who starts the first round?" in trick.output


@pytest.mark.parametrize("module", ["hachihachi.interpreter.scorekeeper.told",
                                    "hachihachi.interpreter.scorekeeper.told_game",
                                    "hachihachi.cli.score_text",
                                    "hachihachi.cli.score_input"])
def test_score_sheet_modules_pass_their_doctests(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0


# -- the sheet's rule file is named as a record names one (reach.py) ----------------------------

def house_rules(folder):
    import shutil
    from pathlib import Path

    rules = Path(__file__).resolve().parent.parent / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("hachihachi_trick.yaml", "hand_roles.yaml"):
        shutil.copy(rules / name, folder / name)
    return folder / "hachihachi_trick.yaml"


def test_sheet_names_a_rule_file_in_its_folder(tmp_path):
    house_rules(tmp_path / "house")
    out = CliRunner().invoke(score, [write(tmp_path, {**SPEC, "ruleset": "house/hachihachi_trick.yaml"}), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["final"] == {"ann": 87, "bob": 36, "cy": 45, "dee": 31, "eve": 51}


def test_sheet_may_not_name_a_rule_file_outside_its_folder(tmp_path):
    house_rules(tmp_path / "house")
    (tmp_path / "games").mkdir()
    path = write(tmp_path / "games", {**SPEC, "ruleset": "../house/hachihachi_trick.yaml"})
    out = CliRunner().invoke(score, [path])
    assert out.exit_code == 1
    assert out.output.startswith(f"{path}:")
    assert ": error: unknown or bad ruleset '../house/" in out.output
    assert "is outside the folder" in out.output and out.output.count("\n") == 1
    # a rule file given on the command line is the user's own choice
    out = CliRunner().invoke(score, [path, "--rules", str(tmp_path / "house" / "hachihachi_trick.yaml"), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["final"] == {"ann": 87, "bob": 36, "cy": 45, "dee": 31, "eve": 51}


def test_score_new_refuses_rules_the_sheet_could_not_name(tmp_path):
    rules = house_rules(tmp_path / "house")
    (tmp_path / "games").mkdir()
    path = tmp_path / "games" / "new.yaml"
    out = CliRunner().invoke(score, ["--new", str(path), "--players", "a,b,c", "--start", "a", "--rules", str(rules)])
    assert out.exit_code == 1 and "is outside the folder" in out.output
    assert not path.exists()
    inside = tmp_path / "house" / "new.yaml"
    out = CliRunner().invoke(score, ["--new", str(inside), "--players", "a,b,c", "--start", "a", "--rules", str(rules)],
                             input="q\n")
    assert out.exit_code == 0, out.output
    assert yaml.safe_load(open(inside))["ruleset"] == "hachihachi_trick.yaml"


# -- answers to the questions of house rules (effects' ask) ------------------------------------

def _asking_rules():
    from tests.house_rules.house_replay import rules

    return rules("fx_start_player_may_double")


def test_a_game_with_house_rule_questions_written_as_a_sheet_keeps_the_answers_and_settles_to_it():
    rules = _asking_rules()
    for seed in range(4):
        g = played(rules, 4, seed, rounds=4)
        names = [f"p{s}" for s in range(4)]
        sheet = sheet_from_game(g, names, "fx_start_player_may_double", SHOW)
        answers = [r["answers"] for r in sheet["rounds"] if "answers" in r]
        assert answers and all(set(a) == {"doubles"} for a in answers)
        assert sheet_difference(g, names, SHOW) is None, seed


def test_a_sheet_keeps_the_answers_to_a_question_asked_before_the_deal_and_settles_to_it():
    from tests.house_rules.house_replay import rules

    before = rules("fx_double_before_the_deal")
    for seed in range(3):
        g = played(before, 4, seed, rounds=3)
        names = [f"p{s}" for s in range(4)]
        sheet = sheet_from_game(g, names, "fx_double_before_the_deal", SHOW)
        assert all(set(r["answers"]) == {"doubles"} for r in sheet["rounds"])
        assert sheet_difference(g, names, SHOW) is None, seed


def test_a_sheet_without_the_answer_a_house_rule_asks_for_is_refused_naming_the_question():
    from hachihachi.interpreter.scorekeeper.sheet import UnansweredError

    rules = _asking_rules()
    data = copy.deepcopy(SPEC)
    data["rounds"] = data["rounds"][:1]
    with pytest.raises(UnansweredError) as asked:
        settled(data, rules)
    assert asked.value.message == ("round 1, answers: a house rule asks ann 'doubles' (no, double); write answers: "
                                   "{doubles: {ann: OPTION}}")
    assert (asked.value.question, asked.value.seat, asked.value.options) == ("doubles", 0, ("no", "double"))
    data["rounds"][0]["answers"] = {"doubles": {"ann": "double"}}
    doubled = summary(settled(data, rules))["rounds"][0]
    data["rounds"][0]["answers"] = {"doubles": {"ann": "no"}}
    plain = summary(settled(data, rules))["rounds"][0]
    assert doubled != plain
    for bad, message in (({"doubles": {"ann": "triple"}}, "ann answers 'doubles' with 'triple', not one of no, double"),
                         ({"doubles": {"ann": "no", "bob": "no"}}, "no house rule asked 'bob' 'doubles' this round"),
                         ("x", "a mapping of questions to {player: option}, not 'x'"),
                         ({"doubles": ["ann"]},
                          "a mapping of questions to {player: option}, not {'doubles': ['ann']}")):
        data["rounds"][0]["answers"] = bad
        with pytest.raises(SheetError) as refused:
            settled(data, rules)
        assert refused.value.message == f"round 1, answers: {message}"


def test_a_sheet_of_rules_without_questions_refuses_answers():
    data = copy.deepcopy(SPEC)
    for bad, message in (("x", "a mapping of questions to {player: option}, not 'x'"),
                         ({"doubles": {"ann": "no"}}, "no house rule asked 'ann' 'doubles' this round")):
        data["rounds"][0]["answers"] = bad
        with pytest.raises(SheetError) as refused:
            settled(data)
        assert refused.value.message == f"round 1, answers: {message}"


def test_score_new_asks_the_question_a_house_rule_asks_and_saves_the_answer(tmp_path):
    from pathlib import Path

    rule = tmp_path / "doubles.yaml"
    rule.write_text((Path(__file__).parent / "house_rules" / "variants" / "fx_start_player_may_double.yaml")
                    .read_text(encoding="utf-8"), encoding="utf-8")
    asked = ROUND_1[:6] + ["?", "2"] + ROUND_1[6:]            # asked after the declarations, ann goes
    path, out = keep(tmp_path, asked + ["q"], "--players", "ann,bob,cy,dee", "--start", "ann", "--rules", str(rule))
    assert out.exit_code == 0, out.output
    assert "A house rule asks ann (doubles):" in out.output and "docs/effects.md, ask" in out.output
    assert yaml.safe_load(open(path))["rounds"][0]["answers"] == {"doubles": {"ann": "double"}}


def test_score_new_asks_a_question_of_a_house_rule_before_the_deal(tmp_path):
    from pathlib import Path

    rule = tmp_path / "before.yaml"
    rule.write_text((Path(__file__).parent / "house_rules" / "variants" / "fx_double_before_the_deal.yaml")
                    .read_text(encoding="utf-8"), encoding="utf-8")
    asked = ["2"] + ROUND_1                                     # ann doubles before the mizuten call
    path, out = keep(tmp_path, asked + ["q"], "--players", "ann,bob,cy,dee", "--start", "ann", "--rules", str(rule))
    assert out.exit_code == 0, out.output
    assert out.output.index("A house rule asks ann (doubles):") < out.output.index("mizuten")
    saved = yaml.safe_load(open(path))["rounds"][0]
    assert saved["answers"] == {"doubles": {"ann": "double"}} and saved["tricks"] == {"ann": 4, "cy": 2, "dee": 1}
