"""``hachi replay`` against hostile and clumsy records: one placed error, exit 1, never a traceback."""

import copy
import json
import re

import pytest
import yaml
from click.testing import CliRunner

from hachihachi.cli.replay import replay
from tests.test_replay_cli import BASE


def _bomb() -> str:
    lines = ["a: &a [" + ", ".join(['"lol"'] * 9) + "]"]
    lines += [f"{b}: &{b} [" + ", ".join([f"*{a}"] * 9) + "]" for a, b in zip("abcdefgh", "bcdefghi")]
    return "\n".join(lines) + "\nruleset: hachihachi_trick\nplayers: *i\nrounds: *i\n"


def _dump(data) -> str:
    return yaml.safe_dump(data)


def top(**changes):
    data = copy.deepcopy(BASE)
    data.update(changes)
    return _dump(data)


def drop(key):
    return _dump({k: v for k, v in BASE.items() if k != key})


def rnd(**changes):
    data = copy.deepcopy(BASE)
    data["rounds"][0].update(changes)
    return _dump(data)


def hand(seat, value):
    data = copy.deepcopy(BASE)
    data["rounds"][0]["hands"][seat] = value
    return _dump(data)


def action(i, item):
    data = copy.deepcopy(BASE)
    data["rounds"][0]["actions"][i] = item
    return _dump(data)


def extra_action():
    data = copy.deepcopy(BASE)
    data["rounds"][0]["actions"].append({"seat": 1, "play": "Ah"})
    return _dump(data)


START = _dump(BASE).replace("start: 0", "start: {}")

