"""Hanafuda records: written from a played game, replayed and checked (H14, H15), one error each."""

import copy
import json

import pytest
import yaml
from click.testing import CliRunner

from hachihachi.cli.replay import replay as replay_cmd
from hachihachi.interpreter import GameState
from hachihachi.interpreter.engine.actions import Play
from hachihachi.interpreter.games.matching.phases import HanaDeal
from hachihachi.interpreter.games.matching.play import Capture
from hachihachi.interpreter.records.gamerecord import record_data, replay, summary, write_record
from hachihachi.ruleset.errors import RecordError
from hachihachi.ruleset.loader import load_ruleset

from tests.interp_support import random_game as seeded_game

RULES = load_ruleset("hanafuda_hachihachi")
D = RULES.deck
NAMES = ["ann", "bob", "cy"]
PLAIN = ["1b 2a 3r 4c1 5c1 6c1 10c1", "3b 4a 5r 6c2 2c1 10c2 12c1", "8b 5a 6r 4c2 1c1 12c2 11c"]


def random_game(seed, rounds=3, rules=RULES, players=3):
    return seeded_game(rules, players, seed, rounds, own_deals=True)


def crafted():
    """A round where seat 2 must choose between two susuki cards on the field (H14)."""
    hands = tuple(tuple(sorted(D.parse_list(h))) for h in PLAIN)
    field = tuple(sorted(D.parse_list("9a 9r 8c1 8c2 7c1 7c2")))
    used = {c for h in hands for c in h} | set(field)
    first = [D.parse("12c3")]
    stock = tuple(first + [c for c in D.cards if c not in used and c not in first])
    g = GameState(RULES, players=3, seed=0, rounds=1, start=0)
    g.apply(HanaDeal(hands, field, stock))
    g.apply(Play(D.parse("4c1")))
    g.apply(Play(D.parse("4a")))
    g.apply(Capture(D.parse("8b"), D.parse("8c2")))
    return record_data(g, NAMES)


def write(tmp_path, data, name="game.yaml"):
    path = tmp_path / name
    write_record(path, data)
    return path


def error_of(tmp_path, data) -> str:
    path = write(tmp_path, data)
    with pytest.raises(RecordError) as info:
        replay(path)
    return info.value.message


@pytest.mark.parametrize("seed,suffix", [(4, ".yaml"), (11, ".json")])
def test_record_of_a_seeded_random_game_replays_to_the_same_game(tmp_path, seed, suffix):
    g = random_game(seed)
    path = write(tmp_path, record_data(g, NAMES), "game" + suffix)
    rep = replay(path)
    assert rep.game.events == g.events and rep.game.chips == g.chips and rep.game.is_terminal


def test_record_format_holds_the_field_and_the_stock_top_first():
    g = random_game(4, rounds=1)
    data = record_data(g, NAMES)
    rnd = data["rounds"][0]
    assert list(rnd) == ["start", "hands", "field", "stock", "actions"]
    assert len(rnd["field"]) == 6 and len(rnd["stock"]) == 21 and all(len(h) == 7 for h in rnd["hands"])
    assert rnd["stock"][0] == D.name(g.events[1].action.stock[0])
    assert {k for a in rnd["actions"] for k in a} <= {"seat", "play", "turned", "take"}


def test_H14_capture_choice_is_recorded_as_take():
    data = crafted()
    assert data["rounds"][0]["actions"][2] == {"seat": 2, "play": "8b", "take": "8c2"}


def test_H15_turned_card_choice_is_recorded_as_turned_and_take():
    g = random_game(4, rounds=1)
    actions = record_data(g, NAMES)["rounds"][0]["actions"]
    assert {"seat": 0, "turned": "7c1", "take": "7c2"} in actions


