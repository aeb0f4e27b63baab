"""The rule files shipped with the package (``rules/`` and ``rules/variants/``), found by name."""

from __future__ import annotations

import os
from functools import lru_cache
from importlib import resources
from pathlib import Path

RULESET = "ruleset"
ROLE_TABLE = "role_table"
BUNDLED_RULESET = "hachihachi_trick"     # the standard rules
_FOLDERS = ("hachihachi.rules", "hachihachi.rules.variants")


@lru_cache(maxsize=None)
def bundled_files() -> dict[str, Path]:
    """Every bundled YAML file by name (its file name without ``.yaml``)."""
    found: dict[str, Path] = {}
    for package in _FOLDERS:
        folder = Path(str(resources.files(package)))
        for path in sorted(folder.glob("*.yaml")):
            found.setdefault(path.stem, path)
    return found


def kind_hint(text: str) -> str | None:
    """The kind a file's yaml-language-server modeline names, if any."""
    for line in text.split("\n", 5)[:5]:
        if "$schema=" in line:
            if "role_table.schema.json" in line:
                return ROLE_TABLE
            if "ruleset.schema.json" in line:
                return RULESET
    return None


@lru_cache(maxsize=None)
def _bundled_type(name: str) -> str:
    with open(bundled_files()[name], encoding="utf-8") as handle:
        head = "".join(handle.readline() for _ in range(5))
    return kind_hint(head) or RULESET


def bundled_names(file_type: str = RULESET) -> list[str]:
    """Names of the bundled rulesets (or role tables, with ``kind="role_table"``)."""
    return [name for name in bundled_files() if _bundled_type(name) == file_type]


def bundled_path(name: str) -> Path:
    """The path of a bundled file by name (``hachihachi_trick``); it may not exist."""
    return bundled_files().get(name, Path(str(resources.files("hachihachi.rules"))) / f"{name}.yaml")


def is_name(ref: str | Path) -> bool:
    """Whether ``ref`` names a bundled file rather than a path (no folder, no ``.yaml``)."""
    text = str(ref)
    return "/" not in text and "\\" not in text and not text.endswith((".yaml", ".yml"))


def bundled_name_of(path: str | Path) -> str | None:
    """The bundled name of the file at ``path`` when it is a bundled file: the file itself, or a
    copy of it with the same name and the same bytes (``rules/variants/X.yaml`` of a clone) that
    names no other file by a path. A record or a worker names such a file by that name, which
    reads the same anywhere."""
    try:
        given = Path(path)
        bundled = bundled_files().get(given.stem)
        if bundled is None or not given.is_file():
            return None
        if os.path.realpath(given) == os.path.realpath(bundled):
            return given.stem
        if given.stat().st_size != bundled.stat().st_size or given.read_bytes() != bundled.read_bytes():
            return None
        return None if _names_files(bundled.read_text(encoding="utf-8")) else given.stem
    except (OSError, ValueError):
        return None


def _names_files(text: str) -> bool:
    """Whether a rule file names another file by a path (``role_table: hand_roles.yaml``): a copy
    of it elsewhere reads the file beside the copy, which may differ from the bundled one."""
    return any(part in line.split("#", 1)[0] for line in text.splitlines() for part in (".yaml", ".yml"))


def resolve_ref(ref: str | Path, base: Path | None = None) -> Path:
    """The file ``ref`` means: a bundled name, or a path relative to the folder of ``base``."""
    if is_name(ref):
        return bundled_path(str(ref))
    path = Path(str(ref)).expanduser()
    if base is not None and not path.is_absolute():
        path = base.parent / path
    return path