# name -> (file content, regex the one error line must match after "FILE...: error: ")
CASES = {
    # not a record at all
    "not yaml": ("{{{ : [", r":1:5: error: this is not valid YAML"),
    "empty": ("", r":1:1: error: the file is empty; a record is a mapping"),
    "a list": ("- a\n- b\n", r":1:1: error: a record is a mapping with ruleset, players and rounds, not list"),
    "a scalar": ("hello\n", r"error: a record is a mapping .* not str"),
    "alias bomb": (_bomb(), r"error: the file expands to more than 80000 values"),
    "deep nesting": ("ruleset: x\nplayers: " + "[" * 5000 + "]" * 5000 + "\nrounds: []\n", r"error: the data is nested more than 16 levels"),
    "recursive alias": ("ruleset: hachihachi_trick\nplayers: &p [a, *p]\nrounds: []\n", r"error: the data is nested more than 16"),
    "python tag": ('ruleset: !!python/object/apply:os.system ["echo pwned"]\nplayers: []\nrounds: []\n', r":1:10: error: the tag !!python/object/apply:os.system is not allowed in records"),
    "set tag": ("ruleset: x\nplayers: !!set {a, b}\nrounds: []\n", r"error: the tag !!set is not allowed"),
    "merge key": ("x: &x {ruleset: hachihachi_trick}\n<<: *x\nplayers: [a]\nrounds: []\n", r":2:1: error: merge keys"),
    "duplicate key": (_dump(BASE) + "ruleset: other\n", r"error: the key 'ruleset' appears twice"),
    "tab indent": ("ruleset: x\nplayers:\n\t- a\n", r":3:1: error: this line is indented with a tab"),
    "NUL byte": ("ruleset: a\x00b\n", r":1:11: error: the file holds a NUL character"),
    "huge integer": (_dump(BASE).replace("start: 0", "start: 1" + "0" * 100_000), r"error: the number 100000000000\.\.\. is 100001 characters"),
    "infinite float": (_dump(BASE).replace("start: 0", "start: .inf"), r"error: '.inf' is not a finite number"),
    "several documents": (_dump(BASE) + "---\n" + _dump(BASE), r"error: this is not valid YAML: but found another document"),
    "broken JSON": (json.dumps(BASE)[:-20], r":\d+:\d+: error: this is not valid YAML"),
    "10 MB single line": ("ruleset: " + "x" * 10_000_000, r":1:1: error: the file is larger than 512 KiB, the limit for records"),
    # top-level fields
    "no rounds": (drop("rounds"), r":1:1: error: the record has no 'rounds' \(a list\)"),
    "no players": (drop("players"), r"error: the record has no 'players'"),
    "ruleset is a number": (top(ruleset=5), r"error: 'ruleset' is text, not 5"),
    "players is text": (top(players="ann bob cy"), r"error: 'players' is a list, not 'ann bob cy'"),
    "rounds is a mapping": (top(rounds={}), r"error: 'rounds' is a list, not \{\}"),
    "player name a number": (top(players=[1, 2, 3]), r"error: players: a player's name is text, not 1 \(quote it\)"),
    "player name a list": (top(players=[[1], "b", "c"]), r"error: players: a player's name is text, not \[1\]"),
    "duplicate names": (top(players=["ann", "bob", "ann"]), r"error: players: the name 'ann' is given twice"),
    "no players at all": (top(players=[]), r"error: players: the list of players is empty"),
    "escape code in a name": (top(players=["x\x1b[31m", "b", "c"]), r"error: this text holds the control character U\+001B; records hold printable text only"),
    "too many players": (top(players=[f"p{i}" for i in range(99)]), r"error: players: hachihachi_trick is for 3 to 7 players, not 99"),
    "unknown ruleset": (top(ruleset="no_such_rules"), r"error: unknown or bad ruleset 'no_such_rules'"),
    "ruleset a device": (top(ruleset="/dev/zero"), r"rec.yaml:\d+:10: error: unknown or bad ruleset '/dev/zero': .*is an absolute path"),
    "ruleset not a rule file": (top(ruleset="/etc/hostname"), r"error: unknown or bad ruleset '/etc/hostname': .*is an absolute path"),
    "ruleset a role table": (top(ruleset="hand_roles"), r"error: unknown or bad ruleset 'hand_roles': .*a role table, not a rule file"),
    "length text": (top(length="x"), r"error: length: the number of rounds is a whole number, not 'x'"),
    "length zero": (top(length=0), r"error: length: the number of rounds 0 is out of range \(1 to 1000\)"),
    "length float": (top(length=1.5), r"error: length: .* not 1.5"),
    "length bool": (top(length=True), r"error: length: .* not True"),
    "length huge": (top(length=10**30), r"error: the number 100000000000\.\.\. is 31 characters long"),
    # rounds
    "no round": (top(rounds=[]), r"error: rounds: the record has no round"),
    "round is null": (top(rounds=[None]), r"error: round 1: a round is a mapping .* not None"),
    "start is text": (START.format("'0'"), r"error: round 1: the start player is a whole number, not '0'"),
    "start is null": (START.format("null"), r"error: round 1: the start player is a whole number, not None"),
    "start is true": (START.format("true"), r"error: round 1: the start player is a whole number, not True"),
    "start negative": (START.format("-1"), r"error: round 1: the start player -1 is out of range \(0 to 2\)"),
    "start past the table": (START.format("5"), r"error: round 1: the start player 5 is out of range"),
    "mizuten text": (rnd(mizuten="yes"), r"error: round 1: mizuten is true or false, not 'yes'"),
    "hands text": (rnd(hands="As Ks"), r"error: round 1: hands is a list with one hand per seat, not 'As Ks'"),
    "hands a number": (rnd(hands=5), r"error: round 1: hands is a list .* not 5"),
    "hands a mapping": (rnd(hands={"a": 1}), r"error: round 1: hands is a list"),
    "hands empty": (rnd(hands=[]), r"error: round 1, action 0 \(the deal\): .*the deal has 0 hands for 3 players"),
    "a hand a number": (hand(0, 5), r"error: round 1: the hand of seat 0 is a list of cards .* not 5"),
    "a hand null": (hand(0, None), r"error: round 1: the hand of seat 0 .* not None"),
    "cards as numbers": (hand(0, [1, 2, 3, 4, 5, 6, 7]), r"error: round 1: the hand of seat 0 .* not \[1, 2"),
    "eight cards": (hand(0, "As Ks Qs Js 9s 2s 2d 3d"), r"error: round 1, action 0 \(the deal\): .*seat 0 is dealt 8 cards instead of 7"),
    "a card twice across hands": (hand(1, "As Kh 3s 4d 5d Qc 7s"), r"error: round 1, action 0 \(the deal\): .*dealt twice"),
    "indicator in a hand": (rnd(indicator="Ah"), r"error: round 1, action 0 \(the deal\): .*indicator Ah is also in a hand"),
    "indicator a number": (rnd(indicator=5), r"error: round 1, action 0 \(the deal\): 5 is not a card"),
    "indicator two cards": (rnd(indicator="2c 3c"), r"error: round 1, action 0 \(the deal\): '2c 3c' is not a card"),
    "no indicator": (rnd(indicator=None), r"error: round 1, action 0 \(the deal\): None is not a card"),
    # actions
    "actions text": (rnd(actions="go"), r"error: round 1: actions is a list, not 'go'"),
    "actions a mapping": (rnd(actions={"seat": 0}), r"error: round 1: actions is a list"),
    "action null": (action(0, None), r"error: round 1, action 1: an action is a mapping with a seat, not None"),
    "action text": (action(0, "drop"), r"error: round 1, action 1: an action is a mapping with a seat, not 'drop'"),
    "action without seat": (action(0, {"declare": "drop"}), r"error: round 1, action 1: the action names no seat"),
    "seat text": (action(0, {"seat": "0", "declare": "drop"}), r"error: round 1, action 1: the seat is a whole number, not '0'"),
    "seat float": (action(0, {"seat": 0.0, "declare": "drop"}), r"error: round 1, action 1: the seat is a whole number, not 0.0"),
    "seat false": (action(0, {"seat": False, "declare": "drop"}), r"error: round 1, action 1: the seat is a whole number, not False"),
    "seat negative": (action(0, {"seat": -1, "declare": "drop"}), r"error: round 1, action 1: the seat -1 is out of range \(0 to 2\)"),
    "seat huge": (action(0, {"seat": 10**40, "declare": "drop"}), r"error: the number 100000000000\.\.\. is 41 characters long"),
    "two keys": (action(0, {"seat": 0, "declare": "drop", "play": "As"}), r"error: round 1, action 1: an action needs exactly one of declare, split, play"),
    "unknown key": (action(0, {"seat": 0, "declare": "drop", "colour": "red"}), r"error: round 1, action 1: .*'colour' is not known"),
    "only an unknown key": (action(0, {"seat": 0, "fold": True}), r"error: round 1, action 1: .*'fold' is not known"),
    "declare a bool": (action(0, {"seat": 0, "declare": True}), r"error: round 1, action 1: declare is 'go' or 'drop', not True"),
    "split text": (action(3, {"seat": 1, "split": "no"}), r"error: round 1, action 4: split is true or false, not 'no'"),
    "card a number": (action(4, {"seat": 1, "play": 14}), r"error: round 1, action 5: 14 is not a card"),
    "card a list": (action(4, {"seat": 1, "play": ["Ah"]}), r"error: round 1, action 5: \['Ah'\] is not a card"),
    "card null": (action(4, {"seat": 1, "play": None}), r"error: round 1, action 5: None is not a card"),
    "the indicator played": (action(4, {"seat": 1, "play": "2c"}), r"error: round 1, action 5: .*does not hold 2c"),
    "long text": (action(0, {"seat": 0, "declare": "drop" * 10_000}), r"error: this text is 40000 characters long; the limit is 1000"),
    "action after the round": (extra_action(), r"error: round 1, action 19: the round is over after action 18; this action is one too many"),
}


