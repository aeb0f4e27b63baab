"""What comes in from a page and what goes out to it, bounded.

- :func:`parse_json`: a frame or a request body as JSON, refused (:class:`Malformed`, with the
  WebSocket close code that says why) when it is too long, nested too deep, not JSON, or holds a
  number that is not finite (``NaN``, ``Infinity``, ``1e999``). Nothing recurses over the input
  before its depth is known.
- :func:`from_page`: whether a state-changing request comes from this server's own pages: an
  ``Origin`` (every browser sends one with a ``POST`` and a WebSocket) must name this host; a
  request without one must carry a content type that no other site's page can send without asking
  the server first (a cross-site ``text/plain`` or form ``POST`` is refused).
- :class:`Outbox`: one page's messages, sent by a task of their own, so that a change at a table
  only puts messages in a queue (it never waits on a page while it holds the table's lock); a page
  that takes longer than a bound to read one message, or lets too many pile up, is dropped.
- :func:`header_timeout_protocol`: uvicorn's HTTP protocol with a deadline on a request's headers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import re
from typing import Any, Callable, Mapping, Optional
from urllib.parse import urlsplit

MAX_DEPTH = 16                  # nesting of arrays and objects in a message or a request body

# WebSocket close codes (RFC 6455, and the application's own 4000-4999)
UNSUPPORTED = 1003              # a binary frame
INVALID = 1007                  # not JSON, too deep, a number that is not finite
TOO_BIG = 1009
POLICY = 1008                   # a page that does not read its messages
BAD_HELLO = 4400
NOT_A_SEAT = 4403
NO_HELLO = 4408                 # no hello within the time
REPLACED = 4409                 # the seat was opened again elsewhere: the newer connection wins

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?')
_BRACKETS = re.compile(r"[\[\]{}]")
SIMPLE_TYPES = ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data")


class Malformed(Exception):
    """A frame or body that is not a bounded JSON value; ``code`` closes a WebSocket."""

    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code, self.message = code, message


class _NotFinite(ValueError):
    pass


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(text)
    return value


def _constant(text: str) -> Any:
    raise _NotFinite(text)


def depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text`` (strings skipped), found by counting."""
    deepest = level = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        level += 1 if bracket in "[{" else -1
        deepest = max(deepest, level)
    return deepest


def parse_json(raw: str | bytes, limit: int, what: str = "message") -> Any:
    """``raw`` as a JSON value, or :class:`Malformed`."""
    if len(raw) > limit:
        raise Malformed(TOO_BIG, f"the {what} is too long (at most {limit} bytes)")
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise Malformed(INVALID, f"the {what} is not UTF-8 text") from None
    if depth(text) > MAX_DEPTH:
        raise Malformed(INVALID, f"the {what} is nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_constant)
    except _NotFinite:
        raise Malformed(INVALID, f"the {what} holds a number that is not finite (NaN, Infinity)") from None
    except (ValueError, RecursionError):
        raise Malformed(INVALID, f"the {what} is not JSON") from None


def from_page(method: str, headers: Mapping[str, str]) -> bool:
    """True when a request may change something: it comes from this server's own pages."""
    if method in ("GET", "HEAD", "OPTIONS"):
        return True
    if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        return False
    origin = headers.get("origin")
    if origin is not None:
        return same_origin(origin, headers.get("host", ""))
    content_type = headers.get("content-type", "").split(";")[0].strip().lower()
    return bool(content_type) and content_type not in SIMPLE_TYPES


def same_origin(origin: str, host: str) -> bool:
    """``origin`` (scheme://host[:port]) names ``host`` (the request's Host header)."""
    try:
        netloc = urlsplit(origin).netloc.lower()
    except ValueError:
        return False
    return bool(netloc) and netloc == host.strip().lower()


class Outbox:
    """The messages waiting for one page, sent in order by :meth:`run` (start it as a task).

    :meth:`put` never waits. A page whose queue is full, or that does not take one message within
    ``seconds``, is dropped: ``on_drop`` is called once, and the connection is closed with
    :data:`POLICY` (within the same bound, else left to the server's own ping timeout).
    """

    def __init__(self, send: Callable[[str], Any], close: Callable[[int, str], Any], seconds: float,
                 limit: int, on_drop: Optional[Callable[[], None]] = None):
        self._send, self._close = send, close
        self.seconds, self.on_drop = seconds, on_drop
        self.queue: asyncio.Queue[tuple[str, int]] = asyncio.Queue(limit)
        self.dropped = False
        self.closing = False
        self.done = asyncio.Event()

    def put(self, text: str) -> bool:
        """Queue ``text``; False when the page is gone or has just been dropped for being slow."""
        if self.dropped or self.closing:
            return False
        try:
            self.queue.put_nowait((text, 0))
        except asyncio.QueueFull:
            self._drop()
            return False
        return True

    def put_json(self, data: Any) -> bool:
        return self.put(json.dumps(data, ensure_ascii=False))

    def close(self, code: int, reason: str = "") -> None:
        """Send what is queued, then close with ``code`` (a full queue closes at once)."""
        if self.dropped or self.closing:
            return
        self.closing = True
        try:
            self.queue.put_nowait((reason, code))
        except asyncio.QueueFull:
            self._drop()

    def gone(self) -> None:
        """The page closed its connection: the writer ends (nothing more is sent)."""
        self._drop()
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(("", 0))

    def _drop(self) -> None:
        if self.dropped:
            return
        self.dropped = True
        if self.on_drop is not None:
            self.on_drop()

    async def _end(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._close(code, reason[:120]), self.seconds)

    async def run(self) -> None:
        try:
            while not self.dropped:
                text, code = await self.queue.get()
                if self.dropped:
                    break
                if code:
                    await self._end(code, text)
                    return
                try:
                    await asyncio.wait_for(self._send(text), self.seconds)
                except asyncio.TimeoutError:
                    self._drop()
                except Exception:               # the page is gone (disconnected): nothing more to send
                    self._drop()
                    return
            await self._end(POLICY, "the page did not read its messages")
        finally:
            self.done.set()


def header_timeout_protocol(seconds: float) -> type:
    """uvicorn's HTTP protocol (httptools or h11, as uvicorn picks) that closes a connection whose
    first request's headers have not all arrived within ``seconds`` (later requests on a kept-alive
    connection are bounded by uvicorn's keep-alive timeout, a request's body by the server)."""
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    protocol: Any = AutoHTTPProtocol        # an alias uvicorn picks at import (Any to mypy, installed or not)

    class HeaderTimeout(protocol):
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._header_timer = self.loop.call_later(seconds, self._headers_late)

        def _headers_late(self) -> None:
            transport = self.transport
            upgraded = transport.get_protocol() is not self      # a WebSocket now: it has its own bounds
            if not upgraded and self.cycle is None and not transport.is_closing():
                transport.close()

        def connection_lost(self, exc: Optional[Exception]) -> None:
            self._header_timer.cancel()
            super().connection_lost(exc)

    return HeaderTimeout
