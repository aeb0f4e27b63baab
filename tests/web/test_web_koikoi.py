"""Koi-Koi (K1-K20) at the browser table: made from the home page's list, played to its end, the
stop (勝負) / koi (こいこい) decision sent as two buttons in the page's words, English and Japanese."""

from __future__ import annotations

import re
from typing import Any

import pytest

from hachihachi.interpreter.runs.session import Session
from hachihachi.ruleset.loader import load_ruleset
from tests.web.web_support import NAMES, Asked, client, new_table, play_to_end, seated

pytestmark = pytest.mark.web

KOI_WORDS = ["stop", "play_on"]         # the buttons' words: 勝負 and こいこい (K15)


def _seeded_table(c: Any) -> tuple[Any, dict[str, Any]]:
    """A seeded three-round Koi-Koi table of one person and a heuristic bot, and its person's link."""
    made = c.app.state.hub.tables.create(load_ruleset("koikoi"), "koikoi", ["human", "heuristic_matching"],
                                         NAMES[:2], 3, seed=3)
    return made, {"table": made.id, "seats": [{"seat": 0, "token": made.tokens[0]}]}


def test_K1_the_home_page_offers_koikoi_for_two_and_makes_its_table(tmp_path):
    with client(tmp_path) as c:
        offered = {r["ref"]: r for r in c.get("/api/setup").json()["rulesets"]}
        assert offered["koikoi"]["players"] == [2, 2] and not offered["koikoi"]["variant"]
        assert offered["koikoi"]["title"] == {"ja": "こいこい", "en": "Koi-Koi"}
        assert offered["koikoi_oyaken"]["variant"]
        table = new_table(c, "koikoi", ["human", "heuristic_matching"])
        assert len(table["seats"]) == 1


def test_K15_K18_a_seeded_koikoi_table_plays_to_its_end_with_koi_and_stop_as_two_buttons(tmp_path):
    asked_koi: list[dict[str, Any]] = []

    def choose(m: dict[str, Any]) -> int:
        """Koi at the first rise, stop at the later ones; otherwise the first choice."""
        words = [c.get("word") for c in m["choices"]]
        if words != KOI_WORDS:
            return 0
        asked_koi.append(m)
        return 1 if len(asked_koi) == 1 else 0

    with client(tmp_path) as c:
        made, table = _seeded_table(c)
        asked = Asked()
        with seated(c, table) as sockets:
            (ws,) = sockets
            end = play_to_end(sockets, asked, choose)
            ws.send_json({"type": "lang", "lang": "ja"})
            over_ja = asked.now(ws)
    assert asked_koi, "the seeded game asks its person koi or stop"
    first = asked_koi[0]
    assert "(K15)" in first["question"] and "stop (勝負)" in first["question"] and "koi (こいこい)" in first["question"]
    labels = [ch["label"] for ch in first["choices"]]
    assert labels[0].startswith("stop (勝負") and labels[1].startswith("koi (こいこい")
    # what each answer is worth now: the stop's payment, as the koi answer then showed it paid
    paid = re.search(r"Stop now: you are paid (\d+)\. Koi: nothing now; your total (\d+) may grow", first["question"])
    assert paid and int(paid[1]) >= int(paid[2]) > 0
    assert end["over"] and over_ja["over"]
    assert sum(end["chips"]) == 0                                   # K18: zero-sum, from 0 (K2)
    assert not [m for m in asked.seen if m["type"] == "error"]
    saved = Session.resume(tmp_path / "tables" / f"{made.id}.yaml")
    assert saved.game.is_terminal and list(saved.game.chips) == end["chips"]


def test_K15_the_koi_question_and_its_buttons_in_japanese(tmp_path):
    with client(tmp_path) as c:
        made, table = _seeded_table(c)
        asked = Asked()
        with seated(c, table) as (ws,):
            ws.send_json({"type": "lang", "lang": "ja"})
            for _ in range(2000):
                m = asked.now(ws)
                assert not m["over"], "the seeded game asks its person koi or stop before its end"
                if m["summary"]:
                    ws.send_json({"type": "ready"})
                elif m["choices"]:
                    if [ch.get("word") for ch in m["choices"]] == KOI_WORDS:
                        break
                    ws.send_json({"type": "act", "turn": m["turn"], "choice": 0})
    assert "勝負しますか、こいこいしますか" in m["question"]
    assert re.search(r"今勝負すれば \d+点もらえます。こいこいなら今は0点: 合計 \d+点", m["question"])     # K15, K16
    assert [ch["label"].split(" ")[0] for ch in m["choices"]] == ["勝負", "こいこい"]


def _state_after_a_few_plays(c: Any, rules: str, bots: list[str]) -> dict[str, Any]:
    from hachihachi.web.messages import state

    made = c.app.state.hub.tables.create(load_ruleset(rules), rules, ["human"] + bots, NAMES[:1 + len(bots)], 1, seed=3)
    for _ in range(12):                 # the person plays its first card each turn, the bots theirs
        seat = made.person_to_act()
        if seat is None:
            made.step()
            continue
        made.act(seat, made.turn, 0)
    return state(made, 0)


def test_K1_the_koikoi_table_shows_no_field_kind_no_pot_and_no_card_points(tmp_path):
    with client(tmp_path) as c:
        koi = _state_after_a_few_plays(c, "koikoi", ["heuristic_matching"])
        hachi = _state_after_a_few_plays(c, "hanafuda_hachihachi", ["heuristic_matching"] * 2)
    assert koi["field"] is None and koi["shows_pot"] is False
    taken = [cap for cap in koi["captures"] if cap["cards"]]
    assert taken and all(cap["points"] is None and all(g["points"] is None for g in cap["groups"]) for cap in taken)
    # 八八 keeps its field kind and its card points (H5, H21); it has no pot either
    assert hachi["field"]["multiplier"] >= 1 and hachi["shows_pot"] is False
    assert all(isinstance(cap["points"], int) for cap in hachi["captures"])
