"""The files ``hachi validate`` found valid, kept in the user's cache folder (:mod:`.usercache`) so
that a later run checks again only what changed: a rule file checked in CI or by an editor's hook
is mostly the same file as last time, and checking one takes tens of milliseconds (its schema, its
effects, its role table compiled and its examples tried), where reading it takes microseconds.

A verdict is kept only for a file found **valid**, and holds while all of this is as it was:

- the *situation*: the file as named (and the root its names keep to), the working folder, the
  Python version;
- the *code*: the path, size and time of every module file of hachihachi and of the libraries the
  check imported (jsonschema, lark, yaml ...), of the package's metadata, of the bundled rule files
  and their folders (a bundled file added or removed changes what a name means), as ``hachi --help``'s cache
  stamps them (:mod:`..cli.start`);
- the *files*: the SHA-256 of every file the check read (the file, its bases, its role table, the
  bundled files its settlement comes from), recorded as :mod:`.variants` reads them.

A file with problems is never kept: its problems may lie in a file it could not read, which
nothing would stamp. Anything unusual (no cache, a changed or missing file, a broken entry) checks
the file as before. The cache holds data only (JSON), read only when it is the user's own.
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from typing import Any, Iterable, Optional

from . import usercache

CACHE_FILE = "valid-files.json"
MAX_FILES = 4096            # verdicts kept (the newest first)
MAX_BYTES = 4 * 1024 * 1024     # no rule file is near this (yamlfile.RULE_FILE allows far less)
LIBRARIES = ("hachihachi", "jsonschema", "jsonschema_specifications", "referencing", "rpds", "lark", "yaml",
             "_yaml", "attrs", "click")


def _digest(path: str) -> Optional[str]:
    """The SHA-256 of the regular file at ``path`` (opened without blocking, so that a FIFO or a
    device swapped in is never waited on), or None."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())
            if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_BYTES:
                return None
            return hashlib.sha256(f.read(MAX_BYTES + 1)).hexdigest()
    except (OSError, ValueError):
        return None


def code_stamps() -> Optional[list[list[Any]]]:
    """The stamps of the code the checks ran (every module of :data:`LIBRARIES` imported now),
    the package's metadata, and the bundled rule files and their folders; None when one cannot be
    stamped."""
    from importlib import resources

    from .bundled import _FOLDERS, bundled_files

    code = usercache.code_stamps(LIBRARIES)
    if code is None:
        return None
    folders = [str(resources.files(package)) for package in _FOLDERS]
    bundled = [usercache.stamp(str(path)) for path in [*folders, *bundled_files().values()]]
    return None if any(s is None for s in bundled) else code + [s for s in bundled if s is not None]


def _key(file: str, root: Optional[str]) -> list[Any]:
    return [file, root, os.getcwd(), sys.version]


def _unchanged(reads: Any) -> bool:
    return isinstance(reads, list) and bool(reads) and all(
        isinstance(r, list) and len(r) == 2 and isinstance(r[0], str) and _digest(r[0]) == r[1] for r in reads)


class Verdicts:
    """The verdicts kept, read once (all of them dropped when the code changed): :meth:`valid`
    answers from them, :meth:`found_valid` adds to them, :meth:`save` writes them back."""

    def __init__(self) -> None:
        kept = usercache.read_json(CACHE_FILE)
        kept = kept if isinstance(kept, dict) and usercache.current(kept.get("code")) else {}
        self.code: list[Any] = kept.get("code") or []
        entries = kept.get("verdicts")
        self.entries = [e for e in entries if isinstance(e, dict)] if isinstance(entries, list) else []
        self.added: list[dict[str, Any]] = []

    def valid(self, file: str, root: Optional[str]) -> bool:
        """Whether ``file`` (its names keeping to ``root``) was found valid and nothing it depends on changed."""
        key = _key(file, root)
        return any(e.get("key") == key and _unchanged(e.get("reads")) for e in self.entries)

    def found_valid(self, file: str, root: Optional[str], read: Iterable[str]) -> None:
        """Keep the verdict that ``file`` is valid, having read the files ``read``."""
        reads = [[path, digest] for path in dict.fromkeys(read) if (digest := _digest(path)) is not None]
        if reads:
            self.added.append({"key": _key(file, root), "reads": reads})

    def save(self) -> None:
        """Write the verdicts back, when some were added, with the code stamped: the modules this
        run imported besides those stamped before (each still as it was when they were read)."""
        code = code_stamps()
        if not self.added or code is None:
            return
        seen = {s[0] for s in code}
        keys = [e["key"] for e in self.added]
        rest = [e for e in self.entries if e.get("key") not in keys]
        usercache.write_json(CACHE_FILE, {"code": code + [s for s in self.code if s[0] not in seen],
                                          "verdicts": (self.added + rest)[:MAX_FILES]})
