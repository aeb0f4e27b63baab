"""``hachi sweep`` — settings merged as a variant, common deals, --json, --plot, errors."""

import json
import sys

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.interpreter.runs.compare import compare
from hachihachi.interpreter.runs.backends import make_backend
from hachihachi.interpreter.runs.sweep import MAX_POINTS, MAX_SWEEP_GAMES, sweep
from hachihachi.cli.sweepplot import check_plot
from hachihachi.ruleset.errors import HachiError, SetupError
from hachihachi.ruleset.loader import bundled_path, load_variant
from hachihachi.ruleset.overrides import parse_set
from hachihachi.interpreter.parts.go_drop.rules import go_drop_rules

FLAT = str(bundled_path("flat_drop_fee"))


def run(*args):
    return CliRunner().invoke(cli, ["sweep", "hachihachi_trick", *args])


def settings(*texts):
    return [parse_set(t) for t in texts]


def test_a_setting_is_merged_like_a_variant_file():
    over = load_variant("hachihachi_trick", (("declaration.drop_fee.first", 3), ("declaration.drop_fee.step", 0)))
    flat = load_variant(FLAT)
    assert go_drop_rules(over).declaration == go_drop_rules(flat).declaration
    assert over.kind_rules.trick_settlement == flat.kind_rules.trick_settlement       # the rest is the base's


def test_sweep_point_equals_compare_of_the_same_variant_file():
    s = sweep("hachihachi_trick", settings("declaration.drop_fee.first=3", "declaration.drop_fee.step=0"),
              games=12, players=4, seed=5)
    c = compare("hachihachi_trick", FLAT, 12, 4, ["random"], 5)
    (point,) = s.points
    assert point.settings == (("declaration.drop_fee.first", 3), ("declaration.drop_fee.step", 0))
    assert [m.as_json() for m in point.comparison.measures] == [m.as_json() for m in c.measures]
    assert point.comparison.same_deals == c.same_deals


def test_the_base_as_a_point_differs_by_nothing_on_common_deals():
    s = sweep("hachihachi_trick", settings("trick_settlement.per_trick=2,3"), games=8, players=4, seed=2)
    same, other = s.points
    assert all(m.diff.total == 0 and m.diff.sq == 0 for m in same.comparison.measures)
    assert same.comparison.same_deals == same.comparison.rounds == 8 * 12
    swing = next(m for m in other.comparison.measures if m.key == "swing")
    assert swing.diff.mean > 0                          # 3 chips a trick instead of 2 moves more chips


@pytest.mark.slow
def test_sweep_results_do_not_depend_on_workers():
    grid = settings("declaration.drop_fee.first=1,3", "trick_settlement.per_trick=1,3")
    one = sweep("hachihachi_trick", grid, games=6, players=4, seed=9)
    two = sweep("hachihachi_trick", grid, games=6, players=4, seed=9, workers=2)
    assert one.results_json() == two.results_json()
    assert [p.settings for p in one.points] == [(("declaration.drop_fee.first", a), ("trick_settlement.per_trick", b))
                                                for a in (1, 3) for b in (1, 3)]


@pytest.mark.parametrize("text, place, words", [
    ("declaration.drop_fee.firts=1", "setting declaration.drop_fee.firts", "did you mean 'first'"),
    ("declaration.drop_fee.first=abc", "setting declaration.drop_fee.first", "whole number"),
    ("declaration.drop_fee.first=-1", "setting declaration.drop_fee.first", "at least 0"),
    ("nosuch.key=1", "setting nosuch.key", "unknown key 'nosuch'"),
    ("declaration=3", "setting declaration", "mapping"),
])
def test_a_bad_setting_gets_the_loaders_error_naming_it(text, place, words):
    """The library names the setting; the CLI names its option for it (``--set KEY``, below)."""
    with pytest.raises(HachiError) as e:
        sweep("hachihachi_trick", settings(text), games=1, players=4)
    assert e.value.place == place and words in e.value.message


@pytest.mark.parametrize("text, words", [
    ("per_trick", "KEY=VALUE"),
    ("a..b=1", "dotted path"),
    ("__import__('os')=1", "dotted path"),
    ("x=[1, 2]", "not a single value"),
    ("x={a: 1}", "not a single value"),
    ("x=1,,2", "empty value"),
    ("x=" + "9" * 300, "longer than"),
    ("x=" + ",".join(["1"] * 65), "at most 64"),
    ("extends=/etc/passwd", "extends"),
    ("role_table=other.yaml", "role table"),
])
def test_malformed_settings_are_refused_before_loading(text, words):
    with pytest.raises(HachiError) as e:
        parse_set(text)
    assert words in e.value.message and e.value.place.startswith("setting")     # the CLI says --set


