"""The web server: Starlette routes for the table, the scorekeeper and the replay pages.

The server holds every game; a page sends only an action (the index of a legal choice) and
receives only what its seat may see (:mod:`.messages`). One ``asyncio.Lock`` per table orders
everything that reads or changes its game; bots and hints run in a worker thread under it.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any, Optional

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..interpreter.records.recordfile import HUMAN
from ..cli.errors_ja import error_message, ja_message
from ..ruleset.errors import HachiError
from ..ruleset.model import Ruleset
from . import messages
from .cards import back_svg, deck_pictures
from .rulefiles import UploadError, Uploads, bundled_rulesets
from .scorekeeper import Sheets
from .replays import Replays
from .tables import SUMMARY_SECONDS, Table, TableError, Tables, seconds

STATIC = Path(__file__).resolve().parent / "static"
MAX_MESSAGE = 4096              # bytes of one message from a page
MAX_JSON = 16 * 1024            # bytes of a JSON request body
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
}


class Hub:
    """The server's state: tables, open connections, uploads, score sheets, replays."""

    def __init__(self, folder: Optional[Path], bot_delay: float = 0.0, hint_iterations: int = 400):
        self.tables = Tables(folder)
        self.folder = folder
        data = folder if folder is not None else Path(_temporary())
        self.uploads = Uploads(data)
        self.sheets = Sheets(data / "sheets", self.uploads)
        self.replays = Replays(data)
        self.bot_delay = bot_delay
        self.hint_iterations = hint_iterations
        self.locks: dict[str, asyncio.Lock] = {}
        self.sockets: dict[str, dict[WebSocket, tuple[int, str]]] = {}
        self.driving: dict[str, asyncio.Task[None]] = {}
        self.timers: dict[str, tuple[object, asyncio.Task[None]]] = {}
        self.bundled_decks: dict[str, Ruleset] = {}     # bundled name -> its ruleset, for card pictures

    def lock(self, table_id: str) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    def deck_rules(self, key: str) -> Optional[Ruleset]:
        """The ruleset whose deck ``key`` names: ``b.NAME`` bundled, ``t.ID`` a table, ``u.ID`` an
        upload, ``s.ID`` a score sheet, ``r.ID`` a replay."""
        kind, _, ident = key.partition(".")
        try:
            if kind == "b":                 # read once: the pictures never read a rule file again
                known = self.bundled_decks.get(ident)
                if known is None:
                    known = self.bundled_decks[ident] = self.uploads.get(ident)[0]
                return known
            if kind == "u":
                return self.uploads.get("upload:" + ident)[0]
            if kind == "t":
                return self.tables.get(ident).ruleset
            if kind == "s":
                return self.sheets.ruleset(ident)
            if kind == "r":
                return self.replays.ruleset(ident)
        except HachiError:
            return None
        return None

    # -- the table's connections ------------------------------------------------------------

    async def send_all(self, table: Table) -> None:
        for ws, (seat, lang) in list(self.sockets.get(table.id, {}).items()):
            try:
                await ws.send_json(messages.state(table, seat, lang))
            except (RuntimeError, WebSocketDisconnect):
                self.sockets.get(table.id, {}).pop(ws, None)
        self.arm(table)

    def arm(self, table: Table) -> None:
        """Set the table's one timer for what it waits for now (a round's summary, a person's
        turn); a timer set for an earlier wait is cancelled."""
        key, known = table.wait_key(), self.timers.get(table.id)
        if known is not None and known[0] == key and not known[1].done():
            return
        if known is not None:
            known[1].cancel()
            del self.timers[table.id]
        when = table.deadline()
        if when is not None:
            self.timers[table.id] = (key, asyncio.get_running_loop().create_task(self._expire(table, key, when)))

    async def _expire(self, table: Table, key: object, when: float) -> None:
        await asyncio.sleep(max(0.0, when - time.monotonic()))
        async with self.lock(table.id):
            if table.wait_key() != key or not table.timeout(time.monotonic()):
                return
            self.timers.pop(table.id, None)
            await self.send_all(table)
        self.drive(table)

    def drive(self, table: Table) -> None:
        """Let the bots play until a person is to act (one task per table)."""
        task = self.driving.get(table.id)
        if task is None or task.done():
            self.driving[table.id] = asyncio.get_running_loop().create_task(self._drive(table))

    async def _drive(self, table: Table) -> None:
        stepped = False
        while True:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            async with self.lock(table.id):
                if not table.bot_due():
                    if stepped:                 # saved once the bots have moved
                        await asyncio.to_thread(table.save)
                    return
                await asyncio.to_thread(table.step, False)
                stepped = True
                await self.send_all(table)


