"""Rule files and records from strangers never show another file, never reach outside their tree
(not even by a link swapped in after a name was checked), never block on a special file, never
print control characters, and are answered with bounded work (counted, not timed).
"""

from __future__ import annotations

import copy
import doctest
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.cli.problem_format import format_problems
from hachihachi.ruleset import safetext, schema, variants, yamlfile
from hachihachi.ruleset.errors import RecordError
from hachihachi.ruleset.loader import MAX_PROBLEMS, check_file, load_ruleset
from hachihachi.interpreter.records.gamerecord import replay
from tests.hostile_cases import CASES, COSTLY, SECRET, STATS_CASES
from tests.test_replay_cli import BASE

FORMATS = ("text", "json", "github")
CONTROLS = ("\x1b", "\x9b", "\x07", "\x7f", "\u202e", "\u2066", "\r")


def _run(args, stdin=None):
    res = CliRunner().invoke(cli, args, input=stdin)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert "Traceback" not in res.output
    return res


def _record(folder: Path, ruleset: str, name: str = "game.yaml") -> Path:
    data = copy.deepcopy(BASE)
    data["ruleset"] = ruleset
    path = folder / name
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


# -- where a rule file may reach, and what it may show --------------------------------------------

@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("style", FORMATS)
def test_no_hostile_rule_file_shows_a_secret_or_a_control_character(name, style, tmp_path):
    path = CASES[name][0](tmp_path)
    res = _run(["validate", "--format", style, str(path)])
    assert res.exit_code == 1
    assert SECRET not in res.output
    assert not any(c in res.output for c in CONTROLS if c != "\r"), repr(res.output[:300])


def test_a_base_outside_the_tree_is_never_read(tmp_path, monkeypatch):
    """The confinement is decided from the names alone: the file outside is not even opened."""
    opened = []
    real = variants.read_bytes          # what the chain's reader opens a file with
    monkeypatch.setattr(variants, "read_bytes", lambda p, *a, **k: opened.append(str(p)) or real(p, *a, **k))
    for name in ("extends_absolute", "extends_dotdot", "extends_symlink_out", "extends_folder_symlink_out"):
        folder = tmp_path / name
        folder.mkdir()
        check_file(CASES[name][0](folder))
    assert opened and not any("/outside/" in p for p in opened), opened


def test_a_base_in_a_sub_folder_and_a_link_inside_the_tree_are_followed(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "base.yaml").write_text("extends: hachihachi_trick\nhand_size: 7\n")
    os.symlink(tmp_path / "sub" / "base.yaml", tmp_path / "link.yaml")
    (tmp_path / "a.yaml").write_text("extends: sub/base.yaml\nname: a\n")
    (tmp_path / "b.yaml").write_text("extends: ./link.yaml\nname: b\n")
    assert load_ruleset(tmp_path / "a.yaml").name == "a"
    assert load_ruleset(tmp_path / "b.yaml").name == "b"


def test_validate_of_a_folder_lets_its_files_reach_each_other_but_not_above_it(tmp_path):
    (tmp_path / "common.yaml").write_text("extends: hachihachi_trick\nname: common\n")
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "v.yaml").write_text("extends: ../common.yaml\nname: v\n")
    assert _run(["validate", str(tmp_path)]).exit_code == 0
    res = _run(["validate", str(tmp_path / "variants")])
    assert res.exit_code == 1 and "'../common.yaml' is outside the folder" in res.stderr


def test_validate_of_a_folder_does_not_follow_a_link_out_of_it(tmp_path):
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "s.yaml").write_text(f"token: {SECRET}\n")
    (tmp_path / "rules").mkdir()
    os.symlink(tmp_path / "outside" / "s.yaml", tmp_path / "rules" / "s.yaml")
    res = _run(["validate", str(tmp_path / "rules")])
    assert res.exit_code == 1 and "is a link to a file outside the folder" in res.stderr
    assert SECRET not in res.output


