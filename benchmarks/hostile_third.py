"""The hostile suite's third pass (benchmarks/hostile.py runs it after the others): games whose
numbers pass the bound on every number a game holds, score sheets as people write them, sweeps of
unknown parameters, saves (five games started at once, a save changed by hand, the longest game)
and files and signals (output to /dev/full, a second Ctrl-C).

Each input is judged as the other rows are (exit status, one ``PLACE: error:`` line, no
traceback); ``lost`` counts the inputs after which a save or record the game wrote no longer reads
back, or a save a refusal must leave alone was changed.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import time
from pathlib import Path
from typing import Any, Callable

from tests.hostile_cases import BOUND_CASES, BOUND_ERROR, FOLDED_PLACE, GROWTH_WARNING, folded_expression_error

HOUSE_RULE = Path(__file__).resolve().parents[1] / "tests" / "house_rules" / "variants" / \
    "fx_start_player_may_double.yaml"
FULL = "/dev/full"
GAME = ["--seed", "1", "--players", "3"]


def third_pass(rows: dict[str, Any], hachi: str, folder: Path, Row: Callable[[], Any], judge: Callable[..., None],
               run: Callable[..., tuple]) -> None:
    """Every input of the third pass, judged into ``rows`` (new rows made with ``Row``)."""
    folder.mkdir()
    (folder / "folded").mkdir()
    judge(rows["validate"], "folded_expression_error, at its line", *run(
        [hachi, "validate", str(folded_expression_error(folder / "folded"))], folder), expect=FOLDED_PLACE)
    _bound(rows, hachi, folder / "bound", Row, judge, run)
    _sheets(rows.setdefault("score", Row()), hachi, folder / "sheets", judge, run)
    row = rows.setdefault("sweep", Row())
    judge(row, "--set parameters.nope", *run([hachi, "sweep", "hachihachi_trick", "--set", "parameters.nope=1,2",
                                               "--games", "1"], folder), code=2, expect="unknown parameter 'nope'")
    _saves(rows.setdefault("saves", Row()), hachi, folder / "saves", judge, run)
    _files(rows.setdefault("files and signals", Row()), hachi, folder / "files", judge, run)


def _bound(rows: dict[str, Any], hachi: str, folder: Path, Row: Callable[[], Any], judge: Callable[..., None],
           run: Callable[..., tuple]) -> None:
    from tests.test_replay_cli import BASE

    folder.mkdir()
    for name, (build, stops) in BOUND_CASES.items():
        sub = folder / name
        sub.mkdir()
        path = build(sub)
        for command, args in (("validate", []), ("validate --format json", ["--format", "json"]),
                              ("validate --format github", ["--format", "github"])):
            judge(rows[command], name, *run([hachi, "validate", *args, str(path)], sub), code=0)
        judge(rows["validate --warnings"], name, *run([hachi, "validate", "--warnings", str(path)], sub), code=0,
              expect=GROWTH_WARNING)
        judge(rows["play --auto"], name, *run([hachi, "play", "--auto", *GAME, "--rules", str(path)], sub),
              expect=f"round {stops}: error: ")
        row = rows.setdefault("simulate --workers 2", Row())
        judge(row, name, *run([hachi, "simulate", "--games", "4", "--players", "3", "--workers", "2", "--rules",
                               str(path)], sub), expect=BOUND_ERROR)
        judge(row, f"{name} --json", *run([hachi, "simulate", "--games", "2", "--players", "3", "--json", "--rules",
                                           str(path)], sub), expect=BOUND_ERROR)
        row = rows.setdefault("play --save, --resume", Row())
        save = sub / "s.yaml"
        judge(row, f"{name} saved", *run([hachi, "play", "--auto", *GAME, "--rules", path.name, "--save", save.name],
                                         sub), expect=BOUND_ERROR)
        if stops > 1:                           # rounds were saved before the number passed the bound
            row.lost += not save.exists() or run([hachi, "replay", save.name], sub)[0] != 0
        changed = sub / "changed"               # a game saved, then its rule file changed under it
        changed.mkdir()
        (changed / "r.yaml").write_text("extends: hachihachi_trick\n")
        run([hachi, "play", *GAME, "--rules", "r.yaml", "--save", "g.yaml", "--no-pause"], changed)
        before = (changed / "g.yaml").read_bytes() if (changed / "g.yaml").exists() else b""
        shutil.copy(path, changed / "r.yaml")
        # past the bound as it replays (exit 1, the save left as it was), or later: the game goes on to
        # the person's question, with no input (exit 0)
        judge(row, f"{name} resumed after its rule file changed", *run(
            [hachi, "play", "--resume", "g.yaml", "--no-pause"], changed), code=1 if stops == 1 else 0,
              expect=BOUND_ERROR if stops == 1 else "")
        if stops == 1:
            row.lost += not before or (changed / "g.yaml").read_bytes() != before
        else:                                   # saved at its first question: it still resumes
            row.lost += run([hachi, "play", "--resume", "g.yaml", "--no-pause"], changed)[0] != 0
        if stops == 1:                          # a record of one round names the file
            data = copy.deepcopy(BASE)
            data["ruleset"] = path.name
            (sub / "game.json").write_text(json.dumps(data))
            judge(rows["replay"], f"record naming {name}", *run([hachi, "replay", "game.json"], sub),
                  expect=BOUND_ERROR)


SHEET = """ruleset: rules.yaml
players: [{players}]
start: ann
rounds:
  - indicator: 5d
    declare: [go, drop, go, go]
    show: {{cy: [Kd, Kc, Kh, 2s, 3s, 4s, 5s], eve: [As, Ah, 9d, 8d, 7d, 6d, 5c]}}
    tricks: {{ann: 4, cy: 2, dee: 1}}
    answers: {{doubles: {{ann: {answer}}}}}
