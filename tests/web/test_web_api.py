"""The pages' HTTP side: rule files uploaded and checked, card pictures, the scorekeeper's sheets
(settled as `hachi score` settles them), replays, and `hachi serve` without the extra."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.interpreter.parts.go_drop.rules import go_drop_rules

pytestmark = pytest.mark.web


def test_serve_without_the_web_extra_says_in_one_line_how_to_install_it(monkeypatch):
    from hachihachi.cli import serve
    monkeypatch.setattr(serve, "web_missing", lambda: True)
    result = CliRunner().invoke(cli, ["serve"])
    assert result.exit_code == 1
    assert result.output.strip() == "Error: the web pages need the [web] extra: pip install 'hachihachi[web]'"


def test_an_uploaded_house_rule_file_with_a_problem_is_refused_at_its_line_and_column(tmp_path):
    from tests.web.web_support import client
    bad = b"extends: hachihachi_trick\nname: mine\ndeclaration:\n  drop_fee: {first: -3, step: 0}\n"
    with client(tmp_path) as c:
        r = c.post("/api/rules?name=mine.yaml", content=bad)
        assert r.status_code == 400
        problem = r.json()["problems"][0]
        assert problem["file"] == "mine.yaml" and (problem["line"], problem["col"]) == (4, 21)
        assert problem["text"].startswith("mine.yaml:4:21: error: ")


def test_an_uploaded_rule_file_may_not_reach_a_file_on_the_server(tmp_path):
    from tests.web.web_support import client
    (tmp_path / "secret.yaml").write_text("name: secret\n")
    with client(tmp_path) as c:
        r = c.post("/api/rules?name=../../x.yaml", content=b"extends: ../../secret.yaml\nname: x\n")
        assert r.status_code == 400
        assert r.json()["problems"][0]["file"] == "x.yaml"


def test_an_upload_over_the_size_limit_is_refused_unread(tmp_path):
    from tests.web.web_support import client
    with client(tmp_path) as c:
        r = c.post("/api/rules", content=b"#" * (64 * 1024 + 1))
        assert r.status_code == 400 and "64 KiB" in r.json()["error"]
        assert not (tmp_path / "uploads").exists() or not any((tmp_path / "uploads").iterdir())


def test_a_table_plays_an_uploaded_house_rule_file_and_its_save_names_it(tmp_path):
    from tests.web.web_support import client
    from hachihachi.interpreter.runs.session import Session
    house = b"extends: hachihachi_trick\nname: flat\ntitle: {ja: \"<b>\", en: \"<i>flat</i>\"}\n" \
            b"declaration:\n  drop_fee: {first: 3, step: 0}\n"
    with client(tmp_path) as c:
        up = c.post("/api/rules?name=flat.yaml", content=house).json()
        assert up["name"] == "flat" and up["ref"].startswith("upload:")
        made = c.post("/api/tables", json={"rules": up["ref"], "seats": ["human", "random", "random"],
                                           "names": ["ann", "bob", "cy"]}).json()
    save = Session.resume(tmp_path / "tables" / f"{made['table']}.yaml")
    assert go_drop_rules(save.game.ruleset).declaration.drop_fee.fee(2) == 3


def test_card_pictures_are_drawn_from_the_deck_and_escape_its_names(tmp_path):
    from tests.web.web_support import client
    with client(tmp_path) as c:
        spade = c.get("/cards/b.hachihachi_trick/0.svg")
        crane = c.get("/cards/b.hanafuda_hachihachi/0.svg")
        assert spade.headers["content-type"].startswith("image/svg+xml") and "\u2660" in spade.text
        assert "松に鶴" in crane.text and "<script" not in crane.text
        assert c.get("/cards/b.hachihachi_trick/52.svg").status_code == 404
        assert c.get("/cards/b.nothing/0.svg").status_code == 404
        assert c.get("/cards/b..%2F..%2Fetc/0.svg").status_code == 404
    from hachihachi.web.cards import card_svg
    from hachihachi.interpreter.games.matching.deck import HanaCard, HanafudaDeck
    deck = HanafudaDeck(tuple(HanaCard(f"{m}{k}", m, "chaff", 1, "<script>x</script>", "&") for m in range(1, 13)
                              for k in "abcd"), tuple(("<b>", "m") for _ in range(12)), (("chaff", "c"),))
    svg = card_svg(deck, 0)
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "<b>" not in svg


def test_a_name_with_markup_reaches_the_page_only_as_text(tmp_path):
    from tests.web.web_support import client
    with client(tmp_path) as c:
        name = "<img src=x onerror=alert(1)>"
        r = c.post("/api/tables", json={"rules": "hachihachi_trick", "seats": ["human", "random", "random"],
                                        "names": [name, "bob", "cy"]})
        from tests.web.web_support import Asked, seated
        with seated(c, r.json()) as (ws,):
            assert Asked().now(ws)["names"][0] == name      # data, which the page shows as text
        page = c.get("/table/abc")
        policy = page.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy


def _answer_round(c, sheet, answers_for):
    """Answer the sheet's questions: ``answers_for(question)`` gives each answer."""
    body = c.get(f"/api/sheets/{sheet}").json()
    answers = []
    question = body["question"]
    for _ in range(60):
        answers.append(answers_for(question, len(answers)))
        body = c.post(f"/api/sheets/{sheet}/ask", json={"answers": answers}).json()
        assert "error" not in body, body
        if "results" in body:
            return body
        question, answers = body["question"], body["answers"]
    raise AssertionError("the round was not finished")


