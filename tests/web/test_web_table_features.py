"""What keeps a table going and readable: the turn timer and its stand-in bot, the summary's
time, the finished trick kept on the table, the host's links and their QR codes, sorted hands and
the page's own words."""

from __future__ import annotations

import random

import pytest

from tests.web.web_support import Asked, client, new_table, seated, until_choice

from hachihachi.ruleset.loader import load_ruleset  # noqa: E402
from hachihachi.web import messages  # noqa: E402
from hachihachi.web.tables import Table, TableError, Tables  # noqa: E402

pytestmark = pytest.mark.web


def _table(tmp_path, rules="hachihachi_trick", seats=("human", "heuristic", "random"), **kw) -> Table:
    ruleset = load_ruleset(rules)
    return Tables(tmp_path).create(ruleset, rules, list(seats), ["ann", "bob", "cy"][:len(seats)],
                                   ruleset.rounds.short, seed=5, **kw)


def _to_person(table: Table) -> int:
    while table.bot_due():
        table.step()
    seat = table.person_to_act()
    assert seat is not None
    return seat


def test_a_bot_stands_in_for_a_person_whose_turn_timer_ran_out_until_they_are_back(tmp_path):
    table = _table(tmp_path, turn_seconds=30)
    seat = _to_person(table)
    when = table.deadline()
    assert when is not None and when == table.since + 30
    assert not table.timeout(when - 0.1) and not table.standins        # not yet
    assert table.timeout(when)
    assert table.standins == {seat} and table.bot_due() and table.person_to_act() is None
    turn = table.turn
    table.step()                                                        # the stand-in plays the seat
    assert table.turn > turn
    state = messages.state(table, seat)
    assert state["standins"] == [seat]
    while table.bot_due() and not table.game.is_terminal and table.game.current_player != seat:
        table.step()
    assert table.back(seat) and not table.standins and not table.back(seat)


def test_a_table_without_a_turn_timer_waits_for_its_person(tmp_path):
    table = _table(tmp_path)
    _to_person(table)
    assert table.deadline() is None and not table.timeout(table.since + 10**6)


def test_a_round_summary_goes_on_by_itself_after_its_time(tmp_path):
    table = _table(tmp_path, seats=("human", "human", "random"), summary_seconds=5)
    rng = random.Random(2)
    while not table.waiting:
        if table.bot_due():
            table.step()
        else:
            seat = table.person_to_act()
            table.act(seat, table.turn, rng.randrange(len(messages.state(table, seat)["choices"])))
    assert table.awaited() == [0, 1]
    table.ready(0)
    assert table.awaited() == [1]                       # the page names who is awaited
    assert not table.timeout(table.since + 4.9) and table.timeout(table.since + 5)
    assert not table.waiting and table.bot_due()


def test_timer_settings_are_checked(tmp_path):
    from hachihachi.web.tables import seconds

    assert seconds(None, "turn_seconds", None) is None and seconds(1.5, "turn_seconds", None) == 1.5
    for bad in (0, -1, float("nan"), float("inf"), 10**6, "30", True):
        with pytest.raises(TableError, match="turn_seconds"):
            seconds(bad, "turn_seconds", None)


def test_T17_a_finished_trick_stays_on_the_table_with_its_winner(tmp_path):
    table = _table(tmp_path, seats=("human", "heuristic", "heuristic"))
    rng = random.Random(3)
    while table.last_trick is None:
        if table.bot_due():
            table.step()
        elif table.waiting:
            table.waiting.clear()
        else:
            seat = table.person_to_act()
            table.act(seat, table.turn, rng.randrange(len(messages.state(table, seat)["choices"])))
    last = table.last_trick
    goers = table.game.view(0).goers
    assert len(last["cards"]) == len(last["seats"]) == len(goers) and sorted(last["seats"]) == sorted(goers)
    assert last["winner"] in goers and not table.game.view(0).own("trick")
    assert messages.state(table, 0)["last_trick"] == last


