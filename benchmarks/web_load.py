"""Load on the web server over loopback: many tables of bots, each with a scripted person, at once.

A server (``hachi serve``'s application, bots without delay, no saving folder of the user's) runs
in a child process on 127.0.0.1; ``--tables`` scripted clients connect over WebSockets, one per
table (the other seats are bots), and play short games: each answers its seat's first choice as
soon as it is shown and reads every round's summary. The time from sending an action to the
state that answers it is measured per action. Bounded in count (``--tables``, each a short game)
and in time (``--seconds``); only 127.0.0.1 is ever contacted.

Printed: actions answered, p50/p95/max of action -> answer, the server's resident memory before
and after, and the baseline: the same action applied by the table in this process (no network),
saved as the server saves them, with the ratio of the two p50s.

    python -m benchmarks.web_load [--tables 50] [--seconds 120] [--rules hachihachi_trick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

SERVER = """
import sys, uvicorn
from pathlib import Path
from hachihachi.web.limits import Limits
from hachihachi.web.server import create_app
limits = Limits(tables_per_client=10_000)       # every table of the load comes from one address
uvicorn.run(create_app(Path(sys.argv[1]), bot_delay=0.0, limits=limits), host="127.0.0.1", port=int(sys.argv[2]),
            log_level="warning", ws_max_size=16384)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def post(base: str, path: str, data: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(base + path, json.dumps(data).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return dict(json.loads(response.read()))


async def person(url: str, token: str, times: list[float], deadline: float) -> bool:
    """Play one seat to the end of the game (True) or until the deadline (False)."""
    import websockets

    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"token": token}))
        pending: tuple[int, float] | None = None
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                return False
            m = json.loads(raw)
            if m["type"] == "error":
                pending = None
                continue
            if m["type"] != "state":
                continue
            if pending is not None and m["turn"] > pending[0]:
                times.append(time.perf_counter() - pending[1])
                pending = None
            if m["over"]:
                return True
            if m["summary"]:
                await ws.send(json.dumps({"type": "ready"}))
            elif m["choices"] and pending is None:
                pending = (m["turn"], time.perf_counter())
                await ws.send(json.dumps({"type": "act", "turn": m["turn"], "choice": 0}))
    return False


def baseline(rules: str, seats: list[str], actions: int, folder: Path) -> list[float]:
    """The same kind of action applied by a table in this process, saved as the server saves it
    (after the person's action and after the bots' moves), one table at a time: the engine, the
    bots and the saves, no network."""
    from hachihachi.ruleset.loader import load_ruleset
    from hachihachi.web.tables import Tables

    ruleset = load_ruleset(rules)
    times: list[float] = []
    seed = 0
    tables = Tables(folder)
    while len(times) < actions:
        seed += 1
        table = tables.create(ruleset, rules, seats, ["p", "q", "r", "s", "t"][:len(seats)],
                                    ruleset.rounds.short, seed=seed)
        while not table.game.is_terminal and len(times) < actions:
            if table.waiting:
                for seat in list(table.waiting):
                    table.ready(seat)
            elif table.person_to_act() is not None:
                t0 = time.perf_counter()
                table.act(0, table.turn, 0)
                stepped = False
                while table.bot_due():             # the server answers once the bots have moved
                    table.step(save=False)
                    stepped = True
                if stepped:
                    table.save()
                times.append(time.perf_counter() - t0)
            else:
                table.step()
    return times


def pct(values: list[float], p: float) -> float:
    return sorted(values)[min(len(values) - 1, int(p * len(values)))] * 1000


async def load(base: str, tables: int, rules: str, seats: list[str], seconds: float) -> tuple[list[float], int]:
    made = [post(base, "/api/tables", {"rules": rules, "seats": seats, "names": ["p", "q", "r", "s", "t"][:len(seats)],
                                       "short": True}) for _ in range(tables)]
    ws_base = base.replace("http://", "ws://")
    times: list[float] = []
    deadline = time.monotonic() + seconds
    done = await asyncio.gather(*(person(f"{ws_base}/ws/table/{m['table']}", m["seats"][0]["token"], times, deadline)
                                  for m in made))
    return times, sum(done)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=120.0)
    ap.add_argument("--rules", default="hachihachi_trick")
    ap.add_argument("--bots", default="heuristic,heuristic", help="the bots of the other seats")
    args = ap.parse_args()
    seats = ["human"] + args.bots.split(",")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="hachi-web-load-") as folder:
        proc = subprocess.Popen([sys.executable, "-c", SERVER, folder, str(port)])
        try:
            for _ in range(200):
                try:
                    urllib.request.urlopen(base + "/api/setup", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.05)
            before = rss_mib(proc.pid)
            t0 = time.perf_counter()
            times, finished = asyncio.run(load(base, args.tables, args.rules, seats, args.seconds))
            wall = time.perf_counter() - t0
            after = rss_mib(proc.pid)
        finally:
            proc.terminate()
            proc.wait(10)
    if not times:
        raise SystemExit("no action was answered")
    with tempfile.TemporaryDirectory(prefix="hachi-web-base-") as folder:
        base_times = baseline(args.rules, seats, min(len(times), 1000), Path(folder))
    print(f"web load: {args.tables} tables of {args.rules} ({', '.join(seats)}), one scripted person each, "
          f"on 127.0.0.1; cores {os.cpu_count()}")
    print(f"  games finished {finished}/{args.tables} in {wall:.1f} s; actions answered {len(times)} "
          f"({len(times) / wall:.0f}/s)")
    print(f"  action -> answer: p50 {pct(times, 0.5):.1f} ms, p95 {pct(times, 0.95):.1f} ms, "
          f"max {max(times) * 1000:.1f} ms, mean {statistics.mean(times) * 1000:.1f} ms")
    print(f"  server memory (RSS): {before:.0f} MiB idle, {after:.0f} MiB after the load")
    print(f"  baseline, the same actions and saves in process (no network, one table at a time): p50 "
          f"{pct(base_times, 0.5):.2f} ms, p95 {pct(base_times, 0.95):.2f} ms; "
          f"web p50 / baseline p50 = {pct(times, 0.5) / pct(base_times, 0.5):.1f}x")


if __name__ == "__main__":
    main()
