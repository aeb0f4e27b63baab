"""``hachi score`` for Koi-Koi (K15-K19): a sheet tells who stopped (勝負) with the roles they
held and each player's koi calls (こいこい), and settles as the engine does; a played game
written as a sheet settles to the same chips."""

from __future__ import annotations

import random

import pytest
import yaml
from click.testing import CliRunner

from hachihachi.cli.score import score
from hachihachi.interpreter import GameState
from hachihachi.interpreter.bots import make_bot
from hachihachi.interpreter.records.gamerecord import summary
from hachihachi.interpreter.scorekeeper.sheet import SheetError, settle, sheet_from_data
from hachihachi.interpreter.scorekeeper.sheet_write import CLAIM, SHOW, sheet_difference, sheet_from_game
from hachihachi.ruleset.loader import load_ruleset
from tests.interp_support import play_bots

KOIKOI = load_ruleset("koikoi")
NAMES = ["ann", "bob"]


def bots_game(rules, seed: int) -> GameState:
    bots = [make_bot("heuristic_matching"), make_bot("random")]
    return play_bots(GameState(rules, 2, seed=seed, rounds=12), bots, random.Random(seed))


def settled(rounds, rules=KOIKOI):
    data = {"ruleset": rules.name, "players": NAMES, "start": "ann", "rounds": rounds}
    return summary(settle(sheet_from_data(data, lambda ref: rules)))


@pytest.mark.parametrize("name", ["koikoi", "koikoi_returned_each_call", "koikoi_own_koi_doubles", "koikoi_oyaken"])
def test_K15_K19_played_koikoi_games_written_as_sheets_settle_to_the_same_chips(name):
    rules = load_ruleset(name)
    koi_rounds = 0
    for seed in range(4):
        g = bots_game(rules, seed)
        for hands in (SHOW, CLAIM):
            assert sheet_difference(g, NAMES, hands) is None, (seed, hands)
        sheet = sheet_from_game(g, NAMES, name)
        koi_rounds += sum(1 for r in sheet["rounds"] if "koi" in r)
        assert {k for r in sheet["rounds"] for k in r} <= {"dealer", "field_cards", "show", "capture_role", "koi"}
    assert koi_rounds > 0                       # the games called koi, and the sheets told it


def test_K16_K17_K19_the_spec_examples_told_on_a_sheet():
    s = settled([
        {"field": "koba", "capture_role": {"player": "bob", "role": ["hanamizake"]}, "koi": {"ann": 1}},  # example 2
        {"field": "koba", "capture_role": {"player": "ann", "role": ["sankou", "tan5", "kasu10"]}},      # example 3
        {"field": "koba", "koi": {"bob": 1}},                                                             # example 5
    ])
    assert [r["delta"] for r in s["rounds"]] == [{"ann": -10, "bob": 10}, {"ann": 14, "bob": -14},
                                                 {"ann": 0, "bob": 0}]
    assert [r["next_start"] for r in s["rounds"]] == [1, 0, 0]      # the winner deals; nobody won: the same


def test_K16_example_7_each_koi_call_doubles_under_the_setting():
    rnd = {"field": "koba", "capture_role": {"player": "ann", "role": ["aotan"]}, "koi": {"bob": 2}}
    assert settled([rnd])["rounds"][0]["delta"]["ann"] == 10
    assert settled([rnd], load_ruleset("koikoi_returned_each_call"))["rounds"][0]["delta"]["ann"] == 20


@pytest.mark.parametrize("rnd,rules,expected", [
    ({"field": "koba", "koi": {"ann": 9}}, "koikoi", "round 1, koi: ann: a whole number from 0 to 8, not 9"),
    ({"field": "koba", "koi": ["ann"]}, "koikoi", "round 1, koi: a mapping from player to value"),
    ({"field": "koba", "koi": {"cy": 1}}, "koikoi", "round 1, koi: "),
    ({"field": "koba", "koi": {"ann": 1}, "points": {"ann": 132, "bob": 66, "cy": 66}}, "hanafuda_hachihachi",
     "round 1, koi: koi calls are told only where capture roles are paid at the stop (K15)"),
])
def test_K15_a_bad_koi_count_is_one_error_naming_its_round_and_field(rnd, rules, expected):
    ruleset = load_ruleset(rules)
    names = NAMES + (["cy"] if ruleset.players.min > 2 else [])
    data = {"ruleset": rules, "players": names, "start": "ann", "rounds": [rnd]}
    with pytest.raises(SheetError) as e:
        settle(sheet_from_data(data, lambda ref: ruleset))
    assert e.value.message.startswith(expected)


def test_K15_K16_hachi_score_new_asks_who_stopped_the_roles_and_the_koi_calls(tmp_path):
    path = tmp_path / "koikoi.yaml"
    lines = ["", "", "3", "hanamizake", "1", "0",       # bob stops with 花見で一杯, ann called koi once
             "", "", "1", "0", "1", "q"]                # bob deals; nobody stops; bob 0, ann 1 koi call
    out = CliRunner().invoke(score, ["--new", str(path), "--rules", "koikoi", "--players", "ann,bob",
                                     "--start", "ann"], input="\n".join(lines) + "\n")
    assert out.exit_code == 0, out.output
    assert "Who stopped (勝負)?" in out.output and "Koi calls (こいこい) of ann" in out.output
    assert "ann pays bob 10" in out.output
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["rounds"] == [
        {"capture_role": {"player": "bob", "role": ["hanamizake"]}, "koi": {"ann": 1}},
        {"koi": {"ann": 1}}]
    assert "field" not in out.output.lower().replace("field cards", "")   # no field asked (K1: none)
    assert "-- Round 1 of 12: dealer ann --" in out.output and "pot" not in out.output.lower()      # K1: no pot
