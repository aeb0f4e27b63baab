"""The example folders tests/rulesets/valid and tests/rulesets/invalid, the bundled files, variants."""

from __future__ import annotations

from pathlib import Path

import pytest

from hachihachi.ruleset.bundled import bundled_files, bundled_names
from hachihachi.ruleset.errors import RuleFileError
from hachihachi.ruleset.loader import check_file, load_role_table, load_ruleset
from hachihachi.interpreter.games.tricks.rules import TrickPhase, TrickTransfer
from hachihachi.interpreter.parts.go_drop.rules import GoDropPhase, go_drop_rules

HERE = Path(__file__).parent
VALID = sorted((HERE / "rulesets" / "valid").glob("*.yaml"))
INVALID = sorted((HERE / "rulesets" / "invalid").glob("*.yaml"))


def _expected(path: Path) -> tuple[str, str | None]:
    """The ``# error: MESSAGE`` and optional ``# at: LINE:COL`` an invalid file states."""
    head = path.read_bytes().decode("utf-8", "replace").split("\n")[:3]
    message = next(line.split("# error:", 1)[1].strip() for line in head if line.startswith("# error:"))
    at = next((line.split("# at:", 1)[1].strip() for line in head if line.startswith("# at:")), None)
    return message, at


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_files_have_no_problem(path):
    assert check_file(path) == []


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_files_give_their_stated_error_first(path):
    message, at = _expected(path)
    problems = check_file(path)
    assert problems, f"{path.name} was accepted"
    first = problems[0]
    assert message in first.message
    if at is not None:
        assert f"{first.line}:{first.col}" == at
        assert first.file == str(path)


def test_every_example_folder_is_populated():
    assert len(VALID) >= 5 and len(INVALID) >= 30


@pytest.mark.parametrize("name", sorted(bundled_files()))
def test_bundled_files_are_valid(name):
    assert check_file(bundled_files()[name]) == []


def test_bundled_names_list_rulesets_and_role_tables_apart():
    assert {"hachihachi_trick", "quick_six", "flat_drop_fee", "gentle_fields"} <= set(bundled_names())
    assert bundled_names("role_table") == ["hand_roles", "koikoi_hand_roles"]
    assert {"koikoi", "koikoi_oyaken"} <= set(bundled_names())


def test_T1_T2_T3_standard_numbers_are_data():
    rules = load_ruleset("hachihachi_trick")
    assert rules.deck.size == 52 and rules.hand_size == 7
    assert (rules.players.min, rules.players.max, rules.chips.start) == (3, 7, 50)


def test_T8_T9_standard_fields():
    rules = load_ruleset("hachihachi_trick")
    factor = {f.id: (f.ranks, f.multiplier) for f in rules.fields}
    assert factor == {"zetsuba": (("A", "K"), 4), "ooba": (("Q", "J", "T"), 2),
                      "normal": (("2", "3", "4", "5", "6", "7", "8", "9"), 1)}
    assert rules.field_for(rules.deck.parse("Kd")).factor(TrickTransfer.TRICKS) == 4


def test_T11_T12_T13_declaration_settings():
    rules = load_ruleset("hachihachi_trick")
    assert [go_drop_rules(rules).declaration.drop_fee.fee(n) for n in range(3)] == [2, 3, 4]
    declaration = go_drop_rules(rules).declaration
    assert declaration.max_goers == 3 and declaration.no_goers_pot == "carry_over"
    assert rules.rounds.skipped_counts and rules.rounds.leftover_pot == "nobody"


def test_T23_round_lists_the_phases_in_order():
    rules = load_ruleset("hachihachi_trick")
    assert rules.round[:3] == (TrickPhase.MIZUTEN_CALL, TrickPhase.DEAL, GoDropPhase.DECLARATIONS)
    assert rules.round[-1] is TrickPhase.MIZUTEN_BONUS and len(rules.round) == 11


def test_T25_quick_six_variant_has_six_rounds_and_no_mizuten():
    rules = load_ruleset("quick_six")
    assert rules.rounds.standard == 6 and not rules.kind_rules.mizuten.enabled
    assert TrickPhase.MIZUTEN_CALL not in rules.round
    assert rules.extends_chain == ("hachihachi_trick",)
    assert rules.chips.start == 50            # inherited unchanged


def test_T11_flat_drop_fee_variant():
    rules = load_ruleset("flat_drop_fee")
    assert [go_drop_rules(rules).declaration.drop_fee.fee(n) for n in range(4)] == [3, 3, 3, 3]


def test_T8_gentle_fields_variant_replaces_the_list():
    rules = load_ruleset("gentle_fields")
    assert [(f.id, f.multiplier) for f in rules.fields] == [("zetsuba", 3), ("ooba", 2), ("normal", 1)]
    assert rules.field_for(rules.deck.parse("Kd")).multiplier == 2
    assert rules.field_for(rules.deck.parse("Ad")).factor(TrickTransfer.TRICKS) == 1


def test_null_removes_a_role_and_roles_merge_one_by_one():
    rules = load_ruleset(HERE / "rulesets" / "valid" / "variant_null_removes.yaml")
    ids = [r.id for r in rules.roles.roles]
    assert "straight" not in ids and len(ids) == 11
    sanbon = rules.roles.role("sanbon")
    assert (sanbon.go, sanbon.forced, sanbon.pattern) == (3, 1, "shape 3 or shape 3 2")


def test_variant_of_variant_by_relative_path_keeps_the_chain():
    rules = load_ruleset(HERE / "rulesets" / "valid" / "variant_of_variant.yaml")
    assert rules.extends_chain[-2:] == ("quick_six", "hachihachi_trick")
    assert rules.players.max == 6 and rules.rounds.standard == 6
    assert go_drop_rules(rules).declaration.drop_fee.fee(2) == 3


def test_role_table_variant_file_changes_one_role_and_adds_a_combo():
    table = load_role_table(HERE / "rulesets" / "valid" / "role_table_variant.yaml")
    assert table.role("karasu").go == 5 and table.role("shisan").go == 20
    assert [c.roles for c in table.combos] == [("karasu", "shisan")]


def test_role_places_point_into_the_role_file():
    rules = load_ruleset("hachihachi_trick")
    place = rules.roles.role("sanbon").place
    file, line, col = place.rsplit(":", 2)
    assert file.endswith("hand_roles.yaml")
    text = Path(file).read_text(encoding="utf-8").split("\n")[int(line) - 1]
    assert text[int(col) - 1:].startswith("shape 3 or shape 3 2")


def test_load_ruleset_raises_the_first_problem_with_its_place():
    path = HERE / "rulesets" / "invalid" / "players_min_max.yaml"
    with pytest.raises(RuleFileError) as caught:
        load_ruleset(path)
    assert caught.value.place == f"{path}:4:16"
    assert "players.min (8) is larger than players.max (7)" in caught.value.message


def test_load_ruleset_suggests_a_bundled_name():
    with pytest.raises(RuleFileError, match="did you mean 'quick_six'"):
        load_ruleset("quick_sixx")


def test_load_ruleset_refuses_a_role_table():
    with pytest.raises(RuleFileError, match="is a role table, not a rule file"):
        load_ruleset("hand_roles")