def test_hands_are_sorted_and_cards_named_in_the_pages_words(tmp_path):
    table = _table(tmp_path)
    _to_person(table)
    deck = table.ruleset.deck
    state = messages.state(table, 0)
    keys = [(deck.suit(c), -deck.rank(c)) for c in state["hand"]]
    assert keys == sorted(keys)
    assert all(("♠" in n or "♥" in n or "♦" in n or "♣" in n) for n in state["card_names"].values())
    hana = _table(tmp_path, "hanafuda_hachihachi", ("human", "heuristic_matching", "heuristic_matching"))
    _to_person(hana)
    state = messages.state(hana, 0, "en")
    assert state["hand"] == sorted(state["hand"])
    labels = " ".join(c["label"] for c in state["choices"])
    assert "->" not in labels and not any(hana.ruleset.deck.name(c) in labels.split() for c in hana.ruleset.deck.cards)
    names = messages.state(hana, 0)["card_names"]
    deck = hana.ruleset.deck
    assert set(map(int, names)) >= set(state["hand"])
    assert all(names[str(c)].startswith(f"{deck.cards_data[c].en} · {deck.cards_data[c].ja}") for c in state["hand"])


def test_the_explanation_speaks_of_lit_cards_not_numbers(tmp_path):
    table = _table(tmp_path, seats=("human", "heuristic", "heuristic"))
    rng = random.Random(4)
    for _ in range(400):
        if table.bot_due():
            table.step()
            continue
        if table.waiting:
            table.waiting.clear()
            continue
        seat = table.person_to_act()
        if table.game.view(seat).own("trick"):
            break
        table.act(seat, table.turn, rng.randrange(len(messages.state(table, seat)["choices"])))
    lines = " ".join(messages.explain(table, 0, "en")) + " ".join(messages.explain(table, 0, "ja"))
    assert "numbered" not in lines and "番号" not in lines and ("lit" in lines)


def test_the_host_sees_every_seats_link_and_no_one_else_does(tmp_path):
    with client(tmp_path) as c:
        made = new_table(c, "hachihachi_trick", ["human", "human", "random"])
        tid = made["table"]
        assert c.post(f"/api/tables/{tid}/links", json={"host": made["seats"][0]["token"]}).status_code == 403
        assert c.post(f"/api/tables/{tid}/links", json={"host": "x"}).status_code == 403
        links = c.post(f"/api/tables/{tid}/links", json={"host": made["host"]}).json()
        assert links["seats"] == made["seats"]
        status = c.get(f"/api/tables/{tid}").json()
        assert status["round"] == 1 and not status["over"] and "token" not in str(status)
        assert c.get("/api/tables/nothing").status_code == 404
        qr = c.post("/api/qr", json={"text": f"http://127.0.0.1:8088/table/{tid}#t=abc"}).json()
        assert qr["qr"].startswith("data:image/svg+xml")
        assert c.post("/api/qr", json={"text": "javascript:alert(1)"}).status_code == 400
    table = Tables(tmp_path).load()[0]                  # a restart keeps the host
    assert table.is_host(made["host"])


def test_a_seat_is_taken_over_by_a_bot_after_its_timer_and_given_back(tmp_path):
    with client(tmp_path) as c:
        r = c.post("/api/tables", json={"rules": "hachihachi_trick", "seats": ["human", "human", "random"],
                                        "names": ["ann", "bob", "cy"], "short": True, "turn_seconds": 0.05})
        assert r.status_code == 200, r.text
        table = r.json()
        with seated(c, table) as sockets:
            asked = Asked()
            first = until_choice(sockets, asked)
            seat = first["seat"]
            ws = sockets[seat]
            for _ in range(200):                         # the timer's state comes by itself
                m = ws.receive_json()
                if m.get("type") == "state" and seat in m["standins"]:
                    break
            else:
                raise AssertionError("no bot took the seat")
            assert m["kinds"][seat] == "person" and not m["choices"]
            ws.send_json({"type": "back"})
            for _ in range(200):
                m = ws.receive_json()
                if m.get("type") == "state" and seat not in m["standins"]:
                    break
            assert seat not in m["standins"]
