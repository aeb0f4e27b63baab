"""The examples of docs/effects.md hold: every rule file written there in full validates, and
each snippet of payments between pairs, of named roles and of named pots validates as an
effect of the game it names (so the reference cannot drift from what ``hachi validate`` takes)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hachihachi.ruleset.loader import check_file

DOC = Path(__file__).resolve().parents[1] / "docs" / "effects.md"
BLOCKS = re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
FULL = [b for b in BLOCKS if b.lstrip().startswith(("extends:", "# yaml-language-server"))]
MARKERS = ("payer.", "receiver.", "role.", "role_value.", "pot.", "pots:")
SNIPPETS = [b for b in BLOCKS if b not in FULL and any(m in b for m in MARKERS)]


def _problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "example.yaml"
    path.write_text(text, encoding="utf-8")
    return [str(p) for p in check_file(path)]


@pytest.mark.parametrize("block", FULL, ids=[b.split("name: ", 1)[-1].split("\n", 1)[0][:40] for b in FULL])
def test_every_rule_file_of_the_effects_reference_validates(tmp_path, block):
    assert _problems(tmp_path, block) == []


@pytest.mark.parametrize("block", SNIPPETS, ids=[str(i) for i in range(len(SNIPPETS))])
def test_every_snippet_of_pairs_roles_and_pots_validates_as_an_effect(tmp_path, block):
    """A list of actions is an effect's ``do`` at the end of the round (of hanafuda when it reads
    ``hanafuda.``), with a pot 'jackpot' declared; top-level keys are a rule file's own."""
    base = "hanafuda_hachihachi" if "hanafuda." in block or "role.shikou" in block else "hachihachi_trick"
    head = f"extends: {base}\nname: example\n"
    lines = [ln for ln in block.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if lines[0].startswith("- "):
        body = "pots:\n  - {name: jackpot}\neffects:\n  - name: example\n    when: round_end\n    do:\n"
        body += "".join(f"      {ln}\n" for ln in lines)
    else:
        body = block
    assert _problems(tmp_path, head + body) == []


def test_the_reference_has_the_snippets_it_is_checked_by():
    assert len(FULL) >= 16 and len(SNIPPETS) >= 3