def test_grid_is_bounded_and_keys_are_not_repeated():
    big = ",".join(str(i) for i in range(21))
    with pytest.raises(HachiError, match=f"at most {MAX_POINTS}"):
        sweep("hachihachi_trick", settings(f"trick_settlement.per_trick={big}", f"chips.start={big}"), games=1)
    with pytest.raises(HachiError, match="twice"):
        sweep("hachihachi_trick", settings("chips.start=1", "chips.start=2"), games=1)


BIG = ",".join(str(i) for i in range(21))       # 21 x 21 values: more points than a sweep may have


@pytest.mark.parametrize("call, argument", [
    (lambda: sweep("hachihachi_trick", settings("chips.start=1", "chips.start=2"), games=1), "settings"),
    (lambda: sweep("hachihachi_trick", settings(f"trick_settlement.per_trick={BIG}", f"chips.start={BIG}"),
                   games=1), "settings"),
    (lambda: sweep("hachihachi_trick", [], games=1), "settings"),
    (lambda: sweep("hachihachi_trick", settings("chips.start=40"), games=MAX_SWEEP_GAMES + 1), "games"),
    (lambda: make_backend("nosuch", 1), "backend"),
    (lambda: make_backend("local", 1, "127.0.0.1:6379"), "address"),
    (lambda: check_plot("out.pdf", settings("chips.start=40"), "swing"), "plot"),
    (lambda: check_plot("out.svg", settings("chips.start=40", "rounds.standard=6", "seed=1"), "swing"), "plot"),
    (lambda: check_plot("out.svg", settings("chips.start=40"), "nosuch"), "measure"),
])
def test_library_errors_name_the_argument_not_a_cli_option(call, argument):
    with pytest.raises(SetupError) as e:
        call()
    assert e.value.argument == argument and e.value.place is None and "--" not in e.value.message


def test_the_cli_places_the_librarys_errors_at_its_own_options():
    res = run("--set", "chips.start=1", "--set", "chips.start=2", "--games", "1")
    assert res.exit_code == 2
    assert res.output.strip() == \
        "--set chips.start: error: chips.start is given twice; give all its values in one --set"
    res = run("--set", f"trick_settlement.per_trick={BIG}", "--set", f"chips.start={BIG}", "--games", "1")
    assert res.exit_code == 2
    assert res.output.strip() == f"--set: error: the grid has 441 points; at most {MAX_POINTS} in one sweep"
    res = run("--set", "chips.start=40", "--games", str(MAX_SWEEP_GAMES + 1))
    assert res.exit_code == 2
    assert res.output.strip() == f"--games: error: --games must be at most {MAX_SWEEP_GAMES:,} in a sweep, " \
                                 f"not {MAX_SWEEP_GAMES + 1}"


def test_cli_table_and_json():
    res = run("--set", "trick_settlement.per_trick=1,3", "--games", "4", "--players", "4", "--seed", "3")
    assert res.exit_code == 0, res.output
    assert "base: hachihachi_trick" in res.output and "2 points x 4 games" in res.output
    rows = [line.split() for line in res.output.splitlines() if line.strip().startswith(("1 ", "3 "))]
    assert [r[0] for r in rows] == ["1", "3"] and all(r[-1] == "100.0%" for r in rows)
    data = json.loads(run("--set", "trick_settlement.per_trick=1,3", "--games", "4", "--players", "4",
                          "--seed", "3", "--json").stdout)
    assert [p["settings"] for p in data["points"]] == [{"trick_settlement.per_trick": 1},
                                                       {"trick_settlement.per_trick": 3}]
    assert data["backend"] == "local" and data["games"] == 4
    assert {"swing", "first_start", "seat0"} <= {m["key"] for m in data["points"][0]["measures"]}


def test_cli_bad_setting_is_one_line_with_exit_2():
    res = run("--set", "declaration.drop_fee.first=x", "--games", "2")
    assert res.exit_code == 2
    assert res.output.strip().splitlines() == [
        "--set declaration.drop_fee.first: error: declaration.drop_fee.first must be a whole number or an expression "
        "of table.players, not the text 'x'."]