def _temporary() -> str:
    import tempfile

    return tempfile.mkdtemp(prefix="hachi-web-")


# -- pages -------------------------------------------------------------------------------------

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hachi-Hachi</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css">
</head>
<body>
<main id="app" class="{classes}"></main>
<script src="/static/common.js"></script>
<script src="/static/{script}.js"></script>
</body>
</html>
"""


def page_html(script: str, kind: str = "") -> str:
    """Every page is the same frame: the common script, the page's own (``static/SCRIPT.js``) and
    its kind as a class of ``#app`` (for the style sheet)."""
    return PAGE.format(classes=f"page {kind}".strip(), script=script)


def _page(script: str, kind: str = "") -> Response:
    return HTMLResponse(page_html(script, kind), headers=SECURITY_HEADERS)


async def home(request: Request) -> Response:
    return _page("index")


async def table_page(request: Request) -> Response:
    return _page("table", "table")


async def score_page(request: Request) -> Response:
    return _page("score", "score")


async def replay_page(request: Request) -> Response:
    return _page("replay", "replay")


def _error(message: str, status: int = 400, **more: Any) -> JSONResponse:
    return JSONResponse({"error": messages.text(message), **more}, status_code=status, headers=SECURITY_HEADERS)


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=SECURITY_HEADERS)


async def _body(request: Request, limit: int) -> bytes:
    """The request's body, refused past ``limit`` bytes (read no further)."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > limit):
        raise UploadError(f"the upload is larger than {limit // 1024} KiB")
    out = bytearray()
    async for chunk in request.stream():
        out += chunk
        if len(out) > limit:
            raise UploadError(f"the upload is larger than {limit // 1024} KiB")
    return bytes(out)


async def _json_body(request: Request) -> dict[str, Any]:
    body = await _body(request, MAX_JSON)
    try:
        data = json.loads(body or b"{}")
    except ValueError:
        raise UploadError("the request is not JSON") from None
    if not isinstance(data, dict):
        raise UploadError("the request is a JSON object")
    return data


# -- the API -------------------------------------------------------------------------------------

async def setup(request: Request) -> Response:
    from ..interpreter.bots import bot_names

    return _json({"rulesets": bundled_rulesets(), "bots": list(bot_names())})


async def upload_rules(request: Request) -> Response:
    from .rulefiles import MAX_UPLOAD, describe

    hub: Hub = request.app.state.hub
    try:
        body = await _body(request, MAX_UPLOAD)
        name = request.query_params.get("name", "house-rules.yaml")
        upload_id, rules = hub.uploads.add(body, name)
    except UploadError as e:
        if request.query_params.get("lang") == "ja":          # the page's language (the loader's words are English)
            return _error(ja_message(e.message), problems=[_problem_ja(p) for p in e.problems])
        return _error(e.message, problems=e.problems)
    return _json({"ref": f"upload:{upload_id}", "deck": f"u.{upload_id}", **describe(rules, f"upload:{upload_id}")})


def _problem_ja(problem: dict[str, object]) -> dict[str, object]:
    """An upload's problem (its fields already escaped) with its text in Japanese."""
    said = ja_message(str(problem.get("message", "")))
    return {**problem, "text": f"{problem.get('file')}:{problem.get('line')}:{problem.get('col')}: エラー: {said}"}


async def create_table(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    try:
        data = await _json_body(request)
        rules, ref = hub.uploads.get(str(data.get("rules", "")))
        seats = data.get("seats")
        names = data.get("names")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats) or len(seats) > 12:
            raise TableError("seats: one entry per seat, 'human' or a bot's name")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise TableError("names: one name per seat")
        rounds = rules.rounds.short if data.get("short") else None
        turn = seconds(data.get("turn_seconds"), "turn_seconds", None)
        summary = seconds(data.get("summary_seconds"), "summary_seconds", SUMMARY_SECONDS) or SUMMARY_SECONDS
        table = hub.tables.create(rules, ref, seats, names, rounds, turn_seconds=turn, summary_seconds=summary)
    except HachiError as e:
        return _error(error_message(e.message, "ja" if request.query_params.get("lang") == "ja" else "en"))
    hub.drive(table)
    return _json({"table": table.id, "deck": f"t.{table.id}", "host": table.host, "title": table.ruleset.title.en,
                  "title_ja": table.ruleset.title.ja, **_links(table)})


