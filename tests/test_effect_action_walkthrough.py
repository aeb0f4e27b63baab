"""docs/effects.md's "Adding an action", followed with the toy action of tests/toyaction.py:
its class, its event and one line in ACTIONS make it a part of the schema of ``effects:`` and
``settlement:``, of the builder's checks (at ``FILE:LINE:COL``), of the rule sheet's words in
both languages, of play and of the narration. Brought by a part instead (its
``RulePart.effect_actions``, as go/drop brings ``force``), it is the same, and a file that does
not take the part is refused it at its place."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from hachihachi.cli.narrate import Narrator
from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.effect_events import EffectFired
from hachihachi.interpreter.engine.events import RoundEnded
from hachihachi.ruleset.effects import ACTIONS, ActionBase, describe, every_action
from hachihachi.ruleset.errors import RuleFileError
from hachihachi.ruleset.loader import check_file, load_ruleset
from hachihachi.ruleset.schema import schema

from .toyaction import Note, Noted

ROOT = Path(__file__).resolve().parents[1]
NOTE = ("effects:\n  - name: tally\n    when: {when}\n    do:\n"
        "      - note: {{value: \"tricks * trick_settlement.per_trick\", seats: each goer}}\n")


@pytest.fixture
def note(monkeypatch: pytest.MonkeyPatch) -> type[Note]:
    monkeypatch.setitem(ACTIONS, Note.key, Note)        # step 3: its one line in ACTIONS
    return Note


def write(tmp_path: Path, when: str = "round_end", extra: str = "") -> Path:
    path = tmp_path / "noted.yaml"
    path.write_text("extends: hachihachi_trick\nname: noted\n" + NOTE.format(when=when) + extra, encoding="utf-8")
    return path


def play(rules, seed: int = 3) -> GameState:
    g, rng = GameState(rules, 4, seed=seed, rounds=4), random.Random(seed)
    while not g.is_terminal:
        g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
    return g


def test_a_listed_action_is_a_part_of_the_do_of_effects_and_of_the_settlement(note):
    found = schema()
    assert found["$defs"]["action"]["properties"]["note"] == Note.schema
    assert found["properties"]["effects"]["items"]["properties"]["do"] == {"$ref": "#/$defs/do"}
    assert found["properties"]["settlement"]["additionalProperties"]["items"]["properties"]["do"] == {
        "$ref": "#/$defs/do"}


def test_an_action_not_listed_is_refused_by_the_schema_at_its_place(tmp_path):
    (problem,) = check_file(write(tmp_path))
    assert re.search(r"noted\.yaml:\d+:\d+", str(problem)) and "unknown key 'note'" in str(problem)


def test_a_listed_action_is_built_worded_and_reads_its_facts(note, tmp_path):
    rules = load_ruleset(write(tmp_path))
    (effect,) = rules.effects
    (action,) = effect.actions
    assert isinstance(action, Note) and action.seats.group == "goer"
    value = "tricks * trick_settlement.per_trick"
    assert describe(effect) == f"tally: At the end of every round: note {value} of each goer."
    assert describe(effect, "ja") == f"「tally」: 各局の終わり: 出た各人の「{value}」を記録する。"
    assert effect.reads == {"tricks", "trick_settlement.per_trick"}
    folded = action.fold({"trick_settlement.per_trick": 2})
    assert folded.value.reads == ("tricks",) and folded.seats == action.seats


def test_a_listed_actions_own_check_and_its_keys_are_refused_at_their_place(note, tmp_path):
    with pytest.raises(RuleFileError) as found:
        load_ruleset(write(tmp_path, when="game_end"))
    assert "a note at the end of the game belongs to no round" in str(found.value)
    assert "noted.yaml:7:23: " in str(found.value)      # the place of its value
    path = tmp_path / "keys.yaml"
    path.write_text(write(tmp_path).read_text(encoding="utf-8").replace("seats: each goer", "colour: red"))
    (problem,) = check_file(path)
    assert "unknown key 'colour' in effects.0.do.0.note; the keys are: value, seats." in str(problem)


def test_a_listed_action_runs_in_play_logs_its_event_and_is_narrated_in_both_languages(note, tmp_path):
    rules = load_ruleset(write(tmp_path))
    g = play(rules)
    per_trick = rules.kind_rules.trick_settlement.per_trick
    ended = {e.round: e for e in g.events if isinstance(e, RoundEnded)}
    noted = [e for e in g.events if isinstance(e, Noted)]
    assert noted and all(ended[e.round].goers for e in noted)
    assert all(e.value == per_trick * ended[e.round].tricks.get(e.seat, 0) for e in noted)
    assert {(e.round, e.seat) for e in noted} == {(r, s) for r, e in ended.items() for s in e.goers}
    first = g.events.index(noted[0])
    assert isinstance(g.events[first - 1], EffectFired)     # told as the effect's, after it fired
    names = [f"p{s}" for s in range(4)]
    seat = noted[0].seat
    assert f"  p{seat} notes {noted[0].value} (tally)" in Narrator(rules, names).lines(g.events)
    assert f"  p{seat} の記録は {noted[0].value} (「tally」)" in Narrator(rules, names, lang="ja").lines(g.events)


@pytest.fixture
def part_note(monkeypatch: pytest.MonkeyPatch) -> type[Note]:
    """The same action brought by a part instead (go/drop's ``RulePart.effect_actions``, beside its ``force``)."""
    from hachihachi.interpreter.parts.go_drop import rules

    brought = rules.RULES.effect_actions
    monkeypatch.setattr(rules, "RULES", replace(rules.RULES, effect_actions=lambda: (*brought(), Note)))
    return Note


def write_on(tmp_path: Path, base: str) -> Path:
    path = tmp_path / f"part_noted_{base}.yaml"      # a file of its own: no other test's file has its text
    path.write_text(f"extends: {base}\nname: part_noted\n" + NOTE.format(when="round_end"), encoding="utf-8")
    return path


def test_a_parts_action_is_listed_after_the_cores_and_built_in_a_file_that_takes_the_part(part_note, tmp_path):
    assert list(every_action())[-2:] == ["force", "note"] and "note" not in ACTIONS
    assert schema()["$defs"]["action"]["properties"]["note"] == Note.schema
    (effect,) = load_ruleset(write_on(tmp_path, "hachihachi_trick")).effects
    assert isinstance(effect.actions[0], Note)
    assert describe(effect) == ("tally: At the end of every round: note tricks * trick_settlement.per_trick of "
                                "each goer.")


def test_a_parts_action_in_a_file_that_does_not_take_the_part_is_refused_at_its_place(part_note, tmp_path):
    path = tmp_path / "three.yaml"
    path.write_text("extends: hanafuda_hachihachi\nname: part_noted_three\neffects:\n  - name: tally\n"
                    "    when: round_end\n    do:\n      - note: {value: 1}\n", encoding="utf-8")
    (problem,) = check_file(path)
    assert re.search(r"three\.yaml:7:\d+: error: the action 'note' comes with go/drop declarations \(T10-T17\), "
                     r"which the file does not take: add parts: \[go_drop\], or take the action out\.$", str(problem))


def test_the_walkthrough_names_every_member_an_action_writes_and_the_files_it_touches():
    text = (ROOT / "docs" / "effects.md").read_text(encoding="utf-8")
    section = text[text.index("### Adding an action"):]
    section = section[:section.index("\n## ")]
    named = set(re.findall(r"`([^`]+)`", section))
    members = {*vars(ActionBase), *ActionBase.__annotations__}
    declared = {m for m in members if not m.startswith("_")} - {"reads", "fold"}     # found from its fields
    assert {"key", "summary", "schema", "build", "check", "words", "run", "tellers"} <= declared
    missing = [m for m in declared if not any(n == m or n.startswith(f"{m}(") for n in named)]
    assert missing == []
    for member in ("r.table", "r.facts", "r.members(seats)", "r.name", "b.expr", "b.seats", "b.error", "ACTIONS",
                   "every_action()", "RulePart.effect_actions", "RoundPart.new_game", "r.table.parts[NAME]"):
        assert member in named
    from hachihachi.interpreter.engine.parts import RoundPart
    from hachihachi.ruleset.part_registry import RulePart

    assert "effect_actions" in RulePart.__dataclass_fields__ and hasattr(RoundPart, "new_game")
    files = {"ruleset/effects/model.py", "ruleset/effects/actions/__init__.py", "actions/schema.py",
             "tests/toyaction.py", "tests/test_effect_action_walkthrough.py", "interpreter/parts/go_drop/force.py"}
    assert {"ruleset/effects/actions/__init__.py", "interpreter/parts/go_drop/force.py"} <= named
    for path in named & files:
        assert (ROOT / path).exists() or (ROOT / "ruleset" / "effects" / path).exists()
    assert set(Note.tellers) == {Noted} and all(callable(told) for told in Note.tellers.values())