"""
FIVE = "ann, bob, cy, dee, eve"


def _sheets(row: Any, hachi: str, folder: Path, judge: Callable[..., None], run: Callable[..., tuple]) -> None:
    folder.mkdir()
    shutil.copy(HOUSE_RULE, folder / "rules.yaml")
    cases = (("an unquoted no", FIVE, "no", 0, ""), ("a quoted no", FIVE, "'no'", 0, ""),
             ("an unquoted yes, no option", FIVE, "yes", 1, "quote the option"),
             ("names with a space after", FIVE.replace("bob", "'ann '"), "no", 1, "would look like one seat"),
             ("a Cyrillic o", FIVE + ", b\u043eb", "no", 1, "would look like one seat"))
    for i, (name, players, answer, code, expect) in enumerate(cases):
        sheet = folder / f"s{i}.yaml"
        sheet.write_text(SHEET.format(players=players, answer=answer), encoding="utf-8")
        judge(row, name, *run([hachi, "score", sheet.name], folder), code=code, expect=expect)


def _saves(row: Any, hachi: str, folder: Path, judge: Callable[..., None], run: Callable[..., tuple]) -> None:
    import yaml

    folder.mkdir()
    five = folder / "five"
    five.mkdir()
    started = time.perf_counter()
    codes = _at_once([[hachi, "play", "--seed", str(seed), "--players", "3", "--no-pause"] for seed in range(5)], five)
    saves = sorted(five.glob("hachi-save-*.yaml"))
    row.tried += 1
    ok = codes == [0] * 5 and len(saves) == 5
    row.clean += ok
    row.lost += 5 - len(saves)
    row.worst_s = max(row.worst_s, time.perf_counter() - started)
    if not ok:
        row.unclean.append(f"five games started at once: exits {codes}, {len(saves)} saves")
    run([hachi, "play", "--auto", "--seed", "3", "--players", "3", "--save", "s.yaml"], folder)
    data = yaml.safe_load((folder / "s.yaml").read_text())
    hands = data["rounds"][0]["hands"]
    hands[0], hands[1] = hands[1], hands[0]
    (folder / "swapped.yaml").write_text(yaml.safe_dump(data))
    judge(row, "a save whose hands were swapped by hand", *run(
        [hachi, "play", "--resume", "swapped.yaml", "--no-pause"], folder), expect="the deal is not the one")
    (folder / "long.yaml").write_text("extends: hachihachi_trick\nrounds: {standard: 300}\n")
    judge(row, "the longest game's record", *run([hachi, "play", "--auto", "--seed", "1", "--players", "5", "--bots",
                                                   "random", "--rules", "long.yaml", "--record", "."],
                                                  folder), code=0)
    record = folder / "hachi-1.yaml"
    judge(row, "the longest game's record, replayed", *run([hachi, "replay", "--json", str(record)], folder), code=0)
    row.lost += not record.exists() or run([hachi, "replay", str(record)], folder)[0] != 0
    _late_save(folder / "long.yaml", folder / "long-save.yaml")
    judge(row, "the longest game saved in its 291st round, resumed", *run(
        [hachi, "play", "--resume", "long-save.yaml", "--no-pause"], folder), code=0)
    row.lost += run([hachi, "replay", "long-save.yaml"], folder)[0] != 0


def _late_save(rules: Path, save: Path) -> None:
    """A save of the longest game (one person, four bots) at the first question of its 291st round."""
    from hachihachi.interpreter.runs.session import Session
    from hachihachi.ruleset.loader import load_ruleset

    session = Session.new(load_ruleset(str(rules)), str(rules), 5, ["random"], 1, human=0)
    while session.game.round_index < 290 or not session.human_to_act:
        session.apply(session.game.legal_actions()[0]) if session.human_to_act else session.step()
    session.save(save)


def _at_once(commands: list[list[str]], cwd: Path) -> list[int]:
    """Start every command at once (standard input empty), then wait for them all: their exits."""
    pids = []
    for args in commands:
        pid = os.fork()
        if pid == 0:
            try:
                os.chdir(cwd)
                null = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(null, fd)
                os.execv(args[0], args)
            finally:
                os._exit(127)
        pids.append(pid)
    return [os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in pids]


def _files(row: Any, hachi: str, folder: Path, judge: Callable[..., None], run: Callable[..., tuple]) -> None:
    from tests.process_cases import ctrl_c_twice

    folder.mkdir()
    if os.path.exists(FULL):
        for name, args in (("validate", ["validate", "--format", "json", "x.yaml"]),
                           ("simulate --json", ["simulate", "--games", "2", "--players", "3", "--json"]),
                           ("schema", ["schema"])):
            (folder / "x.yaml").write_text("extends: hachihachi_trick\n")
            judge(row, f"{name} > /dev/full", *run([hachi, *args], folder, stdout=FULL),
                  expect="cannot write the output")
        os.symlink(FULL, folder / "link.yaml")
        judge(row, "--save through a link to /dev/full", *run(
            [hachi, "play", *GAME, "--save", "link.yaml", "--no-pause"], folder))
    started = time.perf_counter()
    out = ctrl_c_twice()
    judge(row, "Ctrl-C twice", out.returncode, out.stderr, time.perf_counter() - started, 0.0, 0.0, code=130,
          expect="interrupted")
