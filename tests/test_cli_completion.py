"""Shell completion for bash, zsh and fish, as README and ``hachi --help`` tell it: the script
each shell evaluates, and the words it completes (through the safe streams of every command)."""

import shutil
import subprocess

import pytest
from click.testing import CliRunner

from hachihachi.cli.main import cli

SOURCE_MARKS = {"bash": "complete -o nosort -F _hachi_completion hachi",
                "zsh": "compdef _hachi_completion hachi",
                "fish": "complete --no-files --command hachi"}


def complete(shell, env):
    res = CliRunner().invoke(cli, [], env={"_HACHI_COMPLETE": f"{shell}_{'source' if not env else 'complete'}",
                                           **env}, prog_name="hachi")
    assert res.exit_code == 0 and res.exception is None, (res.output, res.exception)
    return res.output


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_each_shell_gets_its_completion_script(shell):
    script = complete(shell, {})
    assert SOURCE_MARKS[shell] in script and "_HACHI_COMPLETE" in script


def _words(shell, output):
    if shell == "zsh":           # type, value, help: three lines a completion
        lines = output.splitlines()
        return [lines[i + 1] for i in range(0, len(lines) - 2, 3)]
    return [line.split("\t")[0].split(",", 1)[1] if shell == "bash" else line.split(",", 1)[1].split("\t")[0]
            for line in output.splitlines() if line]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
@pytest.mark.parametrize("line,expected", [
    ("hachi pl", ["play"]),
    ("hachi play --la", ["--lang"]),
    ("hachi play --lang ", ["en", "ja"]),
    ("hachi simulate --back", ["--backend"]),
])
def test_each_shell_completes_commands_options_and_choices(shell, line, expected):
    words = line.split()
    at = len(words) - (0 if line.endswith(" ") else 1)
    incomplete = "" if line.endswith(" ") else words[-1]
    env = {"COMP_WORDS": line, "COMP_CWORD": incomplete if shell == "fish" else str(at)}
    assert _words(shell, complete(shell, env)) == expected


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("hachi") is None, reason="needs bash and hachi")
def test_readme_bash_completion_evaluates_and_completes_in_bash():
    script = ('eval "$(_HACHI_COMPLETE=bash_source hachi)" && COMP_WORDS=(hachi pl) COMP_CWORD=1 '
              '&& _hachi_completion hachi && echo "${COMPREPLY[@]}"')
    out = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["play"] and "Traceback" not in out.stderr