def test_a_path_given_on_the_command_line_is_the_users_choice(tmp_path, monkeypatch):
    (tmp_path / "mine.yaml").write_text("extends: hachihachi_trick\nname: mine\n")
    elsewhere = tmp_path / "deep" / "er"
    elsewhere.mkdir(parents=True)
    monkeypatch.chdir(elsewhere)
    res = _run(["roles", "--rules", str(tmp_path / "mine.yaml"), "As Ks Qs Js Ts 9s 8s"])
    assert res.exit_code == 0 and "straight_flush" in res.stdout
    assert _run(["validate", "../../mine.yaml"]).exit_code == 0


def test_a_named_file_that_is_not_a_rule_file_is_named_without_its_content(tmp_path):
    (tmp_path / "config.yaml").write_text(f"api_key: {SECRET}\nplayers: {SECRET}\n")
    (tmp_path / "x.yaml").write_text("extends: config.yaml\n")
    [problem] = check_file(tmp_path / "x.yaml")
    assert problem.line == 1 and problem.message.startswith("'config.yaml' is not a rule file")
    assert SECRET not in problem.message and "api_key" not in problem.message


# -- records: the ruleset they name --------------------------------------------------------------

@pytest.mark.parametrize("ref, message", [
    ("{outside}", "is an absolute path"),
    ("../outside/secret.yaml", "is outside the folder"),
    ("link.yaml", "is outside the folder"),
    ("config.yaml", "'config.yaml' is not a rule file"),
    ("/dev/zero", "is an absolute path"),
    ("pipe.yaml", "is not a regular file"),
    ("evil\x1b[2J.yaml", "holds the control character U+001B"),      # refused as the record is read
    ("a" * 300 + ".yaml", "is longer than a file name may be"),
])
def test_a_records_ruleset_keeps_to_the_records_folder(tmp_path, ref, message):
    (tmp_path / "outside").mkdir()
    secret = tmp_path / "outside" / "secret.yaml"
    secret.write_text(f"password: {SECRET}\n")
    games = tmp_path / "games"
    games.mkdir()
    os.symlink(secret, games / "link.yaml")
    os.mkfifo(games / "pipe.yaml")
    (games / "config.yaml").write_text(f"api_key: {SECRET}\n")
    path = _record(games, ref.format(outside=secret))
    res = _run(["replay", str(path)])
    assert res.exit_code == 1
    [line] = res.stderr.splitlines()
    assert line.startswith(f"{path}:") and message in line
    assert "unknown or bad ruleset" in line or "printable text only" in line
    assert SECRET not in res.output and "\x1b" not in res.output


def test_a_record_replays_with_a_rule_file_beside_it(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "mine.yaml").write_text("extends: hachihachi_trick\nname: mine\n")
    rep = replay(_record(tmp_path, "rules/mine.yaml"))
    assert rep.game.ruleset.name == "mine"


def test_a_rule_file_elsewhere_is_given_to_replay_on_the_command_line(tmp_path):
    (tmp_path / "mine.yaml").write_text("extends: hachihachi_trick\nname: mine\n")
    (tmp_path / "games").mkdir()
    path = _record(tmp_path / "games", str(tmp_path / "mine.yaml"))
    assert "is an absolute path" in _run(["replay", str(path)]).stderr
    res = _run(["replay", str(path), "--rules", str(tmp_path / "mine.yaml"), "--json"])
    assert res.exit_code == 0 and json.loads(res.stdout)["players"] == BASE["players"]


def test_replay_of_a_fifo_does_not_block(tmp_path):
    os.mkfifo(tmp_path / "game.yaml")
    with pytest.raises(RecordError, match=r"not a regular file \(a FIFO\)"):
        replay(tmp_path / "game.yaml")


