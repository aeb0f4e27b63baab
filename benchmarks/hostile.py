"""The hostile-input suite, command by command: how many inputs each command answers cleanly.

Each input runs as its own ``hachi`` process (with a timeout, so a hang is counted, not waited
for). *Clean* means: the expected exit status, at least one ``PLACE: error:`` line when it is
refused (and the expected words, where given), no traceback, no secret of a file it must not
read, and no control character in the output. Inputs refused: the hostile rule files, folders
and records of tests/hostile_cases.py and the robustness tests; inputs answered (exit 0): the
valid tables whose cost would grow far past their size if they were expanded (``COSTLY``), and
``--samples`` of a table too costly to count exactly. The table gives, per command, the inputs
tried, answered cleanly, tracebacks, hangs, how many took over 2 s of wall time, how many over
200 MB, how many lost data (a save or record the game had written that no longer reads back, or a
save changed by a refusal), the worst wall time, the worst CPU time (user + system) and the worst
peak memory (maximum resident set of the child, from ``os.wait4``), with ``python -c pass``
measured in the same run as the baseline. The rows after ``roles --stats`` are the games whose
numbers pass the bound (tests/hostile_cases.py ``BOUND_CASES``), score sheets, sweeps, saves and
files and signals.

Run from the repository root with the project installed: python -m benchmarks.hostile
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.record import Result
from tests.hostile_cases import (
    CASES, COSTLY, DECK_HAND, FOLDER_CASES, SECRET, STATS_CASES, TOO_COSTLY, deck_of_1024,
)

NAME = "robustness"

TIMEOUT = 30.0          # seconds before an input counts as a hang
SLOW = 2.0              # wall seconds an answer should stay under
BIG = 200.0             # peak MB an answer should stay under
HAND = "As Ks Qs Js Ts 9s 8s"
CONTROLS = ("\x1b", "\x9b", "\x07", "\x7f", "\u202e", "\u2066")


@dataclass
class Row:
    tried: int = 0
    clean: int = 0
    tracebacks: int = 0
    hangs: int = 0
    slow: int = 0
    big: int = 0
    lost: int = 0
    worst_s: float = 0.0
    worst_cpu: float = 0.0
    worst_mb: float = 0.0
    unclean: list = field(default_factory=list)
    slowest: list = field(default_factory=list)


def run(args: list[str], cwd: Path, stdout: str | None = None) -> tuple[int | None, str, float, float, float]:
    """Exit status (None on a hang), output, wall seconds, CPU seconds and peak MB of one child process
    (``stdout``: the file its standard output goes to, such as /dev/full; its errors are the output)."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        pid = _spawn_in(args, cwd, out, stdout)
        status, usage = None, None
        while True:
            done, raw, usage = os.wait4(pid, os.WNOHANG)
            if done:
                status = os.waitstatus_to_exitcode(raw)
                break
            if time.perf_counter() - start > TIMEOUT:
                os.kill(pid, 9)
                _, _, usage = os.wait4(pid, 0)
                break
            time.sleep(0.005)
        seconds = time.perf_counter() - start
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    return status, text, seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _spawn_in(args: list[str], cwd: Path, out, stdout: str | None = None) -> int:
    pid = os.fork()
    if pid == 0:                                   # the child: run the command in ``cwd``
        try:
            os.chdir(cwd)
            null = os.open(os.devnull, os.O_RDONLY)
            os.dup2(null, 0)
            os.dup2(os.open(stdout, os.O_WRONLY) if stdout else out.fileno(), 1)
            os.dup2(out.fileno(), 2)
            os.execv(args[0], args)
        finally:
            os._exit(127)
    return pid


ERROR_MARKS = (": error: ", '"message": ', "::error file=")     # text, json, github


