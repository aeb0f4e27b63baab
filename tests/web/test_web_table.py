"""The table over WebSockets: people and bots play whole games; tokens, turns and bad messages."""

from __future__ import annotations

import pytest

from tests.web.web_support import Asked, client, new_table, play_to_end, seated, until_choice

from click.testing import CliRunner  # noqa: E402

from hachihachi.cli.main import cli  # noqa: E402
from hachihachi.interpreter.runs.session import Session  # noqa: E402

pytestmark = pytest.mark.web


@pytest.mark.parametrize("rules,seats", [
    ("hachihachi_trick", ["human", "human", "heuristic", "random", "heuristic"]),
    ("hanafuda_hachihachi", ["human", "heuristic_matching", "human"]),
])
def test_two_people_and_bots_play_a_short_game_to_its_end(tmp_path, rules, seats):
    with client(tmp_path) as c:
        table = new_table(c, rules, seats)
        asked = Asked()
        with seated(c, table) as sockets:
            end = play_to_end(sockets, asked)
        assert end["over"] and end["standings"][0]["chips"] >= end["standings"][-1]["chips"]
        assert sum(end["chips"]) + end["pot"] == sum(s["chips"] for s in end["standings"]) + end["pot"]
        assert not [m for m in asked.seen if m["type"] == "error"]
        assert any(m.get("summary") for m in asked.seen)      # every round ended on a summary
    saved = Session.resume(tmp_path / "tables" / f"{table['table']}.yaml")
    assert saved.game.is_terminal and list(saved.game.chips) == end["chips"]


def test_a_game_saved_by_the_web_goes_on_in_hachi_play_resume(tmp_path):
    with client(tmp_path) as c:
        table = new_table(c, "hachihachi_trick", ["human", "human", "heuristic"])
        asked = Asked()
        with seated(c, table) as sockets:
            for _ in range(40):                 # a few decisions, then everyone leaves
                for ws in sockets:
                    m = asked.now(ws)
                    if m["summary"]:
                        ws.send_json({"type": "ready"})
                    elif m["choices"]:
                        ws.send_json({"type": "act", "turn": m["turn"], "choice": 0})
            turn = until_choice(sockets, asked)["turn"]
    save = tmp_path / "tables" / f"{table['table']}.yaml"
    assert len(Session.resume(save).game.events) == turn
    result = CliRunner().invoke(cli, ["play", "--resume", str(save)], input="q\n")
    assert result.exit_code == 0, result.output
    assert "Resuming the game saved in" in result.output


def test_a_token_acts_for_its_own_seat_only(tmp_path):
    with client(tmp_path) as c:
        table = new_table(c, "hachihachi_trick", ["human", "human", "heuristic"])
        with c.websocket_connect(f"/ws/table/{table['table']}") as ws:
            ws.send_json({"token": "not-a-token"})
            assert ws.receive_json() == {"type": "error", "message": "this link is not a seat of this table"}
        asked = Asked()
        with seated(c, table) as sockets:
            me = until_choice(sockets, asked)
            other = sockets[1 - me["seat"]]
            other.send_json({"type": "act", "turn": me["turn"], "choice": 0})
            reply = other.receive_json()
            while reply["type"] == "state":         # broadcasts sent before the answer
                reply = other.receive_json()
            assert reply == {"type": "error", "message": "it is not your turn"}
            assert asked.now(sockets[me["seat"]])["turn"] == me["turn"]        # nothing changed


@pytest.mark.parametrize("message,error", [
    ('{"type": "act", "turn": "x", "choice": 0}', "an action names the turn and the index of a legal choice"),
    ('{"type": "act", "turn": 0, "choice": 0}', "the table has moved on since that choice was shown"),
    ('{"type": "act", "turn": TURN, "choice": 99}', "there is no choice 99"),
    ('{"type": "act", "turn": TURN, "choice": true}', "an action names the turn"),
    ('[1, 2]', "a message is a JSON object"),
    ('not json', "a message is a JSON object"),
    ('{"type": "teleport"}', "unknown message"),
])
def test_a_malformed_or_stale_message_gets_an_error_and_changes_nothing(tmp_path, message, error):
    with client(tmp_path) as c:
        table = new_table(c, "hachihachi_trick", ["human", "random", "random"])
        asked = Asked()
        with seated(c, table) as (ws,):
            m = until_choice(ws, asked)
            ws.send_text(message.replace("TURN", str(m["turn"])))
            reply = ws.receive_json()
            while reply["type"] == "state":         # broadcasts sent before the answer
                reply = ws.receive_json()
            assert reply["type"] == "error" and reply["message"].startswith(error)
            after = asked.now(ws)
            assert after["turn"] == m["turn"] and after["hand"] == m["hand"] and after["choices"] == m["choices"]


