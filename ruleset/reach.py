"""Where a rule file may reach: the files ``extends``, ``role_table`` and a record's ``ruleset`` name.

Rule files and records come from strangers, so a name written in one may only mean

- a bundled file, by its name (``hachihachi_trick``), or
- a ``.yaml``/``.yml`` file by a path relative to the folder of the file that names it, which
  stays inside the *root*: the folder of the file given on the command line (or the folder given
  to ``hachi validate``), after every symbolic link is followed (``realpath``, then
  ``commonpath``). Absolute paths, ``~``, ``..`` above the root and links that leave it are
  refused, as pre-commit and YAML language servers keep to the repository they work in.

A path the user types on the command line (``--rules PATH``, ``hachi validate PATH``) is their
own choice and is not confined. Bundled files keep to the bundled folder.
"""

from __future__ import annotations

import os
import stat
from functools import lru_cache
from importlib import resources
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Iterable

from .bundled import RULESET, bundled_names, bundled_path, is_name
from .confine import inside
from .errors import RuleFileError
from .safetext import quote

MAX_NAME_CHARS = 255         # one folder or file name (NAME_MAX on common file systems)
MAX_PATH_CHARS = 1_024
SUFFIXES = (".yaml", ".yml")


@lru_cache(maxsize=None)
def bundled_root() -> str:
    """The folder every bundled file keeps to."""
    return os.path.realpath(str(resources.files("hachihachi.rules")))


def root_of(path: str | Path) -> str:
    """The root of a file given on the command line: its folder, links followed."""
    return os.path.realpath(Path(path).parent)


def check_name(ref: object, what: str, place: str) -> str:
    """``ref`` when it can name a file at all: text, printable, not longer than a file system allows."""
    if not isinstance(ref, str) or not ref:
        raise RuleFileError(f"a {what} is named by a bundled name or a relative path to a .yaml file.", place)
    if not ref.isprintable():
        raise RuleFileError(f"the {what} name {quote(ref)} holds a control character.", place)
    parts = ref.replace("\\", "/").split("/")
    if len(ref) > MAX_PATH_CHARS or any(len(part) > MAX_NAME_CHARS for part in parts):
        raise RuleFileError(f"the {what} name {quote(ref)} is longer than a file name may be "
                            f"({MAX_NAME_CHARS} characters per name, {MAX_PATH_CHARS} in all).", place)
    return ref


def regular_file(path: str | Path, what: str, ref: str, place: str) -> None:
    """Refuse ``path`` unless it is an existing regular file (no folder, FIFO, device or socket)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise RuleFileError(f"the {what} {quote(ref)} does not exist (looked for {quote(str(path), 200)}).",
                            place) from None
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or "the name cannot be used"
        raise RuleFileError(f"the {what} {quote(ref)} cannot be read ({reason}).", place) from None
    if stat.S_ISDIR(info.st_mode):
        raise RuleFileError(f"the {what} {quote(ref)} is a folder ({quote(str(path), 200)}).", place)
    if not stat.S_ISREG(info.st_mode):
        raise RuleFileError(f"the {what} {quote(ref)} is not a regular file ({quote(str(path), 200)}).", place)


def no_bundled(ref: str, file_type: str | None, what: str) -> str:
    """The message for a bundled name that names nothing, with the nearest name or the list."""
    from .schema import suggest

    names = bundled_names(file_type or RULESET)
    hint = suggest(ref, names) or f"; the bundled ones are: {', '.join(names)}."
    return f"there is no bundled {what} named {quote(ref)}{hint}"


def locate(ref: object, naming: Path, root: str, place: str, what: str = "rule file",
           file_type: str | None = None) -> tuple[Path, str]:
    """The path of the file ``ref`` (written in ``naming``) means, and the root its own names keep to.

    Raises :class:`RuleFileError` at ``place`` for a name that may not be followed.
    """
    ref = check_name(ref, what, place)
    if is_name(ref):
        target = bundled_path(ref)
        if not target.is_file():
            raise RuleFileError(no_bundled(ref, file_type, what), place)
        return target, bundled_root()
    if PurePosixPath(ref).is_absolute() or PureWindowsPath(ref).drive or ref.startswith(("~", "\\")):
        raise RuleFileError(f"the {what} {quote(ref)} is an absolute path; a file names a bundled {what} or a "
                            "path relative to its own folder (give other files on the command line, with --rules).",
                            place)
    if not ref.endswith(SUFFIXES):
        raise RuleFileError(f"the {what} {quote(ref)} is not a .yaml or .yml file.", place)
    try:
        real = os.path.realpath(naming.parent / ref)
    except (OSError, ValueError):
        raise RuleFileError(f"the {what} {quote(ref)} cannot be read (its name cannot be resolved).", place) from None
    if not inside(root, real):
        raise RuleFileError(f"the {what} {quote(ref)} is outside the folder {quote(root, 200)}; a file may only "
                            f"name files under the folder of the file given on the command line "
                            f"(give other files on the command line, with --rules).", place)
    regular_file(real, what, ref, place)
    return naming.parent / ref, root


def rule_files(paths: Iterable[str | Path]) -> dict[str, str | None]:
    """The files named, and every ``*.yaml``/``*.yml`` under the folders named (hidden folders skipped).

    Each file maps to the root its names keep to: the folder it was found in, or None (its own
    folder) for a file named on the command line.
    """
    found: dict[str, str | None] = {}
    for given in paths:
        path = Path(given)
        try:
            folder = path.is_dir()
        except OSError:             # a name the system refuses: checking the file says why
            folder = False
        if not folder:
            found.setdefault(str(given), None)
            continue
        root = root_of(path / "x")
        unreadable: list[str] = []
        files: list[str] = []
        for top, folders, names in os.walk(path, onerror=lambda err: unreadable.append(str(err.filename))):
            folders[:] = sorted(f for f in folders if not f.startswith("."))      # links to folders are not followed
            files += [os.path.join(top, n) for n in names if n.endswith(SUFFIXES) and not n.startswith(".")]
        for file in sorted(files) + unreadable:     # a folder that cannot be read is reported as a file would be
            found.setdefault(file, root)
    return found
