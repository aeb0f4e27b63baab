"""``hachi serve``: the browser table, scorekeeper and replay pages (:mod:`hachihachi.web`).

The web server needs the optional extra ``[web]`` (Starlette and uvicorn); this command imports
it only when run and says in one line how to install it when it is missing.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import click

INSTALL = "the web pages need the [web] extra: pip install 'hachihachi[web]'"


def web_missing() -> bool:
    """True when Starlette or uvicorn is not installed."""
    return any(importlib.util.find_spec(name) is None for name in ("starlette", "uvicorn"))


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 lets others on the network join).")
@click.option("--port", type=click.IntRange(1, 65535), default=8088, show_default=True)
@click.option("--data", "data_dir", type=click.Path(file_okay=False), default="hachi-web", show_default=True,
              help="Folder of the server's saves, score sheets and uploaded rule files.")
@click.option("--bot-delay", type=click.FloatRange(0, 5), default=0.6, show_default=True,
              help="Seconds between two bot moves, so that people can follow them.")
@click.option("--finished-minutes", type=click.FloatRange(0, 10_000), default=60, show_default=True,
              help="A finished table is dropped (its save removed) this long after its end.")
@click.option("--abandoned-hours", type=click.FloatRange(0, 10_000), default=48, show_default=True,
              help="A table nobody opened nor played this long is dropped (its save removed).")
def serve(host: str, port: int, data_dir: str, bot_delay: float, finished_minutes: float,
          abandoned_hours: float) -> None:
    """Serve the table, scorekeeper and replay pages in the browser."""
    if web_missing():
        raise click.ClickException(INSTALL)
    from ..web.server import run

    shown = f"[{host}]" if ":" in host else host
    where = "localhost" if host in ("127.0.0.1", "::1") else shown
    click.echo(f"Open http://{where}:{port}/ in a browser (saves in {Path(data_dir).resolve()}); Ctrl-C stops.")
    run(host, port, Path(data_dir), bot_delay, finished_minutes, abandoned_hours)
