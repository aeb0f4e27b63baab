"""``hachi play`` driven through click's CliRunner with scripted input."""

import json
import os

import yaml
from click.testing import CliRunner

from hachihachi.cli.play import play
from hachihachi.cli.replay import replay as replay_cmd
from hachihachi.cli.tui_input import BadAnswer, parse_answer
from hachihachi.interpreter import CallMizuten, Declare, Play
from hachihachi.interpreter.records.gamerecord import replay
from hachihachi.interpreter.records.atomicfile import write_atomic

import pytest

from tests.interp_support import GO, PLAY, RULES, c, deal, new_game

GAME = ["--seed", "7", "--short", "--players", "3"]


def run(tmp_path, args, answers, save="s.yaml"):
    text = "".join(a + "\n" for a in answers)
    return CliRunner().invoke(play, [*args, "--save", str(tmp_path / save)], input=text)


@pytest.mark.slow
def test_T25_a_full_short_game_with_a_scripted_human(tmp_path):
    res = run(tmp_path, GAME, ["1"] * 200)
    assert res.exit_code == 0, res.output
    assert "Final standings" in res.output and "Your hand:" in res.output
    rep = replay(tmp_path / "s.yaml")
    assert rep.game.is_terminal and rep.game.rounds == RULES.rounds.short
    assert sum(rep.game.chips) + rep.game.pot == 3 * 50
    assert "\x1b[" not in res.output                     # no colour when output is not a terminal


@pytest.mark.slow
def test_end_of_input_saves_and_resume_continues_to_the_same_end(tmp_path):
    whole = run(tmp_path, GAME, ["1"] * 200, save="whole.yaml")
    part = run(tmp_path, GAME, ["1"] * 5, save="part.yaml")
    assert part.exit_code == 0 and "hachi play --resume" in part.output
    assert not replay(tmp_path / "part.yaml").game.is_terminal
    rest = CliRunner().invoke(play, ["--resume", str(tmp_path / "part.yaml")], input="1\n" * 200)
    assert rest.exit_code == 0, rest.output
    assert "Resuming the game" in rest.output
    assert whole.exit_code == 0, whole.output
    ended, resumed = replay(tmp_path / "whole.yaml").game, replay(tmp_path / "part.yaml").game
    assert ended.is_terminal and resumed.is_terminal
    assert resumed.chips == ended.chips and resumed.events == ended.events
    assert replay(tmp_path / "part.yaml").game.chips == replay(tmp_path / "whole.yaml").game.chips


def test_quit_saves_the_game_after_the_last_decision(tmp_path):
    res = run(tmp_path, GAME, ["1", "q"])
    assert res.exit_code == 0 and "hachi play --resume" in res.output
    data = yaml.safe_load((tmp_path / "s.yaml").read_text())
    assert data["seed"] == 7 and data["human"] == 0 and data["bots"][0] == "human"
    assert not list(tmp_path.glob(".*.tmp"))


def test_bad_input_is_explained_and_asked_again(tmp_path):
    res = run(tmp_path, GAME, ["", "garbage", "0", "99", "?", "1", "q"])
    assert res.exit_code == 0, res.output
    out = res.output
    assert "Please answer" in out and "is not an answer here" in out
    assert "0 is not one of the choices" in out and "99 is not one of the choices" in out
    assert "(T1" in out                                   # the explanation names its rule
    assert "Traceback" not in out


def _trick_view():
    g = new_game(players=3, start=0)
    g.apply(CallMizuten(False))
    deal(g, "As Ks 2h 3h 4h 5h 6h", "Ac Kc Qc Jc Tc 9c 8s", "Qs Js Ts 9s 8h 7s 6s", indicator="2d")
    g.apply(GO), g.apply(GO), g.apply(Declare(False)), g.apply(PLAY)
    g.apply(Play(c("As")))
    return g.view(1)


def test_T19_an_illegal_card_names_the_follow_suit_rule():
    v = _trick_view()
    with pytest.raises(BadAnswer, match=r"must follow suit.*8s \(T19\)"):
        parse_answer("Ac", v, RULES)
    with pytest.raises(BadAnswer, match="do not hold Ah"):
        parse_answer("ah", v, RULES)
    with pytest.raises(BadAnswer, match="not a card"):
        parse_answer("Zz", v, RULES)
    assert parse_answer("8s", v, RULES) == Play(c("8s")) == parse_answer("1", v, RULES)
    assert parse_answer("♠8", v, RULES) == Play(c("8s"))


