"""``hachi replay``: records replayed, checked for legality, printed as text or JSON."""

import copy
import json

import pytest
import yaml
from click.testing import CliRunner

from hachihachi.cli.replay import replay

NAMES = ["ann", "bob", "cy"]
BASE = {
    "ruleset": "hachihachi_trick",
    "players": NAMES,
    "rounds": [{
        "start": 0, "mizuten": False,
        "hands": ["As Ks Qs Js 9s 2s 2d", "Ah Kh 3s 4d 5d Qc 7s", "2h 9h Ts 6d Jc 8s 3c"],
        "indicator": "2c",
        "actions": [{"seat": 0, "declare": "drop"}, {"seat": 1, "declare": "go"}, {"seat": 2, "declare": "go"},
                    {"seat": 1, "split": False}]
        + [{"seat": s, "play": p} for s, p in zip(
            [1, 2, 1, 2, 2, 1, 2, 1, 1, 2, 2, 1, 2, 1],
            ["Ah", "9h", "3s", "Ts", "6d", "4d", "2h", "Kh", "5d", "3c", "8s", "7s", "Jc", "Qc"])],
    }],
}


def invoke(tmp_path, data, *args, name="game.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data) if name.endswith(".yaml") else json.dumps(data))
    return path, CliRunner().invoke(replay, [str(path), *args])


def test_replay_json_is_the_interfaces_object(tmp_path):
    _, res = invoke(tmp_path, BASE, "--json", name="game.json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["players"] == NAMES and out["pot"] == 0
    assert out["final"] == {"ann": 48, "bob": 48, "cy": 54}
    assert out["rounds"] == [{"kind": "two_goers_play", "multiplier": 1, "goers": [1, 2],
                              "tricks": {"1": 3, "2": 4}, "pot_to": 2,
                              "delta": {"ann": -2, "bob": -2, "cy": 4}, "pot_after": 0, "next_start": 2}]


def test_replay_text_names_every_payment_and_role_names(tmp_path):
    data = copy.deepcopy(BASE)
    data["rounds"][0]["hands"][1] = "Ah Kh 3s 4d 5d Qc 7s"
    _, res = invoke(tmp_path, data)
    assert res.exit_code == 0
    assert "ann pays 2 into the pot: 降り賃 drop fee" in res.output
    assert "bob pays cy 2: トリックの精算 trick settlement, tricks 4 against 3" in res.output
    assert "cy takes 2 from the pot" in res.output
    assert "通常 Normal field x1" in res.output


def test_replay_text_shows_role_names_in_both_languages(tmp_path):
    data = copy.deepcopy(BASE)
    data["rounds"][0]["hands"][0] = "6s 6h 6c Td 8h Qd Js"
    data["rounds"][0]["actions"] = [{"seat": 0, "declare": "go"}, {"seat": 1, "declare": "drop"},
                                    {"seat": 2, "declare": "drop"}]
    _, res = invoke(tmp_path, data)
    assert res.exit_code == 0 and "one_goer" in res.output
    data["rounds"][0]["actions"][1:] = [{"seat": 1, "declare": "go"}, {"seat": 2, "declare": "go"}]
    _, res = invoke(tmp_path, data)
    assert "ann shows 三本 Three of a Kind (value 2)" in res.output


def mutate(change):
    data = copy.deepcopy(BASE)
    change(data["rounds"][0])
    return data


def set_action(i, item):
    return lambda r: r["actions"].__setitem__(i, item)


CASES = [
    ("revoke", set_action(5, {"seat": 2, "play": "Ts"}), "round 1, action 6: .*revoke"),
    ("not held", set_action(5, {"seat": 2, "play": "As"}), "round 1, action 6: .*does not hold As"),
    ("out of turn", set_action(1, {"seat": 2, "declare": "go"}), "round 1, action 2: out of turn"),
    ("mizuten drop", lambda r: r.update(mizuten=True), "round 1, action 1: .*mizuten and must go"),
    ("duplicate", lambda r: r["hands"].__setitem__(1, "As Kh 3s 4d 5d Qc 7s"), "round 1, action 0 .*dealt twice"),
    ("hand size", lambda r: r["hands"].__setitem__(1, "Kh 3s 4d 5d Qc 7s"), "round 1, action 0 .*6 cards"),
    ("indicator", lambda r: r.update(indicator="Ah"), "round 1, action 0 .*indicator Ah is also in a hand"),
    ("bad card", lambda r: r.update(indicator="Xz"), "round 1, action 0 .*'Xz' is not a card"),
]


@pytest.mark.parametrize("name, change, message", CASES, ids=[c[0] for c in CASES])
def test_replay_illegal_records_exit_1_naming_round_and_action(tmp_path, name, change, message):
    path, res = invoke(tmp_path, mutate(change))
    assert res.exit_code == 1
    assert res.stderr.startswith(f"{path}: error: round 1, action")
    assert __import__("re").search(message, res.stderr), res.stderr


def test_replay_a_fourth_goer_is_an_error(tmp_path):
    data = copy.deepcopy(BASE)
    data["players"] = ["ann", "bob", "cy", "dee"]
    data["rounds"][0]["hands"].append("2s 3d 4s 5s 6s 7d 8d")
    data["rounds"][0]["hands"][0] = "As Ks Qs Js 9s Td 2d"
    data["rounds"][0]["actions"] = [{"seat": s, "declare": "go"} for s in range(4)]
    path, res = invoke(tmp_path, data)
    assert res.exit_code == 1
    assert "round 1, action 4: " in res.stderr and "3 players already go" in res.stderr


def test_replay_unknown_ruleset(tmp_path):
    data = dict(BASE, ruleset="no_such_rules")
    path, res = invoke(tmp_path, data)
    assert res.exit_code == 1 and res.stderr.startswith(f"{path}:")      # placed at the record's ruleset
    assert ": error: unknown or bad ruleset 'no_such_rules'" in res.stderr


def test_replay_not_a_record(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("- just\n- a list\n")
    res = CliRunner().invoke(replay, [str(path)])
    assert res.exit_code == 1 and "error: a record is a mapping" in res.stderr


def test_replay_wrong_start_player_in_a_later_round(tmp_path):
    data = copy.deepcopy(BASE)
    data["rounds"].append(dict(copy.deepcopy(BASE["rounds"][0]), start=0))
    path, res = invoke(tmp_path, data)
    assert res.exit_code == 1 and "round 2: the start player is 0, but the rules make it seat 2" in res.stderr
