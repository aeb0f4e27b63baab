"""What users expect of any command line: ``python -m hachihachi``, ``-V``, a suggestion for a
mistyped command, ``--json`` wherever a command prints JSON, and one way of naming seats in JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import COMMANDS, cli, suggestion

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_python_dash_m_hachihachi_is_the_hachi_command():
    done = subprocess.run([sys.executable, "-m", "hachihachi", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == f"hachi {version('hachihachi')}"


@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_short_and_long_version_flags_print_the_version(flag):
    result = run(flag)
    assert result.exit_code == 0 and result.stdout.strip() == f"hachi {version('hachihachi')}"


@pytest.mark.parametrize("typed, meant", [("plya", "play"), ("valdiate", "validate"), ("replya", "replay"),
                                          ("simulte", "simulate"), ("role", "roles")])
def test_a_mistyped_command_is_answered_with_the_command_meant(typed, meant):
    result = run(typed)
    assert result.exit_code == 2
    assert f"No such command '{typed}'. Did you mean '{meant}'?" in result.stderr


def test_a_command_like_none_gets_no_suggestion():
    result = run("xyzzy")
    assert result.exit_code == 2
    assert "No such command 'xyzzy'." in result.stderr and "Did you mean" not in result.stderr


def test_a_mistyped_command_reaches_the_terminal_escaped():
    result = run("pl\x1b[2Jay")
    assert result.exit_code == 2 and "\x1b" not in result.stderr


def test_every_command_suggests_itself_for_a_swapped_pair_of_letters():
    for name in COMMANDS:
        typo = name[0] + name[2] + name[1] + name[3:]
        assert suggestion(typo) == name


def test_validate_json_prints_the_same_list_as_format_json():
    bad = str(ROOT / "tests" / "rulesets" / "invalid" / "misspelled_key.yaml")
    as_json, as_format = run("validate", "--json", bad), run("validate", "--format", "json", bad)
    assert as_json.exit_code == as_format.exit_code == 1
    assert json.loads(as_json.stdout) == json.loads(as_format.stdout) != []


def test_validate_json_with_another_format_is_a_usage_error():
    result = run("validate", "--json", "--format", "github", str(ROOT / "rules"))
    assert result.exit_code == 2 and "--json" in result.stderr


def test_every_command_that_prints_json_takes_json():
    flags = {name: {o for p in run(name, "--help").stdout.split() for o in [p.strip(",")] if o == "--json"}
             for name in ("validate", "roles", "replay", "play", "simulate", "score", "sweep")}
    assert all(flags.values()), flags


def seats_of_summary(out: dict) -> set[str]:
    """Every way a seat is named in a replay summary, except the two fields interfaces.md keys by
    player name (``final`` and each round's ``delta``)."""
    found = {str(s) for s in out["winners"]}
    for rnd in out["rounds"]:
        found |= {str(s) for s in rnd["goers"]} | set(rnd["tricks"])
        found |= {str(rnd[k]) for k in ("pot_to", "next_start") if rnd.get(k) is not None}
        found |= set(rnd.get("hand_roles", {})) | set(rnd.get("points") or {})
        found |= {str(c["seat"]) for c in rnd.get("capture_roles", []) + rnd.get("specials", [])}
    return found


@pytest.mark.parametrize("rules", ["hachihachi_trick", "hanafuda_hachihachi"])
def test_json_names_every_seat_by_its_index_and_keys_chips_by_name(rules):
    result = run("play", "--auto", "--json", "--short", "--seed", "4", "--bots", "random", "--rules", rules)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    players = out["players"]
    seats = seats_of_summary(out)
    assert seats and seats <= {str(i) for i in range(len(players))}
    assert list(out["final"]) == players and all(list(r["delta"]) == players for r in out["rounds"])
    assert all(isinstance(s, int) for s in out["winners"])
