"""``hachi --help`` and ``hachi --version`` from the start of the command (cli/start.py): the very
text click prints, kept from click's own run and printed again without importing click while
nothing it depends on changed; anything else, or any doubt, goes to click."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from hachihachi.cli import start

# the console script's own steps, and then whether click was imported (on standard error)
SCRIPT = ("import sys\nsys.argv[0] = 'hachi'\nfrom hachihachi.cli.start import main\ntry:\n    sys.exit(main())\n"
          "finally:\n    sys.stderr.write('click imported' if 'click' in sys.modules else 'no click')\n")
CLICK = ("import sys; sys.argv[0] = 'hachi'; from hachihachi.cli.main import cli; cli()")


def run(code: str, *args: str, cache, columns: str = "80") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "COLUMNS": columns}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env,
                          timeout=120, check=False, cwd=cache.parent)      # as the script: not in a checkout


@pytest.fixture
def cache(tmp_path):
    return tmp_path / "cache"


@pytest.mark.parametrize("option", start.FAST)
def test_help_and_version_from_the_start_are_clicks_own_text_without_click(cache, option):
    clicks = run(CLICK, option, cache=cache)
    first, again = run(SCRIPT, option, cache=cache), run(SCRIPT, option, cache=cache)
    assert clicks.returncode == first.returncode == again.returncode == 0
    assert first.stdout == again.stdout == clicks.stdout and clicks.stdout
    assert first.stderr == "click imported"                 # the first start: click prints, the text is kept
    assert again.stderr == "no click"                       # a later one: the text kept, click not imported


def test_another_terminal_width_is_another_text_and_clicks(cache):
    run(SCRIPT, "--help", cache=cache)
    narrow = run(SCRIPT, "--help", cache=cache, columns="60")
    assert narrow.stderr == "click imported"
    assert narrow.stdout == run(CLICK, "--help", cache=cache, columns="60").stdout
    assert run(SCRIPT, "--help", cache=cache, columns="60").stderr == "no click"
    assert run(SCRIPT, "--help", cache=cache).stderr == "no click"          # the 80 columns' text is kept too


def kept(cache) -> list[dict[str, object]]:
    return json.loads((cache / "hachihachi" / start.CACHE_FILE).read_text("utf-8"))


def rewrite(cache, entries) -> None:
    (cache / "hachihachi" / start.CACHE_FILE).write_text(json.dumps(entries), "utf-8")


def test_a_changed_file_makes_click_print_it_again(cache):
    run(SCRIPT, "--version", cache=cache)
    entries = kept(cache)
    entries[0]["stamps"][0][2] -= 1                         # as if a file of click or hachihachi changed
    rewrite(cache, entries)
    again = run(SCRIPT, "--version", cache=cache)
    assert again.stderr == "click imported" and again.stdout.startswith("hachi ")
    assert run(SCRIPT, "--version", cache=cache).stderr == "no click"


@pytest.mark.parametrize("forged", ["\x1b]0;owned\x07Usage: hachi\n", "::error::Usage\n", ""])
def test_a_kept_text_the_safe_streams_would_change_is_never_printed(cache, forged):
    clicks = run(CLICK, "--help", cache=cache).stdout
    run(SCRIPT, "--help", cache=cache)
    entries = kept(cache)
    entries[0]["text"] = forged
    rewrite(cache, entries)
    again = run(SCRIPT, "--help", cache=cache)
    assert again.stderr == "click imported" and again.stdout == clicks


def test_a_kept_text_of_a_file_others_may_write_is_not_taken(cache):
    run(SCRIPT, "--help", cache=cache)
    os.chmod(cache / "hachihachi" / start.CACHE_FILE, 0o666)
    assert run(SCRIPT, "--help", cache=cache).stderr == "click imported"


def test_other_command_lines_and_completion_go_to_click(cache):
    run(SCRIPT, "--help", cache=cache)
    env_completion = {**os.environ, "XDG_CACHE_HOME": str(cache), "_HACHI_COMPLETE": "bash_source"}
    completion = subprocess.run([sys.executable, "-c", SCRIPT, "--help"], capture_output=True, text=True,
                                env=env_completion, timeout=120, check=False, cwd=cache.parent)
    assert completion.stderr.endswith("click imported") and "complete" in completion.stdout
    both = run(SCRIPT, "--help", "--version", cache=cache)
    assert both.stderr.endswith("click imported")
    assert run(SCRIPT, "schema", "--help", cache=cache).stderr.endswith("click imported")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_is_said_as_click_says_it_from_a_kept_text_too(cache):
    run(SCRIPT, "--help", cache=cache)
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "COLUMNS": "80"}
    said = []
    for code in (SCRIPT, CLICK):
        with open("/dev/full", "w") as full:
            done = subprocess.run([sys.executable, "-c", code, "--help"], stdout=full, stderr=subprocess.PIPE,
                                  text=True, env=env, timeout=120, check=False, cwd=cache.parent)
        said.append((done.returncode, done.stderr.replace("click imported", "")))
    assert said[0] == said[1] == (1, "stdout: error: cannot write the output (No space left on device); "
                                     "nothing more is written.\n")
