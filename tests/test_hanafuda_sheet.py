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
