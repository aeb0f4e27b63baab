"""Every shell snippet of the README and of docs/ works as written on a fresh checkout.

A snippet is an indented block (or a ``sh`` fence) whose first line is a command. The commands
of one document run in order, in one empty folder holding what the document tells the reader to
write (the house rule of the README is saved as ``our_table.yaml``). Interactive commands get an
empty standard input, which saves and quits. Each command must exit 0 and print no traceback.
Commands that need another machine, the network or a long time are listed in ``NOT_RUN`` or
``SLOW`` with the reason; the list is checked too, so a snippet cannot drift out of the test.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("**/*.md"))]
COMMANDS = ("hachi ", "pip ", "python ", "pytest", "ray ", "pre-commit ", "bash ", "RAY_AUTH_MODE=token ")

# Snippets not run here, each with why. Matched against the start of the command.
NOT_RUN = {
    "pip install": "installs the project; the test runs in an installed checkout already",
    "RAY_AUTH_MODE=token ray start --address HEAD_IP": "a second machine of a cluster",
    "ray stop": "stops every Ray process of the machine; the test stops only the head it started",
    "RAY_AUTH_MODE=token hachi sweep hachihachi_trick --set trick_settlement.per_trick=1,2,3 --games 20000":
        "20,000 games a point on a cluster (the one-machine command after it runs the same steps)",
    "python -m benchmarks.builds": "compares with the compiled build's environment, which .ci/compiled makes",
    "hachi serve": "a server that runs until it is stopped (tests/web start it and play through it)",
    "hachi play --resume hachi-web/tables/ID.yaml": "ID names a table the web server made",
    "hachi score sheet.yaml": "reads the rounds a table typed into the sheet (tests/test_score.py plays them)",
}
# Snippets that take more than a few seconds: run by ``pytest --all`` (CI).
SLOW = ("hachi simulate", "hachi sweep", "hachi roles --stats --exact", "ray get-auth-token",
        "RAY_AUTH_MODE=token ray start --head", "RAY_AUTH_MODE=token hachi simulate")


def snippets(document: Path) -> list[tuple[int, str]]:
    """The commands of ``document`` with their line numbers, continuation lines joined."""
    lines = document.read_text(encoding="utf-8").splitlines()
    found: list[tuple[int, str]] = []
    fence: str | None = None
    previous_blank = True
    i = 0
    while i < len(lines):
        line = lines[i]
        opening = re.match(r"^```(\w*)", line)
        if opening:
            fence = None if fence is not None else opening.group(1)
            i += 1
            previous_blank = False
            continue
        in_shell_fence = fence in ("sh", "bash", "shell", "console")
        indented = fence is None and line.startswith("    ") and previous_blank
        text = line.strip()
        if (in_shell_fence or indented) and text.startswith(COMMANDS):
            start = i + 1
            command = text
            while command.endswith("\\") and i + 1 < len(lines):
                i += 1
                command = command[:-1].rstrip() + " " + lines[i].strip()
            found.append((start, _strip_comment(command)))
            previous_blank = True           # the next line of the same block
        else:
            previous_blank = not text or (indented and text.startswith(COMMANDS))
        i += 1
    return found


def _strip_comment(command: str) -> str:
    """The command without a trailing ``# comment`` (outside quotes)."""
    quote = None
    for k, ch in enumerate(command):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and k and command[k - 1] == " ":
            return command[:k].rstrip()
    return command


def _yaml_block_with(document: Path, marker: str) -> str:
    text = document.read_text(encoding="utf-8")
    for block in re.findall(r"```yaml\n(.*?)```", text, flags=re.S):
        if marker in block:
            return block
    raise AssertionError(f"{document.name} has no YAML block with {marker!r}")


def _folder_for(document: Path, tmp_path: Path) -> Path:
    """An empty folder with the files the document tells the reader to make first."""
    (tmp_path / "hands.txt").write_text("As Ah Ad Kc Kd 7s 2h\n2s 3s 4s 5s 6s 9h 9d\n", encoding="utf-8")
    (tmp_path / "rules").symlink_to(ROOT / "rules")
    readme = ROOT / "README.md"
    (tmp_path / "our_table.yaml").write_text(_yaml_block_with(readme, "name: our_table"), encoding="utf-8")
    return tmp_path


def _reason_not_run(command: str) -> str | None:
    for start, why in NOT_RUN.items():
        if command.startswith(start):
            return why
    return None


CASES = [pytest.param(doc, id=doc.relative_to(ROOT).as_posix()) for doc in DOCUMENTS if snippets(doc)]