@pytest.mark.slow
def test_validate_of_a_fifo_answers_at_once():
    """Run as its own process: a reader that blocked would hang here, so the timeout is the check."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        fifo = Path(folder) / "rules.yaml"
        os.mkfifo(fifo)
        command = [sys.executable, "-c", "from hachihachi.cli.main import cli; cli()", "validate", str(fifo)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 1, done.stderr
    assert "not a regular file (a FIFO)" in done.stderr and "Traceback" not in done.stderr


# -- control characters and lengths, in every output -------------------------------------------

HOSTILE = "a\x1b]52;c;aGk=\x07b\x1b[2J\x9b31m\u202ec\x7f%\r\n,:" + "x" * 5000


def test_hostile_text_is_escaped_and_bounded_in_every_validate_format(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text(f"extends: hachihachi_trick\n{json.dumps(HOSTILE[:200])}: 1\n"
                    f"name: {json.dumps(HOSTILE)}\n", encoding="utf-8")
    for style in FORMATS:
        res = _run(["validate", "--format", style, str(path)])
        assert res.exit_code == 1
        out = res.output if style != "text" else res.stderr
        assert not any(c in out for c in CONTROLS), (style, repr(out[:400]))
        assert max(len(line) for line in out.splitlines()) < 2 * safetext.MAX_LINE + 200
        assert "control character U+001B" in out        # refused as the file is read; nothing quoted
    github = _run(["validate", "--format", "github", str(path)]).output
    assert all(line.startswith("::error file=") for line in github.splitlines())


def test_github_annotations_escape_percent_and_newlines_in_file_names():
    from hachihachi.ruleset.problems import Problem

    out = format_problems([Problem("a%b,c:d\ne.yaml", 1, 1, "bad %\r\n\x1b")], "github")
    assert out == "::error file=a%25b%2Cc%3Ad\\ne.yaml,line=1,col=1::bad %25\\r%0A\\x1b"     # a message's lines kept


def test_a_title_that_could_steer_a_terminal_is_refused_before_table_or_play_show_it(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("extends: hachihachi_trick\ntitle: {en: \"Evil \\e]52;c;aGk=\\a\\e[2J\\u202e\", "
                    "ja: \"x\\x9b\"}\n", encoding="utf-8")
    res = _run(["validate", str(path)])
    assert res.exit_code == 1 and f"{path}:2:" in res.stderr and "control character U+001B" in res.stderr
    for command in (["table", "--rules", str(path), "--no-probability"], ["play", "--auto", "--rules", str(path)]):
        res = _run(command)
        assert res.exit_code == 1 and "U+001B" in res.stderr and not any(c in res.output for c in CONTROLS)


def test_table_escapes_what_it_quotes_of_a_valid_rule_file(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("extends: hachihachi_trick\ntitle: {en: \"<b>Evil</b> & co\", ja: \"x\"}\n", encoding="utf-8")
    assert _run(["validate", str(path)]).exit_code == 0
    html = _run(["table", "--rules", str(path), "--no-probability", "--format", "html"]).stdout
    assert "&lt;b&gt;Evil&lt;/b&gt; &amp; co" in html and "<b>Evil" not in html


def test_roles_and_replay_errors_are_escaped(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text('extends: hachihachi_trick\n"\\e[2Jkey": 1\n', encoding="utf-8")
    res = _run(["roles", "--rules", str(path), "As Ks Qs Js Ts 9s 8s"])
    assert res.exit_code == 1 and "U+001B" in res.stderr and "\x1b" not in res.output
    res = _run(["replay", str(_record(tmp_path, "\x1b[2J\u202e"))])
    assert res.exit_code == 1 and "U+001B" in res.stderr and "\x1b" not in res.output


def test_safetext_and_bounded_edit_distance_doctests():
    for module in (safetext, schema):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


# -- bounded cost: the work done on hostile input is counted (calls, values, bytes), not timed ---

def _unknown_keys_file(folder: Path, name: str, first: str) -> Path:
    lines, size, i = [first], len(first), 0
    while size < 127 * 1024:
        line = f"plyers{i}: 1"
        lines.append(line)
        size, i = size + len(line) + 1, i + 1
    path = folder / name
    path.write_text("\n".join(lines) + "\n")
    return path


def _counting(monkeypatch, owner, name: str) -> list:
    """Replace ``owner.name`` by a wrapper that records the first argument of every call."""
    calls: list = []
    real = getattr(owner, name)

    def wrapper(*args, **kwargs):
        calls.append(args[0] if args else None)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapper)
    return calls


@pytest.mark.slow
def test_many_unknown_keys_are_answered_with_few_suggestions_and_listed_up_to_a_cap(tmp_path, monkeypatch):
    path = _unknown_keys_file(tmp_path, "x.yaml", "extends: hachihachi_trick")
    suggested = _counting(monkeypatch, schema, "suggest")
    problems = check_file(path)
    assert len(problems) == MAX_PROBLEMS and "more problems in this file are not listed" in problems[-1].message
    assert problems[0].message.endswith("did you mean 'players'?")
    assert 0 < len(suggested) <= schema.MAX_SUGGESTIONS      # not one edit-distance search per key (~11,000)


@pytest.mark.slow
def test_a_chain_of_large_files_is_refused_before_its_bases_are_parsed(tmp_path, monkeypatch):
    _unknown_keys_file(tmp_path, "c.yaml", "extends: hachihachi_trick")
    _unknown_keys_file(tmp_path, "b.yaml", "extends: c.yaml")
    path = _unknown_keys_file(tmp_path, "a.yaml", "extends: b.yaml")
    parsed: list = []
    real = variants.parse_text
    monkeypatch.setattr(variants, "parse_text", lambda text, file, *a: parsed.append(file) or real(text, file, *a))
    [problem] = check_file(path)
    assert "the chain of extends is larger than 160 KiB in all" in problem.message
    assert [Path(p).name for p in parsed] == ["a.yaml"]        # b.yaml is refused by its size, unread


@pytest.mark.slow
@pytest.mark.parametrize("body", ["[]", "{}", "0", "''"])
def test_a_record_of_many_empty_values_is_refused_while_it_is_parsed(tmp_path, monkeypatch, body):
    path = tmp_path / "game.yaml"
    head = "ruleset: hachihachi_trick\nplayers: [a, b, c]\nrounds: ["
    count = (512 * 1024 - len(head) - 4) // (len(body) + 1)
    path.write_text(head + ",".join([body] * count) + "]\n")
    composed = _counting(monkeypatch, yamlfile._Limited, "compose_node")
    built = _counting(monkeypatch, yamlfile._Builder, "build")
    with pytest.raises(RecordError, match="holds more than 80000 values"):
        replay(path)
    assert count > 85_000 and 80_001 <= len(composed) <= 80_001 + 3     # stopped at the limit, not at the end
    assert built == []                                          # and nothing of it was built


def test_a_one_mebibyte_record_is_refused_by_its_size_before_it_is_parsed(tmp_path, monkeypatch):
    path = tmp_path / "game.yaml"
    path.write_text("ruleset: hachihachi_trick\nplayers: [a, b, c]\nrounds: [" + ",".join(["[]"] * 350_000) + "]\n")
    parsed = _counting(monkeypatch, yamlfile, "parse_text")
    with pytest.raises(RecordError, match="larger than 512 KiB"):
        replay(path)
    assert parsed == []


# -- the reach check is made on the file opened ---------------------------------------------------

def _swapped_in(tmp_path: Path) -> Path:
    """rules/x.yaml extends base.yaml, and base.yaml is a link to a file outside rules/."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.yaml").write_text(f"extends: hachihachi_trick\nname: x\ntitle: {{ja: {SECRET}, "
                                                      f"en: {SECRET}}}\n")
    (tmp_path / "rules").mkdir()
    os.symlink(tmp_path / "outside" / "secret.yaml", tmp_path / "rules" / "base.yaml")
    path = tmp_path / "rules" / "x.yaml"
    path.write_text("extends: base.yaml\n")
    return path


