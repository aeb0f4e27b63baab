"""The server against a client that means harm: each attack bounded in count and time, on the
test process's own app (Starlette's TestClient) or on 127.0.0.1, never a sleep."""

from __future__ import annotations

import asyncio
import socket
import threading

import pytest
from click.testing import CliRunner

from tests.web.web_support import NAMES, Asked, client, new_table, seated, until_choice   # skips without [web]
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from hachihachi.cli.main import cli  # noqa: E402
from hachihachi.interpreter.records.atomicfile import SaveLock  # noqa: E402
from hachihachi.interpreter.records.gamerecord import dump_record  # noqa: E402
from hachihachi.ruleset.loader import load_ruleset  # noqa: E402
from hachihachi.web import messages, transport  # noqa: E402
from hachihachi.web.limits import Limits  # noqa: E402

pytestmark = pytest.mark.web

GROWS = ("extends: hachihachi_trick\nname: grows\ncounters:\n  - {name: x, scope: table, start: 1000}\n"
         "effects:\n  - name: grows\n    when: WHEN\n    do:\n"
         "      - counter: {name: x, set: \"counter.x * 1000\"}\n")


def closed_with(ws) -> tuple[int, list[dict]]:
    """Read until the server closes: its close code and the messages before it."""
    seen = []
    for _ in range(200):
        try:
            seen.append(ws.receive_json())
        except WebSocketDisconnect as e:
            return e.code, seen
    raise AssertionError("the socket was not closed")


# -- rule files and effects ---------------------------------------------------------------------

def test_an_upload_whose_effect_grows_without_bound_is_refused_by_its_trial_game_and_not_kept(tmp_path):
    with client(tmp_path) as c:
        r = c.post("/api/rules?name=grows.yaml", content=GROWS.replace("WHEN", "round_start").encode())
        assert r.status_code == 400
        assert r.json()["error"].startswith("a trial game with the rule file stopped: effect 'grows': counter x")
        assert c.get("/api/setup").status_code == 200
    assert not any((tmp_path / "uploads").iterdir())


def test_an_upload_whose_check_runs_past_its_time_is_refused_in_one_line_and_not_kept(tmp_path):
    with client(tmp_path, limits=Limits(check_seconds=0.0)) as c:
        r = c.post("/api/rules?name=x.yaml", content=b"extends: hachihachi_trick\nname: x\n")
        assert r.status_code == 400
        assert r.json()["error"] == "checking the rule file took longer than 0 s; it is refused"
    assert not any((tmp_path / "uploads").iterdir())


def test_an_effect_past_its_bound_mid_game_stops_that_table_with_one_message_and_no_other(tmp_path):
    house = tmp_path / "grows.yaml"
    house.write_text(GROWS.replace("WHEN", "after_play"))
    rules = load_ruleset(str(house))
    with client(tmp_path / "data") as c:
        hub = c.app.state.hub
        broken = hub.tables.create(rules, str(house), ["human", "random", "random"], NAMES[:3], None, seed=1)
        other = new_table(c, "hachihachi_trick", ["human", "random", "random"])
        made = {"table": broken.id, "seats": [{"seat": 0, "token": broken.tokens[0]}]}
        asked = Asked()
        with seated(c, made) as (ws,):
            for _ in range(3000):
                m = asked.now(ws)
                if any(x.get("stopped") for x in asked.seen) or m["over"]:
                    break
                if m["summary"]:
                    ws.send_json({"type": "ready"})
                elif m["choices"]:
                    ws.send_json({"type": "act", "turn": m["turn"], "choice": 0})
            stops = [x for x in asked.seen if x.get("stopped")]
            assert len(stops) == 1 and "effect 'grows': counter x would be past" in stops[0]["message"]
            m = asked.now(ws)
            ws.send_json({"type": "act", "turn": m["turn"], "choice": 0})
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["message"].startswith("this table has stopped")
        with seated(c, other) as (ws,):
            assert Asked().now(ws)["table"] == other["table"]


# -- slow readers and sockets -------------------------------------------------------------------

