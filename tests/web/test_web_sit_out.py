"""``hanafuda.sit_out`` (H2's setting) at the browser table: four seats, three playing each
round; the seat sitting out holds no cards and its round's change is 0."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.web_support import Asked, client, new_table, play_to_end, seated

pytestmark = pytest.mark.web

SITTING = Path(__file__).resolve().parents[1] / "house_rules" / "variants" / "h_sitting_out.yaml"


def test_H2_the_table_plays_four_seats_with_one_sitting_each_round_out(tmp_path):
    with client(tmp_path) as c:
        up = c.post("/api/rules?name=h_sitting_out.yaml", content=SITTING.read_bytes()).json()
        table = new_table(c, up["ref"], ["human", "random", "random", "random"])
        asked = Asked()
        with seated(c, table) as sockets:
            end = play_to_end(sockets, asked)
    states = [m for m in asked.seen if m["type"] == "state"]
    summaries = {m["summary"]["round"]: m["summary"] for m in states if m["summary"]}
    assert summaries and all(len(s["goers"]) == 3 for s in summaries.values())
    for s in summaries.values():
        (sitter,) = {0, 1, 2, 3} - set(s["goers"])
        assert s["delta"][sitter] == 0
    playing = [m for m in states if m["phase"] == "play" and m["seat"] == 0]
    assert any(m["hand"] == [] for m in playing) and any(m["hand"] for m in playing)
    assert any("out of this round" in line for m in states for line in m["log"])
    assert sum(end["chips"]) == 0
