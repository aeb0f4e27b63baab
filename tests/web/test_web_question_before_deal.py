"""A house rule's question before the deal at the browser table (``ask`` at ``round_start``,
docs/effects.md): the blind go (みずてん) of ``tests/house_rules/variants/fx_blind_go.yaml`` is
asked of its person as buttons before any card is dealt, and the game plays to its end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hachihachi.ruleset.loader import load_ruleset
from tests.web.web_support import NAMES, Asked, client, play_to_end, seated

pytestmark = pytest.mark.web

BLIND = Path(__file__).resolve().parents[1] / "house_rules" / "variants" / "fx_blind_go.yaml"


def test_T10_the_blind_go_is_asked_with_buttons_before_the_deal(tmp_path):
    asked_blind: list[dict[str, Any]] = []

    def choose(m: dict[str, Any]) -> int:
        words = [c.get("word") for c in m["choices"]]
        if words == ["look", "blind"]:
            asked_blind.append(m)
            return 1
        return 0

    with client(tmp_path) as c:
        made = c.app.state.hub.tables.create(load_ruleset(BLIND), str(BLIND), ["human"] + ["heuristic_matching"] * 3,
                                             NAMES[:4], 4, seed=3)
        table = {"table": made.id, "seats": [{"seat": 0, "token": made.tokens[0]}]}
        asked = Asked()
        with seated(c, table) as sockets:
            end = play_to_end(sockets, asked, choose)
    assert asked_blind, "the person deals one of the four rounds and is asked"
    first = asked_blind[0]
    assert [ch["word"] for ch in first["choices"]] == ["look", "blind"]
    assert first["hand"] == [] and "house rule asks you" in first["question"]     # asked before the deal
    assert end["over"] and sum(end["chips"]) == 0
    assert not [m for m in asked.seen if m["type"] == "error"]