def test_a_link_swapped_in_after_the_name_was_checked_is_refused_as_it_is_opened(tmp_path, monkeypatch):
    """The check of the name passes (as it would have a moment before the swap); the file opened
    is still refused, and nothing of it is shown."""
    from hachihachi.ruleset import reach

    path = _swapped_in(tmp_path)
    load_ruleset(tmp_path / "outside" / "secret.yaml")        # the file, once read in this process, is kept
    real_locate = reach.locate

    def checked_before_the_swap(ref, naming, root, place, what="rule file", kind=None):
        if ref == "base.yaml":
            return naming.parent / ref, root
        return real_locate(ref, naming, root, place, what, kind)

    monkeypatch.setattr(variants, "locate", checked_before_the_swap)
    [problem] = check_file(path)
    assert "'base.yaml' is outside the folder" in problem.message and problem.line == 1
    assert SECRET not in problem.message
    res = _run(["table", "--no-probability", "--rules", str(path)])
    assert res.exit_code == 1 and SECRET not in res.output


def test_the_file_opened_is_named_by_the_system_and_must_lie_under_the_root(tmp_path):
    from hachihachi.ruleset.confine import Outside, opened_path

    path = _swapped_in(tmp_path)
    fd = os.open(path.parent / "base.yaml", os.O_RDONLY)
    try:
        assert opened_path(fd, path.parent / "base.yaml") == os.path.realpath(tmp_path / "outside" / "secret.yaml")
    finally:
        os.close(fd)
    with pytest.raises(Outside, match="is outside the folder"):
        yamlfile.read_bytes(path.parent / "base.yaml", "base.yaml", root=os.path.realpath(path.parent))
    assert yamlfile.read_bytes(path, "x.yaml", root=os.path.realpath(path.parent)) == b"extends: base.yaml\n"


