"""``hachi validate --warnings`` names what can never move chips (``ruleset/idle.py``, one case
each): an effect whose condition the settings make false, a payment of 0, to or from nobody or
only to its payer, a multiplier of 1, a counter nobody reads, roles read before they are shown, a
hand role no hand can have, a settlement phase before the play it settles by; at the file's line
and column, in English and Japanese. No bundled file, variant or house rule of the tests is warned
about."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.ruleset.catalog import LANGS, say
from hachihachi.ruleset.idle import CASES
from hachihachi.ruleset.part_registry import PARTS, rule_part
from hachihachi.ruleset.loader import check_file
from hachihachi.ruleset.validation import file_warnings, idle_warnings

ROOT = Path(__file__).resolve().parent.parent
TRICK = "extends: hachihachi_trick\nname: idle\n"
GO_DROP = "extends: hanafuda_go_drop\nname: idle\n"

# (case, the file's text after TRICK, the line:col of the warning, its English words)
CASE_FILES = {
    "never_holds": ("effects:\n  - name: tie bonus\n    when: round_end\n    if: trick_settlement.pot_split\n"
                    "    do:\n      - pay: {from: each seat, to: pot, amount: 1}\n",
                    "4:5", "the effect 'tie bonus' can never move chips: its condition 'trick_settlement.pot_split' "
                           "is false with this file's settings."),
    "never_holds:range": ("effects:\n  - name: too many goers\n    when: after_declarations\n"
                          "    if: \"round.goers > mizuten.goers\"\n"
                          "    do:\n      - pay: {from: each goer, to: pot, amount: 1}\n",
                          "4:5", "the effect 'too many goers' can never move chips: its condition 'round.goers > "
                                 "mizuten.goers' is false with this file's settings."),
    "zero_amount": ("effects:\n  - name: nothing\n    when: round_end\n"
                    "    do:\n      - pay: {from: each seat, to: pot, amount: \"mizuten.bonus - 1\"}\n",
                    "4:5", "the effect 'nothing' can never move chips: its payment's amount 'mizuten.bonus - 1' is 0 "
                           "in every game."),
    "nobody_pays": ("effects:\n  - name: nobody\n    when: round_end\n"
                    "    do:\n      - pay: {from: each seat, to: \"each seat where mizuten.bonus > 5\", amount: 1}\n",
                    "4:5", "the effect 'nobody' can never move chips: 'each seat where mizuten.bonus > 5' names "
                           "nobody in every game."),
    "pays_itself": ("effects:\n  - name: itself\n    when: round_end\n"
                    "    do:\n      - pay: {from: start player, to: dealer, amount: 1}\n",
                    "4:5", "the effect 'itself' can never move chips: 'start player' would pay only itself, and a "
                           "seat never pays itself."),
    "multiplier_of_one": ("effects:\n  - name: once\n    when: round_start\n"
                          "    do:\n      - multiply: {by: \"trick_settlement.per_trick - 1\"}\n",
                          "4:5", "the effect 'once' multiplies by 'trick_settlement.per_trick - 1', which is 1 in "
                                 "every game: it changes nothing."),
    "unread_counter": ("counters:\n  - {name: wins, scope: seat}\neffects:\n  - name: count wins\n"
                       "    when: round_end\n    do:\n"
                       "      - counter: {name: wins, seats: \"each goer where took_pot\", add: 1}\n",
                       "6:5", "the effect 'count wins' keeps the counter 'wins', which no effect reads: it never "
                              "moves chips."),
    "roles_unshown": ("round: [mizuten_call, deal, declarations, forced_out, two_goer_choice, one_goer_pot, play,\n"
                      "        role_settlement, trick_settlement, pot, mizuten_bonus]\n"
                      "effects:\n  - name: role bonus\n    when: after_play\n    do:\n"
                      "      - pay: {from: each seat, to: \"each goer where roles > 0\", amount: 1}\n",
                      "6:5", "the effect 'role bonus' reads 'roles' at 'after_play', which comes before "
                             "'role_settlement' in round: the goers' roles are shown only there, so it reads 0 for "
                             "every goer."),
    "role_never_shown": ("effects:\n  - name: shisan bonus\n    when: round_end\n    if: any_of(role.shisan)\n"
                         "    do:\n      - pay: {from: each seat, to: \"each seat where role.shisan\", amount: 12}\n",
                         "4:5", "the effect 'shisan bonus' can never move chips: it needs the role 'shisan', which "
                                "no hand of 6 cards can have."),
    "settled_before_play": ("round: [mizuten_call, deal, declarations, forced_out, two_goer_choice, one_goer_pot,\n"
                            "        role_settlement, pot, play, trick_settlement, mizuten_bonus]\n",
                            "4:26", "the settlement phase 'pot' stands before 'play' in round:, so it reads "
                                    "'round.most_tricks' before the play makes any: 0 for every seat, whatever is "
                                    "played (put it after 'play')."),
}


def written(tmp_path: Path, case: str) -> str:
    path = tmp_path / f"{case.replace(':', '_')}.yaml"
    head = GO_DROP if case == "role_never_shown" else TRICK      # 6-card hands: no 四三
    path.write_text(head + CASE_FILES[case][0], encoding="utf-8")
    assert check_file(str(path)) == []                  # valid: a warning, not an error
    return str(path)


def test_every_case_has_a_file_that_triggers_it():
    cases = [*CASES, *(case for name in PARTS for case in rule_part(name).warnings)]     # go/drop's own too
    assert {c.partition(":")[0] for c in CASE_FILES} == {f.__name__ for f in cases}


@pytest.mark.parametrize("case", sorted(CASE_FILES))
def test_a_file_with_what_can_never_move_chips_is_warned_at_its_place(tmp_path, case):
    file = written(tmp_path, case)
    _, place, words = CASE_FILES[case]
    got = idle_warnings(file)
    assert len(got) == 1
    assert got[0].startswith(f"{file}:{place}: warning: {words}")
    assert got[0] in file_warnings(file)                 # one of hachi validate --warnings'


@pytest.mark.parametrize("case", sorted(CASE_FILES))
def test_the_warning_is_told_in_japanese(tmp_path, case):
    file = written(tmp_path, case)
    (ja,) = idle_warnings(file, lang="ja")
    assert ja.startswith(f"{file}:{CASE_FILES[case][1]}: 警告: ")
    assert ": warning:" not in ja and ja != idle_warnings(file)[0]


def test_hachi_validate_warnings_prints_them_in_the_language_asked(tmp_path):
    file = written(tmp_path, "multiplier_of_one")
    en = CliRunner().invoke(cli, ["validate", "--warnings", file])
    ja = CliRunner().invoke(cli, ["validate", "--warnings", "--lang", "ja", file])
    assert en.exit_code == ja.exit_code == 0             # warnings do not change the exit status
    assert f"{file}:4:5: warning: the effect 'once' multiplies by" in en.output
    assert f"{file}:4:5: 警告: 効果「once」は「trick_settlement.per_trick - 1」倍にしますが" in ja.output


def test_every_idle_message_is_in_every_language():
    values = dict(name="x", condition="c", what="amount", amount="0", seats="s", by="1", counter="k",
                  phase="pot", fact="tricks", message="m", chain="a -> b", place="p", when="after_play",
                  role="shisan", cards=6)
    for lang in LANGS:
        for msg in ("warning", "inherited", "never_holds", "zero_amount", "nobody", "pays_itself", "times_one",
                    "unread_counter", "roles_unshown", "role_never", "before_play"):
            assert say(lang, f"idle.{msg}", **values)


SHIPPED = sorted([*(ROOT / "rules").glob("*.yaml"), *(ROOT / "rules" / "variants").glob("*.yaml"),
                  *(ROOT / "tests" / "house_rules").rglob("*.yaml")])


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_bundled_file_variant_or_house_rule_can_never_move_chips(path):
    assert idle_warnings(str(path)) == []


def test_what_can_move_chips_is_not_warned_about(tmp_path):
    # a parameter of 0 (a sweep or a variant turns it), a setting beside a fact (a base's switch), a
    # counter read by a payment, a multiplier that is 2 at some table
    path = tmp_path / "live.yaml"
    path.write_text(TRICK + "parameters: {bonus: 0}\ncounters:\n  - {name: wins, scope: seat}\neffects:\n"
                    "  - name: bonus\n    when: round_end\n    if: \"table.start_chips > 100 or any_of(chips < 0)\"\n"
                    "    do:\n"
                    "      - pay: {from: each seat, to: \"each seat where counter.wins > 2\",\n"
                    "              amount: parameter.bonus}\n"
                    "      - counter: {name: wins, seats: \"each goer where took_pot\", add: 1}\n"
                    "  - name: small tables double\n    when: round_start\n"
                    "    do:\n      - multiply: {by: \"if(table.players == 3, 2, 1)\"}\n", encoding="utf-8")
    assert check_file(str(path)) == []
    assert idle_warnings(str(path)) == []


def test_a_variants_effects_that_leave_out_its_bases_effects_are_warned_at_its_effects(tmp_path):
    """K16: a Koi-Koi house rule that writes effects: alone takes out the stop's payment."""
    file = tmp_path / "koi_add.yaml"
    file.write_text("extends: koikoi\nname: koi_add\neffects:\n  - name: bonus\n    when: round_end\n"
                    "    do:\n      - pay: {from: each seat, to: each seat where stopped, amount: 1}\n")
    (en,) = [w for w in file_warnings(str(file)) if "replaces" in w]
    assert en == (f"{file}:4:3: warning: this file's effects: replaces those of its base koikoi (a list replaces "
                  "the base's), so its effects 'stop', 'no points left', 'oya-ken' do not apply here; write them in "
                  "this list too to keep them (docs/house-rules.md).")
    assert any("効果 'stop', 'no points left', 'oya-ken' はここでは働きません" in w
               for w in file_warnings(str(file), lang="ja"))
    kept = Path(__file__).parent / "house_rules" / "authored" / "koi_last_month_double.yaml"    # writes them out
    assert not [w for w in file_warnings(str(kept)) if "replaces" in w]