def test_cli_plot_heat_map_and_line(tmp_path):
    pytest.importorskip("matplotlib")
    heat, line = tmp_path / "heat.svg", tmp_path / "line.png"
    res = run("--set", "trick_settlement.per_trick=1,3", "--set", "declaration.drop_fee.first=1,3",
              "--games", "2", "--players", "4", "--plot", str(heat))
    assert res.exit_code == 0, res.output
    assert heat.read_text().lstrip().startswith("<?xml") and "<svg" in heat.read_text()
    res = run("--set", "trick_settlement.per_trick=1,3", "--games", "2", "--players", "4",
              "--plot", str(line), "--measure", "first_start")
    assert res.exit_code == 0, res.output
    assert line.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("args, place", [
    (["--plot", "out.pdf"], "--plot"),
    (["--plot", "out.svg", "--measure", "nosuch"], "--measure"),
    (["--plot", "out.svg", "--set", "chips.start=40", "--set", "rounds.standard=6"], "--plot"),
])
def test_cli_plot_is_checked_before_any_game(args, place, tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    res = run("--set", "trick_settlement.per_trick=1,3", "--games", "1000000", *args)
    assert res.exit_code == 2 and res.output.startswith(f"{place}: error:")
    assert not list(tmp_path.iterdir())


def test_missing_extras_are_one_line_errors(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    res = run("--set", "trick_settlement.per_trick=1", "--games", "1", "--plot", "x.svg")
    assert res.exit_code == 2
    assert res.output.strip() == "--plot: error: --plot needs matplotlib, which is not installed: " \
                                 "pip install 'hachihachi[plot]'"
    monkeypatch.setitem(sys.modules, "ray", None)
    res = run("--set", "trick_settlement.per_trick=1", "--games", "1", "--backend", "ray")
    assert res.exit_code == 2
    assert res.output.strip() == "--backend: error: --backend ray needs Ray, which is not installed: " \
                                 "pip install 'hachihachi[ray]'"
    res = CliRunner().invoke(cli, ["simulate", "--games", "1", "--backend", "ray"])
    assert res.exit_code == 2 and res.output.startswith("--backend: error: --backend ray needs Ray")


@pytest.mark.slow
def test_plain_commands_do_not_import_the_extras():
    import subprocess
    code = ("import sys; from click.testing import CliRunner; from hachihachi.cli.main import cli; "
            "r = CliRunner().invoke(cli, ['sweep', 'hachihachi_trick', '--set', 'chips.start=40', '--games', '1']); "
            "assert r.exit_code == 0, r.output; print(sorted({'ray', 'matplotlib'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_address_is_only_for_ray():
    for command in (["sweep", "hachihachi_trick", "--set", "chips.start=40"], ["simulate"]):
        res = CliRunner().invoke(cli, [*command, "--games", "1", "--address", "127.0.0.1:6379"])
        assert res.exit_code == 2
        assert res.output.strip() == "--address: error: --address is for --backend ray"


def test_records_are_not_written_on_a_cluster(tmp_path):
    res = CliRunner().invoke(cli, ["simulate", "--games", "1", "--backend", "ray", "--address", "127.0.0.1:6379",
                                   "--record", str(tmp_path / "out")])
    assert res.exit_code == 2 and res.output.startswith("--record: error:")
    assert not (tmp_path / "out").exists()


def test_cli_a_plot_that_cannot_be_written_comes_after_the_printed_results(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    import errno
    import os

    real = os.write

    def full(fd, data):                 # the plot's file finds the disk full
        if os.readlink(f"/proc/self/fd/{fd}").endswith(".tmp"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)
    monkeypatch.setattr(os, "write", full)
    plot = tmp_path / "p.svg"
    res = run("--set", "trick_settlement.per_trick=1,3", "--games", "2", "--players", "4", "--plot", str(plot))
    assert res.exit_code == 1
    assert "2 points x 2 games" in res.stdout and "+8.000" in res.stdout          # the table is printed
    assert res.stderr.strip() == f"{plot}: error: cannot write the plot (No space left on device); the results " \
                                 "are printed above."
    assert list(tmp_path.iterdir()) == []


def test_cli_a_plot_into_a_missing_folder_is_refused_before_any_game(tmp_path):
    pytest.importorskip("matplotlib")
    res = run("--set", "trick_settlement.per_trick=1,3", "--games", "2", "--plot", str(tmp_path / "no" / "p.svg"))
    assert res.exit_code == 2 and "does not exist" in res.stderr and res.stdout == ""


def test_hanafuda_sweep_points_share_the_base_deals():
    res = CliRunner().invoke(cli, ["sweep", "hanafuda_hachihachi", "--set", "hanafuda.kan=12,6",
                                   "--games", "2", "--json"])
    assert res.exit_code == 0, res.output
    points = json.loads(res.stdout)["points"]
    assert [p["same_deals"] for p in points] == [p["rounds"] for p in points] and points[0]["rounds"] == 24


@pytest.mark.parametrize("base, setting", [
    ("hachihachi_trick", "role_table.roles.sanbon.go=3,4"),
    ("hachihachi_trick", "role_table.roles.sanbon.pattern=shape 3 1 1 1 1"),
    ("hanafuda_hachihachi", "hanafuda.capture_roles.roles.akatan.go=5"),
])
def test_a_swept_role_is_not_checked_against_the_base_files_examples(base, setting):
    res = CliRunner().invoke(cli, ["sweep", base, "--set", setting, "--games", "1", "--json"])
    assert res.exit_code == 0, res.output
    assert len(json.loads(res.stdout)["points"]) == len(setting.split("=")[1].split(","))


def test_a_problem_a_setting_makes_elsewhere_names_the_sweep_point():
    res = run("--set", "rounds.standard=3", "--games", "1")
    assert res.exit_code != 0
    assert res.output.startswith("--set rounds.standard: error: with rounds.standard=3: rounds.short (6)")
    assert "hachihachi_trick.yaml" in res.output                # where the other value was written