def test_T6_a_mizuten_player_cannot_drop():
    g = new_game(players=3, start=0)
    g.apply(CallMizuten(True))
    deal(g, "As Ks 2h 3h 4h 5h 6h", indicator="2d")
    with pytest.raises(BadAnswer, match="T6"):
        parse_answer("drop", g.view(0), RULES)


def test_auto_json_is_the_replay_object_and_repeats_by_seed(tmp_path):
    args = ["--auto", "--json", "--seed", "11", "--short", "--bots", "heuristic,random"]
    a, b = CliRunner().invoke(play, args), CliRunner().invoke(play, args)
    assert a.exit_code == 0, a.output
    assert a.output == b.output
    out = json.loads(a.output)
    assert set(out) >= {"players", "final", "pot", "rounds"} and len(out["rounds"]) == 6
    assert sum(out["final"].values()) + out["pot"] == 5 * 50
    other = CliRunner().invoke(play, ["--auto", "--json", "--seed", "12", "--short"])
    assert json.loads(other.output)["final"] != out["final"]


def test_record_dir_holds_a_record_that_hachi_replay_accepts(tmp_path):
    res = CliRunner().invoke(play, ["--auto", "--seed", "3", "--short", "--players", "4",
                                    "--record", str(tmp_path / "recs")])
    assert res.exit_code == 0, res.output
    (path,) = list((tmp_path / "recs").iterdir())
    again = CliRunner().invoke(replay_cmd, [str(path), "--json"])
    assert again.exit_code == 0, again.output
    assert "Final standings" in res.output and "trick 1:" in res.output


def test_usage_errors_and_bad_save_files(tmp_path):
    assert CliRunner().invoke(play, ["--json"]).exit_code == 2
    res = CliRunner().invoke(play, ["--auto", "--bots", "nobody"])
    assert res.exit_code == 2 and "no bot 'nobody'" in res.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: hachihachi_trick\nplayers: [a, b]\nrounds: [1]\n")
    res = CliRunner().invoke(play, ["--resume", str(bad)])
    assert res.exit_code == 1 and "error:" in res.output and "Traceback" not in res.output


def test_ja_screen_and_no_colour(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    res = run(tmp_path, GAME + ["--lang", "ja"], ["1", "q"])
    assert "手札" in res.output and "\x1b[" not in res.output


def test_write_atomic_replaces_the_file_and_leaves_no_temporary(tmp_path):
    p = tmp_path / "x.yaml"
    write_atomic(p, "a: 1\n")
    write_atomic(p, "a: 2\n")
    assert p.read_text() == "a: 2\n" and os.listdir(tmp_path) == ["x.yaml"]


def test_screen_lines_fold_to_an_80_column_terminal():
    from hachihachi.cli.screen import columns, fold

    long_en = "  Go or drop (T10-T13). Dropping now costs 2 x1 = 2 into the pot (T11). " * 3
    long_ja = "  出る人は最大3人まで、残りの人は降ろされとなり、出た人から支払いを受けます。" * 2
    for text in (long_en, long_ja):
        lines = fold(text).split("\n")
        assert len(lines) > 1
        assert all(columns(line) <= 79 for line in lines)
        assert "".join(line.strip() for line in lines).replace(" ", "") == text.replace(" ", "")


def test_T2_default_table_size_is_five_or_what_the_ruleset_allows():
    import json as _json

    trick = CliRunner().invoke(play, ["--auto", "--json", "--seed", "2", "--short"])
    hana = CliRunner().invoke(play, ["--auto", "--json", "--seed", "2", "--short", "--rules", "hanafuda_hachihachi"])
    assert trick.exit_code == 0 and hana.exit_code == 0, trick.output + hana.output
    assert len(_json.loads(trick.stdout)["players"]) == 5
    assert len(_json.loads(hana.stdout)["players"]) == 3


@pytest.mark.slow
def test_hint_shows_each_legal_action_with_its_expected_chips_and_asks_again(tmp_path):
    res = run(tmp_path, GAME, ["hint", "q"])
    assert res.exit_code == 0, res.output
    out = res.output
    assert "Expected change of your score this round (95% interval), best first:" in out
    lines = out.split("best first:")[1].splitlines()[1:]
    shown = [ln for ln in lines if ln.startswith("  ") and ": " in ln and "(" in ln]
    assert len(shown) >= 2                                # every legal action of the first question
    assert "Traceback" not in out