def test_a_page_that_stops_reading_is_dropped_and_never_holds_up_its_table(tmp_path):
    from hachihachi.web.server import Hub

    class Page:
        def __init__(self, reads: bool):
            self.reads, self.got, self.closed = reads, [], None

        async def send_text(self, text):
            if not self.reads:
                await asyncio.Event().wait()        # a phone asleep with its socket open
            self.got.append(text)

        async def close(self, code, reason=""):
            self.closed = code

    async def main():
        from hachihachi.web.server import Connection
        hub = Hub(tmp_path, limits=Limits(send_seconds=0.05, queued=4))
        table = hub.tables.create(load_ruleset("hachihachi_trick"), "hachihachi_trick", ["human", "human", "random"],
                                  NAMES[:3], None, seed=1)
        asleep, awake = Page(False), Page(True)
        conns = []
        for seat, page in enumerate((asleep, awake)):
            conn = Connection(page, hub.limits)
            conn.seat = seat
            hub.join(table, conn)
            conns.append((conn, asyncio.get_running_loop().create_task(conn.outbox.run())))
        for _ in range(10):                          # every change only queues: none waits on the sleeper
            async with hub.lock(table.id):
                await asyncio.wait_for(hub.broadcast(table), 5)
        await asyncio.wait_for(conns[0][0].outbox.done.wait(), 5)
        assert conns[0][0].outbox.dropped and len(awake.got) == 10 and not asleep.got
        assert hub.pages_of(table) == [conns[1][0]]
        conns[1][0].outbox.close(1000)
        await asyncio.wait_for(conns[1][1], 5)
        await hub.close()

    asyncio.run(main())


def test_a_socket_that_sends_no_hello_is_closed_after_its_time(tmp_path):
    with client(tmp_path, limits=Limits(hello_seconds=0.05)) as c:
        table = new_table(c, "hachihachi_trick", ["human", "random", "random"])
        with c.websocket_connect(f"/ws/table/{table['table']}") as ws:
            code, seen = closed_with(ws)
        assert code == transport.NO_HELLO and seen[0]["message"].startswith("no hello")


def test_a_seat_opened_again_moves_to_the_newer_page_and_the_older_is_closed(tmp_path):
    with client(tmp_path) as c:
        table = new_table(c, "hachihachi_trick", ["human", "random", "random"])
        with seated(c, table) as (old,):
            assert Asked().now(old)["seat"] == 0
            with seated(c, table) as (new,):
                code, seen = closed_with(old)
                assert code == transport.REPLACED and seen[-1]["message"] == "this seat was opened on another page"
                m = Asked().now(new)
                assert m["seat"] == 0 and m["connected"][0]


@pytest.mark.parametrize("frame,code", [
    (b'{"type": "sync"}', transport.UNSUPPORTED),
    ("[" * 2000 + "]" * 2000, transport.INVALID),
    ('{"type": "act", "turn": NaN, "choice": 0}', transport.INVALID),
    ('{"type": "act", "turn": 1e999, "choice": 0}', transport.INVALID),
    ('{"type": "act", "pad": "' + "x" * 5000 + '"}', transport.TOO_BIG),
])
def test_a_malformed_frame_is_closed_with_its_code_and_one_line(tmp_path, frame, code):
    with client(tmp_path) as c:
        table = new_table(c, "hachihachi_trick", ["human", "random", "random"])
        with seated(c, table) as (ws,):
            Asked().now(ws)
            ws.send_bytes(frame) if isinstance(frame, bytes) else ws.send_text(frame)
            got, seen = closed_with(ws)
        assert got == code and seen[-1]["type"] == "error" and "\n" not in seen[-1]["message"]
        with seated(c, table) as (ws,):                 # the table goes on
            assert Asked().now(ws)["seat"] == 0


@pytest.mark.parametrize("body,error", [
    (b"[" * 8000 + b"]" * 8000, "the request is nested more than 16 levels deep"),
    (b'{"rules": NaN}', "the request holds a number that is not finite"),
    (b"{" * 20000, "the upload is larger than 16 KiB"),
])
def test_a_malformed_request_body_is_refused_in_one_line_not_a_server_error(tmp_path, body, error):
    with client(tmp_path) as c:
        r = c.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"].startswith(error)


# -- who may change anything, and how much --------------------------------------------------------

