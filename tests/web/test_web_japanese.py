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
