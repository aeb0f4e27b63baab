"""``hachi table --rules hanafuda_hachihachi``: months and kind names instead of ranks and ids."""

from click.testing import CliRunner

from hachihachi.cli.roles import table


def sheet(*args):
    res = CliRunner().invoke(table, ["--rules", "hanafuda_hachihachi", "--no-probability", *args])
    assert res.exit_code == 0, res.output
    return res.output


def test_H8_sheet_speaks_of_months_in_japanese():
    out = sheet("--lang", "ja")
    assert "同じ月 4+3（4+3）" in out and "立札が3 枚ある月 ちょうど 2 種" in out
    assert "数字" not in out and "fixed_" not in out


def test_H10_sheet_names_kinds_and_the_changeling_in_both_languages():
    ja, en = sheet("--lang", "ja", "--format", "md"), sheet("--lang", "en", "--format", "md")
    assert "化札でない光・化札でないタネ・化札でない短冊 ちょうど 0 枚" in ja
    assert "cards of one month 4+3 (shape 4+3)" in en
    assert "Ribbon (短冊) cards other than changelings" in en
    assert "fixed_" not in en and "ranks" not in en


def test_H10_without_the_changeling_kinds_have_no_changeling_wording():
    res = CliRunner().invoke(table, ["--rules", "hanafuda_plain_willow", "--no-probability"])
    body = res.output.split("\n", 1)[1]            # the title names the variant
    assert res.exit_code == 0 and "changeling" not in body and "Bright (光) cards" in body


def test_H8_text_sheet_wraps_long_definitions_to_a_printable_width():
    from hachihachi.cli.display import columns

    for lang in ("en", "ja"):
        text = sheet("--lang", lang)
        assert max(columns(line) for line in text.splitlines()) <= 130     # 249 unwrapped
    assert "changelings" in sheet("--lang", "en")


def test_H17_sheet_lists_the_capture_roles_with_their_values():
    en, ja = sheet("--lang", "en"), sheet("--lang", "ja", "--format", "md")
    five = next(line for line in en.splitlines() if "Five brights" in line)
    assert five.startswith("Capture roles · Brights") and five.rstrip().endswith("12")
    assert "exactly 3 of the cards 1r 2r 3r" in en
    assert "五光" in ja and "赤タン" in ja


def test_H8_hanafuda_sheet_has_no_forced_out_column_of_zeros():
    assert "Forced" not in sheet("--lang", "en") and "降ろされ" not in sheet("--lang", "ja")
    go_drop = CliRunner().invoke(table, ["--rules", "hanafuda_go_drop", "--no-probability"]).output
    assert "Forced" in go_drop and "240" in go_drop          # forced-out values there are paid (T14)


def test_H8_definitions_agree_in_number():
    en = sheet("--lang", "en", "--format", "md")
    assert "exactly 1 month with at least 3 cards and exactly 1 month with 3 cards" in en
    assert "exactly 2 months with 3 standing cards" in en
    assert "1 months" not in en and "at least 1 Bright (光) card and" in en
    assert "3 枚以上ある月 ちょうど 1 種" in sheet("--lang", "ja")


def test_a_role_a_variant_adds_to_a_group_stands_with_its_group(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: hachihachi_trick\nname: house\nrole_table:\n  roles:\n"
                     "    pairs3: {name: {ja: 三対, en: Three Pairs Too}, group: sets, pattern: shape 2 2 2, go: 1,"
                     " forced: 1}\n", encoding="utf-8")
    res = CliRunner().invoke(table, ["--rules", str(house), "--no-probability"])
    assert res.exit_code == 0, res.output
    groups = [line.split("  ")[0] for line in res.output.splitlines()[3:] if line[:1].strip()]
    assert groups.index("Sets") < groups.index("Weak hands")
    rows = [line for line in res.output.splitlines() if line.startswith(("Sets", "Weak hands", "Poker"))]
    names = [row.split()[0] for row in rows]
    assert names == sorted(names, key=["Sets", "Weak", "Poker"].index)          # each group in one block
    assert any("Three Pairs Too" in row for row in rows if row.startswith("Sets"))


def test_H8_H17_the_hand_roles_of_sets_are_not_called_capture_roles_in_japanese():
    ja = sheet("--lang", "ja", "--format", "md")
    hand_rows = [line for line in ja.splitlines() if "| 四三 |" in line or "| 三本 |" in line]
    assert hand_rows and not any("出来役" in row for row in hand_rows)
    assert "同じ月の役" in hand_rows[0] and "出来役" in ja          # 出来役 is the capture roles' table
