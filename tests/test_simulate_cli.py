"""``hachi simulate``: text and JSON output, --workers, --compare, --record, and bad arguments."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.ruleset.loader import bundled_path, load_ruleset

INTERFACE_KEYS = {"games", "rounds", "seed", "workers", "elapsed_s", "rounds_per_s", "seats", "kinds",
                  "zero_sum_violations"}


def run(*args):
    return CliRunner().invoke(cli, ["simulate", *args])


def variant(tmp_path: Path, name: str, old: str = "", new: str = "") -> Path:
    """A full copy of the standard rule file with one line changed."""
    text = bundled_path("hachihachi_trick").read_text(encoding="utf-8")
    text = text.replace("role_table: hand_roles.yaml", "role_table: hand_roles")     # the bundled table, by name
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_json_object_has_the_interface_keys():
    res = run("--games", "6", "--players", "4", "--seed", "1", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert INTERFACE_KEYS <= set(data)
    assert data["games"] == 6 and data["seed"] == 1 and data["workers"] == 1
    assert data["rounds"] == 6 * 12 and len(data["seats"]) == 4
    assert data["zero_sum_violations"] == 0


@pytest.mark.slow
def test_workers_do_not_change_the_totals():
    one = json.loads(run("--games", "12", "--seed", "7", "--json").stdout)
    two = json.loads(run("--games", "12", "--seed", "7", "--json", "--workers", "2").stdout)
    assert one["seats"] == two["seats"] and one["kinds"] == two["kinds"] and one["roles"] == two["roles"]
    assert two["workers"] == 2


def test_bots_list_repeats_its_last_name():
    data = json.loads(run("--games", "1", "--players", "6", "--bots", "random,random", "--json").stdout)
    assert [s["bot"] for s in data["seats"]] == ["random"] * 6


def test_text_summary_names_every_part():
    res = run("--games", "8", "--seed", "2")
    assert res.exit_code == 0, res.output
    for words in ("95% CI", "win rate", "round kinds", "pot:", "fields", "roles shown", "final chips of every",
                  "zero-sum violations (T27): 0"):
        assert words in res.output
    assert "#" in res.output                      # the histogram
    assert "mizuten declared in" in res.output and "roles shown by goers and forced-out players" in res.output


@pytest.mark.parametrize("rules", ["hanafuda_hachihachi", "koikoi"])
def test_H2_K1_a_game_without_go_drop_is_summarised_without_pot_mizuten_or_goers(rules):
    res = run("--rules", rules, "--games", "4", "--seed", "2")
    assert res.exit_code == 0, res.output
    assert "pot:" not in res.output and "mizuten" not in res.output and "goers" not in res.output
    assert "roles shown (times; per 100 rounds)" in res.output and "zero-sum violations (T27): 0" in res.output


def test_no_progress_bar_when_stderr_is_not_a_terminal():
    res = CliRunner().invoke(cli, ["simulate", "--games", "3", "--json"])
    assert res.exit_code == 0 and res.stderr == ""


def test_record_writes_one_record_per_game(tmp_path):
    res = run("--games", "3", "--players", "3", "--record", str(tmp_path / "recs"))
    assert res.exit_code == 0, res.output
    files = sorted((tmp_path / "recs").iterdir())
    assert len(files) == 3
    replayed = CliRunner().invoke(cli, ["replay", str(files[0]), "--json"])
    assert replayed.exit_code == 0, replayed.output


def test_rules_file_is_used(tmp_path):
    short = tmp_path / "short.yaml"
    short.write_text("extends: hachihachi_trick\nrounds: {standard: 3, short: 2}\n", encoding="utf-8")
    data = json.loads(run("--games", "4", "--rules", str(short), "--json").stdout)
    assert data["rounds"] == 4 * 3


def test_compare_shows_paired_differences(tmp_path):
    a = variant(tmp_path, "a.yaml")
    b = variant(tmp_path, "b.yaml", "drop_fee: {first: 2, step: 1}", "drop_fee: {first: 4, step: 2}")
    res = run("--games", "20", "--seed", "3", "--compare", str(a), str(b))
    assert res.exit_code == 0, res.output
    assert "240 of 240 rounds were dealt the same cards" in res.output
    for words in ("seat 0 chips", "skipped rounds per game", "pot taken", "swing per game", "95% CI"):
        assert words in res.output
    pot_line = next(line for line in res.output.splitlines() if "pot taken" in line)
    assert pot_line.rstrip().endswith("*")         # dearer drops make a clearly bigger pot


def test_compare_names_house_and_base_in_the_readme_order_and_shows_house_minus_base(tmp_path):
    """README: --compare our_table.yaml hachihachi_trick. A dearer drop fee in the house file makes
    a bigger pot: house - base is positive, and the bundled base is named, not its path."""
    house = tmp_path / "our_table.yaml"
    house.write_text("extends: hachihachi_trick\nname: our_table\ndeclaration:\n  drop_fee: {first: 4, step: 2}\n",
                     encoding="utf-8")
    res = run("--games", "20", "--seed", "3", "--compare", str(house), "hachihachi_trick")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0] == f"house rule: {house}" and lines[1] == "base:       hachihachi_trick (bundled)"
    assert "site-packages" not in res.output and str(bundled_path("hachihachi_trick")) not in res.output
    assert "house - base" in res.output
    pot = next(line for line in lines if line.lstrip().startswith("pot after a round"))
    house_mean, base_mean, diff = (float(x) for x in pot.split(")")[1].split()[:3])
    assert house_mean > base_mean and diff == pytest.approx(house_mean - base_mean, abs=0.002) and diff > 0
    assert "bots: random at every seat (the default" in res.output


def test_compare_says_which_bots_played_and_the_star_only_when_a_measure_has_one(tmp_path):
    a = variant(tmp_path, "a.yaml")
    same = run("--games", "3", "--compare", str(a), str(a), "--bots", "heuristic,random").output
    assert "bots by seat: heuristic, random, random, random, random" in same and "(the default" not in same
    assert " *" not in same and "interval excludes zero" not in same


def test_compare_counts_the_house_rules_fired_under_each_file():
    house = str(Path(__file__).parent / "house_rules" / "variants" / "fx_blank_goer_pays.yaml")
    res = run("--games", "4", "--compare", house, "hachihachi_trick")
    assert res.exit_code == 0, res.output
    row = next(line for line in res.output.splitlines() if line.strip().startswith("blank goer pays"))
    fired_house, fired_base = (float(x) for x in row.split()[-2:])
    assert fired_house > 0 and fired_base == 0
    data = json.loads(run("--games", "4", "--compare", house, "hachihachi_trick", "--json").stdout)
    assert data["effects"]["a"]["blank goer pays"] > 0 and data["effects"]["b"] == {}


def test_simulate_and_sweep_say_their_bots_are_random_by_default():
    assert "bots: random at every seat (the default; hachi play's opponents are heuristic" in run("--games", "1").output
    chosen = run("--games", "1", "--bots", "heuristic").output
    assert "bots: heuristic at every seat" in chosen and "(the default" not in chosen
    swept = CliRunner().invoke(cli, ["sweep", "hachihachi_trick", "--set", "declaration.drop_fee.first=1",
                                     "--games", "1"]).output
    assert "bots: random at every seat (the default" in swept


def test_compare_json(tmp_path):
    a = variant(tmp_path, "a.yaml")
    data = json.loads(run("--games", "4", "--compare", str(a), str(a), "--json").stdout)
    assert data["games"] == 4 and data["same_deals"] == data["rounds"]
    assert all(m["diff"] == 0 for m in data["measures"])


def test_unknown_bot_is_a_usage_error():
    res = CliRunner().invoke(cli, ["simulate", "--games", "2", "--bots", "random,nobody"])
    assert res.exit_code == 2
    assert res.stderr.startswith("--bots: error: there is no bot 'nobody'")
    assert len(res.stderr.strip().splitlines()) == 1


def test_missing_rules_file_is_one_error(tmp_path):
    res = CliRunner().invoke(cli, ["simulate", "--games", "2", "--rules", str(tmp_path / "no.yaml")])
    assert res.exit_code == 1
    assert "error:" in res.stderr and len(res.stderr.strip().splitlines()) == 1


def test_broken_rules_file_is_one_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(": [\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["simulate", "--games", "2", "--rules", str(bad)])
    assert res.exit_code == 1
    assert "error:" in res.stderr and "Traceback" not in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1


def test_T2_too_many_players_is_a_usage_error():
    res = CliRunner().invoke(cli, ["simulate", "--games", "2", "--players", "8"])
    assert res.exit_code == 2 and res.stderr.startswith("--players: error:")


def test_zero_games_is_a_usage_error():
    assert run("--games", "0").exit_code == 2


def test_compare_with_rules_is_a_usage_error(tmp_path):
    a = variant(tmp_path, "a.yaml")
    assert run("--games", "2", "--rules", str(a), "--compare", str(a), str(a)).exit_code == 2


def test_json_kinds_list_every_round_kind_even_when_none_occurred(tmp_path):
    one = tmp_path / "one.yaml"
    one.write_text("extends: hachihachi_trick\nrounds: {standard: 1, short: 1}\n", encoding="utf-8")
    data = json.loads(run("--games", "1", "--rules", str(one), "--seed", "3", "--json").stdout)
    kinds = data["kinds"]
    assert list(kinds) == ["skipped", "one_goer", "two_goers_split", "two_goers_play", "three_goers"]
    assert sum(kinds.values()) == 1 and sorted(kinds.values())[:4] == [0, 0, 0, 0]


def test_H2_json_of_a_game_without_declarations_has_no_round_kinds():
    """Hanafuda for 3 takes no go/drop: every seat plays every round, so no round has a goer-based
    kind and ``kinds`` is left out; hanafuda with go/drop (T10-T17) keeps it."""
    data = json.loads(run("--rules", "hanafuda_hachihachi", "--games", "2", "--players", "3", "--seed", "2",
                          "--json").stdout)
    assert "kinds" not in data and data["rounds"] > 0
    declared = json.loads(run("--rules", "hanafuda_go_drop", "--games", "2", "--players", "5", "--seed", "2",
                              "--json").stdout)
    assert sum(declared["kinds"].values()) == declared["rounds"]


def test_hanafuda_json_reports_roles_and_fields():
    """One event for roles shown and one for the field made, whatever the game: a hanafuda run
    counts its hand and capture roles and one field per round played."""
    res = run("--rules", "hanafuda_hachihachi", "--games", "3", "--players", "3", "--seed", "2", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["roles"] and all(n > 0 for n in data["roles"].values())
    kinds = {f.id for f in load_ruleset("hanafuda_hachihachi").fields}
    assert set(data["fields"]) <= kinds and sum(data["fields"].values()) == data["rounds"]


def test_trick_json_counts_one_field_per_round():
    data = json.loads(run("--games", "3", "--players", "5", "--seed", "2", "--json").stdout)
    assert sum(data["fields"].values()) == data["rounds"] and data["roles"]


def test_hanafuda_compare_of_a_file_with_itself_shares_every_deal():
    path = str(bundled_path("hanafuda_hachihachi"))
    data = json.loads(run("--games", "2", "--compare", path, path, "--json").stdout)
    assert data["rounds"] == 2 * 12 and data["same_deals"] == data["rounds"]
    text = run("--games", "2", "--compare", path, path).output
    assert "common deals: 24 of 24 rounds" in text


def test_H19_the_summary_tells_the_special_roles_made():
    text = run("--games", "6", "--players", "3", "--seed", "3", "--rules", "hanafuda_hachihachi").output
    head = "special roles made at the end of a round (times; per 100 rounds)"
    assert head in text
    rows = text.split(head)[1].strip().split("\n\n")[0].splitlines()
    assert [row.split()[0] for row in rows] == ["sujuroku"] and int(rows[0].split()[1]) == 3