@pytest.mark.slow
@pytest.mark.parametrize("document", CASES)
def test_every_shell_snippet_of_a_document_runs_as_written(document: Path, tmp_path: Path,
                                                           request: pytest.FixtureRequest) -> None:
    """The slow commands (``SLOW``) run only with ``pytest --all``."""
    hachi = shutil.which("hachi", path=str(Path(sys.executable).parent)) or shutil.which("hachi")
    if hachi is None:
        pytest.skip("the hachi command is not installed")
    folder = _folder_for(document, tmp_path)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
           "COLUMNS": "100", "NO_COLOR": "1"}
    ran = 0
    ray_dir = None
    head = any(c.startswith("RAY_AUTH_MODE=token ray start --head") for _, c in snippets(document))
    if head and request.config.getoption("--all"):
        pytest.importorskip("ray")
        if _port_in_use(6379):
            pytest.skip("port 6379 is taken (a Ray head of another program?): the document's head needs it")
        env["RAY_TMPDIR"] = ray_dir = tempfile.mkdtemp(prefix="ray", dir="/tmp")  # short: Ray's socket paths
        env["HOME"] = str(tmp_path / "home")            # the token the document makes: not the user's
    try:
        ran = _run_snippets(document, folder, env, request)
    finally:
        if ray_dir is not None:
            _stop_ray_of(ray_dir)
    if not ran:
        pytest.skip(f"{document.name}: every snippet is left out (NOT_RUN) or slow (run with --all)")


def _run_snippets(document: Path, folder: Path, env: dict[str, str], request: pytest.FixtureRequest) -> int:
    ran = 0
    for line, command in snippets(document):
        if _reason_not_run(command) or (command.startswith(SLOW) and not request.config.getoption("--all")):
            continue
        if command.startswith(("ray ", "RAY_AUTH_MODE=token ray ")):
            pytest.importorskip("ray")
        done = subprocess.run(command, shell=True, cwd=folder, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=600)
        place = f"{document.relative_to(ROOT)}:{line}: {command}"
        assert "Traceback" not in done.stderr, f"{place}\n{done.stderr[-2000:]}"
        assert done.returncode == 0, f"{place}: exit {done.returncode}\n{done.stdout[-1000:]}\n{done.stderr[-1000:]}"
        ran += 1
    return ran


def _port_in_use(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def _stop_ray_of(ray_dir: str) -> None:
    """End the Ray processes whose command line names ``ray_dir`` (the head this test started)
    and their children, and no other Ray of the machine (``ray stop`` would end them all)."""
    def processes() -> dict[int, tuple[int, str]]:
        found = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                    ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, ValueError, IndexError):
                    continue
                found[int(entry.name)] = (ppid, cmd)
        return found

    table = processes()
    ours = {pid for pid, (_, cmd) in table.items() if ray_dir in cmd}
    grew = True
    while grew:
        children = {pid for pid, (ppid, _) in table.items() if ppid in ours} - ours
        ours |= children
        grew = bool(children)
    for pid in ours:                    # as ray stop --force does, for these processes alone
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    shutil.rmtree(ray_dir, ignore_errors=True)


def test_every_command_left_out_of_the_snippet_test_is_still_in_a_document() -> None:
    written = [c for doc in DOCUMENTS for _, c in snippets(doc)]
    for start in NOT_RUN:
        assert any(c.startswith(start) for c in written), f"NOT_RUN names {start!r}, which no document has"


def test_snippets_are_found_in_indented_blocks_and_shell_fences(tmp_path: Path) -> None:
    doc = tmp_path / "x.md"
    doc.write_text("Text\n\n    hachi validate a.yaml   # check\n    hachi play \\\n        --short\n\n"
                   "- a list\n    hachi not-a-snippet\n\n```sh\npip install .\n```\n", encoding="utf-8")
    assert snippets(doc) == [(3, "hachi validate a.yaml"), (4, "hachi play --short"), (11, "pip install .")]


@pytest.mark.slow
def test_the_pre_commit_hook_of_docs_ci_refuses_a_bad_rule_file_and_passes_good_ones(tmp_path: Path) -> None:
    """The ``.pre-commit-config.yaml`` of docs/ci.md, as written, in a repository of rule files."""
    pre_commit = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or shutil.which("pre-commit")
    if pre_commit is None:
        pytest.skip("pre-commit is not installed (pip install pre-commit)")
    config = _yaml_block_with(ROOT / "docs" / "ci.md", "repo: local")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
           "PRE_COMMIT_HOME": str(tmp_path / "cache"), "NO_COLOR": "1"}
    repo = tmp_path / "repo"
    (repo / "house_rules").mkdir(parents=True)
    (repo / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
    (repo / "house_rules" / "ours.yaml").write_text("extends: hachihachi_trick\nname: ours\n", encoding="utf-8")
    (repo / "house_rules" / "bad.yaml").write_text("extends: hachihachi_trick\nname: bad\ndeclaration:\n"
                                                   "  drop_fee: many\n", encoding="utf-8")
    (repo / "notes.yaml").write_text("not: [a, rule, file]\n", encoding="utf-8")        # outside the folders

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(args, cwd=repo, env=env, capture_output=True, text=True, timeout=300)

    assert run("git", "init", "-q").returncode == 0
    assert run("git", "add", "-A").returncode == 0
    refused = run(pre_commit, "run", "--all-files")
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert "house_rules/bad.yaml:4:" in refused.stdout and "Traceback" not in refused.stdout
    assert "notes.yaml" not in refused.stdout
    (repo / "house_rules" / "bad.yaml").unlink()
    assert run("git", "add", "-A").returncode == 0
    passed = run(pre_commit, "run", "--all-files")
    assert passed.returncode == 0, passed.stdout + passed.stderr