def test_a_cross_site_or_plain_text_post_creates_no_table(tmp_path):
    body = b'{"rules": "hachihachi_trick", "seats": ["human", "random", "random"], "names": ["a", "b", "c"]}'
    with client(tmp_path) as c:
        hub = c.app.state.hub
        evil = c.post("/api/tables", content=body,
                      headers={"origin": "http://evil.example", "content-type": "text/plain"})
        plain = c.post("/api/tables", content=body, headers={"origin": "", "content-type": "text/plain"})
        c.headers.pop("origin")
        bare = c.post("/api/tables", content=body, headers={"content-type": "text/plain"})
        assert [r.status_code for r in (evil, plain, bare)] == [403, 403, 403]
        assert evil.json()["error"] == "this request did not come from this server's pages"
        assert not hub.tables.tables
        scripted = c.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert scripted.status_code == 200                 # a program of the user's own (no browser) may
        with pytest.raises(WebSocketDisconnect):
            with c.websocket_connect(f"/ws/table/{scripted.json()['table']}", headers={"origin": "http://evil.example"}):
                pass


def test_tables_are_bounded_per_client_and_in_total(tmp_path):
    with client(tmp_path, limits=Limits(tables=3, tables_per_client=2)) as c:
        for _ in range(2):
            new_table(c, "hachihachi_trick", ["human", "random", "random"])
        r = c.post("/api/tables", json={"rules": "hachihachi_trick", "seats": ["human", "random", "random"],
                                        "names": NAMES[:3]})
        assert r.status_code == 429 and r.json()["error"].startswith("you have 2 tables on this server already")
        hub = c.app.state.hub
        hub.table_quota.add("elsewhere", "another client")
        hub.table_quota.held["testclient"] = 0
        r = c.post("/api/tables", json={"rules": "hachihachi_trick", "seats": ["human", "random", "random"],
                                        "names": NAMES[:3]})
        assert r.status_code == 429 and r.json()["error"].startswith("the server holds 3 tables already")


def test_uploads_are_bounded_per_client(tmp_path):
    with client(tmp_path, limits=Limits(uploads_per_client=1)) as c:
        ok = c.post("/api/rules?name=a.yaml", content=b"extends: hachihachi_trick\nname: a\n")
        again = c.post("/api/rules?name=b.yaml", content=b"extends: hachihachi_trick\nname: b\n")
        assert ok.status_code == 200 and again.status_code == 429
        assert len(list((tmp_path / "uploads").iterdir())) == 1


def test_finished_and_abandoned_tables_expire_with_their_files(tmp_path):
    now = [0.0]
    with client(tmp_path, limits=Limits(finished_minutes=5, abandoned_hours=1, upload_hours=1),
                clock=lambda: now[0]) as c:
        hub = c.app.state.hub
        quiet = new_table(c, "hachihachi_trick", ["human", "random", "random"])
        played = new_table(c, "hachihachi_trick", ["human", "random", "random"])
        up = c.post("/api/rules?name=a.yaml", content=b"extends: hachihachi_trick\nname: a\n").json()
        table = hub.tables.get(played["table"])
        with seated(c, played) as (ws,):
            from tests.web.web_support import play_to_end
            assert play_to_end([ws], Asked())["over"]
            now[0] = 4 * 60.0
            assert c.portal.call(hub.sweep) == []
            now[0] = 6 * 60.0
            assert c.portal.call(hub.sweep) == [played["table"]]
            code, _ = closed_with(ws)
            assert code == 1001
        assert not table.save_path.exists() and not table.seats_path.exists()
        assert quiet["table"] in hub.tables.tables
        now[0] = 3601.0
        assert c.portal.call(hub.sweep) == [quiet["table"]]
        assert not list((tmp_path / "tables").iterdir()) and not any((tmp_path / "uploads").iterdir())
        assert len(hub.table_quota) == 0 and up["ref"][7:] not in hub.uploads.rules


# -- the terminal and the page on the same files --------------------------------------------------

def test_a_table_the_server_holds_is_refused_to_hachi_play_resume_in_one_line(tmp_path):
    with client(tmp_path) as c:
        table = new_table(c, "hachihachi_trick", ["human", "random", "random"])
        save = tmp_path / "tables" / f"{table['table']}.yaml"
        res = CliRunner().invoke(cli, ["play", "--resume", str(save)], input="q\n")
        assert res.exit_code == 1
        assert "this save is in use by another 'hachi play' or 'hachi serve' (process " in res.output
        held = c.app.state.hub.tables.get(table["table"])
    # the server's bots may have played on meanwhile; once it stops, the save is the server's game
    assert save.read_text(encoding="utf-8") == dump_record(held.record(), save)


