"""How a record written by ``simulate --record`` or ``play --record`` names its rule file, so that
``hachi replay`` reads it back: a bundled file (or an unchanged copy) by its bundled name, any
other file by its path relative to the record's folder, never by an absolute path."""

import shutil
from pathlib import Path

import yaml
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.ruleset.bundled import bundled_name_of, bundled_path


def hachi(*args: str):
    return CliRunner().invoke(cli, list(args))


def copy_of_variant(tmp_path: Path, name: str) -> Path:
    """``rules/variants/NAME.yaml`` as in a clone of the project (a copy, not the installed file)."""
    target = tmp_path / "rules" / "variants" / f"{name}.yaml"
    target.parent.mkdir(parents=True)
    shutil.copyfile(bundled_path(name), target)
    return target


def ruleset_named(record: Path) -> str:
    return yaml.safe_load(record.read_text(encoding="utf-8"))["ruleset"]


def test_simulate_record_names_a_bundled_variant_by_its_name_and_replays(tmp_path, monkeypatch):
    copy_of_variant(tmp_path, "flat_drop_fee")
    monkeypatch.chdir(tmp_path)
    res = hachi("simulate", "--rules", "rules/variants/flat_drop_fee.yaml", "--games", "2", "--players", "3",
                "--record", "recs")
    assert res.exit_code == 0, res.output
    record = tmp_path / "recs" / "game-000001.yaml"
    assert ruleset_named(record) == "flat_drop_fee"
    replayed = hachi("replay", str(record), "--json")
    assert replayed.exit_code == 0, replayed.output


def test_simulate_record_names_a_house_file_relative_to_the_record_folder(tmp_path, monkeypatch):
    house = tmp_path / "house.yaml"
    house.write_text("extends: hachihachi_trick\nname: house\nrounds: {standard: 2, short: 1}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    res = hachi("simulate", "--rules", str(house), "--games", "1", "--players", "3", "--record", ".")
    assert res.exit_code == 0, res.output
    record = tmp_path / "game-000001.yaml"
    assert ruleset_named(record) == "house.yaml"
    replayed = hachi("replay", str(record), "--json")
    assert replayed.exit_code == 0, replayed.output


def test_play_record_names_a_bundled_variant_by_its_name_and_replays(tmp_path, monkeypatch):
    copy_of_variant(tmp_path, "quick_six")
    monkeypatch.chdir(tmp_path)
    res = hachi("play", "--auto", "--rules", "rules/variants/quick_six.yaml", "--players", "3", "--seed", "5",
                "--record", "recs")
    assert res.exit_code == 0, res.output
    (record,) = (tmp_path / "recs").iterdir()
    assert ruleset_named(record) == "quick_six"
    replayed = hachi("replay", str(record), "--json")
    assert replayed.exit_code == 0, replayed.output


def test_a_changed_copy_of_a_bundled_file_is_not_named_as_the_bundled_one(tmp_path):
    copy = copy_of_variant(tmp_path, "quick_six")
    assert bundled_name_of(copy) == "quick_six"
    copy.write_text(copy.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    assert bundled_name_of(copy) is None


def test_a_copy_that_names_a_file_beside_it_is_not_named_as_the_bundled_one(tmp_path):
    copy = tmp_path / "hachihachi_trick.yaml"
    shutil.copyfile(bundled_path("hachihachi_trick"), copy)         # role_table: hand_roles.yaml, beside it
    assert bundled_name_of(bundled_path("hachihachi_trick")) == "hachihachi_trick"
    assert bundled_name_of(copy) is None
