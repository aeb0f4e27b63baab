"""``hachi score --lang ja`` speaks Japanese in its account and standings too, and the English
standings count rounds in the right number."""

from click.testing import CliRunner

from hachihachi.cli.score import score
from tests.test_cli_play_japanese import english_lines

ROUND = ["1", "5d", "1", "2", "1", "1", "", "Kd Kc Kh 2s 3s 4s 5s", "r", "からす", "4", "2"]
HANA_ROUND = ["1b 2a 3r 4c1 5c1 6c1", "", "r", "三本", "", "1", "120", "70", "ann chaff 17", "bob tobikomi", ""]


def keep(tmp_path, rounds, *args):
    path = tmp_path / "sheet.yaml"
    out = CliRunner().invoke(score, ["--new", str(path), *args], input="\n".join(rounds + ["q"]) + "\n")
    assert out.exit_code == 0, out.output
    return path, out.output


def test_standings_after_one_round_say_round_in_the_singular(tmp_path):
    path, said = keep(tmp_path, ROUND, "--players", "ann,bob,cy,dee", "--start", "ann")
    assert "Standings after 1 round of 12, pot 0:" in said and "1 rounds" not in said
    two = CliRunner().invoke(score, [str(path), "--add"], input="\n".join(ROUND + ["q"]) + "\n")
    assert "Standings after 2 rounds of 12" in two.output


def test_a_sheet_read_in_japanese_has_no_english_line(tmp_path):
    path, said = keep(tmp_path, ROUND, "--players", "ann,bob,cy,dee", "--start", "ann")
    out = CliRunner().invoke(score, [str(path), "--lang", "ja"])
    assert out.exit_code == 0, out.output
    assert "1回終わっての成績（全12回）、場 0:" in out.output and "申告: dee からす" in out.output
    assert english_lines(out.output, "hachihachi_trick") == []
    english = CliRunner().invoke(score, [str(path)])
    assert len(english_lines(english.output, "hachihachi_trick")) >= 5        # the check can fail


def test_a_hanafuda_sheet_read_in_japanese_has_no_english_line(tmp_path):
    path, said = keep(tmp_path, HANA_ROUND, "--players", "ann,bob,cy", "--start", "ann", "--rules",
                      "hanafuda_hachihachi", "--lang", "ja")
    out = CliRunner().invoke(score, [str(path), "--lang", "ja"])
    assert out.exit_code == 0, out.output
    assert "吹き消し" in out.output
    assert english_lines(out.output, "hanafuda_hachihachi") == []


def test_T10_the_scorekeeper_takes_go_and_drop_in_kana_as_hachi_play_does(tmp_path):
    import yaml
    kana = ROUND[:2] + ["でる", "おりる", "出る", "でる"] + ROUND[6:]
    path, said = keep(tmp_path, kana, "--players", "ann,bob,cy,dee", "--start", "ann", "--lang", "ja")
    assert "は選べません" not in said
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["rounds"][0]["declare"] == ["go", "drop", "go", "go"]