def test_the_scorekeeper_keeps_the_sheet_that_hachi_score_settles_the_same_way(tmp_path):
    from tests.web.web_support import client
    with client(tmp_path) as c:
        sheet = c.post("/api/sheets", json={"rules": "hachihachi_trick", "players": ["ann", "bob", "cy"],
                                            "start": "ann"}).json()["sheet"]

        def answers(q, n):
            if q["kind"] == "choose":
                return 0                                # no mizuten, go, play
            if q["kind"] == "number":
                return q["hi"]                          # the tricks: the last goer's are worked out
            if q["key"] == "indicator?":
                return "5d"
            return ""                                   # no hand shown
        body = _answer_round(c, sheet, answers)
        body = _answer_round(c, sheet, answers)
    assert len(body["results"]) == 2
    path = tmp_path / "sheets" / f"{sheet}.yaml"
    settled = CliRunner().invoke(cli, ["score", str(path), "--json"])
    assert settled.exit_code == 0, settled.output
    assert list(json.loads(settled.output)["final"].values()) == body["chips"]
    assert sum(body["chips"]) + body["pot"] == 3 * 50


def test_a_past_round_is_corrected_without_entering_it_again_and_a_wrong_correction_changes_nothing(tmp_path):
    from tests.web.web_support import client
    with client(tmp_path) as c:
        sheet = c.post("/api/sheets", json={"rules": "hachihachi_trick", "players": ["ann", "bob", "cy"],
                                            "start": "ann"}).json()["sheet"]
        body = _answer_round(c, sheet, lambda q, n: 0 if q["kind"] == "choose" else
                             (q["hi"] if q["kind"] == "number" else ("5d" if q["key"] == "indicator?" else "")))
        tricks = body["rounds"][0]["tricks"]
        names = list(tricks)
        moved = dict(tricks)
        moved[names[0]] -= 1
        moved[names[1]] += 1
        fixed = c.post(f"/api/sheets/{sheet}/edit", json={"round": 0, "fields": {"tricks": moved}}).json()
        assert fixed["rounds"][0]["tricks"] == moved and fixed["chips"] != body["chips"]
        wrong = dict(moved)
        wrong[names[0]] += 5
        refused = c.post(f"/api/sheets/{sheet}/edit", json={"round": 0, "fields": {"tricks": wrong}})
        assert refused.status_code == 400 and refused.json()["error"].startswith("round 1, tricks:")
        assert c.get(f"/api/sheets/{sheet}").json()["rounds"][0]["tricks"] == moved


def test_a_sheet_is_named_by_its_id_only(tmp_path):
    from tests.web.web_support import client
    with client(tmp_path) as c:
        assert c.get("/api/sheets/..%2F..%2Fetc%2Fpasswd").status_code in (400, 404)
        r = c.get("/api/sheets/abcdefgh")
        assert r.status_code == 400 and r.json()["error"] == "there is no such score sheet"


def test_a_record_is_stepped_through_forwards_and_back(tmp_path):
    from pathlib import Path
    from tests.web.web_support import client
    record = Path(__file__).resolve().parent.parent / "house_rules" / "records" / "hachihachi_trick_seed8.json"
    with client(tmp_path) as c:
        body = c.post("/api/replays", content=record.read_bytes()).json()
        frames = body["frames"]
        assert len(frames) > 10 and frames[-1]["over"]
        assert frames[0]["hands"] == [[]] * len(body["names"])       # before the deal
        dealt = next(f for f in frames if any(f["hands"]))
        assert all(len(h) == 7 for h in dealt["hands"])                 # the deal, every hand open
        bad = c.post("/api/replays", content=b"ruleset: hachihachi_trick\nplayers: [a]\nrounds: []\n")
        assert bad.status_code == 400 and "error" in bad.json()


def test_a_table_is_replayed_only_when_its_game_is_over(tmp_path):
    from tests.web.web_support import client, new_table
    with client(tmp_path) as c:
        table = new_table(c, "hachihachi_trick", ["human", "random", "random"])
        r = c.get(f"/api/tables/{table['table']}/replay")
        assert r.status_code == 400 and r.json()["error"] == "a table's replay opens when its game is over"
