"""A ``hachi simulate --workers 2`` run cannot hang, and signals end it without a traceback.

Each test runs the real command in a subprocess (tests/process_cases.py); the time is bounded by
the subprocess timeout, so a hang fails the test instead of blocking the suite.
"""

import sys

import pytest

from tests.process_cases import ctrl_c, ctrl_c_twice, run_killed, sigterm_to_the_run, worker_killed

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are found in /proc")


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


@pytest.mark.slow
def test_a_killed_worker_ends_the_run_with_one_error_line():
    out = worker_killed()
    assert not out.hung and out.returncode == 1
    assert one_line(out.stderr).startswith("simulate: error: a worker process ended")
    assert out.seconds < 30 and out.workers_left == ()


@pytest.mark.slow
def test_sigterm_ends_the_run_and_its_workers_without_a_traceback():
    out = sigterm_to_the_run()
    assert out.returncode == 143 and not out.traceback
    said = "simulate: error: stopped by SIGTERM; the run was stopped and nothing was summarised."
    assert one_line(out.stderr) == said
    assert out.workers_left == ()


@pytest.mark.slow
def test_ctrl_c_ends_the_run_and_its_workers_without_a_traceback():
    out = ctrl_c()
    assert out.returncode == 130 and not out.traceback
    assert "interrupted" in one_line(out.stderr)
    assert out.workers_left == ()


@pytest.mark.slow
def test_a_second_ctrl_c_during_the_clean_up_still_ends_the_run_with_status_130():
    out = ctrl_c_twice()
    assert out.returncode == 130 and not out.traceback
    assert "interrupted" in one_line(out.stderr)
    assert out.workers_left == ()


@pytest.mark.slow
def test_workers_do_not_outlive_a_run_killed_with_sigkill():
    out = run_killed()
    assert out.returncode == -9 and out.workers_left == ()
