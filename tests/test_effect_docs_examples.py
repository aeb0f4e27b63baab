"""docs/effects.md is the whole reference, and its examples hold: every YAML block validates (a
rule file written in full as it is; a list of effects or of one effect's actions in a file of the
game it reads, at the point whose facts it reads; a form with its placeholders read as values);
the points (``when``), facts and actions it documents are exactly those the code knows, and each
one is in an example (so the reference cannot drift from what ``hachi validate`` takes)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hachihachi.ruleset.effects import SEAT_FACTS, TABLE_FACTS, every_action, points

from hachihachi.ruleset.kind_registry import KINDS, rule_kind
from hachihachi.ruleset.loader import check_file
from hachihachi.ruleset.part_registry import PARTS, rule_part

WHENS = tuple(points())          # the core's points of a round and the parts' (go/drop's after_declarations)
DOC = Path(__file__).resolve().parents[1] / "docs" / "effects.md"
BLOCKS = re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
FULL = [b for b in BLOCKS if b.lstrip().startswith(("extends:", "# yaml-language-server"))]
MARKERS = ("payer.", "receiver.", "role.", "role_value.", "pot.", "pots:")
SNIPPETS = [b for b in BLOCKS if b not in FULL and any(m in b for m in MARKERS)]


def _problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "example.yaml"
    path.write_text(text, encoding="utf-8")
    return [str(p) for p in check_file(path)]


def test_the_reference_has_the_examples_it_is_checked_by():
    assert len(FULL) >= 16 and len(SNIPPETS) >= 3 and len(BLOCKS) >= 40


# -- every point, fact and action the code knows is documented, with an example that validates ---

TEXT = DOC.read_text(encoding="utf-8")
# the facts named by a file (a counter, a parameter, a role, a named pot, a field): `counter.NAME` ...
FAMILIES = ("counter.", "parameter.", "role.", "role_value.", "pot.", "field.")
# a form's placeholders (`pay: {from: SEATS or pot, amount: NUMBER, ...}`), read as a value of each
PLACEHOLDERS = (("SEATS or pot", "each seat"), ("SEATS", "each seat"), ("NUMBER", "1"), (", ...}", "}"),
                ("NAME", "drops_in_a_row"))
HANAFUDA = ("hanafuda.", "capture", "field_cards", "card_points", "brights", "chaff", "turn.", "fed", "stopped",
            "play_on", "role.shikou", "role_value.shikou")
DECLARED = ("pots:\n  - {name: jackpot}\ncounters:\n  - {name: drops_in_a_row, scope: seat}\n"
            "  - {name: doubles, scope: seat}\nparameters: {sweep_bonus: 5, loss_cap: 20}\n")


def code_facts() -> set[str]:
    """Every fact the code declares: every game's, each play kind's and each part's, and the
    families a file names (``counter.``, ...)."""
    return {*SEAT_FACTS, *TABLE_FACTS, *(f.name for k in KINDS for f in rule_kind(k).own_facts),
            *(f.name for p in PARTS for f in rule_part(p).own_facts), *FAMILIES}


def documented(header: str) -> set[str]:
    """The names in the first cell of every row of the reference's tables whose first header is
    ``header`` (`fact`, `` `when` ``); a family (`counter.NAME`) by its prefix."""
    names: set[str] = set()
    for table in re.findall(rf"^\| {re.escape(header)} \|.*\n\|[-|]+\|\n((?:\|.*\n)+)", TEXT, flags=re.M):
        for row in table.splitlines():
            for name in re.findall(r"`([^`]+)`", row.split("|")[1]):
                names.add(re.sub(r"(?<=\.)[A-Z]+$", "", name))
    return names


def documented_actions() -> set[str]:
    section = TEXT.split("\n## Actions\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^### `(\w+)`", section, flags=re.M))


def test_the_reference_documents_every_point_fact_and_action_the_code_knows_and_no_other():
    assert documented("`when`") - {"when"} == set(WHENS)     # the form's own row names the key `when`
    assert documented("fact") == code_facts()
    assert documented_actions() == set(every_action())


def as_rule_file(block: str) -> str:
    """A YAML block of the reference as a rule file: a whole file as it is; a list of effects, or
    of one effect's actions (at the point its facts are read at), in a file of the game it reads,
    with a pot, counters and parameters declared; top-level keys as a file's own."""
    for form, value in PLACEHOLDERS:
        block = block.replace(form, value)
    if block.lstrip().startswith(("extends:", "# yaml-language-server")):
        return block
    hanafuda = any(m in block for m in HANAFUDA)
    base = ("hanafuda_go_drop" if hanafuda and ("went" in block or "ask:" in block) else
            "hanafuda_hachihachi" if hanafuda else "hachihachi_trick")
    head = f"extends: {base}\nname: example\n"
    first = next(ln for ln in block.splitlines() if ln.strip() and not ln.lstrip().startswith("#"))
    if first.startswith("- name:"):
        return head + DECLARED + "effects:\n" + "".join(f"  {ln}\n" for ln in block.splitlines())
    if first.startswith("- "):
        when = ("after_trick" if re.search(r"trick\.|took_trick|led_trick|revoked", block) else
                "after_capture" if re.search(r"capture\.|captured", block) else
                "after_turn" if re.search(r"turn\.|in_turn|\bfed\b", block) else
                "round_start" if "round: this" in block else
                "after_play" if "multiply:" in block else "round_end")
        return (head + DECLARED + f"effects:\n  - name: example\n    when: {when}\n    do:\n"
                + "".join(f"      {ln}\n" for ln in block.splitlines()))
    return head + block


def mentions(block: str, name: str) -> bool:
    if name.endswith("."):
        return re.search(rf"(?<![\w.]){re.escape(name)}[a-z_]", block) is not None
    return re.search(rf"(?<![\w.]){re.escape(name)}(?![\w.])", block) is not None


@pytest.mark.parametrize("block", BLOCKS, ids=[str(i) for i in range(len(BLOCKS))])
def test_every_yaml_block_of_the_reference_validates(tmp_path, block):
    assert _problems(tmp_path, as_rule_file(block)) == []


def test_every_point_fact_and_action_has_a_yaml_example():
    whens = [w for w in WHENS if not any(re.search(rf"when: {w}\b", b) for b in BLOCKS)]
    facts = [f for f in sorted(code_facts()) if not any(mentions(b, f) for b in BLOCKS)]
    actions = [a for a in every_action() if not any(re.search(rf"- {a}:", b) for b in BLOCKS)]
    assert (whens, facts, actions) == ([], [], [])
