"""``hachi roles`` and ``hachi table`` (interfaces.md, Hand roles)."""

import json

from click.testing import CliRunner

from hachihachi.cli.main import cli


def run(*args, stdin=None):
    return CliRunner().invoke(cli, list(args), input=stdin)


def test_roles_json_for_one_hand():
    result = run("roles", "As", "Ah", "Ad", "2c", "3s", "4h", "9d", "--json")
    assert result.exit_code == 0
    assert json.loads(result.output) == {
        "roles": [{"id": "sanbon", "go": 2, "forced": 1, "cards": ["As", "Ah", "Ad"]}],
        "go": 2, "forced": 1, "aces": 3}


def test_roles_text_for_one_hand_as_a_single_argument():
    result = run("roles", "2s 2h 2d 2c 3s 3h 3d")
    assert result.exit_code == 0
    assert "Four and Three (shisan) go 20 forced 10" in result.output and "total go 24 forced 12" in result.output


def test_roles_bad_hand_is_one_error_with_exit_1():
    for cards, words in [(["As", "Ah", "Ad"], "has 3"), (["As"] * 7, "twice"), (["Zz", "2s"], "not a card")]:
        result = run("roles", *cards)
        assert result.exit_code == 1
        assert words in result.output and "Traceback" not in result.output


def test_roles_stdin_one_line_per_hand_bad_lines_go_on():
    stdin = "As Ah Ad 2c 3s 4h 9d\nAs As 2c 3c 4c 5c 6c\n\n2s 3s 4s 5s 6s 9h 9d\n"
    try:
        runner = CliRunner(mix_stderr=False)          # click 8.1
    except TypeError:
        runner = CliRunner()                          # click 8.2 keeps stderr apart
    result = runner.invoke(cli, ["roles", "--json"], input=stdin)
    assert result.exit_code == 1
    lines = [json.loads(x) for x in result.stdout.splitlines()]
    assert [x.get("go") for x in lines] == [2, None, 14]
    assert "twice" in lines[1]["error"]
    assert "<stdin>:2: error:" in result.stderr


def test_roles_stdin_all_good_exits_0():
    result = run("roles", stdin="As Ah Ad 2c 3s 4h 9d\n2s 3h 5d 6c 8s 9h 9d\n")
    assert result.exit_code == 0 and len(result.output.splitlines()) == 2


def test_roles_trump_and_indicator_are_checked():
    assert run("roles", "As Ah Ad 2c 3s 4h 9d", "--trump", "x").exit_code == 1
    result = run("roles", "As Ah Ad 2c 3s 4h 9d", "--indicator", "As")
    assert result.exit_code == 1 and "indicator" in result.output


def test_roles_stats_exact_json():
    result = run("roles", "--stats", "--exact", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["hands"] == 133_784_560 and data["exact"] is True
    assert data["none"] == 95_334_576 and data["roles"]["shisan"] == 624


def test_roles_stats_samples_are_seeded():
    a = run("roles", "--stats", "--samples", "2000", "--seed", "4", "--json")
    b = run("roles", "--stats", "--samples", "2000", "--seed", "4", "--json")
    assert a.exit_code == 0 and a.output == b.output and json.loads(a.output)["exact"] is False


def test_roles_usage_errors_exit_2():
    assert run("roles", "--stats", "--exact", "--samples", "5").exit_code == 2
    assert run("roles", "--samples", "5").exit_code == 2


def test_roles_unknown_rules_file(tmp_path):
    result = run("roles", "As Ah Ad 2c 3s 4h 9d", "--rules", str(tmp_path / "none.yaml"))
    assert result.exit_code == 1 and "error:" in result.output


def test_table_in_every_language_and_format():
    en = run("table", "--no-probability")
    assert en.exit_code == 0 and "Four and Three" in en.output and "ranks held 4+3" in en.output
    ja = run("table", "--lang", "ja", "--format", "md", "--no-probability")
    assert ja.exit_code == 0 and "| 出来役 | 四三 |" in ja.output
    html = run("table", "--format", "html")
    assert html.exit_code == 0 and "<table>" in html.output and "0.0005%" in html.output


def test_T7_indicator_makes_its_suit_trump_and_a_contrary_trump_is_refused(tmp_path):
    from click.testing import CliRunner

    from hachihachi.cli.main import cli

    rules = tmp_path / "nt.yaml"
    rules.write_text("extends: hachihachi_trick\nrole_table:\n  roles:\n    notrump:\n"
                     "      name: {ja: 切り札なし, en: No trump}\n      group: weak\n"
                     "      pattern: count(suit trump) == 0\n      go: 1\n      forced: 1\n", encoding="utf-8")
    runner, hand, base = CliRunner(), "As Ks Qs Js 2d 3d 4d", ["roles", "--rules", str(rules)]
    by_indicator = runner.invoke(cli, base + ["--indicator", "7h", "--json", hand])
    by_trump = runner.invoke(cli, base + ["--trump", "h", "--json", hand])
    assert by_indicator.exit_code == 0 and by_indicator.stdout == by_trump.stdout
    assert '"notrump"' in by_indicator.stdout
    assert '"notrump"' not in runner.invoke(cli, base + ["--indicator", "7s", "--json", hand]).stdout
    clash = runner.invoke(cli, base + ["--indicator", "7h", "--trump", "s", hand])
    assert clash.exit_code == 1
    assert "--trump: error: the trump suit is the indicator's (T7): 7h makes h trump, not s." in clash.output


def test_table_words_intersections_and_differences_of_card_sets(tmp_path):
    """A role whose pattern intersects (``&``) or subtracts (``-``) card sets is worded on the
    sheet, not a traceback (the sheet had no words for them)."""
    rules = tmp_path / "sets.yaml"
    rules.write_text("extends: hachihachi_trick\nrole_table:\n  roles:\n    redace:\n"
                     "      name: {ja: 赤A, en: Red ace}\n      group: weak\n"
                     "      pattern: count(suit h d & rank A) >= 1 and count(suit s - rank A) == 0\n"
                     "      go: 1\n      forced: 1\n", encoding="utf-8")
    en = run("table", "--rules", str(rules), "--format", "md", "--no-probability")
    assert en.exit_code == 0, en.output
    assert "at least 1 h d suit card that is also rank A and exactly 0 s suit cards except rank A" in en.output
    ja = run("table", "--rules", str(rules), "--lang", "ja", "--format", "md", "--no-probability")
    assert ja.exit_code == 0 and "h d の札かつA の札" in ja.output and "s の札（A の札 を除く）" in ja.output
