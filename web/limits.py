"""The server's bounds: how much one client and all clients together may hold, and how long
anything may take (docs/web.md, "Limits"). One frozen value, given to :func:`.server.create_app`;
``hachi serve`` sets the expiry times from its options.

A client is the address a request comes from (behind a reverse proxy on the same machine,
uvicorn takes it from ``X-Forwarded-For``). Counts are of what the server holds now: a table or an
upload that expires no longer counts.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Limits:
    tables: int = 500                   # tables the server holds at once
    tables_per_client: int = 20         # tables one client created that the server still holds
    uploads: int = 500                  # house-rule files the server keeps
    uploads_per_client: int = 20
    finished_minutes: float = 60.0      # a finished table is dropped this long after its end
    abandoned_hours: float = 48.0       # a table nobody opened nor played this long is dropped
    upload_hours: float = 48.0          # an uploaded rule file is dropped this long after its upload
    hello_seconds: float = 10.0         # a socket must say which seat it is within this
    send_seconds: float = 10.0          # a page that takes longer to read one message is dropped
    queued: int = 64                    # messages waiting for one page; past it the page is dropped
    body_seconds: float = 10.0          # a request's body must arrive within this
    header_seconds: float = 10.0        # a request's headers must arrive within this
    check_seconds: float = 10.0         # checking an uploaded rule file (in a child process)
    check_bytes: int = 1024 ** 3        # memory of that child process
    sweep_seconds: float = 60.0         # how often expired tables and uploads are looked for


class Quota:
    """What each client holds of one kind (tables, uploads), against a total and a per-client bound."""

    def __init__(self, what: str, total: int, per_client: int):
        self.what, self.total, self.per_client = what, total, per_client
        self.owner: dict[str, str] = {}             # thing -> client
        self.held: Counter[str] = Counter()

    def refusal(self, client: str) -> Optional[str]:
        """Why ``client`` may not have one more (None: it may)."""
        if len(self.owner) >= self.total:
            return f"the server holds {self.total} {self.what} already; try again later"
        if self.held[client] >= self.per_client:
            return (f"you have {self.per_client} {self.what} on this server already; finish or leave one "
                    "of them first")
        return None

    def add(self, thing: str, client: str) -> None:
        self.owner[thing] = client
        self.held[client] += 1

    def remove(self, thing: str) -> None:
        client = self.owner.pop(thing, None)
        if client is not None:
            self.held[client] -= 1
            if self.held[client] <= 0:
                del self.held[client]

    def __len__(self) -> int:
        return len(self.owner)
