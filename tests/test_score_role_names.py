"""``hachi score`` takes a role the way a table says it: its id, its English or its Japanese
name, latin letters in any case, and answers a near miss with the role it probably meant."""

import pytest
import yaml
from click.testing import CliRunner

from hachihachi.cli.role_names import RoleNames, UnknownRole
from hachihachi.cli.score import score
from hachihachi.ruleset.loader import load_ruleset

TRICK = load_ruleset("hachihachi_trick")
HANA = load_ruleset("hanafuda_hachihachi")

# A trick round up to dee's claim (dee claims; the words of the claim are the test's), then the tricks.
BEFORE_CLAIM = ["1", "5d", "1", "2", "1", "1", "", "Kd Kc Kh 2s 3s 4s 5s", "r"]
AFTER_CLAIM = ["4", "2", "q"]


def keep(tmp_path, lines, *args):
    path = tmp_path / "sheet.yaml"
    out = CliRunner().invoke(score, ["--new", str(path), *args], input="\n".join(lines) + "\n")
    return path, out


def trick_round(tmp_path, claim, lang="en"):
    return keep(tmp_path, [*BEFORE_CLAIM, *claim, *AFTER_CLAIM], "--players", "ann,bob,cy,dee", "--start", "ann",
                "--lang", lang)


@pytest.mark.parametrize("said", ["karasu", "KARASU", "crow", "Crow", "からす", "ｃｒｏｗ"])
def test_a_claimed_role_is_taken_by_its_id_english_or_japanese_name(tmp_path, said):
    path, out = trick_round(tmp_path, [said])
    assert out.exit_code == 0, out.output
    assert "is not a role" not in out.output
    assert yaml.safe_load(path.read_text())["rounds"][0]["roles"] == {"dee": ["karasu"]}


def test_several_roles_by_names_of_several_words_in_either_language(tmp_path):
    path, out = trick_round(tmp_path, ["三本, straight、crow"])
    assert out.exit_code == 0, out.output
    assert yaml.safe_load(path.read_text())["rounds"][0]["roles"] == {"dee": ["sanbon", "straight", "karasu"]}
    names = RoleNames.of([TRICK.roles])
    assert names.find_all("three of a kind four and three crow") == ["sanbon", "shisan", "karasu"]
    assert names.find_all("sanbon karasu") == ["sanbon", "karasu"]


def test_a_near_miss_is_answered_with_the_role_it_probably_meant_and_asked_again(tmp_path):
    path, out = trick_round(tmp_path, ["karsu", "thre of a kind", "xyzzy", "crow"])
    assert out.exit_code == 0, out.output
    said = " ".join(out.output.split())
    assert "'karsu' is not a role of hachihachi_trick; did you mean Crow からす (karasu)?" in said
    assert "'thre of a kind' is not a role of hachihachi_trick; did you mean Three of a Kind 三本 (sanbon)?" in said
    assert "'xyzzy' is not a role of hachihachi_trick; ? lists them." in said
    assert yaml.safe_load(path.read_text())["rounds"][0]["roles"] == {"dee": ["karasu"]}


def test_a_near_miss_in_japanese_is_answered_in_japanese(tmp_path):
    path, out = trick_round(tmp_path, ["からず", "からす"], lang="ja")
    assert out.exit_code == 0, out.output
    said = "".join(out.output.split())                  # folded to 80 columns, anywhere in Japanese
    assert "'からず'はhachihachi_trickの役ではありません。からすCrow(karasu)のことですか？" in said
    assert yaml.safe_load(path.read_text())["rounds"][0]["roles"] == {"dee": ["karasu"]}


def test_help_lists_every_role_with_both_names(tmp_path):
    path, out = trick_round(tmp_path, ["?", "crow"])
    assert out.exit_code == 0, out.output
    for role in TRICK.roles.roles:
        assert f"{role.name.en} {role.name.ja} ({role.id})" in out.output


def test_hanafuda_hand_roles_by_either_name():
    names = RoleNames.of([HANA.roles])
    assert names.find("Four of a Month") == names.find("手四") == names.find("TESHI") == "teshi"
    assert names.find("はねけん") == names.find("three and two pairs") == "haneken"
    with pytest.raises(UnknownRole) as e:
        names.find("kutsuki")
    assert e.value.suggestion == "kuttsuki"


HANA_UNTIL_CAPTURE = ["1b 2a 3r 4c1 5c1 6c1", "", "", "", "2", "2"]     # no hand roles; bob made a capture role


@pytest.mark.parametrize("said", ["akatan", "赤タン", "red poetry ribbons", "3"])
def test_H18_the_capture_role_is_picked_by_number_id_or_either_name(tmp_path, said):
    names = RoleNames.of([HANA.hanafuda.capture_roles])
    path, out = keep(tmp_path, [*HANA_UNTIL_CAPTURE, said, "q"], "--players", "ann,bob,cy", "--start", "ann",
                     "--rules", "hanafuda_hachihachi")
    assert out.exit_code == 0, out.output
    role = list(names.names)[2] if said == "3" else "akatan"
    assert yaml.safe_load(path.read_text())["rounds"][0]["capture_role"] == {"player": "bob", "role": role}
    assert "Red poetry ribbons 赤タン (akatan)" in out.output


def test_the_spellings_that_compare_equal():
    import doctest

    from hachihachi.cli import role_names

    result = doctest.testmod(role_names)
    assert result.attempted > 0 and result.failed == 0
