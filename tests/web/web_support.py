"""Helpers of the web tests: a server in the test process, people at a table over WebSockets."""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

import pytest

pytest.importorskip("starlette", reason="the web tests need the [web] extra: pip install 'hachihachi[web]'")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx (the [web] extra)")

from starlette.testclient import TestClient  # noqa: E402

from hachihachi.web.server import create_app  # noqa: E402

NAMES = ["ann", "bob", "cy", "dee", "eve", "fay", "gus"]


ORIGIN = {"origin": "http://testserver"}       # what a browser sends from the server's own pages


def client(tmp_path: Any, **options: Any) -> TestClient:
    """The app over ``tmp_path``, each request sent as the server's own pages send it."""
    return TestClient(create_app(tmp_path, bot_delay=0.0, hint_iterations=20, **options), headers=ORIGIN)


def new_table(c: TestClient, rules: str, seats: list[str], short: bool = True) -> dict[str, Any]:
    r = c.post("/api/tables", json={"rules": rules, "seats": seats, "names": NAMES[:len(seats)], "short": short})
    assert r.status_code == 200, r.text
    return dict(r.json())


@contextlib.contextmanager
def seated(c: TestClient, table: dict[str, Any]) -> Iterator[list[Any]]:
    """One open connection per person of ``table``, each greeted with its token."""
    with contextlib.ExitStack() as stack:
        sockets = []
        for seat in table["seats"]:
            ws = stack.enter_context(c.websocket_connect(f"/ws/table/{table['table']}"))
            ws.send_json({"token": seat["token"]})
            sockets.append(ws)
        yield sockets


class Asked:
    """Sends ``sync`` messages and keeps every message received on the way."""

    def __init__(self) -> None:
        self.n = 0
        self.seen: list[dict[str, Any]] = []

    def now(self, ws: Any) -> dict[str, Any]:
        """The seat's state now (every message before it is kept in :attr:`seen`)."""
        self.n += 1
        ws.send_json({"type": "sync", "id": self.n})
        while True:
            msg = ws.receive_json()
            self.seen.append(msg)
            if msg.get("reply") == self.n:
                return dict(msg)


def play_to_end(sockets: list[Any], asked: Asked, choose: Any = lambda m: 0, limit: int = 5000) -> dict[str, Any]:
    """Every person answers (``choose`` picks the index) and reads every summary until the end."""
    for _ in range(limit):
        for ws in sockets:
            m = asked.now(ws)
            if m["over"]:
                return m
            if m["summary"]:
                ws.send_json({"type": "ready"})
            elif m["choices"]:
                ws.send_json({"type": "act", "turn": m["turn"], "choice": choose(m)})
    raise AssertionError("the game did not end")



def until_choice(sockets: Any, asked: Asked, limit: int = 1000) -> dict[str, Any]:
    """The state of the first of ``sockets`` (one, or a list) that has a choice to make, every
    round summary read on the way; nothing at the table moves until that seat chooses."""
    sockets = sockets if isinstance(sockets, (list, tuple)) else [sockets]
    for _ in range(limit):
        for ws in sockets:
            m = asked.now(ws)
            if m["choices"]:
                return m
            if m["summary"]:
                ws.send_json({"type": "ready"})
    raise AssertionError("no choice came")
