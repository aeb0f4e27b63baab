"""The web server: Starlette routes for the table, the scorekeeper and the replay pages.

The server holds every game; a page sends only an action (the index of a legal choice) and
receives only what its seat may see (:mod:`.messages`). One ``asyncio.Lock`` per table orders
everything that reads or changes its game. Nothing that costs more than a few microseconds runs on
the event loop: a game's steps, the states sent to its pages, its saves, hints, the scorekeeper's
sheets and the check of an uploaded rule file run in worker threads (the check in a bounded child
process, :mod:`.sandbox`), so one table never delays another. A change only queues messages
(:class:`.transport.Outbox`); it never waits on a page while it holds a lock, and a page that
does not read is dropped. A step that fails (an effect past its bound) stops its table with one
message to its people. Bounds on clients, uploads, time and sizes: :mod:`.limits`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, AsyncIterator, Callable, Optional, TypeVar

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
from . import messages, transport
from .cards import back_svg, deck_pictures
from .limits import Limits, Quota
from .rulefiles import UploadError, Uploads, bundled_rulesets
from .scorekeeper import Sheets
from .replays import Replays
from .tables import SUMMARY_SECONDS, Table, TableError, Tables, seconds
from .transport import Malformed, Outbox

T = TypeVar("T")
STATIC = Path(__file__).resolve().parent / "static"
MAX_MESSAGE = 4096              # bytes of one message from a page
MAX_JSON = 16 * 1024            # bytes of a JSON request body
MAX_HINTS = 256                 # hints kept (by table, seat, turn and language)
BATCH_SECONDS = 0.01            # bots without delay: steps taken in one go, at most this long
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
}


class Refused(HachiError):
    """A request the server will not do, with its HTTP status."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


class Connection:
    """One page at a table: its seat, its language and its outbox."""

    def __init__(self, ws: WebSocket, limits: Limits):
        self.ws = ws
        self.seat = -1
        self.lang = "en"
        self.table: Optional[str] = None
        self.outbox = Outbox(ws.send_text, lambda code, reason: ws.close(code, reason), limits.send_seconds,
                             limits.queued)


