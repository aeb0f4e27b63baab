"""Write files so that a crash or a full disk never leaves half a file, and lock a save while in use.

:func:`write_atomic` is the one way this program writes a file (saves, records of ``play`` and
``simulate``): a temporary file in the same folder is written, flushed and fsynced, then renamed
over the target with ``os.replace`` and the folder is fsynced. A crash leaves the old file or the
new one; a failed write (disk full) leaves the old one and no temporary, and raises
:class:`WriteFailed`, one line naming the file.

:class:`SaveLock` is an advisory lock (``fcntl.flock``) on a lock file beside a save, so that a
second ``hachi play`` on the same save is refused. The kernel drops the lock when its process
ends, so a lock file left by a crash is stale and harmless.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path
from typing import Optional

from ..ruleset.errors import HachiError

__all__ = ["WriteFailed", "SaveInUse", "write_atomic", "SaveLock"]


class WriteFailed(HachiError):
    """A file could not be written; the old file (if any) is untouched."""

    reason: str = ""            # what the system said (an attribute, so that it pickles from a worker)


class SaveInUse(HachiError):
    """The save file is locked by another running ``hachi play``."""


def _folder(target: Path) -> Path:
    return target.parent if str(target.parent) else Path(".")


def write_atomic(path: str | Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) so that a crash leaves either the old or the new file."""
    target = Path(path)
    folder = _folder(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as e:
        raise _failed(e, path) from None
    try:
        try:
            os.fchmod(fd, target.stat().st_mode & 0o777 if target.exists() else 0o644)
            data = memoryview(text.encode("utf-8"))
            while data:
                data = data[os.write(fd, data):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(e, OSError):
            raise _failed(e, path) from None
        raise
    _sync_folder(folder)


def _failed(e: OSError, path: str | Path) -> WriteFailed:
    reason = e.strerror or str(e)
    err = WriteFailed(f"cannot write this file ({reason}); nothing was changed.", str(path))
    err.reason = reason
    return err


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class SaveLock:
    """An exclusive advisory lock on ``.NAME.lock`` beside the save ``NAME``; use ``with``."""

    def __init__(self, path: str | Path):
        target = Path(path)
        self.save = str(path)
        self.path = _folder(target) / f".{target.name}.lock"
        self._fd: Optional[int] = None

    def acquire(self) -> "SaveLock":
        import fcntl

        for _ in range(10):             # the file may be replaced between open and lock
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as e:          # the folder is missing or read-only: no save either
                raise SaveInUse(f"cannot write the save file ({e.strerror or e}).", self.save) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:
                holder = _read_pid(fd)
                os.close(fd)
                if e.errno in (errno.EWOULDBLOCK, errno.EACCES, errno.EAGAIN):
                    who = f" (process {holder})" if holder else ""
                    raise SaveInUse(f"this save is in use by another 'hachi play'{who}; finish that game "
                                    "first, or choose another --save FILE.", self.save) from None
                raise SaveInUse(f"cannot lock the save file ({e.strerror or e}).", self.save) from None
            if _same_file(fd, self.path):
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()}\n".encode())
                self._fd = fd
                return self
            os.close(fd)                # a releasing process removed it: lock the new one
        raise SaveInUse("cannot lock the save file (its lock file keeps changing).", self.save)

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)        # while still locked, so nobody locks the removed file
        os.close(self._fd)
        self._fd = None

    def __enter__(self) -> "SaveLock":
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def _same_file(fd: int, path: Path) -> bool:
    try:
        a, b = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _read_pid(fd: int) -> Optional[int]:
    try:
        text = os.pread(fd, 12, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
