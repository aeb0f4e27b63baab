"""Checking a rule file costs what its size allows: the table states tried to show the effects'
conditions can hold are bounded for the whole file (ruleset/effects.py MAX_FILE_WORLDS)."""

from __future__ import annotations

from pathlib import Path

from hachihachi.ruleset.effects import build as effects
from hachihachi.ruleset.loader import check_file

# true only when every fact is at its largest: each condition tries all of its 6,000 states
LATE = '"round.number + table.players + round.goers >= 310"'


def rule_file(tmp_path: Path, conditions: list[str]) -> Path:
    lines = ["extends: hachihachi_trick", "name: costly", "rounds: {standard: 300}", "effects:"]
    for i, cond in enumerate(conditions):
        lines += [f"  - name: e{i}", "    when: round_end", f"    if: {cond}", "    do:", "      - end_game: true"]
    path = tmp_path / "costly.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def counting(monkeypatch) -> list[int]:
    tried = [0]
    real = effects.DictFacts

    def counted(*args, **kwargs):
        tried[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(effects, "DictFacts", counted)
    return tried


def test_the_states_tried_for_a_files_conditions_are_bounded(tmp_path, monkeypatch):
    tried = counting(monkeypatch)
    assert check_file(rule_file(tmp_path, [LATE] * 200)) == []
    assert 0 < tried[0] <= effects.MAX_FILE_WORLDS


def test_a_condition_that_can_never_hold_is_still_refused_within_the_bound(tmp_path):
    found = [str(p) for p in check_file(rule_file(tmp_path, [LATE] * 10 + ['"round.number > 300"']))]
    assert len(found) == 1 and "the effect 'e10' can never fire" in found[0]
