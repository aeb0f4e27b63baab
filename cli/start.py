"""The start of the ``hachi`` command (its entry point): ``hachi --help`` and ``hachi --version``
answered without importing click, every other command line handed to the click group (:mod:`.main`).

The text printed is click's own, never written here: the first ``hachi --help`` (and the first one
after anything it depends on changed) runs the click group, which prints the help; what reached
standard output is kept in the user's cache folder (:mod:`..ruleset.usercache`: JSON, read only
when the user's own), and a later start prints that again while its *situation* and *stamps* are
the same:

- the situation: the option, the program's name (click's usage line names it), the terminal's
  width (click folds the help to it), standard output's encoding and whether it is a terminal,
  and the Python version;
- the stamps: the path, size and time of every module file of click and hachihachi that printing
  it imported, and of the package's metadata (which gives ``--version`` its number): a new
  version of either, or an edited command list, is a new text.

What is kept is what the safe streams (:mod:`.safeout`) wrote; it is printed only when the same
escaping leaves it as it is, so that a cache file, whoever wrote it, never brings a control
character to the terminal. Anything unusual (no cache, a changed file, an error while printing,
shell completion asked for) runs the click group as before, which prints and says the same.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Optional

FAST = ("--help", "-h", "--version", "-V")     # the options answered here (alone on the line)
CACHE_FILE = "cli-start.json"
MAX_ENTRIES = 16        # situations kept (option, width, encoding ..., and installs sharing the folder)


def main() -> Any:
    """``hachi``: the console script's entry point."""
    args = sys.argv[1:]
    if len(args) == 1 and args[0] in FAST and "_HACHI_COMPLETE" not in os.environ:
        situation = _situation(args[0])
        entries = _entries()
        if _print_kept(situation, entries):
            return 0
        return _run_and_keep(situation, entries)
    from .main import cli

    return cli()


def _situation(option: str) -> list[Any]:
    import shutil

    out = sys.stdout
    return [option, os.path.basename(sys.argv[0]), shutil.get_terminal_size().columns,
            getattr(out, "encoding", None), getattr(out, "errors", None), _isatty(out), sys.version]


def _isatty(stream: Any) -> Optional[bool]:
    try:
        return bool(stream.isatty())
    except (AttributeError, OSError, ValueError):
        return None


def _entries() -> list[dict[str, Any]]:
    from ..ruleset import usercache

    kept = usercache.read_json(CACHE_FILE)
    return [e for e in kept if isinstance(e, dict)] if isinstance(kept, list) else []


def _print_kept(situation: list[Any], entries: list[dict[str, Any]]) -> bool:
    """Print the text kept for ``situation``, when there is one still current; whether it was printed."""
    from ..ruleset import usercache
    from .safeout import escape_text

    entry = next((e for e in entries if e.get("situation") == situation), None)
    if entry is None:
        return False
    text = entry.get("text")
    if not (isinstance(text, str) and text and escape_text(text) == text and usercache.current(entry.get("stamps"))):
        return False
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except (OSError, UnicodeError, ValueError):
        return False        # nothing (or not all) written: click prints it, or says why it cannot
    return True


class _Recorder:
    """A stream that writes through to ``inner`` and keeps what it wrote."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.written: list[str] = []

    def write(self, text: str) -> int:
        self.written.append(text)
        return int(self.inner.write(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _run_and_keep(situation: list[Any], entries: list[dict[str, Any]]) -> Any:
    """Run the click group as any other command line, and keep what it printed when it
    printed only to standard output and ended well."""
    out, err = _Recorder(sys.stdout), _Recorder(sys.stderr)
    sys.stdout, sys.stderr = out, err
    code: Any = None
    try:
        from .main import cli

        try:
            code = cli()
        except SystemExit as e:
            code = e.code
            raise
    finally:
        sys.stdout, sys.stderr = out.inner, err.inner
        if code in (0, None) and out.written and not err.written:
            _keep(situation, entries, "".join(out.written))
    return code


def _keep(situation: list[Any], entries: list[dict[str, Any]], text: str) -> None:
    from ..ruleset import usercache

    stamps = usercache.code_stamps(("click", "hachihachi"))
    if stamps is None:
        return                  # where the version is read from is not known, or depends on the folder: not kept
    others = [e for e in entries if e.get("situation") != situation]
    usercache.write_json(CACHE_FILE, [*others[-(MAX_ENTRIES - 1):], {"situation": situation, "stamps": stamps,
                                                                     "text": text}])
