"""``hachi validate`` checks again only what changed (ruleset/verdicts.py): a file found valid is
kept as valid while it, every file it read and the code are as they were, and a file with problems
is checked every time."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.ruleset import loader, usercache
from hachihachi.ruleset.verdicts import CACHE_FILE, Verdicts

BASE = "extends: hachihachi_trick\nname: base\nchips: {start: 100}\n"
VARIANT = "extends: ./base.yaml\nname: variant\n"


@pytest.fixture
def checked(tmp_path, monkeypatch):
    """The files ``check_file`` checks, in order, with the cache in a folder of this test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    seen: list[str] = []
    real = loader.check_file

    def check_file(path, root=None):
        seen.append(Path(path).name)
        return real(path, root)

    monkeypatch.setattr(loader, "check_file", check_file)
    return seen


def validate(*paths: Path):
    return CliRunner().invoke(cli, ["validate", *map(str, paths)])


def _same_size_and_time(path: Path, text: str) -> None:
    """Write ``text`` (as long as the file's old text) and give the file back its old time."""
    st = path.stat()
    assert len(text.encode()) == st.st_size
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


def _validated_variant(folder: Path) -> tuple[Path, Path]:
    """A base and a variant of it in ``folder``, the variant found valid once."""
    base, variant = folder / "base.yaml", folder / "variant.yaml"
    base.write_text(BASE, encoding="utf-8")
    variant.write_text(VARIANT, encoding="utf-8")
    assert validate(variant).exit_code == 0
    return base, variant


def test_a_file_found_valid_is_not_checked_again_while_nothing_changed(tmp_path, checked):
    (tmp_path / "base.yaml").write_text(BASE, encoding="utf-8")
    (tmp_path / "variant.yaml").write_text(VARIANT, encoding="utf-8")
    first, second = validate(tmp_path), validate(tmp_path)
    assert first.exit_code == second.exit_code == 0
    assert "2 files are valid." in first.stdout and second.stdout == first.stdout
    assert checked == ["base.yaml", "variant.yaml"]


def test_a_changed_base_has_its_variant_checked_again_even_at_the_same_size_and_time(tmp_path, checked):
    base, variant = _validated_variant(tmp_path)
    _same_size_and_time(base, BASE.replace("start: 100", "start: -10"))
    result = validate(variant)
    assert checked == ["variant.yaml", "variant.yaml"]
    assert result.exit_code == 1 and "chips.start" in result.stderr


def test_a_file_with_problems_is_checked_and_reported_every_time(tmp_path, checked):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: hachihachi_trick\nplayers: {min: 8}\n", encoding="utf-8")
    runs = [validate(bad) for _ in range(2)]
    assert [r.exit_code for r in runs] == [1, 1] and runs[0].stderr == runs[1].stderr
    assert "players.min (8) is larger than players.max (7)" in runs[1].stderr
    assert checked == ["bad.yaml", "bad.yaml"]


def test_a_base_that_was_missing_and_is_written_later_is_read(tmp_path, checked):
    variant = tmp_path / "variant.yaml"
    variant.write_text(VARIANT, encoding="utf-8")
    assert validate(variant).exit_code == 1                 # no base.yaml yet: never kept as valid
    (tmp_path / "base.yaml").write_text(BASE, encoding="utf-8")
    assert validate(variant).exit_code == 0
    assert checked == ["variant.yaml", "variant.yaml"]


def test_the_verdicts_are_dropped_when_a_stamped_code_file_changed(tmp_path, checked):
    (tmp_path / "base.yaml").write_text(BASE, encoding="utf-8")
    assert validate(tmp_path / "base.yaml").exit_code == 0
    kept = usercache.read_json(CACHE_FILE)
    module = tmp_path / "module.py"
    module.write_text("x = 1\n", encoding="utf-8")
    st = module.stat()
    kept["code"].append([str(module), st.st_size, st.st_mtime_ns])
    usercache.write_json(CACHE_FILE, kept)
    assert Verdicts().valid(str(tmp_path / "base.yaml"), None)
    module.write_text("x = 22\n", encoding="utf-8")
    assert not Verdicts().valid(str(tmp_path / "base.yaml"), None)
    assert validate(tmp_path / "base.yaml").exit_code == 0
    assert checked == ["base.yaml", "base.yaml"]


@pytest.mark.parametrize("broken", ["[1, 2]", '{"code": "x", "verdicts": [1]}', "not json",
                                    '{"code": [["/nowhere", 1, 2]], "verdicts": []}'])
def test_a_broken_cache_file_is_read_as_nothing(tmp_path, checked, broken):
    (tmp_path / "base.yaml").write_text(BASE, encoding="utf-8")
    folder = usercache.folder()
    folder.mkdir(mode=0o700, parents=True)
    (folder / CACHE_FILE).write_text(broken, encoding="utf-8")
    assert validate(tmp_path / "base.yaml").exit_code == 0
    assert checked == ["base.yaml"]
    assert json.loads((folder / CACHE_FILE).read_text(encoding="utf-8"))["verdicts"][0]["key"][0] == \
        str(tmp_path / "base.yaml")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_base_swapped_for_a_fifo_is_refused_not_waited_on(tmp_path, checked):
    base, variant = _validated_variant(tmp_path)
    base.unlink()
    os.mkfifo(base)
    result = validate(variant)
    assert result.exit_code == 1 and "base.yaml" in result.stderr and "Traceback" not in result.output
    assert checked == ["variant.yaml", "variant.yaml"]
