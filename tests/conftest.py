"""Shared test settings: the markers, the ``--all`` option, and fixtures used across test files.

Markers (``pytest -m robustness`` runs one kind):

- ``slow``: a test that takes about half a second of CPU or more (exact counts over every hand,
  mutation sweeps, whole games in a subprocess). Skipped unless ``pytest --all``, so the default
  run stays around a minute of CPU on one core; CI (``.ci/run``) runs them.
- ``robustness``: hostile input and faults (whole modules, listed below). Skipped unless
  ``pytest --all`` too (CI runs them): hundreds of hostile files and killed processes.
- ``optional``: needs an optional extra (OpenSpiel, Ray, matplotlib); such a test skips itself
  when its extra is not installed.
"""

from __future__ import annotations

import pytest

# Modules whose every test is of one kind; a single test elsewhere carries the marker itself.
ROBUSTNESS_MODULES = {
    "test_robustness_cli", "test_robustness_play", "test_robustness_replay", "test_ruleset_hostile",
    "test_ruleset_mutations", "test_untrusted_input", "test_simulate_process", "test_robustness_numbers",
}
OPTIONAL_MODULES = {"test_backends_ray", "test_openspiel_bridge"}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--all", action="store_true", default=False,
                     help="run the slow and robustness tests too (what CI runs)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: takes seconds; runs only with --all")
    config.addinivalue_line("markers", "robustness: hostile input and faults")
    config.addinivalue_line("markers", "optional: needs an optional extra; skips without it")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    run_slow = config.getoption("--all")
    skip_slow = pytest.mark.skip(reason="slow: run with pytest --all")
    skip_robust = pytest.mark.skip(reason="robustness (hostile input, faults): run with pytest --all")
    for item in items:
        module = item.module.__name__.rsplit(".", 1)[-1] if item.module else ""
        if module in ROBUSTNESS_MODULES:
            item.add_marker(pytest.mark.robustness)
            if not run_slow and "robustness" not in config.getoption("markexpr", ""):
                item.add_marker(skip_robust)
        if module in OPTIONAL_MODULES:
            item.add_marker(pytest.mark.optional)
        if not run_slow and item.get_closest_marker("slow"):
            item.add_marker(skip_slow)


@pytest.fixture(autouse=True, scope="session")
def _own_cache_folder(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """The tests neither read nor fill the user's cache folder (``ruleset/usercache.py``): the
    session has one of its own, which the commands they run inherit."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        yield