def judge(row: Row, name: str, status, text: str, seconds: float, cpu: float, mb: float, code: int = 1,
          expect: str = "") -> None:
    row.tried += 1
    row.worst_s, row.worst_cpu, row.worst_mb = max(row.worst_s, seconds), max(row.worst_cpu, cpu), max(row.worst_mb, mb)
    trace = "Traceback" in text
    row.tracebacks += trace
    row.hangs += status is None
    row.slow += seconds > SLOW
    row.big += mb > BIG
    if seconds > SLOW:
        row.slowest.append(f"{name}: {seconds:.2f} s wall, {cpu:.2f} s CPU")
    ok = (status == code and not trace and SECRET not in text and not any(c in text for c in CONTROLS)
          and (code == 0 or any(mark in text for mark in ERROR_MARKS)) and expect in text)
    row.clean += ok
    if not ok:
        row.unclean.append(f"{name}: exit {status}: {text.strip()[:160]!r}")


def rule_file_inputs(folder: Path) -> dict[str, Path]:
    """Every hostile rule file, each built in its own folder."""
    found = {}
    for name, (build, _) in CASES.items():
        sub = folder / name
        sub.mkdir()
        found[name] = build(sub)
    unknown = folder / "many_unknown_keys"
    unknown.mkdir()
    lines = ["extends: hachihachi_trick"] + [f"plyers{i}: 1" for i in range(9_300)]
    (unknown / "x.yaml").write_text("\n".join(lines) + "\n")
    found["many_unknown_keys"] = unknown / "x.yaml"
    chain = folder / "chain_of_large_files"
    chain.mkdir()
    for name, base in (("c", "hachihachi_trick"), ("b", "c.yaml"), ("a", "b.yaml")):
        (chain / f"{name}.yaml").write_text("\n".join([f"extends: {base}"] + lines[1:]) + "\n")
    found["chain_of_large_files"] = chain / "a.yaml"
    for name, (build, _) in FOLDER_CASES.items():
        sub = folder / name
        sub.mkdir()
        found[name] = build(sub)
    return found


def costly_inputs(folder: Path) -> dict[str, Path]:
    """Valid rule files whose cost would grow far past their size if expanded: answered, exit 0."""
    found = {}
    for name, build in COSTLY.items():
        sub = folder / name
        sub.mkdir()
        found[name] = build(sub)
    return found


def stats_inputs(folder: Path) -> dict[str, Path]:
    """Valid tables whose exact statistics are refused before counting."""
    found = {}
    for name, (build, _) in STATS_CASES.items():
        sub = folder / name
        sub.mkdir()
        found[name] = build(sub)
    return found


def escaping_inputs(folder: Path) -> dict[str, Path]:
    """Rule files whose text would act on a terminal if printed raw: refused where they stand."""
    path = folder / "escape_title.yaml"
    path.write_text('extends: hachihachi_trick\ntitle: {en: "x\\e]52;c;aGk=\\a\\e[2J\\u202e", ja: "y\\x9b"}\n')
    return {"escape_title": path}


