"""Hostile things done to running ``hachi`` processes: saves killed mid-game, planted locks, two
sessions on one sheet, Ray addresses that never answer, signals to Ray-backed runs.

Each test runs the real command in a subprocess (tests/process_cases.py) and waits on conditions
(the prompt read from the pipe, a lock file, the process's end) with generous deadlines, never on
a sleep; Linux only (processes are found through /proc).
"""

import signal
import sys

import pytest

from tests.process_cases import (planted_lock_link, play_killed_after_three_answers, ray_http_address,
                           ray_killed, ray_sigterm, ray_silent_address, second_score_on_one_sheet)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="processes are found through /proc")


def one_error_line(o):
    return o.stderr.count("error:") == 1 and "Traceback" not in o.stderr


@pytest.mark.slow
def test_a_save_killed_with_sigkill_after_three_answers_resumes_with_them(tmp_path):
    o = play_killed_after_three_answers(tmp_path)
    assert o.returncode == -signal.SIGKILL and not o.data_lost


@pytest.mark.slow
def test_a_link_planted_as_the_lock_of_a_save_is_refused_and_its_target_kept(tmp_path):
    o = planted_lock_link(tmp_path)
    assert o.returncode == 1 and one_error_line(o) and not o.data_lost
    assert "not a lock this program made" in o.stderr


@pytest.mark.slow
def test_a_second_score_add_on_a_sheet_in_use_is_refused_at_once(tmp_path):
    o = second_score_on_one_sheet(tmp_path)
    assert o.returncode == 1 and "in use by another 'hachi score --add'" in o.stderr and not o.data_lost



def _needs_ray():
    pytest.importorskip("ray")


@pytest.mark.slow                   # a Ray run in a process of its own: seconds of waiting
@pytest.mark.parametrize("case, words", [(ray_silent_address, "does not answer"),
                                         (ray_http_address, "not as a Ray cluster does")])
def test_a_ray_address_that_is_no_ray_cluster_fails_in_one_line_without_waiting_for_ray(case, words):
    _needs_ray()
    o = case()          # its time is measured by benchmarks/hostile_process.py, not asserted here
    assert o.returncode == 2 and one_error_line(o) and words in o.stderr


@pytest.mark.slow                   # a Ray run in a process of its own: seconds of waiting
def test_sigterm_ends_a_ray_backed_run_with_143_one_line_and_no_process_left():
    _needs_ray()
    o = ray_sigterm()
    assert o.returncode == 143 and one_error_line(o) and "SIGTERM received" not in o.stderr
    assert not o.workers_left


@pytest.mark.slow                   # a Ray run in a process of its own: seconds of waiting
def test_no_ray_process_outlives_a_ray_backed_run_killed_with_sigkill():
    _needs_ray()
    o = ray_killed()
    assert o.returncode == -signal.SIGKILL and not o.workers_left
