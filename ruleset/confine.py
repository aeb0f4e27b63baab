"""The file opened must lie under its root: the reach check made on the open file itself.

:mod:`.reach` checks a name before it is followed; :func:`confine` checks the file the system
opened for it, so a link swapped in between the two reads nothing outside the root.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .errors import RuleFileError
from .safetext import quote


def inside(root: str, real: str) -> bool:
    """Whether the real path ``real`` is ``root`` or under it."""
    try:
        return os.path.commonpath([root, real]) == root
    except ValueError:          # different drives, or a mix of relative and absolute paths
        return False


class Outside(RuleFileError):
    """The file opened is not under the root its name had to keep to (a link swapped in after
    the name was checked, say): nothing of it is read."""


def opened_path(fd: int, path: str | Path) -> str:
    """The real path of the file open at ``fd``, as the system opened it.

    Linux names it in ``/proc/self/fd``, macOS through ``F_GETPATH``; elsewhere it is the real
    path of ``path`` when that is still the same file as the one open (else an empty string).
    """
    try:
        if sys.platform.startswith("linux"):
            return os.readlink(f"/proc/self/fd/{fd}")
        if sys.platform == "darwin":
            import fcntl

            raw = fcntl.fcntl(fd, getattr(fcntl, "F_GETPATH"), bytes(1024))
            return os.fsdecode(raw.split(b"\0", 1)[0])
    except OSError:
        pass
    real = os.path.realpath(path)
    try:
        now, opened = os.stat(real, follow_symlinks=False), os.fstat(fd)
    except OSError:
        return ""
    return real if (now.st_dev, now.st_ino) == (opened.st_dev, opened.st_ino) else ""


def confine(fd: int, path: str | Path, root: str, file: str) -> None:
    """Refuse the file open at ``fd`` unless it lies under ``root``: the check is made on the
    file opened, so swapping a link in between a check of the name and the open reads nothing
    outside."""
    real = opened_path(fd, path)
    if not real or not inside(root, real):
        raise Outside(f"the file opened as {quote(file, 200)} is outside the folder {quote(root, 200)} (a link "
                      "out of it, perhaps changed while it was read); nothing of it is read.", file)
