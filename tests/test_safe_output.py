"""Everything ``hachi`` writes is safe for where it goes: a terminal gets no control character,
a CI log no workflow command, Markdown and HTML no markup, on every path (messages, tables, JSON,
click's own usage errors), while JSON stays exact and ``validate --format github`` annotates."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import yaml
from click.testing import CliRunner

from hachihachi.cli.main import cli
from hachihachi.cli.safeout import SafeStream, escape_text, style, trusted

HOSTILE = ["\x1b]52;c;cHduZWQ=\x07", "\x1b[2J", "\x9b31m", "\u202eevil", "a\rb", "##[error file=README.md;line=1]x",
           "##[add-mask]secret", "##[stop-commands]tok", "##vso[task.setvariable]x", "::error file=README.md::x",
           "  ::add-mask::y", "::stop-commands::tok", "\x00", "\U000e0041tag"]


def unsafe(text: str, annotations: bool = False) -> list[str]:
    """What makes ``text`` unsafe for a terminal or a CI log (nothing: []); ``annotations``: lines
    may start with the annotation ``hachi validate --format github`` writes."""
    found = [f"control {ch!r}" for ch in text if not (ch.isprintable() or ch in "\n\t")]
    for line in text.splitlines():
        if annotations and line.startswith("::error file="):
            continue
        if line.lstrip(" \t").startswith("::"):
            found.append(f"command line {line[:40]!r}")
        if "##[" in line or "##vso[" in line:
            found.append(f"old command in {line[:40]!r}")
    return found


def run(args, stdin=None):
    res = CliRunner().invoke(cli, args, input=stdin)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res


@pytest.mark.parametrize("bad", HOSTILE)
def test_a_hostile_bots_name_reaches_neither_terminal_nor_ci_log(bad):
    for command in (["play", "--bots", bad], ["simulate", "-n", "1", "--bots", bad],
                    ["sweep", "hachihachi_trick", "--set", "chips.start=40", "-n", "1", "--bots", bad]):
        res = run(command, "")
        assert res.exit_code == 2 and not unsafe(res.output), (command, res.output)


@pytest.mark.parametrize("bad", HOSTILE)
def test_a_usage_error_naming_a_hostile_folder_or_value_is_escaped(bad, tmp_path):
    folder = tmp_path / bad.replace("\x00", "0").replace("/", "_")
    folder.mkdir()
    for command in (["validate", str(folder)], ["validate", str(folder / "missing.yaml")],
                    ["play", "--lang", bad], ["score", str(folder)], ["no-such-command" + bad],
                    ["simulate", "--games", bad], ["play", "--name", bad, "--auto"]):
        res = run(command, "")
        assert not unsafe(res.output), (command, res.output)


@pytest.mark.parametrize("bad", HOSTILE)
def test_a_hostile_line_typed_at_a_prompt_is_not_echoed_raw(bad, tmp_path):
    res = run(["play", "--seed", "1", "--short", "--players", "3", "--bots", "random", "--save",
               str(tmp_path / "s.yaml")], f"{bad}\nq\n")
    assert res.exit_code == 0 and not unsafe(res.output)


@pytest.mark.parametrize("bad", HOSTILE)
def test_a_hostile_key_or_file_name_in_validate_output_is_escaped_in_every_format(bad, tmp_path):
    path = tmp_path / (bad.replace("\x00", "0").replace("/", "_") + ".yaml")
    path.write_text(yaml.safe_dump({bad: 1}))
    for style_ in ("text", "json", "github"):
        res = run(["validate", "--format", style_, str(path)])
        assert res.exit_code == 1 and not unsafe(res.output, style_ == "github"), (style_, res.output)
        if style_ == "json":            # the escapes are JSON's own: it is still JSON
            assert json.loads(res.stdout)[0]["line"] == 1
        if style_ == "github":          # our own annotations still start their lines
            assert all(line.startswith("::error file=") for line in res.stdout.splitlines())


def test_json_output_keeps_every_character_exactly(tmp_path):
    name = "ann\x9b\u202e##[x]"
    res = run(["validate", "--format", "json", str(tmp_path / (name + ".yaml"))])
    assert not unsafe(res.output)
    stream = _captured()
    stream.write(json.dumps({"name": name}, ensure_ascii=False))
    assert json.loads(stream.inner.getvalue()) == {"name": name}


def _captured() -> SafeStream:
    import io

    return SafeStream(io.StringIO())


def test_a_command_split_over_two_writes_is_still_neutralised():
    stream = _captured()
    for part in ("x #", "#[add-mask]y\n", "  :", ":error::z\n", "##", "[w]\n"):
        stream.write(part)
    assert not unsafe(stream.inner.getvalue()), stream.inner.getvalue()


def test_marked_text_of_this_program_passes_and_input_does_not():
    from hachihachi.cli import safeout

    stream = _captured()
    safeout._guarding[0] = True
    try:
        stream.write(trusted("::error") + " file=a::" + "\x1b[2J" + style("♠", fg="red") + "\n")
    finally:
        safeout._guarding[0] = False
    out = stream.inner.getvalue()
    assert out.startswith("::error file=a::\\u001b[2J\x1b[31m♠\x1b[0m")


def test_escape_text_makes_a_visible_escape_of_each_control_character():
    assert escape_text("a\x1b[2Jb\u202e\r") == "a\\u001b[2Jb\\u202e\\u000d"
    assert escape_text("\U000e0041") == "\\udb40\\udc41"


def test_the_markdown_sheet_shows_markup_from_role_names_as_text(monkeypatch):
    from hachihachi.cli import sheet
    from hachihachi.ruleset.loader import load_ruleset

    hostile = {"group": "<img src=x onerror=alert(1)>", "id": "r", "name": "[click](javascript:alert(1))",
               "definition": "<script>alert(1)</script> | *x* `y`", "go": True, "forced": False,
               "probability": None}
    monkeypatch.setattr(sheet, "sheet_rows", lambda *a, **k: [hostile])
    md = sheet.render(load_ruleset("hachihachi_trick"), fmt="md")
    assert "<" not in md and "\\[click\\](javascript" in md                # no tag, no link
    row = md.splitlines()[-1]
    assert row.count(" | ") == 5                                   # six cells: '|' in a name breaks none
    html = sheet.render(load_ruleset("hachihachi_trick"), fmt="html")
    assert "<script>" not in html and "<img" not in html and "&lt;script&gt;" in html


def test_a_subprocess_writes_no_control_character_to_its_pipes(tmp_path):
    folder = tmp_path / "d\x1b]0;title\x07\x9b"
    folder.mkdir()
    proc = subprocess.run([sys.executable, "-c", "from hachihachi.cli.main import cli; cli()", "validate",
                           str(folder)], capture_output=True, timeout=120,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    out = (proc.stdout + proc.stderr).decode()
    assert proc.returncode == 2 and "d\\u001b]0;title\\u0007\\u009b" in out and not unsafe(out)
