"""The table page's running account and its round summary in the seat's language: the narrator
tells the game in Japanese to a page set to Japanese, in English to the others."""

from __future__ import annotations

import pytest

from hachihachi.ruleset.loader import load_ruleset
from tests.test_cli_play_japanese import english_lines

pytestmark = pytest.mark.web


@pytest.mark.parametrize(("rules", "bots"), [("hachihachi_trick", "heuristic"),
                                             ("hanafuda_hachihachi", "heuristic_matching")])
def test_the_log_and_the_summary_follow_the_pages_language(rules, bots):
    from hachihachi.web import messages
    from hachihachi.web.tables import Tables

    table = Tables(None).create(load_ruleset(rules), rules, ["human", bots, bots], ["eve", "ann", "bob"], 2, seed=5)
    summaries = 0
    while not table.game.is_terminal:
        if table.waiting:
            ja, en = messages.state(table, 0, "ja"), messages.state(table, 0, "en")
            assert ja["summary"]["lines"] and en["summary"]["lines"] != ja["summary"]["lines"]
            assert english_lines("\n".join(ja["summary"]["lines"]), rules) == []
            assert "lines_ja" not in ja["summary"] and "lines_ja" not in en["summary"]
            summaries += 1
            table.ready(0)
        elif table.bot_due():
            table.step(save=False)
        else:
            table.act(0, table.turn, 0)
    assert summaries >= 1
    ja_log, en_log = messages.state(table, 0, "ja")["log"], messages.state(table, 0, "en")["log"]
    assert ja_log and english_lines("\n".join(ja_log), rules) == []
    assert english_lines("\n".join(en_log), rules)                   # the check can fail


@pytest.mark.parametrize(("variant", "told_ja", "told_en"), [
    ("fx_start_player_goes", "はこの局必ず出る (「start player goes」)", "must go this round (start player goes)"),
    ("fx_last_round_tricks_double", "この局の残りのトリックは x2 (「last round doubles tricks」)",
     "x2 on tricks for the rest of the round (last round doubles tricks)"),
])
def test_a_house_rules_effects_are_told_in_the_pages_language(variant, told_ja, told_en):
    import re

    from hachihachi.web import messages
    from hachihachi.web.tables import Tables

    rules = f"tests/house_rules/variants/{variant}.yaml"
    table = Tables(None).create(load_ruleset(rules), rules, ["human", "heuristic", "heuristic"], ["eve", "ann", "bob"],
                                2, seed=5)
    while not table.game.is_terminal:
        if table.waiting:
            table.ready(0)
        elif table.bot_due():
            table.step(save=False)
        else:
            table.act(0, table.turn, 0)
    ja_log, en_log = "\n".join(table.logs("ja")), "\n".join(table.logs("en"))
    assert told_ja in ja_log and told_en in en_log and told_en not in ja_log
    assert english_lines(re.sub(r"「[^」]*」", "「」", ja_log), rules) == []
    assert messages.state(table, 0, "ja")["log"][-1] == table.logs("ja")[-1]


def test_the_replay_page_has_every_steps_account_in_both_languages(tmp_path):
    import re

    from click.testing import CliRunner

    from hachihachi.cli.play import play
    from hachihachi.interpreter.records.gamerecord import replay
    from hachihachi.web.replays import frames

    rules = "tests/house_rules/variants/fx_start_player_goes.yaml"
    res = CliRunner().invoke(play, ["--auto", "--short", "--seed", "2", "--rules", rules, "--record", str(tmp_path)])
    assert res.exit_code == 0, res.output
    (record,) = tmp_path.glob("hachi-*.yaml")
    rep = replay(record, rules)
    steps = frames(rep.game, rep.names)
    ja = "\n".join(line for f in steps for line in f["lines_ja"])
    en = "\n".join(line for f in steps for line in f["lines"])
    assert "はこの局必ず出る (「start player goes」)" in ja and "must go this round (start player goes)" in en
    assert all(bool(f["lines"]) == bool(f["lines_ja"]) for f in steps)
    assert english_lines(re.sub(r"「[^」]*」", "「」", ja), rules) == []


def test_an_uploaded_rule_files_problems_are_told_in_the_pages_language(tmp_path):
    from tests.web.web_support import client

    bad = b"extends: hachihachi_trick\nname: mine\nchips: {start: -5}\nplayrs: 3\n"
    with client(tmp_path) as c:
        ja = c.post("/api/rules?name=mine.yaml&lang=ja", content=bad)
        en = c.post("/api/rules?name=mine.yaml", content=bad)
    assert ja.status_code == en.status_code == 400
    texts = [p["text"] for p in ja.json()["problems"]]
    assert "mine.yaml:4:1: エラー: 不明なキー 'playrs' (ファイルの最上位)。'players' のことですか?" in texts
    assert "mine.yaml:3:16: エラー: chips.start は 0 以上でなければなりません (-5 ではなく)。" in texts
    places = [[(p["line"], p["col"]) for p in r.json()["problems"]] for r in (ja, en)]
    assert places[0] == places[1]
    assert all(": error: " in p["text"] for p in en.json()["problems"])


def test_the_scorekeeper_pages_errors_follow_its_language(tmp_path):
    from tests.web.web_support import client

    new = {"rules": "hachihachi_trick", "players": ["ann", "bob", "cy"], "start": "zed"}
    with client(tmp_path) as c:
        ja = c.post("/api/sheets", json={**new, "lang": "ja"})
        en = c.post("/api/sheets", json=new)
    assert ja.status_code == en.status_code == 400
    assert ja.json()["error"] == "start: 'zed' は参加者の一人ではありません。"
    assert en.json()["error"] == "start: 'zed' is not one of the players."
