"""Every ``hachi play`` game has its own save, so an older one never stops a new game;
``hachi play --resume`` without a file lists the games in progress saved here."""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hachihachi.cli.play import play
from hachihachi.cli.saves import candidates, new_save_path, saved_games
from hachihachi.interpreter.records.gamerecord import replay

SHORT = ["--short", "--players", "3", "--no-pause"]


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def start(args, answers=("q",)):
    return CliRunner().invoke(play, [*SHORT, *args], input="".join(a + "\n" for a in answers))


def saves(folder: Path) -> list[Path]:
    return sorted(folder.glob("hachi-save*.yaml"))


def test_an_older_save_in_progress_does_not_stop_a_new_game(here):
    old = start(["--seed", "1", "--save", "hachi-save.yaml"], ["1", "q"])     # as the older versions saved
    assert old.exit_code == 0, old.output
    before = (here / "hachi-save.yaml").read_text()
    res = start(["--seed", "2", "--rules", "hanafuda_hachihachi", "--bots", "heuristic_matching"])
    assert res.exit_code == 0, res.output
    assert "error" not in res.output
    new = [p for p in saves(here) if p.name != "hachi-save.yaml"]
    assert [p.name for p in new] == [m for m in re.findall(r"hachi play --resume (\S+)", res.output)][:1]
    assert re.fullmatch(r"hachi-save-hanafuda_hachihachi-\d{8}-\d{6}\.yaml", new[0].name)
    assert replay(new[0]).game.ruleset.name == "hanafuda_hachihachi"
    assert (here / "hachi-save.yaml").read_text() == before        # the older save is left as it was


def test_two_games_started_in_the_same_second_get_two_saves(here):
    first = new_save_path("hachihachi_trick", here)
    first.write_text("taken")
    second = new_save_path("hachihachi_trick", here)
    assert second != first and second.parent == here and not second.exists()


def test_a_new_game_takes_the_next_name_while_a_game_of_the_same_second_holds_its_lock(here):
    from datetime import datetime

    from hachihachi.cli.saves import claim_new_save

    now = datetime(2026, 1, 2, 3, 4, 5)
    held = [claim_new_save("hachihachi_trick", here, now) for _ in range(5)]       # five games at once, unsaved
    try:
        names = [Path(lock.save).name for lock in held]
        base = "hachi-save-hachihachi_trick-20260102-030405"
        assert names == [f"{base}.yaml"] + [f"{base}-{n}.yaml" for n in range(2, 6)]
    finally:
        for lock in held:
            lock.release()


def test_resume_alone_lists_the_games_in_progress_and_continues_the_chosen_one(here):
    for seed in ("1", "2"):
        assert start(["--seed", seed]).exit_code == 0
    both = set(saves(here))
    listed = saved_games(candidates(here))
    assert len(listed) == 2
    chosen = listed[1].path
    res = CliRunner().invoke(play, ["--resume", "--no-pause"], input="2\nq\n")
    assert res.exit_code == 0, res.output
    assert "Games in progress saved here" in res.output
    assert res.output.index("1) ") < res.output.index("2) ") < res.output.index("Resuming the game")
    assert f"Resuming the game saved in {chosen.name}" in res.output.replace("\n  ", " ")
    assert set(saves(here)) == both and len(both) == 2


def test_resume_with_a_number_takes_that_game_of_the_list(here):
    assert start(["--seed", "1"]).exit_code == 0
    res = CliRunner().invoke(play, ["--resume", "1", "--no-pause"], input="q\n")
    assert res.exit_code == 0, res.output
    assert "Resuming the game saved in hachi-save-hachihachi_trick-" in res.output
    bad = CliRunner().invoke(play, ["--resume", "3"], input="q\n")
    assert bad.exit_code == 2 and "3 is not a game of the list (1 to 1)" in bad.output


def test_resume_alone_with_no_save_here_says_how_to_start(here):
    res = CliRunner().invoke(play, ["--resume"], input="")
    assert res.exit_code == 2 and "no game in progress is saved in this folder" in res.output
    assert "Traceback" not in res.output


@pytest.mark.slow
def test_finished_games_and_other_files_are_not_offered(here):
    done = start(["--seed", "1", "--save", "hachi-save-done.yaml"], ["1"] * 300)
    assert done.exit_code == 0 and replay(here / "hachi-save-done.yaml").game.is_terminal
    (here / "hachi-save-notes.yaml").write_text("just: notes\n")
    assert saved_games(candidates(here)) == []
    assert start(["--seed", "2"]).exit_code == 0
    assert [s.path.name for s in saved_games(candidates(here))] == [
        p.name for p in saves(here) if p.name not in ("hachi-save-done.yaml", "hachi-save-notes.yaml")]


