"""The rule files a page may choose: the bundled ones by name, or a house-rule file uploaded to
the server, checked by the same loader as ``hachi validate`` (problems as ``FILE:LINE:COL``).

An upload is size-limited, written into a fresh folder of its own under the server's data folder
(named by a random id, never by the page) and read with that folder as its root, so that
nothing in it can make the server read a file elsewhere; it may extend a bundled ruleset.
"""

from __future__ import annotations

import re
import secrets
import shutil
from pathlib import Path
from typing import Any, Callable, Optional

from ..ruleset.bundled import RULESET, bundled_files, is_name
from ..ruleset.errors import HachiError
from ..ruleset.loader import analyse, load_ruleset
from ..ruleset.model import Ruleset
from ..ruleset.problems import Problem

MAX_UPLOAD = 64 * 1024          # bytes of an uploaded rule file
MAX_UPLOADS = 500               # rule files a server keeps
SAFE_NAME = re.compile(r"[^A-Za-z0-9_.-]+")
SAFE_ID = re.compile(r"[A-Za-z0-9_-]{8,20}")


class UploadError(HachiError):
    """An upload that is refused; ``problems`` lists what is wrong with a rule file."""

    def __init__(self, message: str, problems: Optional[list[dict[str, object]]] = None):
        super().__init__(message)
        self.problems = problems or []


def bundled_rulesets() -> list[dict[str, Any]]:
    """Every bundled ruleset a table can be played with (role tables left out): the standard
    games first (the files that extend no other), then the variants, each marked ``variant``."""
    out = []
    for name, path in bundled_files().items():
        try:
            rules = load_ruleset(name)
        except HachiError:
            continue            # a role table, not a ruleset
        out.append({**describe(rules, name), "variant": path.parent.name == "variants"})
    return sorted(out, key=lambda r: (r["variant"], r["play"] != "tricks", r["ref"]))


def describe(rules: Ruleset, ref: str) -> dict[str, Any]:
    return {"ref": ref, "name": rules.name, "title": {"ja": rules.title.ja, "en": rules.title.en},
            "players": [rules.players.min, rules.players.max], "play": rules.play,
            "short": rules.rounds.short, "standard": rules.rounds.standard}


class Uploads:
    """House-rule files uploaded to the server, by random id."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.rules: dict[str, tuple[Path, Ruleset]] = {}

    def add(self, body: bytes, filename: str = "house-rules.yaml",
            check: Optional[Callable[[Path, str, Path], None]] = None) -> tuple[str, Ruleset]:
        """Check and keep an uploaded rule file; raise :class:`UploadError` with its problems. A
        refused file is not kept. ``check`` (the file, its shown name, its folder) runs first and
        raises to refuse it (the server checks it in a bounded child process)."""
        if len(self.rules) >= MAX_UPLOADS:
            raise UploadError(f"the server keeps {MAX_UPLOADS} uploaded rule files already")
        if len(body) > MAX_UPLOAD:
            raise UploadError(f"a rule file may have at most {MAX_UPLOAD // 1024} KiB, this one has {len(body)} bytes")
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise UploadError("a rule file is UTF-8 text") from None
        base = filename.replace("\\", "/").rsplit("/", 1)[-1]
        shown = SAFE_NAME.sub("_", base)[:60].lstrip(".") or "house-rules.yaml"
        upload_id = secrets.token_urlsafe(9)
        home = self.folder / "uploads" / upload_id
        home.mkdir(parents=True)
        path = home / "rules.yaml"
        try:
            path.write_text(text, encoding="utf-8")
            if check is not None:
                check(path, shown, home)
            analysis = analyse(path, shown, RULESET, root=str(home))
            if analysis.problems:
                raise UploadError("the rule file has problems", [problem_item(p) for p in analysis.problems[:20]])
            rules = analysis.built_ruleset()
        except BaseException:
            shutil.rmtree(home, ignore_errors=True)
            raise
        self.rules[upload_id] = (path, rules)
        return upload_id, rules

    def remove(self, upload_id: str) -> None:
        """Forget an upload and remove its folder (tables and sheets keep their own copies)."""
        self.rules.pop(upload_id, None)
        if SAFE_ID.fullmatch(upload_id):
            shutil.rmtree(self.folder / "uploads" / upload_id, ignore_errors=True)

    def get(self, ref: str) -> tuple[Ruleset, str]:
        """The ruleset and the reference a save names for ``ref``: a bundled name or ``upload:ID``."""
        if ref.startswith("upload:") and ref[7:] in self.rules:
            path, rules = self.rules[ref[7:]]
            return rules, str(path.resolve())
        if is_name(ref) and ref in bundled_files():
            return load_ruleset(ref), ref
        raise UploadError("choose a bundled ruleset or upload a rule file")


def problem_item(p: Problem) -> dict[str, object]:
    out = p.to_dict()
    out["text"] = str(p)
    return out
