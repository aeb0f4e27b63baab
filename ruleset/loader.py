"""Read rule files: bundled rulesets by name, or files by path.

PROVISIONAL: a minimal loader so that other parts can be built against ``load_ruleset``;
the foundation work replaces its inside (positions, schema, variants, hostile input) and keeps
its signature.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import yaml

from .errors import RuleFileError
from .model import Ruleset, build_ruleset

BUNDLED = ("hachihachi_trick",)


def bundled_path(name: str) -> Path:
    """The path of a bundled rule file by name (``hachihachi_trick``)."""
    return Path(str(resources.files("hachihachi.rules").joinpath(f"{name}.yaml")))


def resolve_ref(ref: str | Path, base: Path | None = None) -> Path:
    text = str(ref)
    if "/" not in text and "\\" not in text and not text.endswith((".yaml", ".yml")):
        return bundled_path(text)
    path = Path(text)
    if base is not None and not path.is_absolute():
        path = base.parent / path
    return path


def load_ruleset(ref: str | Path) -> Ruleset:
    """Load, validate and build a ruleset from a bundled name or a file path."""
    path = resolve_ref(ref)
    if not path.is_file():
        raise RuleFileError(f"there is no rule file '{ref}'.")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    roles = data.get("role_table")
    if isinstance(roles, str):
        data["role_table"] = yaml.safe_load(resolve_ref(roles, path).read_text(encoding="utf-8"))
    return build_ruleset(data, source=str(path))
