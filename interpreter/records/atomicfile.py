"""Write files so that a crash or a full disk never leaves half a file, and lock a save while in use.

:func:`write_atomic` is the one way this program writes a file (saves, records of ``play`` and
``simulate``): a temporary file in the same folder is written, flushed and fsynced, then renamed
over the target with ``os.replace`` and the folder is fsynced. A crash leaves the old file or the
new one; a failed write (disk full) leaves the old one and no temporary, and raises
:class:`WriteFailed`, one line naming the file.

:class:`SaveLock` is an advisory lock (``fcntl.flock``) on a lock file beside a save or a score
sheet, so that a second ``hachi play`` (``hachi score``) on the same file is refused. The kernel
drops the lock when its process ends, so a lock file left by a crash is stale and harmless. The
lock never follows a link nor writes into a file it did not make.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Optional

from ...ruleset.errors import HachiError
from ...ruleset.safetext import quote

__all__ = ["WriteFailed", "SaveInUse", "write_atomic", "SaveLock"]


class WriteFailed(HachiError):
    """A file could not be written; the old file (if any) is untouched."""

    reason: str = ""            # what the system said (an attribute, so that it pickles from a worker)


class SaveInUse(HachiError):
    """The save file is locked by another running ``hachi play`` (``held``), or cannot be locked."""

    held: bool = False


def _folder(target: Path) -> Path:
    return target.parent if str(target.parent) else Path(".")


def write_atomic(path: str | Path, text: str | bytes) -> None:
    """Replace ``path`` with ``text`` (UTF-8, or bytes as they are) so that a crash leaves either the
    old or the new file."""
    target = Path(path)
    folder = _folder(target)
    mode = _mode_for(target, path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as e:
        raise _failed(e, path) from None
    try:
        try:
            os.fchmod(fd, mode)
            data = memoryview(text if isinstance(text, bytes) else text.encode("utf-8"))
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


NEW_FILE_MODE = 0o644


def _mode_for(target: Path, path: str | Path) -> int:
    """The mode of the file that replaces ``target``: a regular file's own, else that of a new file.
    A link is replaced, not written through, and the new file never takes the mode of what the
    link names (a device is 0666); a link to anything but a regular file, or a path that is not a
    regular file (a device, a pipe, a folder), is refused: nothing is written."""
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return NEW_FILE_MODE
    except OSError as e:
        raise _failed(e, path) from None
    if stat.S_ISREG(st.st_mode):
        return st.st_mode & 0o777
    if stat.S_ISLNK(st.st_mode):
        try:
            named = os.stat(target)
        except OSError:                 # a dangling link: the new file takes its place
            return NEW_FILE_MODE
        if stat.S_ISREG(named.st_mode):
            return NEW_FILE_MODE
        raise _failed(OSError(0, "it is a link to something that is not a regular file"), path)
    raise _failed(OSError(0, "it is not a regular file"), path)


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
    """An exclusive advisory lock on ``.NAME.lock`` beside the file ``NAME``; use ``with``.

    The lock file is opened without following a link (``O_NOFOLLOW``) and made with ``O_EXCL``
    when it is missing, so it is always a file in the folder of ``NAME``. One that exists and is
    not one this program makes (a link, a pipe, a device, a file with other links or another
    owner, or one that holds anything but a process number) is refused and left alone. ``user``
    names the command that holds such locks, for the message of a lock in use.
    """

    def __init__(self, path: str | Path, user: str = "hachi play", what: str = "save"):
        target = Path(path)
        self.save = str(path)
        self.user, self.what = user, what
        self.path = _folder(target) / f".{target.name}.lock"
        self._fd: Optional[int] = None

    def acquire(self) -> "SaveLock":
        import fcntl

        for _ in range(10):             # the file may be replaced between open and lock
            fd = self._open()
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:
                holder = _read_pid(fd)
                os.close(fd)
                if e.errno in (errno.EWOULDBLOCK, errno.EACCES, errno.EAGAIN):
                    who = f" (process {holder})" if holder else ""
                    busy = SaveInUse(f"this {self.what} is in use by another '{self.user}'{who}; finish that "
                                     f"first, or choose another file.", self.save)
                    busy.held = True
                    raise busy from None
                raise SaveInUse(f"cannot lock the {self.what} file ({e.strerror or e}).", self.save) from None
            if _same_file(fd, self.path):
                _write_pid(fd)
                self._fd = fd
                return self
            os.close(fd)                # a releasing process removed it: lock the new one
        raise SaveInUse(f"cannot lock the {self.what} file (its lock file keeps changing).", self.save)

    def _open(self) -> int:
        """The lock file, made here or checked to be one this program made (never through a link)."""
        flags = os.O_RDWR | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
        for _ in range(10):
            try:
                return os.open(self.path, flags | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                pass
            except OSError as e:        # the folder is missing, read-only or full: no save either
                raise self._cannot(e) from None
            try:
                fd = os.open(self.path, flags)
                break
            except FileNotFoundError:   # removed since: the next round makes it
                continue
            except OSError as e:
                if e.errno in (errno.ELOOP, errno.EISDIR):
                    raise self._foreign("a link" if e.errno == errno.ELOOP else "a folder") from None
                raise self._cannot(e) from None
        else:
            raise SaveInUse(f"cannot lock the {self.what} file (its lock file keeps changing).", self.save)
        problem = _not_a_lock(fd)
        if problem:
            os.close(fd)
            raise self._foreign(problem)
        return fd

    def _cannot(self, e: OSError) -> SaveInUse:
        return SaveInUse(f"cannot write the {self.what} file ({e.strerror or e}).", self.save)

    def _foreign(self, what: str) -> SaveInUse:
        return SaveInUse(f"its lock file {quote(self.path.name)} is {what}, not a lock this program made; it is "
                         "left alone. Remove it if no game uses this file.", self.save)

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            if _same_file(self._fd, self.path):
                os.unlink(self.path)    # while still locked, so nobody locks the removed file
        os.close(self._fd)
        self._fd = None

    def __enter__(self) -> "SaveLock":
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def _not_a_lock(fd: int) -> str:
    """Why the open file ``fd`` is not a lock file this program made ("" when it is one)."""
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        return "not a plain file (a pipe, a device or a folder)"
    if st.st_nlink != 1:
        return "a file with other names (a hard link)"
    if st.st_uid != os.geteuid():
        return "another user's file"
    try:
        text = os.pread(fd, 24, 0)
    except OSError:
        return "a file that cannot be read"
    if st.st_size > 21 or not _PID.fullmatch(text):
        return "a file that holds something else"
    return ""


_PID = re.compile(rb"(\d{1,20}\n?)?")


def _write_pid(fd: int) -> None:
    """Write this process's number into the lock (for the message of a second user); a full disk
    only leaves it out, the lock holds without it."""
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    except OSError:
        pass


def _same_file(fd: int, path: Path) -> bool:
    try:
        a, b = os.fstat(fd), os.lstat(path)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _read_pid(fd: int) -> Optional[int]:
    try:
        text = os.pread(fd, 12, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