# -- bounded work: numbers, classes, roles, combos, exact statistics -------------------------------

def test_pattern_numbers_above_any_hand_compare_as_no_hand_can_reach_them():
    from tests.test_roles_planes import TINY, roles_table

    from hachihachi.ruleset.roles import compile_table
    from hachihachi.ruleset.stats import PLANES, RANKS, exact_counts

    patterns = ["count(rank A) >= 100000", "count(rank A) < 100000", "run != 99999", "groups(99999) == 0",
                "max_suit > 5000"]
    ev = compile_table(roles_table(patterns), TINY)
    for method in (RANKS, PLANES):
        got = exact_counts(ev, 4, method=method)
        assert [got.roles[f"r{i}"] for i in range(5)] == [0, got.hands, got.hands, got.hands, 0], method


def test_exact_statistics_plan_their_cost_and_refuse_before_counting(monkeypatch):
    from tests.test_roles_planes import STRESS, TINY, roles_table

    from hachihachi.ruleset import planes, stats
    from hachihachi.ruleset.roles import compile_table

    ev = compile_table(roles_table(STRESS), TINY)
    counted = stats.exact_counts(ev, 4, limits=stats.Limits(transfer=0))
    assert counted.method == stats.PLANES and counted.exact
    monkeypatch.setattr(planes.PlaneCounter, "run", lambda self: pytest.fail("counted"))
    with pytest.raises(stats.TooCostly, match="would take about .* times the work allowed"):
        stats.exact_counts(ev, 4, limits=stats.Limits(transfer=0, work=1000))
    with pytest.raises(stats.TooCostly, match="GB of memory"):
        stats.exact_counts(ev, 4, limits=stats.Limits(transfer=0, memory=1))
    with pytest.raises(stats.TooCostly, match="--samples N"):
        stats.exact_counts(ev, 4, limits=stats.Limits(transfer=0, work=None))