class Hub:
    """The server's state: tables, open connections, uploads, score sheets, replays."""

    def __init__(self, folder: Optional[Path], bot_delay: float = 0.0, hint_iterations: int = 400,
                 limits: Optional[Limits] = None, clock: Callable[[], float] = time.monotonic):
        self.limits = limits or Limits()
        self.clock = clock
        self.tables = Tables(folder)
        self.folder = folder
        data = folder if folder is not None else Path(_temporary())
        self.uploads = Uploads(data)
        self.sheets = Sheets(data / "sheets", self.uploads)
        self.replays = Replays(data)
        self.bot_delay = bot_delay
        self.hint_iterations = hint_iterations
        self.locks: dict[str, asyncio.Lock] = {}
        self.connections: dict[str, dict[int, Connection]] = {}     # table -> seat -> its one page
        self.driving: dict[str, asyncio.Task[None]] = {}
        self.saving: dict[str, asyncio.Task[None]] = {}
        self.dirty: set[str] = set()
        self.hints: dict[tuple[str, int, int, str], asyncio.Future[list[str]]] = {}
        self.decks: dict[str, Ruleset] = {}
        self.table_quota = Quota("tables", self.limits.tables, self.limits.tables_per_client)
        self.upload_quota = Quota("uploaded rule files", self.limits.uploads, self.limits.uploads_per_client)
        self.touched: dict[str, float] = {}         # table -> when someone last played or opened it
        self.ended: dict[str, float] = {}           # table -> when its game ended (or stopped)
        self.uploaded: dict[str, float] = {}
        self.steps = ThreadPoolExecutor(4, thread_name_prefix="hachi-step")     # the tables' steps and states
        self.slow = ThreadPoolExecutor(1, thread_name_prefix="hachi-hint")      # hints, one at a time
        self.pages = ThreadPoolExecutor(2, thread_name_prefix="hachi-page")     # sheets, uploads, replays, saves
        self.tasks: set[asyncio.Task[Any]] = set()
        self.timers: dict[str, tuple[object, asyncio.Task[None]]] = {}     # table -> what it waits for, its timer

    async def run(self, pool: ThreadPoolExecutor, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(pool, functools.partial(fn, *args))

    def lock(self, table_id: str) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    def _task(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def deck_rules(self, key: str) -> Optional[Ruleset]:
        """The ruleset whose deck ``key`` names: ``b.NAME`` bundled, ``t.ID`` a table, ``u.ID`` an
        upload, ``s.ID`` a score sheet, ``r.ID`` a replay (kept once found: a card picture never
        reads a sheet twice)."""
        known = self.decks.get(key)
        if known is not None:
            return known
        prefix, _, ident = key.partition(".")
        try:
            found: Optional[Ruleset] = None
            if prefix == "b":
                found = self.uploads.get(ident)[0]
            elif prefix == "u":
                found = self.uploads.get("upload:" + ident)[0]
            elif prefix == "t":
                found = self.tables.get(ident).ruleset
            elif prefix == "s":
                found = self.sheets.ruleset(ident)
            elif prefix == "r":
                found = self.replays.ruleset(ident)
        except HachiError:
            return None
        if found is not None:
            if len(self.decks) >= 256:
                self.decks.clear()
            self.decks[key] = found
        return found

    # -- the table's connections ------------------------------------------------------------

    def join(self, table: Table, conn: Connection) -> None:
        """``conn`` is now its seat's page; an older page of the same seat is closed (a person who
        opens their link again, or reconnects, is the newer page)."""
        seats = self.connections.setdefault(table.id, {})
        old = seats.get(conn.seat)
        if old is not None and old is not conn:
            old.outbox.put_json({"type": "error", "message": "this seat was opened on another page"})
            old.outbox.close(transport.REPLACED, "this seat was opened on another page")
        seats[conn.seat] = conn
        conn.table = table.id
        table.connected[conn.seat] = 1
        self.touched[table.id] = self.clock()

    def leave(self, table: Table, conn: Connection) -> bool:
        """``conn`` is gone; True when it was its seat's page."""
        seats = self.connections.get(table.id, {})
        if seats.get(conn.seat) is not conn:
            return False
        del seats[conn.seat]
        table.connected[conn.seat] = 0
        self.touched[table.id] = self.clock()
        return True

    def pages_of(self, table: Table) -> list[Connection]:
        return [c for c in self.connections.get(table.id, {}).values() if not c.outbox.dropped]

    async def broadcast(self, table: Table) -> None:
        """Every page of the table gets its seat's state (call with the table's lock held)."""
        pages = self.pages_of(table)
        texts = await self.run(self.steps, _states, table, [(c.seat, c.lang) for c in pages])
        for conn, text in zip(pages, texts):
            conn.outbox.put(text)
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
        if when is not None and not table.stopped:
            self.timers[table.id] = (key, self._task(self._expire(table, key, when)))

    async def _expire(self, table: Table, key: object, when: float) -> None:
        await asyncio.sleep(max(0.0, when - time.monotonic()))
        async with self.lock(table.id):
            if table.stopped or table.wait_key() != key or not table.timeout(time.monotonic()):
                return
            self.timers.pop(table.id, None)
            await self.broadcast(table)
        self.drive(table)

    async def change(self, table: Table, fn: Callable[[], object]) -> None:
        """Run ``fn`` (a step of the game) in a worker and send every page its new state; call
        with the table's lock held. A :class:`TableError` is the caller's; any other failure
        stops the table (its game cannot go on) with one message to its people."""
        if table.stopped:
            raise TableError(table.stopped)
        pages = self.pages_of(table)
        wanted = [(c.seat, c.lang) for c in pages]
        try:
            texts = await self.run(self.steps, _changed, table, fn, wanted)
        except TableError:
            raise
        except Exception as e:                  # an effect past its bound, or anything the game cannot do
            self.stop(table, e)
            return
        for conn, text in zip(pages, texts):
            conn.outbox.put(text)
        if table.game.is_terminal:
            self.ended.setdefault(table.id, self.clock())
        self.arm(table)

    def stop(self, table: Table, e: BaseException) -> None:
        why = getattr(e, "message", None) or type(e).__name__
        table.stopped = messages.text(f"this table has stopped: {why}. Its save keeps the game up to the last "
                                      "move that could be played.")
        self.ended.setdefault(table.id, self.clock())
        for conn in self.pages_of(table):
            conn.outbox.put_json({"type": "error", "message": table.stopped, "stopped": True})

    def drive(self, table: Table) -> None:
        """Let the bots play until a person is to act (one task per table)."""
        task = self.driving.get(table.id)
        if task is None or task.done():
            self.driving[table.id] = self._task(self._drive(table))

    async def _drive(self, table: Table) -> None:
        stepped = False
        while True:
            await asyncio.sleep(self.bot_delay)         # 0: lets every other table have its turn
            async with self.lock(table.id):
                if table.stopped or not table.bot_due():
                    break
                try:
                    await self.change(table, functools.partial(_bots, table, self.bot_delay == 0))
                except TableError:
                    break
                stepped = True
        if stepped:
            self.save_soon(table)

    def save_soon(self, table: Table) -> None:
        """Save the table behind the answers (one save at a time per table, the last state always)."""
        if table.save_path is None:
            return
        self.dirty.add(table.id)
        if table.id not in self.saving:
            self.saving[table.id] = self._task(self._save(table))

    async def _save(self, table: Table) -> None:
        try:
            while table.id in self.dirty:
                self.dirty.discard(table.id)
                async with self.lock(table.id):
                    if table.stopped or table.id not in self.tables.tables:
                        return
                    record = await self.run(self.steps, table.record)
                await self.run(self.pages, table.save, record)
        finally:
            self.saving.pop(table.id, None)

    async def hint(self, table: Table, conn: Connection) -> list[str]:
        """The hint of the decision in front of ``conn``'s seat, searched on a copy of the game
        outside the table's lock; one search per seat, turn and language, however often asked."""
        async with self.lock(table.id):
            if table.stopped or table.person_to_act() != conn.seat:
                return []
            key = (table.id, conn.seat, table.turn, conn.lang)
            known = self.hints.get(key)
            if known is None:
                if len(self.hints) >= MAX_HINTS:
                    self.hints = {k: f for k, f in self.hints.items() if not f.done()}
                copy = await self.run(self.steps, table.game.clone)
                known = asyncio.ensure_future(self.run(self.slow, messages.hint, table, conn.seat, conn.lang,
                                                       self.hint_iterations, copy))
                self.hints[key] = known
        return await asyncio.shield(known)

    # -- what expires -----------------------------------------------------------------------

    async def sweep(self) -> list[str]:
        """Drop the tables that ended (or stopped) longer ago than ``finished_minutes`` and those
        nobody opened or played for ``abandoned_hours`` (their files removed), and the uploads
        older than ``upload_hours``; the ids of the tables dropped."""
        now, lim = self.clock(), self.limits
        gone = []
        for table_id, table in list(self.tables.tables.items()):
            if table.game.is_terminal or table.stopped:
                self.ended.setdefault(table_id, now)
            ended = self.ended.get(table_id)
            finished = ended is not None and now - ended >= lim.finished_minutes * 60
            quiet = (not self.connections.get(table_id)
                     and now - self.touched.get(table_id, now) >= lim.abandoned_hours * 3600)
            if finished or quiet:
                gone.append(table_id)
        for table_id in gone:
            saving = self.saving.get(table_id)
            if saving is not None:
                await asyncio.gather(saving, return_exceptions=True)       # the last save written first
            async with self.lock(table_id):
                self.tables.drop(table_id, delete=True)
            for conn in self.connections.pop(table_id, {}).values():
                conn.outbox.put_json({"type": "error", "message": "this table has ended and is closed"})
                conn.outbox.close(1001, "the table is closed")
            self.table_quota.remove(table_id)
            for store in (self.touched, self.ended, self.locks, self.driving):
                store.pop(table_id, None)
            self.decks.pop(f"t.{table_id}", None)
        for upload_id, when in list(self.uploaded.items()):
            if now - when >= lim.upload_hours * 3600:
                self.uploads.remove(upload_id)
                self.upload_quota.remove(upload_id)
                del self.uploaded[upload_id]
                self.decks.pop(f"u.{upload_id}", None)
        return gone

    async def sweeping(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_seconds)
            await self.sweep()

    async def close(self) -> None:
        """The server stops: pending saves written, every save unlocked, workers ended."""
        for task in list(self.tasks):
            if task in self.saving.values():
                continue
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.gather(*self.saving.values(), return_exceptions=True)
        self.tables.close()
        for pool in (self.steps, self.slow, self.pages):
            pool.shutdown(wait=False, cancel_futures=True)


def _states(table: Table, wanted: list[tuple[int, str]]) -> list[str]:
    """The state of each (seat, language), as the text sent (one state per pair, made once)."""
    made: dict[tuple[int, str], str] = {}
    for key in wanted:
        if key not in made:
            made[key] = json.dumps(messages.state(table, *key), ensure_ascii=False)
    return [made[key] for key in wanted]


def _changed(table: Table, fn: Callable[[], object], wanted: list[tuple[int, str]]) -> list[str]:
    fn()
    return _states(table, wanted)


def _bots(table: Table, batch: bool) -> None:
    """One bot move (or the deal); bots without delay take moves until a person is to act, for at
    most :data:`BATCH_SECONDS`, so that the table's work between two looks at the others stays small."""
    end = time.monotonic() + BATCH_SECONDS
    table.step(False)
    while batch and table.bot_due() and time.monotonic() < end:
        table.step(False)


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
<script src="/words.js"></script>
<script src="/static/common.js"></script>
<script src="/static/{script}.js"></script>
</body>
</html>
"""


def page_html(script: str, page_class: str = "") -> str:
    """Every page is the same frame: the common script, the page's own (``static/SCRIPT.js``) and
    its class of ``#app`` (``page_class``, for the style sheet)."""
    return PAGE.format(classes=f"page {page_class}".strip(), script=script)


def _page(script: str, page_class: str = "") -> Response:
    return HTMLResponse(page_html(script, page_class), headers=SECURITY_HEADERS)


async def home(request: Request) -> Response:
    return _page("index")


async def page_words(request: Request) -> Response:
    """The pages' own words in every language of the catalogs (``messages.page_words_script``)."""
    return Response(messages.page_words_script(), media_type="text/javascript", headers=SECURITY_HEADERS)


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


def _client(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _from_page(request: Request) -> None:
    if not transport.from_page(request.method, request.headers):
        raise Refused("this request did not come from this server's pages", 403)


async def _body(request: Request, limit: int) -> bytes:
    """The request's body, refused past ``limit`` bytes (read no further) or when it has not all
    arrived within the server's ``body_seconds``."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > limit):
        raise UploadError(f"the upload is larger than {limit // 1024} KiB")

    async def read() -> bytes:
        out = bytearray()
        async for chunk in request.stream():
            out += chunk
            if len(out) > limit:
                raise UploadError(f"the upload is larger than {limit // 1024} KiB")
        return bytes(out)

    seconds = request.app.state.hub.limits.body_seconds
    try:
        return await asyncio.wait_for(read(), seconds)
    except asyncio.TimeoutError:
        raise Refused(f"the request did not arrive within {seconds:g} s", 408) from None


async def _json_body(request: Request) -> dict[str, Any]:
    body = await _body(request, MAX_JSON)
    try:
        data = transport.parse_json(body or b"{}", MAX_JSON, "request")
    except Malformed as e:
        raise UploadError(e.message) from None
    if not isinstance(data, dict):
        raise UploadError("the request is a JSON object")
    return data


def _refusal(e: HachiError, lang: str = "en") -> JSONResponse:
    status = e.status if isinstance(e, Refused) else 400
    return _error(error_message(e.message, lang), status)


# -- the API -------------------------------------------------------------------------------------

async def setup(request: Request) -> Response:
    from ..interpreter.bots import bot_names

    return _json({"rulesets": bundled_rulesets(), "bots": list(bot_names())})


async def upload_rules(request: Request) -> Response:
    from .rulefiles import MAX_UPLOAD, describe
    from .sandbox import check_in_child

    hub: Hub = request.app.state.hub
    lang = "ja" if request.query_params.get("lang") == "ja" else "en"
    try:
        _from_page(request)
        client = _client(request)
        refusal = hub.upload_quota.refusal(client)
        if refusal:
            raise Refused(refusal, 429)
        body = await _body(request, MAX_UPLOAD)
        name = request.query_params.get("name", "house-rules.yaml")
        check = functools.partial(_check, check_in_child, hub.limits)
        upload_id, rules = await hub.run(hub.pages, hub.uploads.add, body, name, check)
        hub.upload_quota.add(upload_id, client)
        hub.uploaded[upload_id] = hub.clock()
    except UploadError as e:
        if lang == "ja":          # the page's language (the loader's words are English)
            return _error(ja_message(e.message), problems=[_problem_ja(p) for p in e.problems])
        return _error(e.message, problems=e.problems)
    except HachiError as e:
        return _refusal(e, lang)
    return _json({"ref": f"upload:{upload_id}", "deck": f"u.{upload_id}", **describe(rules, f"upload:{upload_id}")})


def _check(check_in_child: Callable[..., None], limits: Limits, path: Path, shown: str, home: Path) -> None:
    check_in_child(path, shown, home, limits.check_seconds, limits.check_bytes)


def _problem_ja(problem: dict[str, object]) -> dict[str, object]:
    """An upload's problem (its fields already escaped) with its text in Japanese."""
    said = ja_message(str(problem.get("message", "")))
    return {**problem, "text": f"{problem.get('file')}:{problem.get('line')}:{problem.get('col')}: エラー: {said}"}


async def create_table(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    lang = "ja" if request.query_params.get("lang") == "ja" else "en"
    try:
        _from_page(request)
        client = _client(request)
        refusal = hub.table_quota.refusal(client)
        if refusal:
            raise Refused(refusal, 429)
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
        create = functools.partial(hub.tables.create, turn_seconds=turn, summary_seconds=summary)
        table = await hub.run(hub.steps, create, rules, ref, seats, names, rounds)
    except HachiError as e:
        return _refusal(e, lang)
    hub.table_quota.add(table.id, client)
    hub.touched[table.id] = hub.clock()
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
        return _refusal(e)
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
    except QRError as e:
        return _error(str(e))
    except HachiError as e:
        return _refusal(e)


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


class _Gone(Exception):
    """The page closed its connection."""


async def _receive(ws: WebSocket) -> dict[str, Any]:
    """The next message: a JSON object. :class:`Malformed` closes the connection (a binary frame,
    too long, too deep, a number that is not finite); a ValueError is answered and read past."""
    frame = await ws.receive()
    if frame["type"] == "websocket.disconnect":
        raise _Gone()
    text = frame.get("text")
    if text is None:
        raise Malformed(transport.UNSUPPORTED, "messages are text (JSON), not binary")
    try:
        msg = transport.parse_json(text, MAX_MESSAGE)
    except Malformed as e:
        if e.message.endswith("is not JSON"):
            raise ValueError("a message is a JSON object") from None
        raise
    if not isinstance(msg, dict):
        raise ValueError("a message is a JSON object")
    return msg


async def table_socket(ws: WebSocket) -> None:
    """One person's connection: ``{"token", "lang"}`` first, then actions; state after each change."""
    hub: Hub = ws.app.state.hub
    origin = ws.headers.get("origin")
    if origin is not None and not transport.same_origin(origin, ws.headers.get("host", "")):
        await ws.close(code=transport.NOT_A_SEAT)       # refused before it is accepted: 403
        return
    await ws.accept()
    conn = Connection(ws, hub.limits)
    writer = asyncio.get_running_loop().create_task(conn.outbox.run())
    table: Optional[Table] = None
    try:
        table = await _hello(hub, ws, conn)
        if table is None:
            return
        hub.join(table, conn)
        async with hub.lock(table.id):
            await hub.broadcast(table)
            if table.stopped:
                conn.outbox.put_json({"type": "error", "message": table.stopped, "stopped": True})
        hub.drive(table)
        while not conn.outbox.dropped and not conn.outbox.closing:
            try:
                msg = await _receive(ws)
            except ValueError as e:
                conn.outbox.put_json({"type": "error", "message": str(e)})
                continue
            await _handle(hub, table, conn, msg)
    except Malformed as e:
        conn.outbox.put_json({"type": "error", "message": e.message})
        conn.outbox.close(e.code, e.message)
    except (_Gone, WebSocketDisconnect):
        conn.outbox.gone()
    finally:
        if table is not None and hub.leave(table, conn) and table.id in hub.tables.tables:
            async with hub.lock(table.id):
                await hub.broadcast(table)
        if not conn.outbox.closing and not conn.outbox.dropped:
            conn.outbox.close(1000)
        try:
            await asyncio.wait_for(conn.outbox.done.wait(), hub.limits.send_seconds * 2)
        except asyncio.TimeoutError:
            writer.cancel()


async def _hello(hub: Hub, ws: WebSocket, conn: Connection) -> Optional[Table]:
    """The table and seat the first message names, or None (the page is told why and closed)."""
    try:
        hello = await asyncio.wait_for(_receive(ws), hub.limits.hello_seconds)
    except asyncio.TimeoutError:
        conn.outbox.put_json({"type": "error", "message": "no hello: a page says which seat it is first"})
        conn.outbox.close(transport.NO_HELLO, "no hello")
        return None
    except ValueError as e:
        conn.outbox.put_json({"type": "error", "message": str(e)})
        conn.outbox.close(transport.BAD_HELLO, "bad hello")
        return None
    try:
        table = hub.tables.get(ws.path_params["table"])
    except TableError as e:
        conn.outbox.put_json({"type": "error", "message": messages.text(e.message)})
        conn.outbox.close(transport.BAD_HELLO, "no such table")
        return None
    seat = table.seat_of(str(hello.get("token", ""))[:100])
    if seat is None:
        conn.outbox.put_json({"type": "error", "message": "this link is not a seat of this table"})
        conn.outbox.close(transport.NOT_A_SEAT, "not a seat")
        return None
    conn.seat, conn.lang = seat, "ja" if hello.get("lang") == "ja" else "en"
    return table


async def _handle(hub: Hub, table: Table, conn: Connection, msg: dict[str, Any]) -> None:
    """Do what one message asks; an error goes to this connection only and changes nothing."""
    msg_type, seat, out = msg.get("type"), conn.seat, conn.outbox
    if msg_type in ("sync", "lang"):            # the seat's state now (sync: marked as the answer to it)
        if msg_type == "lang":
            conn.lang = "ja" if msg.get("lang") == "ja" else "en"
        reply = msg.get("id") if type(msg.get("id")) is int else None
        async with hub.lock(table.id):
            text = (await hub.run(hub.steps, _states, table, [(seat, conn.lang)]))[0]
        if msg_type == "sync":
            text = text[:-1] + f', "reply": {json.dumps(reply)}}}'
        out.put(text)
        return
    if msg_type == "back":              # the person is back: the stand-in bot stops playing for them
        async with hub.lock(table.id):
            if table.back(seat):
                await hub.broadcast(table)
        return
    if msg_type in ("act", "ready"):
        hub.touched[table.id] = hub.clock()
        turn, choice = msg.get("turn"), msg.get("choice")

        def step() -> object:           # a move or a summary seen: the person is back too
            table.back(seat)
            return table.act(seat, turn, choice, False) if msg_type == "act" else table.ready(seat)
        async with hub.lock(table.id):
            try:
                await hub.change(table, step)
            except TableError as e:
                out.put_json({"type": "error", "message": messages.text(error_message(e.message, conn.lang))})
                out.put((await hub.run(hub.steps, _states, table, [(seat, conn.lang)]))[0])
                return
        if msg_type == "act":
            hub.save_soon(table)
        hub.drive(table)
        return
    if msg_type == "explain":
        async with hub.lock(table.id):
            lines = await hub.run(hub.steps, messages.explain, table, seat, conn.lang)
        out.put_json({"type": "explain", "lines": lines})
        return
    if msg_type == "hint":
        out.put_json({"type": "hint", "lines": await hub.hint(table, conn)})
        return
    out.put_json({"type": "error", "message": "unknown message"})


# -- score sheets and replays -------------------------------------------------------------------

async def sheet_api(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    sheet_id = request.path_params.get("sheet")
    data: Any = {"lang": request.query_params.get("lang")}
    try:
        if request.method != "GET":
            _from_page(request)
            data = await _json_body(request)
        if sheet_id is None:
            return _json(await hub.run(hub.pages, hub.sheets.create, data))
        what = request.path_params.get("what", "")
        return _json(await hub.run(hub.pages, hub.sheets.handle, sheet_id, what, data))
    except HachiError as e:
        ja = isinstance(data, dict) and data.get("lang") == "ja"
        status = e.status if isinstance(e, Refused) else 400
        return _error(ja_message(e.message) if ja else e.message, status)


async def replay_api(request: Request) -> Response:
    from .replays import MAX_RECORD

    hub: Hub = request.app.state.hub
    try:
        _from_page(request)
        body = await _body(request, MAX_RECORD)
        return _json(await hub.run(hub.pages, hub.replays.add, body))
    except HachiError as e:
        return _refusal(e)


async def table_replay(request: Request) -> Response:
    """The replay of a finished table (a game in play is not replayed: it would show the hands)."""
    hub: Hub = request.app.state.hub
    try:
        table = hub.tables.get(request.path_params["table"])
        if not table.game.is_terminal:
            raise TableError("a table's replay opens when its game is over")
        return _json(await hub.run(hub.pages, hub.replays.add_game, table.game, table.session.names))
    except HachiError as e:
        return _error(e.message)


async def _failed(request: Request, exc: Exception) -> Response:
    """Anything unforeseen: one line, never a traceback."""
    return _error("the server could not do this", 500)


def create_app(folder: Optional[Path] = None, bot_delay: float = 0.0, hint_iterations: int = 400,
               limits: Optional[Limits] = None, clock: Callable[[], float] = time.monotonic) -> Starlette:
    """The application; ``folder`` keeps saves, sheets and uploads (None: a temporary folder)."""
    static = str(STATIC)
    hub = Hub(folder, bot_delay, hint_iterations, limits, clock)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeper = hub._task(hub.sweeping())
        for table in hub.tables.tables.values():
            hub.drive(table)
        try:
            yield
        finally:
            sweeper.cancel()
            await hub.close()

    app = Starlette(routes=[
        Route("/", home), Route("/words.js", page_words), Route("/table/{table}", table_page),
        Route("/score", score_page), Route("/score/{sheet}", score_page), Route("/replay", replay_page),
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
    ], lifespan=lifespan, exception_handlers={Exception: _failed})
    app.state.hub = hub
    for table in hub.tables.load():
        hub.table_quota.add(table.id, "saved")
        hub.touched[table.id] = hub.clock()
    return app


def run(host: str, port: int, folder: Path, bot_delay: float, finished_minutes: float = 60.0,
        abandoned_hours: float = 48.0) -> None:
    import uvicorn

    limits = Limits(finished_minutes=finished_minutes, abandoned_hours=abandoned_hours, upload_hours=abandoned_hours)
    uvicorn.run(create_app(folder, bot_delay, limits=limits), host=host, port=port, log_level="warning",
                ws_max_size=MAX_MESSAGE * 4, http=transport.header_timeout_protocol(limits.header_seconds),
                limit_concurrency=4 * limits.tables + 200)


__all__ = ["create_app", "run", "HUMAN"]