def test_a_table_saved_by_hachi_serve_is_offered_and_goes_on_in_the_terminal(here):
    from hachihachi.ruleset.loader import load_ruleset
    from hachihachi.web.tables import Tables

    tables = Tables(here / "hachi-web")
    table = tables.create(load_ruleset("hachihachi_trick"), "hachihachi_trick",
                          ["human", "heuristic", "heuristic"], ["mei", "ann", "bob"], 2, seed=5)
    assert table.save_path is not None
    tables.close()                              # the server has stopped: it lets go of its saves
    listed = saved_games(candidates(here))
    assert [s.path for s in listed] == [here / "hachi-web" / "tables" / table.save_path.name]
    res = CliRunner().invoke(play, ["--resume", "--no-pause"], input="q\n")
    assert res.exit_code == 0, res.output
    assert "Resuming the game saved in hachi-web/tables/" in res.output.replace("\n  ", " ")


def test_a_save_is_named_by_its_ruleset_and_start_time():
    import doctest

    from hachihachi.cli import saves as module

    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_an_explicit_save_holding_a_game_in_progress_is_refused_in_the_players_language(here):
    assert start(["--seed", "1", "--save", "mine.yaml"], ["1", "q"]).exit_code == 0
    before = (here / "mine.yaml").read_text()
    ja = start(["--seed", "2", "--save", "mine.yaml", "--lang", "ja"])
    assert ja.exit_code == 1 and "このファイルには続きのゲームがあります" in ja.output
    en = start(["--seed", "2", "--save", "mine.yaml"])
    assert en.exit_code == 1 and "this file holds a game in progress" in en.output
    assert (here / "mine.yaml").read_text() == before


def test_a_save_whose_hands_were_swapped_by_hand_is_refused_in_one_line(here):
    import yaml

    assert start(["--seed", "3", "--save", "s.yaml"], ["1", "q"]).exit_code == 0
    data = yaml.safe_load((here / "s.yaml").read_text())
    hands = data["rounds"][0]["hands"]
    hands[0], hands[1] = hands[1], hands[0]                 # the person takes a bot's hand
    (here / "swapped.yaml").write_text(yaml.safe_dump(data))
    res = CliRunner().invoke(play, ["--resume", "swapped.yaml", "--no-pause"], input="q\n")
    assert res.exit_code == 1
    assert res.output.strip() == ("swapped.yaml: error: round 1: the deal is not the one the save's seed makes, so "
                                  "the save was changed since it was written; it is left alone.")
    data["rounds"][0]["hands"] = [hands[1], hands[0], *hands[2:]]
    data["seed"] = 4                                          # the deals kept, the seed changed
    (here / "reseeded.yaml").write_text(yaml.safe_dump(data))
    res = CliRunner().invoke(play, ["--resume", "reseeded.yaml", "--no-pause"], input="q\n")
    assert res.exit_code == 1 and "the save was changed since it was written" in res.output
    assert CliRunner().invoke(play, ["--resume", "s.yaml", "--no-pause"], input="q\n").exit_code == 0


def test_a_resumed_game_goes_on_in_the_language_it_was_played_in(here):
    first = start(["--seed", "3", "--lang", "ja", "--save", "ja.yaml"], ["1", "q"])
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(play, ["--resume", "ja.yaml"], input="q\n")
    assert again.exit_code == 0, again.output
    assert "ja.yaml の続きから" in again.output and "Resuming" not in again.output
    english = CliRunner().invoke(play, ["--resume", "ja.yaml", "--lang", "en"], input="q\n")
    assert "Resuming the game saved in ja.yaml" in english.output           # asked for: the person's choice
    assert "lang: en" in (here / "ja.yaml").read_text()


def test_resume_refuses_an_option_that_would_change_the_game(here):
    first = start(["--seed", "3", "--save", "g.yaml"], ["1", "q"])
    assert first.exit_code == 0, first.output
    before = (here / "g.yaml").read_text()
    for option in (["--players", "4"], ["--short"], ["--seed", "9"], ["--bots", "random"], ["--name", "zed"],
                   ["--auto"]):
        res = CliRunner().invoke(play, ["--resume", "g.yaml", *option], input="q\n")
        assert res.exit_code == 2, option
        assert f"{option[0]} would change the game; a resumed game keeps what it was started with" in res.output
        ja = CliRunner().invoke(play, ["--resume", "g.yaml", "--lang", "ja", *option], input="q\n")
        assert ja.exit_code == 2 and f"{option[0]} はゲームを変えてしまいます" in ja.output
        assert "(この説明は英語のみ)" not in ja.output
    assert (here / "g.yaml").read_text() == before
