"""Games whose numbers would pass the bound on every number a game holds (docs/limits.md): each
file is valid, ``hachi validate --warnings`` names its effect, and every command that plays it
stops in the round the bound is met with one line and exit status 1, keeping what was saved."""

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.interpreter.records.gamerecord import replay
from tests.hostile_cases import BOUND_CASES, BOUND_ERROR, GROWTH_WARNING


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.mark.parametrize("name", sorted(BOUND_CASES))
def test_a_game_past_the_bound_is_valid_and_warned_of(tmp_path, name):
    path = BOUND_CASES[name][0](tmp_path)
    assert invoke("validate", path).exit_code == 0
    res = invoke("validate", "--warnings", path)
    assert res.exit_code == 0 and GROWTH_WARNING in res.output


@pytest.mark.parametrize("name", sorted(BOUND_CASES))
@pytest.mark.parametrize("command", [("play", "--auto", "--seed", "1", "--players", "3", "--json"),
                                     ("simulate", "--games", "2", "--players", "3", "--json")])
def test_a_game_past_the_bound_stops_in_its_round_with_one_line(tmp_path, name, command):
    build, stops = BOUND_CASES[name]
    res = invoke(*command, "--rules", build(tmp_path))
    assert res.exit_code == 1, res.output
    lines = [line for line in res.output.splitlines() if ": error: " in line]
    assert len(lines) == 1 and BOUND_ERROR in lines[0], res.output
    assert command[0] != "play" or lines[0].startswith(f"round {stops}: error: effect '")


@pytest.mark.parametrize("name", [n for n, (_, stops) in sorted(BOUND_CASES.items()) if stops > 1])
def test_a_save_keeps_the_rounds_before_the_bound(tmp_path, name, monkeypatch):
    build, stops = BOUND_CASES[name]
    path = build(tmp_path)
    monkeypatch.chdir(tmp_path)
    res = invoke("play", "--auto", "--seed", "1", "--players", "3", "--rules", path.name, "--save", "s.yaml")
    assert res.exit_code == 1 and BOUND_ERROR in res.output
    saved = replay(tmp_path / "s.yaml").game.round_index + 1      # up to the last action that could be played:
    assert saved in (stops - 1, stops)                            # one that ends a round starts the next