def _links(table: Table) -> dict[str, Any]:
    return {"seats": [{"seat": s, "name": table.session.names[s], "token": t} for s, t in table.tokens.items()]}


async def table_links(request: Request) -> Response:
    """Every seat's token, for the table's host only (``{"host": TOKEN}`` in the body)."""
    hub: Hub = request.app.state.hub
    try:
        data = await _json_body(request)
        table = hub.tables.get(request.path_params["table"])
        if not table.is_host(data.get("host")):
            return _error("only the table's host sees its links", 403)
    except HachiError as e:
        return _error(e.message)
    return _json(_links(table))


async def table_status(request: Request) -> Response:
    """What the home page shows of a table it knows: its title, round and whether it is over."""
    hub: Hub = request.app.state.hub
    try:
        table = hub.tables.get(request.path_params["table"])
    except HachiError as e:
        return _error(e.message, 404)
    g = table.game
    return _json({"table": table.id, "title": {"en": table.ruleset.title.en, "ja": table.ruleset.title.ja},
                  "round": g.round_index + 1, "rounds": g.rounds, "over": g.is_terminal,
                  "names": [messages.text(n) for n in table.session.names]})


async def qr_code(request: Request) -> Response:
    """A QR code (an SVG data address) of a link to this server's pages, for a phone to scan."""
    from .qr import QRError, qr_data_uri

    try:
        data = await _json_body(request)
        return _json({"qr": qr_data_uri(str(data.get("text", "")))})
    except (HachiError, QRError) as e:
        return _error(getattr(e, "message", None) or str(e))