def test_the_planned_cost_of_the_standard_table_is_within_the_limits_and_a_large_deck_is_not(tmp_path):
    from hachihachi.ruleset import stats
    from hachihachi.ruleset.planes import PlaneCounter

    def cost(ruleset):
        return PlaneCounter(ruleset.evaluator.compiler, ruleset.hand_size, None, None).cost()

    work, peak = cost(load_ruleset("hachihachi_trick"))
    assert work < stats.PLANE_WORK and peak < stats.PLANE_BYTES
    work, peak = cost(load_ruleset(STATS_CASES["deck_of_120"][0](tmp_path)))
    assert work > stats.PLANE_WORK and peak > stats.PLANE_BYTES


def test_samples_still_estimate_a_table_too_costly_to_count_exactly(tmp_path):
    path = STATS_CASES["deck_of_1024"][0](tmp_path)
    res = _run(["roles", "--stats", "--samples", "300", "--seed", "3", "--rules", str(path)])
    assert res.exit_code == 0 and "estimated from 300 random hands" in res.stdout


@pytest.mark.slow
def test_validate_warnings_say_in_one_line_when_a_table_is_too_costly_to_count(tmp_path):
    path = COSTLY["many_combos"](tmp_path)
    res = _run(["validate", "--warnings", str(path)])
    warned = [line for line in res.stderr.splitlines() if ": warning: " in line]
    assert res.exit_code == 0 and len(warned) == 1 and "are not looked for in this table" in warned[0]


@pytest.mark.slow
def test_combos_are_tried_in_the_tables_order_only_when_they_name_a_role_held(tmp_path):
    """The same resolution as trying every combo in order, on seeded random sets of roles held."""
    import random

    from hachihachi.ruleset.roles import Resolution, _Hit, resolve_roles

    table = load_ruleset(COSTLY["many_combos"](tmp_path)).roles

    def every_combo(matched):
        hits = [_Hit(r.id, r.go, r.forced, (i,)) for i, (r, ok) in enumerate(zip(table.roles, matched)) if ok]
        for combo in table.combos:
            present = {h.id: h for h in hits}
            if all(r in present and len(present[r].parts) == 1 for r in combo.roles):
                first = min(hits.index(present[r]) for r in combo.roles)
                parts = tuple(p for r in combo.roles for p in present[r].parts)
                rest = [h for h in hits if h.id not in combo.roles]
                rest.insert(min(first, len(rest)), _Hit(combo.id, combo.go, combo.forced, parts))
                hits = rest
        return Resolution(tuple(hits), sum(h.go for h in hits), sum(h.forced for h in hits))

    rng = random.Random(88)
    ungrouped = [i for i, r in enumerate(table.roles) if r.group is None]
    fired = 0
    for _ in range(200):
        matched = [False] * len(table.roles)
        for i in rng.sample(ungrouped, rng.randint(0, 12)):
            matched[i] = True
        got = resolve_roles(table, matched)
        assert got == every_combo(matched)
        fired += any(len(h.parts) > 1 for h in got.hits)
    assert fired > 20


def test_two_rule_files_of_different_games_are_not_compared():
    res = _run(["simulate", "--compare", "hachihachi_trick", "hanafuda_hachihachi", "--games", "1"])
    assert res.exit_code == 2 and res.stdout == ""
    [line] = res.stderr.splitlines()
    assert line.startswith("--compare: error: A and B are different games")


@pytest.mark.slow
def test_table_of_a_deck_too_large_to_count_stops_in_one_line_and_prints_without_probabilities(tmp_path):
    path = STATS_CASES["deck_of_120"][0](tmp_path)
    res = _run(["table", "--rules", str(path)])
    [line] = res.stderr.splitlines()
    assert res.exit_code == 1 and "would take about" in line and line.endswith("--no-probability).")
    plain = _run(["table", "--no-probability", "--rules", str(path)])
    assert plain.exit_code == 0 and "at least 2 rank r1" in plain.stdout