def test_replay_json_has_the_trick_game_shape_and_hanafuda_fields(tmp_path):
    g = random_game(4, rounds=2)
    path = write(tmp_path, record_data(g, NAMES), "game.json")
    res = CliRunner().invoke(replay_cmd, [str(path), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["final"] == dict(zip(NAMES, g.chips)) and out["pot"] == 0
    first = out["rounds"][0]
    for key in ("multiplier", "delta", "pot_after", "goers", "next_start",
                "field", "hand_roles", "capture_role", "points", "specials", "fukikeshi"):
        assert key in first
    assert "kind" not in first              # no declarations: every seat plays, no kind of round (H2)
    assert first["field"] == "ooba" and first["multiplier"] == 2
    assert first["capture_role"] == {"seat": 1, "roles": ["akatan"], "value": 7}          # bob
    assert sum(first["delta"].values()) == 0
    assert out["rounds"][1]["points"] and sum(out["rounds"][1]["points"].values()) == 264


def test_illegal_card_not_held(tmp_path):
    data = crafted()
    data["rounds"][0]["actions"][0]["play"] = "3b"
    assert error_of(tmp_path, data).startswith("round 1, action 1: ")
    assert "seat 0 does not hold 3b" in error_of(tmp_path, data)


def test_H14_illegal_wrong_capture_target(tmp_path):
    data = crafted()
    data["rounds"][0]["actions"][2]["take"] = "9a"
    msg = error_of(tmp_path, data)
    assert msg.startswith("round 1, action 3: ") and "8b cannot take 9a; it takes 8c1 or 8c2" in msg


def test_H14_missing_capture_choice(tmp_path):
    data = crafted()
    del data["rounds"][0]["actions"][2]["take"]
    msg = error_of(tmp_path, data)
    assert msg.startswith("round 1, action 3: ") and "8b matches two field cards" in msg


def test_H14_take_without_a_choice_is_refused(tmp_path):
    data = crafted()
    data["rounds"][0]["actions"][1]["take"] = "4c1"
    assert "no capture to choose" in error_of(tmp_path, data)


def test_H2_out_of_turn(tmp_path):
    data = crafted()
    data["rounds"][0]["actions"][1]["seat"] = 2
    msg = error_of(tmp_path, data)
    assert msg.startswith("round 1, action 2: out of turn: seat 2 acts, but seat 1 is to act")


def test_H15_turned_card_must_be_the_stock_top(tmp_path):
    data = yaml.safe_load(yaml.safe_dump(record_data(random_game(4, rounds=1), NAMES)))
    actions = data["rounds"][0]["actions"]
    i = actions.index({"seat": 0, "turned": "7c1", "take": "7c2"})
    bad = copy.deepcopy(data)
    bad["rounds"][0]["actions"][i]["turned"] = "7c2"
    assert error_of(tmp_path, bad) == f"round 1, action {i + 1}: the turned card is 7c1, not 7c2"
    bad = copy.deepcopy(data)
    bad["rounds"][0]["actions"][i] = {"seat": 0, "play": "6r"}
    assert "waits for its choice of capture" in error_of(tmp_path, bad)


def test_H4_bad_deal_is_action_0(tmp_path):
    data = crafted()
    data["rounds"][0]["stock"] = data["rounds"][0]["stock"][1:]
    msg = error_of(tmp_path, data)
    assert msg.startswith("round 1, action 0 (the deal): ") and "every card" in msg
    data["rounds"][0]["field"] = ["1b", "zz"]
    assert "'zz' is not a hanafuda card" in error_of(tmp_path, data)


def test_cli_error_is_one_line_naming_round_and_action(tmp_path):
    data = crafted()
    data["rounds"][0]["actions"][0]["play"] = "3b"
    path = write(tmp_path, data)
    res = CliRunner().invoke(replay_cmd, [str(path)])
    assert res.exit_code == 1
    assert res.output.strip().count("\n") == 0
    assert res.output.startswith(f"{path}: error: round 1, action 1: ")


def test_summary_of_a_partial_record_is_not_complete(tmp_path):
    data = crafted()
    rep = replay(write(tmp_path, data))
    assert summary(rep)["complete"] is False and summary(rep)["rounds"] == []


def test_narration_tells_hanafuda_events_in_japanese_and_english(tmp_path):
    from hachihachi.cli.narrate import Narrator

    g = random_game(4, rounds=2)
    text = "\n".join(Narrator(RULES, NAMES).lines(g.events))
    assert "field cards (場札): 1b 6a 7a 7c2 8b 11r; stock (山札) 21 cards" in text
    assert "field: 大場 Big field x2; the next round is bound to 大場 Big field (二代しばり)" in text
    assert "cy shows 手役 十一 One Animal (3 kan): 1c1 3c1 4a 8c2 9c1 10c2 11c" in text
    assert "bob plays 8a 芒に雁 Geese, takes 8b 芒に月 Moon" in text
    assert "ann turns 7c1 萩のカス Bush clover chaff 1, takes 7c2 萩のカス Bush clover chaff 2" in text
    assert "ann plays 5a 菖蒲に八橋 Bridge: to the field" in text
    assert "bob makes 出来役 赤タン Red poetry ribbons (7 kan): the round stops" in text
    assert "card points (札の点) against 88: ann 94 (+6), bob 102 (+14), cy 68 (-20)" in text
    assert "HanaDeal" not in text and "Capture(" not in text


def test_H19_H20_narration_of_special_roles_and_fukikeshi():
    from hachihachi.cli.narrate import Narrator
    from hachihachi.interpreter.games.matching.phases import RoundScored

    lines = Narrator(RULES, NAMES).lines([RoundScored(0, (88, 88, 88), (("sohachi", 0, 10),), True)])
    assert lines == ["  card points (札の点) against 88: ann 88 (+0), bob 88 (+0), cy 88 (+0)",
                     "  ann makes 総八 all at par (10 kan)",
                     "  吹き消し fukikeshi: the hand roles of the round are void"]


def test_H14_view_shows_the_field_captures_stock_and_turned_card():
    g = GameState(RULES, players=3, seed=4, rounds=1)
    g.deal_random()
    v = g.view(0)
    s = g.round.play
    assert v.play.table_cards == tuple(s.field) and v.play.stock_left == 21 and v.play.turned is None
    assert v.play.captures == ((0, ()), (1, ()), (2, ())) and len(v.hand) == 7 and v.legal
    g.apply(v.legal[0])
    v1 = g.view(1)
    assert dict(v1.play.captures)[0] == tuple(g.round.play.captures[0]) and v1.play.stock_left == 20
    assert g.current_player == 1 and v1.legal and g.view(2).legal == () and g.view(2).hand


def test_trick_view_has_no_matching_fields():
    g = GameState("hachihachi_trick", players=3, seed=1, rounds=1)
    v = g.view(0)
    assert not hasattr(v.play, "table_cards") and not hasattr(v.play, "captures")
    assert v.own("table_cards", ()) == () and v.own("turned") is None and v.own("trump") is None
