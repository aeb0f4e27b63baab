"""What the terminal shows of a Koi-Koi game: no field kind (one field, x1), no pot and no card
points (K1: card points are not used), role values in points; 八八 keeps its field kind, card
points and kan (H3, H5, H21)."""

import re

from click.testing import CliRunner

from hachihachi.cli.play import play
from hachihachi.cli.roles import roles


def _played(tmp_path, rules, players, lang="en"):
    save = str(tmp_path / f"{rules}-{lang}.yaml")
    res = CliRunner().invoke(play, ["--rules", rules, "--players", str(players), "--seed", "3", "--lang", lang,
                                    "--no-pause", "--save", save], input="1\n" * 40 + "q\n")
    assert res.exit_code == 0, res.output
    return res.output


def test_K1_hachi_play_koikoi_shows_no_field_kind_no_pot_and_no_card_points(tmp_path):
    told = {lang: _played(tmp_path, "koikoi", 2, lang) for lang in ("en", "ja")}
    for out in told.values():
        assert "== " in out and ("Captured:" in out or "取り札" in out)
        assert not re.search(r" x1\b", out)                         # no 場 Field x1
        assert "pot" not in out.lower() and "場代" not in out        # no pot 0
        assert not re.search(r"\d+(pts|点) \(", out)                 # no card points beside the captures
    out = told["en"]
    assert "result: you " in out                                    # no "x1" nor "pot 0" in a result
    flat = " ".join(out.split())                                    # the lines as folded, joined
    worth = re.search(r"Your role total rose to (\d+) \(K15\): [^>]*? Stop now: you are paid (\d+)\. Koi: "
                      r"nothing now; your total (\d+) may grow", flat)
    assert worth and worth[1] == worth[3] and int(worth[2]) >= int(worth[1])     # K15, K16: asked with its worth
    assert "1) stop (勝負: paid now, the round ends) 2) koi (こいこい" in flat
    stopped = re.search(r"Stop now: you are paid (\d+)\..*?ann pays you (\d+)", flat)
    assert stopped and stopped[1] == stopped[2]                      # the stop (answer 1) paid what it said
    assert "今勝負すれば" in told["ja"]
    roles_told = re.findall(r"出来役 .*?\((\d+) (\w+)\)", out)
    assert roles_told and {unit for _, unit in roles_told} <= {"points", "point"}


def test_H5_H21_hachi_play_hanafuda_hachihachi_still_shows_its_field_and_card_points(tmp_path):
    out = _played(tmp_path, "hanafuda_hachihachi", 3)
    assert re.search(r"\| [^|]+ x\d+ \|", out) and "result: x" in out and re.search(r"\d+pts \(", out)


def test_K9_hachi_roles_captures_tells_koikoi_roles_in_points_without_card_points():
    out = CliRunner().invoke(roles, ["--rules", "koikoi", "--captures", "6a 7a 10a 2a 4a"]).output
    assert out.strip() == ("6a 7a 10a 2a 4a: inoshikacho 5 points (10a 7a 6a 4a 2a); "
                           "tane5 1 point (10a 7a 6a 4a 2a); total 6 points")
    hachi = CliRunner().invoke(roles, ["--rules", "hanafuda_hachihachi", "--captures", "1r 2r 3r"]).output
    assert hachi.strip() == "1r 2r 3r: akatan 7 kan (3r 2r 1r); total 7 kan; 15 points"
