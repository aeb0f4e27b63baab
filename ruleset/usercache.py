"""The user's cache folder: what hachihachi builds once and reads again on later starts (the LALR
tables of its grammars, :mod:`.grammars`), in ``$XDG_CACHE_HOME/hachihachi`` (by default
``~/.cache/hachihachi``; a relative ``XDG_CACHE_HOME`` is ignored, as the XDG spec says).

Only data is kept there (JSON), never code or pickles, and a file is read only when it and its
folder belong to the user and nobody else may write them (as ssh reads its keys), is a regular
file (not a link) and is not oversized. Whatever cannot be read so (missing, foreign, broken,
strange) reads as nothing, and the caller builds again what it wanted; a folder that cannot be
made or written is no error either. Writes are atomic (a temporary file renamed), so that a
reader never sees half a file, and two processes writing the same file write the same thing.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
import sys
from typing import Any, Callable, Iterable, Optional

MAX_BYTES = 4 * 1024 * 1024         # no cache file of ours is near this


def folder() -> Path:
    """``$XDG_CACHE_HOME/hachihachi``, or ``~/.cache/hachihachi``."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".cache"
    return root / "hachihachi"


def _private(st: os.stat_result) -> bool:
    """Whether a file or folder of these stats belongs to the user and only the user may write it."""
    getuid = getattr(os, "getuid", None)            # not on Windows, where the folder is the user's own
    return (getuid is None or st.st_uid == getuid()) and not st.st_mode & 0o022


def read_json(name: str, object_hook: Optional[Callable[[dict[str, Any]], Any]] = None) -> Optional[Any]:
    """The data of the cache file ``name`` (each JSON object read through ``object_hook`` when
    given, as :func:`json.loads` does), or None when it cannot be read as the module doc says."""
    where = folder()
    try:
        if not _private(os.stat(where)):
            return None
        fd = os.open(where / name, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())
            if not (_private(st) and stat.S_ISREG(st.st_mode)) or st.st_size > MAX_BYTES:
                return None
            return json.loads(f.read(), object_hook=object_hook)
    except (OSError, ValueError, RecursionError):
        return None


def write_json(name: str, data: Any) -> None:
    """Keep ``data`` (JSON values) in the cache file ``name``; nothing happens when the folder
    cannot be made or written, or is not the user's own."""
    import tempfile                 # here: a start that only reads (start.py) does without it

    where = folder()
    try:
        where.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(os.stat(where)):
            return
        fd, temporary = tempfile.mkstemp(dir=where, prefix=".writing-", suffix=".json")
    except OSError:
        return
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, separators=(",", ":"))
        os.replace(temporary, where / name)
    except (OSError, ValueError, TypeError):
        try:
            os.unlink(temporary)
        except OSError:
            pass


# -- stamps: what an entry kept depends on, checked before it is used again ---------------------

def stamp(path: str) -> Optional[list[Any]]:
    """A file's stamp: its path, size and time (None when it cannot be read)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return [path, st.st_size, st.st_mtime_ns]


def current(stamps: Any) -> bool:
    """Whether every file stamped (a list of :func:`stamp`) is as it was, and something was stamped."""
    return isinstance(stamps, list) and bool(stamps) and all(
        isinstance(s, list) and len(s) == 3 and isinstance(s[0], str) and stamp(s[0]) == s for s in stamps)


def code_stamps(libraries: Iterable[str]) -> Optional[list[list[Any]]]:
    """The stamps of every module file of the top-level packages ``libraries`` imported now, and
    of hachihachi's metadata (which gives ``--version`` its number); None when one cannot be
    stamped or the metadata lies where it depends on the working folder."""
    import importlib.metadata

    try:
        metadata = getattr(importlib.metadata.distribution("hachihachi"), "_path", None)
    except importlib.metadata.PackageNotFoundError:
        return None
    if metadata is None or not os.path.isabs(str(metadata)):
        return None
    tops = set(libraries)
    files = sorted({path for name, m in list(sys.modules.items()) if name.partition(".")[0] in tops
                    if isinstance(path := getattr(m, "__file__", None), str)})
    info = [os.path.join(str(metadata), name) for name in ("METADATA", "PKG-INFO")]
    stamps = [stamp(path) for path in [*files, next((p for p in info if os.path.isfile(p)), info[0])]]
    return None if any(s is None for s in stamps) else [s for s in stamps if s is not None]