async def card_picture(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    key, which = request.path_params["deck"], request.path_params["card"]
    headers = {**SECURITY_HEADERS, "Cache-Control": "public, max-age=86400, immutable"}
    if which == "back":
        return Response(back_svg(), media_type="image/svg+xml", headers=headers)
    rules = hub.deck_rules(key)
    if rules is None or not which.isdecimal() or len(which) > 3 or int(which) >= rules.deck.size:
        return _error("no such card", 404)
    return Response(deck_pictures(rules.deck)[int(which)], media_type="image/svg+xml", headers=headers)


async def table_socket(ws: WebSocket) -> None:
    """One person's connection: ``{"token", "lang"}`` first, then actions; state after each change."""
    hub: Hub = ws.app.state.hub
    await ws.accept()
    try:
        table = hub.tables.get(ws.path_params["table"])
        hello = await _receive(ws)
        seat = table.seat_of(str(hello.get("token", ""))[:100])
        if seat is None:
            await ws.send_json({"type": "error", "message": "this link is not a seat of this table"})
            await ws.close(code=4403)
            return
    except (TableError, ValueError) as e:
        await ws.send_json({"type": "error", "message": messages.text(getattr(e, "message", "bad message"))})
        await ws.close(code=4400)
        return
    except WebSocketDisconnect:
        return
    lang = "ja" if hello.get("lang") == "ja" else "en"
    sockets = hub.sockets.setdefault(table.id, {})
    sockets[ws] = (seat, lang)
    table.connected[seat] = table.connected.get(seat, 0) + 1
    try:
        async with hub.lock(table.id):
            await hub.send_all(table)
        hub.drive(table)
        while True:
            try:
                msg = await _receive(ws)
            except ValueError as e:
                await ws.send_json({"type": "error", "message": str(e)})
                continue
            lang = await _handle(hub, table, ws, seat, lang, msg)
            sockets[ws] = (seat, lang)
    except WebSocketDisconnect:
        pass
    finally:
        sockets.pop(ws, None)
        table.connected[seat] = max(0, table.connected.get(seat, 1) - 1)
        if table.id in hub.locks:
            async with hub.lock(table.id):
                await hub.send_all(table)


async def _receive(ws: WebSocket) -> dict[str, Any]:
    raw = await ws.receive_text()
    if len(raw) > MAX_MESSAGE:
        raise ValueError("the message is too long")
    try:
        msg = json.loads(raw)
    except ValueError:
        raise ValueError("a message is a JSON object") from None
    if not isinstance(msg, dict):
        raise ValueError("a message is a JSON object")
    return msg


async def _handle(hub: Hub, table: Table, ws: WebSocket, seat: int, lang: str, msg: dict[str, Any]) -> str:
    """Do what one message asks; an error goes to this connection only and changes nothing."""
    kind = msg.get("type")
    if kind == "sync":              # the seat's state now, marked as the answer to this message
        reply = msg.get("id") if type(msg.get("id")) is int else None
        async with hub.lock(table.id):
            await ws.send_json({**messages.state(table, seat, lang), "reply": reply})
        return lang
    if kind == "lang":
        lang = "ja" if msg.get("lang") == "ja" else "en"
        async with hub.lock(table.id):
            await ws.send_json(messages.state(table, seat, lang))
        return lang
    if kind == "back":              # the person is back: the stand-in bot stops playing for them
        async with hub.lock(table.id):
            if table.back(seat):
                await hub.send_all(table)
        return lang
    if kind == "act":
        async with hub.lock(table.id):
            table.back(seat)
            try:
                await asyncio.to_thread(table.act, seat, msg.get("turn"), msg.get("choice"))
            except TableError as e:
                await ws.send_json({"type": "error", "message": messages.text(error_message(e.message, lang))})
                await ws.send_json(messages.state(table, seat, lang))
                return lang
            await hub.send_all(table)
        hub.drive(table)
        return lang
    if kind == "ready":
        async with hub.lock(table.id):
            table.back(seat)
            table.ready(seat)
            await hub.send_all(table)
        hub.drive(table)
        return lang
    if kind == "explain":
        async with hub.lock(table.id):
            lines = messages.explain(table, seat, lang)
        await ws.send_json({"type": "explain", "lines": lines})
        return lang
    if kind == "hint":
        async with hub.lock(table.id):
            lines = await asyncio.to_thread(messages.hint, table, seat, lang, hub.hint_iterations)
        await ws.send_json({"type": "hint", "lines": lines})
        return lang
    await ws.send_json({"type": "error", "message": "unknown message"})
    return lang


# -- score sheets and replays -------------------------------------------------------------------

async def sheet_api(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    sheet_id = request.path_params.get("sheet")
    data: Any = {"lang": request.query_params.get("lang")}
    try:
        if request.method != "GET":
            data = await _json_body(request)
        if sheet_id is None:
            return _json(hub.sheets.create(data))
        what = request.path_params.get("what", "")
        return _json(hub.sheets.handle(sheet_id, what, data))
    except HachiError as e:
        ja = isinstance(data, dict) and data.get("lang") == "ja"
        return _error(ja_message(e.message) if ja else e.message)


async def replay_api(request: Request) -> Response:
    from .replays import MAX_RECORD

    hub: Hub = request.app.state.hub
    try:
        body = await _body(request, MAX_RECORD)
        return _json(hub.replays.add(body))
    except HachiError as e:
        return _error(e.message)


async def table_replay(request: Request) -> Response:
    """The replay of a finished table (a game in play is not replayed: it would show the hands)."""
    hub: Hub = request.app.state.hub
    try:
        table = hub.tables.get(request.path_params["table"])
        if not table.game.is_terminal:
            raise TableError("a table's replay opens when its game is over")
        return _json(hub.replays.add_game(table.game, table.session.names))
    except HachiError as e:
        return _error(e.message)


def create_app(folder: Optional[Path] = None, bot_delay: float = 0.0, hint_iterations: int = 400) -> Starlette:
    """The application; ``folder`` keeps saves, sheets and uploads (None: a temporary folder)."""
    static = str(STATIC)
    app = Starlette(routes=[
        Route("/", home), Route("/table/{table}", table_page), Route("/score", score_page),
        Route("/score/{sheet}", score_page), Route("/replay", replay_page),
        Route("/api/setup", setup), Route("/api/rules", upload_rules, methods=["POST"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table}/replay", table_replay), Route("/api/tables/{table}", table_status),
        Route("/api/tables/{table}/links", table_links, methods=["POST"]),
        Route("/api/qr", qr_code, methods=["POST"]),
        Route("/api/sheets", sheet_api, methods=["POST"]),
        Route("/api/sheets/{sheet}", sheet_api, methods=["GET"]),
        Route("/api/sheets/{sheet}/{what}", sheet_api, methods=["POST"]),
        Route("/api/replays", replay_api, methods=["POST"]),
        Route("/cards/{deck}/{card}.svg", card_picture),
        WebSocketRoute("/ws/table/{table}", table_socket),
        Mount("/static", StaticFiles(directory=static), name="static"),
    ])
    app.state.hub = Hub(folder, bot_delay, hint_iterations)
    for table in app.state.hub.tables.load():
        del table
    return app


def run(host: str, port: int, folder: Path, bot_delay: float) -> None:
    import uvicorn

    uvicorn.run(create_app(folder, bot_delay), host=host, port=port, log_level="warning",
                ws_max_size=MAX_MESSAGE * 4)


__all__ = ["create_app", "run", "HUMAN"]
