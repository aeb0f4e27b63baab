"""``hachi validate --warnings`` on effects that can grow a counter without bound (its own products)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hachihachi.cli.validate import validate
from hachihachi.ruleset.validation import growing_effects

RULES = Path(__file__).resolve().parents[1] / "rules"


def house(tmp_path: Path, action: str) -> str:
    path = tmp_path / "house.yaml"
    path.write_text("extends: hachihachi_trick\nname: house\ncounters:\n  - {name: x, scope: table, start: 2}\n"
                    "effects:\n  - name: grow\n    when: round_end\n    do:\n"
                    f"      - counter: {{name: x, {action}}}\n      - counter: {{name: x, {action}}}\n")
    return str(path)


@pytest.mark.parametrize("action, words", [
    ('set: "counter.x * counter.x"', "sets the counter 'x' to a product of itself"),
    ('set: "counter.x * 2 + 1"', "sets the counter 'x' to a product of itself"),
    ('set: "max(1, table.players * counter.x)"', "sets the counter 'x' to a product of itself"),
    ('add: "counter.x"', "adds to the counter 'x' its own value"),
])
def test_a_counter_fed_by_its_own_products_is_warned_of_once_per_effect(tmp_path, action, words):
    file = house(tmp_path, action)
    res = CliRunner().invoke(validate, ["--warnings", file])
    assert res.exit_code == 0, res.output
    lines = [line for line in res.output.splitlines() if ": warning: " in line]
    assert lines == [f"{file}:6:5: warning: the effect 'grow' {words}, so it can grow without bound until the game "
                     "stops at the bound on every number a game holds (docs/limits.md)."]


@pytest.mark.parametrize("action", ['set: "counter.x + 1"', 'set: "counter.x * 1"', 'add: 1',
                                    'set: "counter.x // 2"', 'set: "table.players * 3"'])
def test_a_counter_that_grows_at_most_by_a_step_a_round_is_not_warned_of(tmp_path, action):
    assert growing_effects(house(tmp_path, action)) == []


def test_no_bundled_rule_file_grows_without_bound():
    files = sorted(RULES.rglob("*.yaml"))
    assert files and [line for f in files for line in growing_effects(str(f))] == []
