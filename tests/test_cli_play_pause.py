"""``hachi play`` waits for Enter after a round in which the person had no decision (forced out,
or every card forced), so that the round can be read before the next one scrolls it away."""

import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from hachihachi.cli.play import play
from hachihachi.interpreter.records.gamerecord import replay

# Seed 3 at five seats: the person is forced out of round 1 (T10) and asked nothing in it.
FORCED_OUT_FIRST = ["--seed", "3", "--short", "--players", "5"]
PROMPT = "Press Enter for the next round"
QUESTION = "Your turn:"


def run(tmp_path, args, answers):
    text = "".join(a + "\n" for a in answers)
    return CliRunner().invoke(play, [*args, "--save", str(tmp_path / "s.yaml")], input=text)


def rounds_of(output: str) -> list[str]:
    """The output cut at each round's start line ("Round N: ..."), the lines before round 1 dropped."""
    return re.split(r"^(?=Round \d+: )", output, flags=re.M)[1:]


@pytest.mark.slow
def test_T10_a_round_without_a_decision_waits_for_enter_before_the_next_round(tmp_path):
    res = run(tmp_path, [*FORCED_OUT_FIRST, "--pause"], ["1"] * 300)
    assert res.exit_code == 0, res.output
    first, second = rounds_of(res.output)[:2]
    assert "forced out (降ろされ): you" in first and QUESTION not in first
    assert first.rstrip("\n").splitlines()[-1].startswith(PROMPT)      # after the round's result
    assert "result:" in first.split(PROMPT)[0]
    assert QUESTION in second


@pytest.mark.slow
def test_only_rounds_without_a_question_end_on_the_pause(tmp_path):
    res = run(tmp_path, [*FORCED_OUT_FIRST, "--pause"], ["1"] * 300)
    assert res.exit_code == 0, res.output
    rounds = rounds_of(res.output)
    waited = [PROMPT in text for text in rounds]
    asked = [QUESTION in text for text in rounds]
    assert waited[:-1] == [not a for a in asked[:-1]]
    assert not waited[-1]                   # the last round goes straight to the final standings
    assert any(waited) and any(asked)


def test_q_at_the_pause_saves_and_the_game_resumes_in_the_next_round(tmp_path):
    res = run(tmp_path, [*FORCED_OUT_FIRST, "--pause"], ["q"])
    assert res.exit_code == 0, res.output
    assert "hachi play --resume" in res.output and "Round 2:" not in res.output
    assert replay(tmp_path / "s.yaml").game.round_index == 1


def test_the_pause_speaks_japanese(tmp_path):
    res = run(tmp_path, [*FORCED_OUT_FIRST, "--pause", "--lang", "ja"], ["q"])
    assert "Enterで次の局へ" in res.output and PROMPT not in res.output


@pytest.mark.slow
def test_no_pause_when_the_input_is_not_a_terminal_or_with_no_pause(tmp_path):
    for extra in ([], ["--no-pause"]):
        res = run(tmp_path, [*FORCED_OUT_FIRST, *extra], ["1"] * 300)
        assert res.exit_code == 0, res.output
        assert PROMPT not in res.output and "Final standings" in res.output


def _read_until(fd: int, marks: tuple[str, ...], limit: float = 120.0) -> str:
    """What the terminal shows until one of ``marks`` appears (a bound, not a timing check)."""
    seen = b""
    while not any(m.encode() in seen for m in marks):
        ready, _, _ = select.select([fd], [], [], limit)
        if not ready:
            break
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    return seen.decode("utf-8", "replace")


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_in_a_real_terminal_the_game_pauses_by_default(tmp_path):
    import pty

    hachi = Path(sys.executable).parent / "hachi"
    if not hachi.exists():
        pytest.skip("the hachi command is not installed")
    main, side = pty.openpty()
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80"}
    proc = subprocess.Popen([str(hachi), "play", *FORCED_OUT_FIRST, "--save", str(tmp_path / "s.yaml")],
                            stdin=side, stdout=side, stderr=side, cwd=tmp_path, env=env, close_fds=True)
    os.close(side)
    try:
        shown = _read_until(main, (PROMPT, QUESTION))
        assert PROMPT in shown and QUESTION not in shown and "Round 2:" not in shown
        os.write(main, b"q\r")
        shown += _read_until(main, ("--resume",))
        assert "hachi play --resume" in shown
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)
