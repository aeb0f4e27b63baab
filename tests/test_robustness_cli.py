"""Every ``hachi`` command against bad arguments and input: one placed error, the right exit code.

Exit 1 for bad input (cards, files, records), 2 for usage errors; never a traceback.
"""

import re

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli

HAND = "As Ks Qs Js Ts 9s 8s"


@pytest.fixture
def files(tmp_path):
    (tmp_path / "list.yaml").write_text("- 1\n")
    (tmp_path / "bin.yaml").write_bytes(bytes(range(256)))
    (tmp_path / "tag.yaml").write_text('name: !!python/object/apply:os.system ["echo pwned"]\n')
    (tmp_path / "afile").write_text("x")
    return tmp_path


# (arguments, standard input, exit code, regex one stderr line must match)
CASES = [
    # hachi validate / schema
    (["validate"], None, 2, r"Missing argument"),
    (["validate", "{tmp}/none.yaml"], None, 2, r"does not exist"),
    (["validate", "{tmp}/list.yaml"], None, 1, r"list.yaml:1:1: error: the file holds a list"),
    (["validate", "/dev/zero"], None, 1, r"/dev/zero:1:1: error: this is not a regular file \(a device\)"),
    (["validate", "--format", "xml", "{tmp}/list.yaml"], None, 2, r"Invalid value for '--format'"),
    (["schema", "extra"], None, 2, r"unexpected extra argument"),
    # hachi roles: cards
    (["roles", "As"], None, 1, r"^<hand>: error: a hand has 7 cards, but 'As' has 1"),
    (["roles", "\x1b[31mAs"], None, 1, r"^<hand>: error: '\\x1b\[31mAs' is not a card"),
    (["roles", "A" * 100_000], None, 1, r"^<hand>: error: 'AAAAAAAAAAAAAAAAAAAA\.\.\.' is not a card"),
    (["roles", "🂡 " * 7], None, 1, r"^<hand>: error: '🂡' is not a card"),
    (["roles", HAND, "--trump", "x"], None, 1, r"^--trump: error: 'x' is not a suit; suits are s h d c"),
    (["roles", HAND, "--trump", ""], None, 1, r"^--trump: error: '' is not a suit"),
    (["roles", HAND, "--trump", "x" * 10_000], None, 1, r"^--trump: error: 'xxxxxxxxxxxxxxxxxxxx\.\.\.' is not a suit"),
    (["roles", HAND, "--indicator", "zz"], None, 1, r"^--indicator: error: 'zz' is not a card"),
    (["roles", HAND, "--indicator", ""], None, 1, r"^--indicator: error: '' is not a card"),
    (["roles", HAND, "--indicator", "As"], None, 1, r"^<hand>: error: the indicator As cannot also be in the hand"),
    # hachi roles: --rules
    (["roles", HAND, "--rules", "{tmp}/none.yaml"], None, 1, r"none.yaml: error: there is no rule file"),
    (["roles", HAND, "--rules", "{tmp}"], None, 1, r": error: this is a folder, not a rule file"),
    (["roles", HAND, "--rules", "/dev/zero"], None, 1, r"^/dev/zero: error: this is not a regular file"),
    (["roles", HAND, "--rules", ""], None, 1, r"^--rules: error: there is no bundled rule file named ''"),
    (["roles", HAND, "--rules", "{tmp}/bin.yaml"], None, 1, r"bin.yaml:2:118: error: the file is not UTF-8 text"),
    (["roles", HAND, "--rules", "{tmp}/tag.yaml"], None, 1, r"tag.yaml:1:7: error: the tag !!python/object/apply:os.system is not allowed"),
    (["roles", HAND, "--rules", "hand_roles"], None, 1, r"is a role table, not a rule file"),
    # hachi roles: --stats
    (["roles", "--stats", "--samples", "-1"], None, 2, r"Invalid value for '--samples'"),
    (["roles", "--stats", "--samples", "0"], None, 2, r"Invalid value for '--samples'"),
    (["roles", "--stats", "--samples", "99999999999999999999999"], None, 2, r"Invalid value for '--samples'.*100000000"),
    (["roles", "--samples", "10"], None, 2, r"--exact and --samples go with --stats"),
    (["roles", "--stats", "--exact", "--samples", "10"], None, 2, r"exclude each other"),
    (["roles", "--stats", HAND], None, 2, r"--stats takes no cards"),
    (["roles", "--stats", "--samples", "10", "--indicator", "zz"], None, 1, r"^--indicator: error: 'zz' is not a card"),
    # hachi table
    (["table", "--rules", "{tmp}/none.yaml"], None, 1, r"none.yaml: error: there is no rule file"),
    (["table", "--rules", "{tmp}/list.yaml"], None, 1, r"list.yaml:1:1: error: the file holds a list"),
    (["table", "--lang", "fr"], None, 2, r"Invalid value for '--lang'"),
    (["table", "--format", "pdf"], None, 2, r"Invalid value for '--format'"),
    # hachi play (arguments; the typed input is in test_robustness_play.py)
    (["play", "--players", "99"], None, 2, r"Invalid value for '--players'"),
    (["play", "--players", "2", "--save", "{tmp}/s.yaml"], None, 2, r"--players: hachihachi_trick is for 3 to 7"),
    (["play", "--bots", "nosuchbot", "--save", "{tmp}/s.yaml"], None, 2, r"there is no bot 'nosuchbot'"),
    (["play", "--rules", "{tmp}/list.yaml", "--save", "{tmp}/s.yaml"], None, 1, r"list.yaml:1:1: error: the file holds a list"),
    (["play", "--rules", "/dev/zero", "--save", "{tmp}/s.yaml"], None, 1, r"^/dev/zero: error: this is not a regular file"),
    (["play", "--name", "", "--save", "{tmp}/s.yaml"], None, 2, r"--name.*a player's name is text"),
    (["play", "--name", "\x1b[31m", "--save", "{tmp}/s.yaml"], None, 2, r"--name.*not a plain name"),
    (["play", "--name", "x" * 100, "--save", "{tmp}/s.yaml"], None, 2, r"--name.*at most 40 printable"),
    (["play", "--seed", "9" * 30, "--save", "{tmp}/s.yaml"], None, 2, r"Invalid value for '--seed'"),
    (["play", "--json"], None, 2, r"--json needs --auto"),
    (["play", "--auto", "--short", "--seed", "1", "--record", "/proc/nope"], None, 1, r"^/proc/nope: error: cannot write records into this folder"),
    (["play", "--auto", "--short", "--seed", "1", "--record", "{tmp}/afile/sub"], None, 1, r"afile/sub: error: cannot write records into this folder"),
    (["play", "--short", "--seed", "1", "--save", "/proc/nope/s.yaml"], "q\n", 1, r"^/proc/nope/s.yaml: error: cannot write the save file"),
    (["play", "--short", "--seed", "1", "--save", "{tmp}/list.yaml"], "q\n", 1, r"list.yaml: error: this file exists and is not a saved game; it is left alone"),
    (["play", "--resume", "{tmp}/none.yaml"], None, 1, r"none.yaml: error: there is no such file"),
    # hachi simulate
    (["simulate", "--games", "0"], None, 2, r"Invalid value for '--games'"),
    (["simulate", "--games", "-3"], None, 2, r"Invalid value for '--games'"),
    (["simulate", "--games", "99999999999999999999"], None, 2, r"^--games: error: --games must be from 1 to 10,000,000"),
    (["simulate", "--games", "2", "--workers", "100000"], None, 2, r"^--workers: error: --workers must be from 1 to 256"),
    (["simulate", "--games", "2", "--workers", "0"], None, 2, r"Invalid value for '--workers'"),
    (["simulate", "--games", "2", "--bots", "nosuch"], None, 2, r"^--bots: error: there is no bot 'nosuch'"),
    (["simulate", "--games", "2", "--bots", ""], None, 2, r"^--bots: error: there is no bot ''"),
    (["simulate", "--games", "2", "--players", "99"], None, 2, r"^--players: error: hachihachi_trick is for 3 to 7 players, not 99"),
    (["simulate", "--games", "2", "--rules", "{tmp}/list.yaml"], None, 1, r"list.yaml:1:1: error: the file holds a list"),
    (["simulate", "--games", "2", "--rules", ""], None, 1, r"^--rules: error: there is no bundled rule file named ''"),
    (["simulate", "--games", "2", "--compare", "{tmp}/list.yaml", "hachihachi_trick"], None, 1, r"list.yaml:1:1: error: the file holds a list"),
    (["simulate", "--games", "2", "--compare", "/dev/zero", "/dev/null"], None, 1, r"^/dev/zero: error: this is not a regular file"),
    (["simulate", "--games", "2", "--compare", "{tmp}/list.yaml"], None, 2, r"requires 2 arguments"),
    (["simulate", "--games", "2", "--record", "/proc/nope"], None, 1, r"^/proc/nope: error: cannot write records into this folder"),
    (["simulate", "--games", "2", "--record", "{tmp}/afile/sub"], None, 1, r"afile/sub: error: cannot write records into this folder"),
    (["simulate", "--games", "2", "--record", "{tmp}/afile"], None, 2, r"is a file"),
]


