"""The scorekeeper page's server side: questions in the page's words, aces asked plainly, the
capture role from a list, a round taken back and put back, card pictures without the sheet."""

from __future__ import annotations

import pytest

from tests.web.web_support import client

pytestmark = pytest.mark.web


def _sheet(c, rules="hachihachi_trick", players=("ann", "bob", "cy", "dee", "eve")):
    made = c.post("/api/sheets", json={"rules": rules, "players": list(players), "start": players[0]})
    assert made.status_code == 200, made.text
    return made.json()["sheet"]


def _walk(c, sheet, answer_for, limit=80):
    """Answer questions (``answer_for(question)`` gives a list of answers) until the round is kept."""
    body = c.get(f"/api/sheets/{sheet}").json()
    answers, question, asked = [], body["question"], []
    for _ in range(limit):
        asked.append(question)
        answers += answer_for(question)
        body = c.post(f"/api/sheets/{sheet}/ask", json={"answers": answers}).json()
        assert "error" not in body, body
        if "results" in body:
            return body, asked
        question, answers = body["question"], body["answers"]
    raise AssertionError("the round was not finished")


def test_T14_nothing_shown_by_a_forced_out_player_asks_their_aces_plainly(tmp_path):
    declared = iter(["go", "drop", "go", "go"])

    def answer_for(q):
        if q["kind"] == "choose":
            if "go" in [w.lower() for w in q["choices"]] and "drop" in [w.lower() for w in q["choices"]]:
                word = next(declared)
                return [[w.lower() for w in q["choices"]].index(word)]
            return [0]
        if q["key"] == "indicator?":
            return ["5d"]
        if q["key"] == "hand?":
            return ["claim", ""]                       # the page's "Nothing shown"
        if q["key"] == "class?":
            return [2]
        if q["kind"] == "number":
            return [q["hi"]]
        return [""]
    with client(tmp_path) as c:
        sheet = _sheet(c)
        body, asked = _walk(c, sheet, answer_for)
    prompts = " ".join(q["prompt"] for q in asked)
    aces = [q for q in asked if q["key"] == "class?"]
    assert len(aces) == 1 and "eve" in aces[0]["prompt"] and "ace" in aces[0]["prompt"]
    assert body["rounds"][0].get("aces") == {"eve": 2}
    assert "r to claim" not in prompts and "Enter" not in prompts


def test_H18_the_capture_role_is_picked_from_a_list_of_the_rules_roles(tmp_path):
    def answer_for(q):
        if q["key"] == "field_cards?":
            return ["koba"]
        if q["key"] == "end?":
            return [1]                                  # a capture role stopped the round
        if q["key"] == "which_role?":
            assert q["prompt"] == "Which capture role stopped the round?"
            return ["akatan"]
        if q["kind"] == "choose":
            return [0]
        if q["key"] == "hand?":
            return [""]
        if q["kind"] == "number":
            return [q["lo"]]
        return [""]
    with client(tmp_path) as c:
        sheet = _sheet(c, "hanafuda_hachihachi", ("ann", "bob", "cy"))
        overview = c.get(f"/api/sheets/{sheet}").json()
        assert {"id": "akatan", "label": "Red poetry ribbons 赤タン (akatan)"} in overview["capture_roles"]
        body, _ = _walk(c, sheet, answer_for)
    assert body["rounds"][0]["capture_role"]["role"] == "akatan"


def test_a_round_taken_back_can_be_put_back_and_a_bad_one_is_refused(tmp_path):
    with client(tmp_path) as c:
        sheet = _sheet(c, players=("ann", "bob", "cy"))
        c.post(f"/api/sheets/{sheet}/restore", json={"round": {"indicator": "5d", "declare": ["go", "go", "go"],
                                                               "tricks": {"ann": 3, "bob": 2, "cy": 2}}})
        before = c.get(f"/api/sheets/{sheet}").json()
        assert len(before["rounds"]) == 1
        back = c.post(f"/api/sheets/{sheet}/undo", json={}).json()
        assert back["rounds"] == [] and back["taken_back"] == before["rounds"][0]
        again = c.post(f"/api/sheets/{sheet}/restore", json={"round": back["taken_back"]}).json()
        assert again["rounds"] == before["rounds"] and again["chips"] == before["chips"]
        bad = c.post(f"/api/sheets/{sheet}/restore", json={"round": {"indicator": "5d", "tricks": {"ann": 9}}})
        assert bad.status_code == 400 and "round 2" in bad.json()["error"]
        assert len(c.get(f"/api/sheets/{sheet}").json()["rounds"]) == 1


def test_card_pictures_of_a_sheet_are_the_bundled_decks_and_cached(tmp_path):
    with client(tmp_path) as c:
        sheet = _sheet(c, players=("ann", "bob", "cy"))
        overview = c.get(f"/api/sheets/{sheet}").json()
        assert overview["deck"] == "b.hachihachi_trick"
        assert overview["card_labels"][overview["cards"].index("Td")] == "10♦"
        picture = c.get(f"/cards/{overview['deck']}/0.svg")
        assert picture.status_code == 200 and "max-age=86400" in picture.headers["cache-control"]
        assert c.get(f"/cards/s.{sheet}/0.svg").text == picture.text
