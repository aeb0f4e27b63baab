"""The house rules written out in docs/house-rules.md and docs/effects.md for the start after
each kind of round (T24), the deal by the number of players and a question before the deal:
each example block names its file of ``variants/``, reads as that file does and validates."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
import yaml

from hachihachi.ruleset.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = Path(__file__).parent / "variants"


def documented(doc: str, name: str) -> str:
    """The yaml block of ``docs/DOC`` whose ``name:`` is ``name``."""
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    for block in map(textwrap.dedent, re.findall(r"```yaml\n(.*?)```", text, re.S)):
        if re.search(rf"^\s*name: {re.escape(name)}\s*$", block, re.M):
            return block
    raise AssertionError(f"docs/{doc} has no example named {name}")


@pytest.mark.parametrize(("doc", "name"), [
    ("house-rules.md", "t24_after_split_left_of_start"),
    ("house-rules.md", "h4_hanaawase_by_players"),
    ("effects.md", "fx_blind_go"),
])
def test_documented_house_rule_is_its_variant_file_and_validates(doc, name, tmp_path):
    block = documented(doc, name)
    assert yaml.safe_load(block) == yaml.safe_load((VARIANTS / f"{name}.yaml").read_text(encoding="utf-8"))
    path = tmp_path / f"{name}.yaml"
    path.write_text(block, encoding="utf-8")
    assert load_ruleset(path).name == name