def test_a_save_a_terminal_plays_is_left_alone_by_the_server_until_the_terminal_lets_go(tmp_path):
    with client(tmp_path) as c:
        table = new_table(c, "hachihachi_trick", ["human", "random", "random"])
    save = tmp_path / "tables" / f"{table['table']}.yaml"
    with SaveLock(save):                                # `hachi play --resume` holds it
        with client(tmp_path) as c:
            assert table["table"] not in c.app.state.hub.tables.tables
            with c.websocket_connect(f"/ws/table/{table['table']}") as ws:
                ws.send_json({"token": table["seats"][0]["token"]})
                code, seen = closed_with(ws)
            assert code == transport.BAD_HELLO
            assert seen[0]["message"].startswith("this table is being played elsewhere: this save is in use")
    with client(tmp_path) as c:
        with seated(c, table) as (ws,):
            assert Asked().now(ws)["table"] == table["table"]


def test_a_sheet_a_terminal_adds_to_is_refused_to_the_page_and_left_unchanged(tmp_path):
    with client(tmp_path) as c:
        sheet = c.post("/api/sheets", json={"rules": "hachihachi_trick", "players": ["ann", "bob", "cy"],
                                            "start": "ann"}).json()["sheet"]
        path = tmp_path / "sheets" / f"{sheet}.yaml"
        before = path.read_bytes()
        with SaveLock(path, "hachi score --add", "sheet"):
            r = c.post(f"/api/sheets/{sheet}/ask", json={"answers": [0]})
            assert r.status_code == 400
            assert r.json()["error"].startswith("this sheet is in use by another 'hachi score --add' (process ")
        assert path.read_bytes() == before
        assert c.post(f"/api/sheets/{sheet}/ask", json={"answers": [0]}).status_code == 200


# -- hints --------------------------------------------------------------------------------------

def test_a_hint_is_searched_once_per_turn_outside_the_tables_lock(tmp_path, monkeypatch):
    release, calls = threading.Event(), []
    real = messages.hint

    def slow_hint(*args, **kw):
        calls.append(args[1])
        assert release.wait(10)
        return real(*args, **kw)

    monkeypatch.setattr(messages, "hint", slow_hint)
    with client(tmp_path) as c:
        table = new_table(c, "hachihachi_trick", ["human", "human", "random"])
        asked = Asked()
        with seated(c, table) as sockets:
            me = until_choice(sockets, asked)
            mine, other = sockets[me["seat"]], sockets[1 - me["seat"]]
            mine.send_json({"type": "hint"})
            assert asked.now(other)["turn"] == me["turn"]       # answered while the hint searches
            released_after = not release.is_set()
            release.set()
            first = mine.receive_json()
            mine.send_json({"type": "hint"})
            second = mine.receive_json()
        assert released_after and first["type"] == "hint" and first == second and calls == [me["seat"]]


# -- slow HTTP, on a real server on 127.0.0.1 -----------------------------------------------------

@pytest.fixture
def served(tmp_path):
    import uvicorn
    from hachihachi.web.server import create_app
    limits = Limits(header_seconds=0.2, body_seconds=0.2)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    config = uvicorn.Config(create_app(tmp_path, limits=limits), log_level="warning", lifespan="on",
                            http=transport.header_timeout_protocol(limits.header_seconds))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    yield sock.getsockname()
    server.should_exit = True
    thread.join(10)
    sock.close()


def _read_all(conn: socket.socket) -> bytes:
    conn.settimeout(10)
    out = b""
    while True:
        chunk = conn.recv(4096)
        if not chunk:
            return out
        out += chunk


def test_a_request_whose_headers_never_end_is_closed_after_its_time(served):
    with socket.create_connection(served, timeout=10) as conn:
        conn.sendall(b"GET /api/setup HTTP/1.1\r\nHost: 127.0.0.1\r\n")     # and nothing more
        assert _read_all(conn) == b""


@pytest.mark.slow                       # waits out the server's body timeout
def test_a_request_whose_body_never_ends_is_answered_408(served):
    with socket.create_connection(served, timeout=10) as conn:
        conn.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"rules\":")
        answer = _read_all(conn)
    assert answer.startswith(b"HTTP/1.1 408") and b"did not arrive within 0.2 s" in answer