def test_a_person_who_reconnects_is_back_in_their_seat(tmp_path):
    with client(tmp_path) as c:
        table = new_table(c, "hachihachi_trick", ["human", "random", "random"])
        asked = Asked()
        with seated(c, table) as (ws,):
            first = until_choice(ws, asked)
        with seated(c, table) as (ws,):
            again = asked.now(ws)
        assert again["seat"] == first["seat"] == 0
        assert again["hand"] == first["hand"] and again["turn"] == first["turn"]


def test_explain_and_hint_are_the_terminals_in_the_seats_language(tmp_path):
    from hachihachi.cli.tui_input import explain
    with client(tmp_path) as c:
        table = new_table(c, "hachihachi_trick", ["human", "random", "random"])
        app_table = c.app.state.hub.tables.get(table["table"])
        asked = Asked()
        with seated(c, table) as (ws,):
            m = until_choice(ws, asked)
            ws.send_json({"type": "lang", "lang": "ja"})
            ws.send_json({"type": "explain"})
            reply = ws.receive_json()
            while reply["type"] == "state":
                reply = ws.receive_json()
            lines = reply["lines"]
            assert lines == explain(app_table.game.view(0), app_table.ruleset, "ja")
            assert asked.now(ws)["lang"] == "ja"
            ws.send_json({"type": "hint"})
            hint = ws.receive_json()
            assert hint["type"] == "hint" and len(hint["lines"]) == 1 + len(m["choices"])


def test_a_server_that_restarts_takes_up_its_unfinished_tables_with_the_same_links(tmp_path):
    with client(tmp_path) as c:
        table = new_table(c, "hachihachi_trick", ["human", "random", "random"])
        with seated(c, table) as (ws,):
            before = until_choice(ws, Asked())
    with client(tmp_path) as c:                 # a new server on the same folder
        with seated(c, table) as (ws,):
            after = until_choice(ws, Asked())
    assert (after["seat"], after["hand"], after["turn"]) == (before["seat"], before["hand"], before["turn"])


def test_a_refused_action_is_told_in_the_seats_language(tmp_path):
    with client(tmp_path) as c:
        table = new_table(c, "hachihachi_trick", ["human", "human", "heuristic"])
        asked = Asked()
        with seated(c, table) as sockets:
            me = until_choice(sockets, asked)
            other = sockets[1 - me["seat"]]
            other.send_json({"type": "lang", "lang": "ja"})
            other.send_json({"type": "act", "turn": me["turn"], "choice": 0})
            reply = other.receive_json()
            while reply["type"] == "state":
                reply = other.receive_json()
            assert reply == {"type": "error", "message": "あなたの番ではありません"}


def test_the_table_shows_a_named_pot_beside_the_pot(tmp_path):
    """A house rule with a jackpot (pots:) played at the browser table: each state gives the named
    pots with what each holds (the heading shows them), and chips, pot and jackpot add up (T27)."""
    from pathlib import Path

    house = (Path(__file__).resolve().parents[1] / "house_rules" / "variants" / "fx_jackpot.yaml").read_bytes()
    with client(tmp_path) as c:
        up = c.post("/api/rules?name=fx_jackpot.yaml", content=house).json()
        table = new_table(c, up["ref"], ["human", "random", "random"])
        asked = Asked()
        with seated(c, table) as sockets:
            end = play_to_end(sockets, asked)
    states = [m for m in asked.seen if m["type"] == "state"]
    assert states and all([name for name, _ in m["pots"]] == ["jackpot"] for m in states)
    assert any(m["pots"][0][1] > 0 for m in states)
    from hachihachi.ruleset.loader import load_ruleset

    start = load_ruleset("hanafuda_hachihachi").chips.start
    assert sum(end["chips"]) + end["pot"] + end["pots"][0][1] == 3 * start