@pytest.mark.parametrize("args, stdin, code, message", CASES, ids=[" ".join(c[0])[:60] for c in CASES])
def test_bad_arguments_are_one_clear_error(files, args, stdin, code, message):
    args = [a.format(tmp=files) for a in args]
    res = CliRunner().invoke(cli, args, input=stdin)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert res.exit_code == code, res.output
    assert any(re.search(message, line) for line in res.stderr.splitlines()), res.stderr
    assert "Traceback" not in res.output


# hachi roles reading hands from standard input: (input bytes, exit code, stdout lines expected)
STDIN = [
    (b"", 0, []),
    (b"\n\n   \n", 0, []),
    (HAND.encode() + b"\r\n", 0, ["As Ks Qs Js Ts 9s 8s: Straight Flush (straight_flush)"]),
    (b"\xef\xbb\xbf" + HAND.encode() + b"\n", 0, ["As Ks Qs Js Ts 9s 8s: Straight Flush (straight_flush)"]),
    (b"\xff\xfe\x00garbage\n" + HAND.encode() + b"\n", 1,
     ["<stdin>:1: error: the line is not UTF-8 text (byte 0xff at column 1).", "As Ks Qs Js Ts 9s 8s: Straight Flush (straight_flush)"]),
    (b"x" * 10_000_000 + b"\n" + HAND.encode() + b"\n", 1,
     ["<stdin>:1: error: the line is longer than 4096 bytes", "As Ks Qs Js Ts 9s 8s: Straight Flush (straight_flush)"]),
    (b"x" * 10_000_000, 1, ["<stdin>:1: error: the line is longer than 4096 bytes"]),
    (b"junk\n\x00\x07\n" + HAND.encode(), 1,
     ["<stdin>:1: error: 'junk' is not a card", "<stdin>:2: error: '\\x00\\x07' is not a card", "As Ks"]),
]


@pytest.mark.parametrize("data, code, lines", STDIN, ids=range(len(STDIN)))
def test_roles_on_standard_input_answers_each_line_and_survives_bad_ones(data, code, lines):
    res = CliRunner().invoke(cli, ["roles"], input=data)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    out = res.stdout.splitlines()
    assert res.exit_code == code and len(out) == len(lines), res.output[:500]
    assert all(o.startswith(want) for o, want in zip(out, lines)), out


def test_roles_json_on_standard_input_gives_an_error_object_per_bad_line():
    res = CliRunner().invoke(cli, ["roles", "--json"], input=b"\xff\n" + HAND.encode() + b"\n")
    out = res.stdout.splitlines()
    assert res.exit_code == 1 and out[0].startswith('{"error": "the line is not UTF-8 text') and '"line": 1' in out[0]
    assert out[1].startswith('{"roles": [{"id": "straight_flush"')
    assert res.stderr.startswith("<stdin>:1: error: the line is not UTF-8 text")
