"""Players that would look like one seat, and role claims that no one hand can hold, are refused
with one clear line each, in records, saves and score sheets."""

from __future__ import annotations

import copy

import pytest
import yaml
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.interpreter.records.recordfile import name_problem
from hachihachi.interpreter.scorekeeper.claims import claim_problem
from hachihachi.ruleset.loader import load_ruleset
from tests.test_replay_cli import BASE

LOOK_ALIKE = [("bob", "ｂｏｂ"), ("ﬁn", "fin"),
              ("\u00c5", "\u212b"), ("e\u0301", "\u00e9"), ("Ⅸ", "IX"), ("cy²", "cy2")]
INVISIBLE = ["\u3164", "\u3164\u3164", "\u2800", "\u115f", "\ufe0f", "a\ufe0f", "\u0301", " \u3164 ", "\u200b",
             "\u00ad", "\u2062"]


@pytest.mark.parametrize("pair", LOOK_ALIKE)
def test_two_names_equal_after_nfkc_are_refused_in_a_record(pair, tmp_path):
    data = copy.deepcopy(BASE)
    data["players"] = [pair[0], pair[1], *data["players"][2:]]
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    res = CliRunner().invoke(cli, ["replay", str(path)])
    assert res.exit_code == 1 and res.stderr.count("error:") == 1
    assert "differ only in how their characters are written (Unicode NFKC" in res.stderr


@pytest.mark.parametrize("pair", LOOK_ALIKE)
def test_two_names_equal_after_nfkc_are_refused_in_a_sheet(pair, tmp_path):
    res = CliRunner().invoke(cli, ["score", "--new", str(tmp_path / "s.yaml"), "--players",
                                   f"ann,{pair[0]},{pair[1]}", "--start", "ann"])
    assert res.exit_code == 1 and "would look like one seat" in res.stderr
    assert not (tmp_path / "s.yaml").exists()


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_that_prints_as_nothing_is_refused(name, tmp_path):
    assert name_problem(name) is not None
    res = CliRunner().invoke(cli, ["score", "--new", str(tmp_path / "s.yaml"), "--players", f"ann,{name},cy",
                                   "--start", "ann"])
    assert res.exit_code == 1 and "players:" in res.stderr
    res = CliRunner().invoke(cli, ["play", "--auto", "--name", name])
    assert res.exit_code == 2 and "--name" in res.stderr


def test_a_name_with_accents_or_japanese_is_a_name():
    assert all(name_problem(n) is None for n in ("José", "太郎", "ann-2", "Ève", "O'Neil"))


def test_a_players_name_like_a_bots_name_does_not_give_the_bot_that_name():
    from hachihachi.interpreter.runs.session import seat_names

    assert "ann" not in seat_names(3, 0, "ａｎｎ")


TRICK = load_ruleset("hachihachi_trick")


@pytest.mark.parametrize("claim, pair", [
    (["shisan", "straight_flush", "karasu"], "Four and Three (shisan) and Straight Flush (straight_flush)"),
    (["teshi", "straight_flush"], "(teshi) and Straight Flush (straight_flush)"),
    (["shisan", "teshi"], "are both of the group"),
    (["karasu", "hikariichi"], "are both of the group"),
    (["flush", "flush"], "claimed twice"),
])
def test_claims_no_one_hand_can_hold_are_refused_with_the_pair_named(claim, pair):
    problem = claim_problem(TRICK, claim)
    assert problem is not None and pair in problem


@pytest.mark.parametrize("claim", [["shisan", "karasu"], ["straight_flush", "hikariichi"], ["sanbon", "flush"],
                                   ["teshi"]])
def test_claims_one_hand_can_hold_are_accepted(claim):
    assert claim_problem(TRICK, claim) is None


def test_a_sheet_claiming_shisan_straight_flush_and_karasu_is_refused(tmp_path):
    sheet = {"ruleset": "hachihachi_trick", "players": ["ann", "bob", "cy", "dee"], "start": "ann",
             "rounds": [{"indicator": "5d", "declare": ["go", "drop", "go", "go"],
                         "roles": {"cy": ["shisan", "straight_flush", "karasu"]}, "tricks": {"ann": 4, "cy": 2}}]}
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(sheet))
    res = CliRunner().invoke(cli, ["score", str(path)])
    assert res.exit_code == 1 and res.stderr.count("error:") == 1
    assert "cy claims what one hand cannot hold: no hand of 7 cards holds both Four and Three (shisan) and " \
           "Straight Flush (straight_flush)" in res.stderr


def test_hanafuda_claims_are_checked_against_one_hand():
    hana = load_ruleset("hanafuda_hachihachi")
    assert claim_problem(hana, ["shisan", "karasu"]) is None            # the table's own example
    assert "are both of the group" in (claim_problem(hana, ["aka", "karasu"]) or "")