def record_inputs(folder: Path) -> dict[str, Path]:
    """Hostile records: the robustness cases of the tests, and those naming files they must not reach."""
    from tests.test_replay_cli import BASE
    from tests.test_robustness_replay import BYTES, CASES as RECORD_CASES

    found = {}
    for name, (content, _) in list(RECORD_CASES.items()) + list(BYTES.items()):
        path = folder / f"r{len(found)}.yaml"
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        found[name] = path
    outside = folder / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_text(f"password: {SECRET}\n")
    games = folder / "games"
    games.mkdir()
    os.symlink(outside / "secret.yaml", games / "link.yaml")
    os.mkfifo(games / "pipe.yaml")
    (games / "config.yaml").write_text(f"api_key: {SECRET}\n")
    for name, ref in (("ruleset absolute", str(outside / "secret.yaml")), ("ruleset ../", "../outside/secret.yaml"),
                      ("ruleset link out", "link.yaml"), ("ruleset secret in tree", "config.yaml"),
                      ("ruleset FIFO", "pipe.yaml"), ("ruleset escape", "\x1b[2J.yaml"),
                      ("ruleset long name", "a" * 300 + ".yaml")):
        data = copy.deepcopy(BASE)
        data["ruleset"] = ref
        path = games / f"g{len(found)}.json"
        path.write_text(json.dumps(data))
        found[name] = path
    os.mkfifo(folder / "record_fifo.yaml")
    found["record is a FIFO"] = folder / "record_fifo.yaml"
    for name in ("class_ring", "pattern_number_huge", "pattern_nested_not", "float_chips"):   # refused bases
        sub = folder / name
        sub.mkdir()
        data = copy.deepcopy(BASE)
        data["ruleset"] = CASES[name][0](sub).name
        path = sub / "game.json"
        path.write_text(json.dumps(data))
        found[f"record naming {name}"] = path
    for name, body, size in (("1 MiB of empty lists", "[]", 1024 * 1024), ("128 KiB of empty lists", "[]", 128 * 1024),
                             ("128 KiB of zeros", "0", 128 * 1024)):
        head = "ruleset: hachihachi_trick\nplayers: [a, b, c]\nrounds: ["
        path = folder / f"big{len(found)}.yaml"
        path.write_text(head + ",".join([body] * ((size - len(head) - 4) // (len(body) + 1))) + "]\n")
        found[name] = path
    return found


def _base_record() -> dict:
    from tests.test_replay_cli import BASE

    return BASE


def _total(rows: dict[str, Row]) -> Row:
    total = Row()
    for row in rows.values():
        total.tried += row.tried
        total.clean += row.clean
        total.tracebacks += row.tracebacks
        total.hangs += row.hangs
        total.slow += row.slow
        total.big += row.big
        total.lost += row.lost
        total.worst_s = max(total.worst_s, row.worst_s)
        total.worst_cpu = max(total.worst_cpu, row.worst_cpu)
        total.worst_mb = max(total.worst_mb, row.worst_mb)
    return total


def measure(only: tuple[str, ...] | None = None) -> tuple[dict[str, Row], tuple]:
    """Every command on its hostile inputs (``only``: those commands): the rows, and the baseline
    ``python -c pass`` as (status, wall s, CPU s, MB)."""
    hachi = shutil.which("hachi")
    if hachi is None:
        sys.exit("hachi is not on PATH: install the project first (pip install -e .).")
    rows: dict[str, Row] = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        base_status, _, base_s, base_cpu, base_mb = run([sys.executable, "-c", "pass"], tmp)
        (tmp / "rules").mkdir()
        rules = rule_file_inputs(tmp / "rules")
        (tmp / "records").mkdir()
        records = record_inputs(tmp / "records")
        valid = escaping_inputs(tmp)          # refused as read: no text that steers a terminal
        (tmp / "costly").mkdir()
        costly = costly_inputs(tmp / "costly")
        (tmp / "stats").mkdir()
        stats = stats_inputs(tmp / "stats")

        def hand(p: Path) -> str:
            return DECK_HAND if p.parent.name.startswith("deck_") else HAND

        commands = {
            "validate": lambda p: [hachi, "validate", str(p)],
            "validate --format json": lambda p: [hachi, "validate", "--format", "json", str(p)],
            "validate --format github": lambda p: [hachi, "validate", "--format", "github", str(p)],
            "validate --warnings": lambda p: [hachi, "validate", "--warnings", str(p)],
            "table": lambda p: [hachi, "table", "--no-probability", "--rules", str(p)],
            "roles": lambda p: [hachi, "roles", "--rules", str(p), hand(p)],
            "play --auto": lambda p: [hachi, "play", "--auto", "--seed", "1", "--rules", str(p)],
        }
        for command, make in commands.items():
            if only is not None and command not in only:
                continue
            row = rows.setdefault(command, Row())
            for name, path in list(rules.items()) + list(valid.items()):
                judge(row, name, *run(make(path), tmp))
            for name, path in costly.items():
                judge(row, name, *run(make(path), tmp), code=0)
        if only is not None:
            return rows, (base_status, base_s, base_cpu, base_mb)
        row = rows.setdefault("replay", Row())
        for name, path in records.items():
            judge(row, name, *run([hachi, "replay", str(path)], tmp))
        for name, path in costly.items():            # a record beside a costly (valid) rule file
            data = copy.deepcopy(_base_record())
            data["ruleset"] = path.name
            record = path.parent / "game.json"
            record.write_text(json.dumps(data))
            code = 1 if name.startswith("deck_") else 0          # the record's cards are not of that deck
            judge(row, f"record naming {name}", *run([hachi, "replay", str(record)], tmp), code=code)
        row = rows.setdefault("roles --stats", Row())
        for name, path in stats.items():
            judge(row, name, *run([hachi, "roles", "--stats", "--rules", str(path)], tmp), expect=TOO_COSTLY)
        (tmp / "samples").mkdir()
        deck = deck_of_1024(tmp / "samples")
        judge(row, "--samples of a deck too large to count", *run(
            [hachi, "roles", "--stats", "--samples", "2000", "--rules", str(deck)], tmp), code=0, expect="estimated")
        from benchmarks.hostile_third import third_pass

        third_pass(rows, hachi, tmp / "third", Row, judge, run)
    return rows, (base_status, base_s, base_cpu, base_mb)


def print_rows(rows: dict[str, Row], base: tuple) -> None:
    base_status, base_s, base_cpu, base_mb = base
    print(f"baseline: python -c pass  {base_s:.2f} s wall, {base_cpu:.2f} s CPU, {base_mb:.0f} MB (exit {base_status})")
    print(f"{'command':26} {'tried':>5} {'clean':>5} {'traceb.':>7} {'hangs':>5} {'over 2 s':>8} {'>200 MB':>7} "
          f"{'lost':>4} {'wall s':>7} {'CPU s':>6} {'MB':>4}")
    for command, row in list(rows.items()) + [("all", _total(rows))]:
        print(f"{command:26} {row.tried:5} {row.clean:5} {row.tracebacks:7} {row.hangs:5} {row.slow:8} {row.big:7} "
              f"{row.lost:4} {row.worst_s:7.2f} {row.worst_cpu:6.2f} {row.worst_mb:4.0f}")
    for command, row in rows.items():
        for line in row.unclean:
            print(f"  NOT CLEAN ({command}) {line}")
    for command, row in rows.items():
        for line in row.slowest:
            print(f"  OVER {SLOW:.0f} s ({command}) {line}")


def bench(quick: bool = False) -> Result:
    """The suite's run: every command on every hostile input (``quick``: ``validate`` alone), with
    ``python -c pass`` as the baseline of time and memory."""
    rows, base = measure(("validate",) if quick else None)
    print_rows(rows, base)
    total = _total(rows)
    _, base_s, base_cpu, base_mb = base
    return Result(
        figures={"tried": total.tried, "clean": total.clean, "tracebacks": total.tracebacks, "hangs": total.hangs,
                 "over_2s": total.slow, "over_200mb": total.big, "data_lost": total.lost,
                 "worst_wall_s": round(total.worst_s, 3),
                 "worst_cpu_s": round(total.worst_cpu, 3), "worst_mb": round(total.worst_mb, 1),
                 "baseline_wall_s": round(base_s, 3), "baseline_mb": round(base_mb, 1),
                 "by_command": {c: [r.tried, r.clean] for c, r in rows.items()}},
        ratios={"clean / tried": round(total.clean / max(1, total.tried), 4),
                "worst wall / python -c pass": round(total.worst_s / max(base_s, 1e-6), 2),
                "worst MB / python -c pass": round(total.worst_mb / max(base_mb, 1e-6), 2)},
        ok=total.clean == total.tried and not total.hangs and not total.lost,
        params={"quick": quick, "commands": list(rows)})


def main() -> None:
    print_rows(*measure())


if __name__ == "__main__":
    main()
