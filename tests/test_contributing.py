"""What a contributor runs works with the light install: `pip install -e '.[test,lint]' && mypy`."""

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("cli", "interpreter", "ruleset", "rules", "openspiel", "web", "entry")
BASE = {"yaml", "jsonschema", "lark", "click", "mypy_extensions"}     # [project] dependencies


def _pyproject():
    tomllib = pytest.importorskip("tomllib")         # Python 3.11
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


IMPORT = re.compile(r"^\s*(?:from\s+([A-Za-z_][\w.]*)\s+import\s|import\s+([A-Za-z_][\w.]*)\s*(?:$|,|\sas\s))", re.M)


def _third_party_imports():
    found = set()
    for folder in SOURCES:
        for path in (ROOT / folder).rglob("*.py"):
            found.update((a or b).split(".")[0] for a, b in IMPORT.findall(path.read_text(encoding="utf-8")))
    return found - set(sys.stdlib_module_names) - {"hachihachi", "__future__"} - BASE


def test_mypy_reads_every_optional_extra_it_may_not_find_as_missing():
    """Each module of an optional extra the package imports is listed with ignore_missing_imports,
    so mypy passes when the extra is not installed (and checks against it when it is)."""
    ignored = set()
    for override in _pyproject()["tool"]["mypy"]["overrides"]:
        if override.get("ignore_missing_imports"):
            ignored.update(m.split(".")[0] for m in override["module"])
    optional = _third_party_imports()
    assert {"ray", "starlette", "uvicorn", "pyspiel", "matplotlib"} <= optional     # what the extras bring
    assert sorted(optional - ignored) == []


def test_architecture_doc_names_the_test_command_it_refers_to():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert "the test command above" not in text
    assert "docs/testing.md" in text or "testing.md" in text