@pytest.mark.parametrize("name", CASES)
def test_bad_record_is_one_placed_error_exit_1(tmp_path, name):
    content, message = CASES[name]
    path = tmp_path / "rec.yaml"
    path.write_text(content, encoding="utf-8")
    res = CliRunner().invoke(replay, [str(path), "--json"])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert res.exit_code == 1, res.output
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(str(path)), res.stderr
    assert re.search(message, lines[0]), lines[0]
    assert res.stdout == ""


BYTES = {
    "binary": (bytes(range(256)) * 4, r":2:118: error: the file is not UTF-8 text"),
    "latin-1": ("ruleset: café\n".encode("latin-1"), r":1:13: error: the file is not UTF-8 text \(byte 0xe9"),
    "UTF-16": (_dump(BASE).encode("utf-16"), r":1:1: error: the file is not UTF-8 text \(byte 0xff"),
}


@pytest.mark.parametrize("name", BYTES)
def test_binary_record_is_refused(tmp_path, name):
    content, message = BYTES[name]
    path = tmp_path / "rec.yaml"
    path.write_bytes(content)
    res = CliRunner().invoke(replay, [str(path)])
    assert res.exit_code == 1 and re.search(message, res.stderr), res.stderr


@pytest.mark.parametrize("target, message, code", [
    ("/dev/zero", "/dev/zero:1:1: error: this is not a regular file (a device), so it cannot be a record.", 1),
    ("/dev/null", "/dev/null:1:1: error: this is not a regular file", 1),
    ("{tmp}/missing.yaml", "{tmp}/missing.yaml: error: there is no such file.", 1),
    ("{tmp}", "Usage:", 2),
])
def test_record_path_that_is_no_file(tmp_path, target, message, code):
    res = CliRunner().invoke(replay, [target.format(tmp=tmp_path)])
    assert res.exit_code == code and message.format(tmp=tmp_path) in res.stderr


def test_a_record_with_a_byte_order_mark_and_json_still_replays(tmp_path):
    path = tmp_path / "rec.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(BASE).encode())
    res = CliRunner().invoke(replay, [str(path), "--json"])
    assert res.exit_code == 0 and json.loads(res.stdout)["final"] == {"ann": 48, "bob": 48, "cy": 54}
