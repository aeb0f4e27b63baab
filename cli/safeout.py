"""The one place where everything ``hachi`` writes is made safe for where it goes.

While a ``hachi`` command runs (:func:`guarded_streams`, entered by the command group), standard
output and standard error are :class:`SafeStream` wrappers. Whatever reaches them, from whichever
path (a message, a table, a JSON object, a prompt, click's own usage errors), is written so that:

- no control character reaches a terminal: each character a terminal could act on (C0 but
  newline and tab, DEL, C1, bidirectional and other format characters, separators) is written
  as a visible ``\\uXXXX``, which in a JSON string is the same character, so JSON stays exact;
- no line of a CI log can start a workflow command: a ``:`` that is the first character of a
  line but blanks is written ``\\u003a`` (GitHub ``::command::``), and the ``#`` that starts
  ``##[`` or ``##vso[`` anywhere in a line is written ``\\u0023`` (GitHub's and Azure's older
  form).

Text of this program that must pass as it is, an annotation of ``hachi validate --format github``
or a colour of the play screen, is marked with :func:`trusted` or :func:`style`: the marks carry
a number drawn when the program starts, which no input can know. A colour's marks are escape
sequences that ``click.unstyle`` removes, so that text measured for folding keeps its width (and
that click drops with the colour itself when the output is no terminal).

>>> escape_text("a\\x1bb\\u202ec\\n::error::x ##[add-mask]y")
'a\\\\u001bb\\\\u202ec\\n\\\\u003a:error::x \\\\u0023#[add-mask]y'
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from typing import Iterator, TextIO

__all__ = ["SafeStream", "escape_text", "guarded_streams", "raw", "style", "trusted"]

# 19 digits, drawn once per process from the system's random source (as ``secrets`` draws, without
# importing it and all it brings on every start)
_KEY = str(int.from_bytes(os.urandom(8), "big") % 10**18 + 10**18)
_OPEN, _CLOSE = f"\x00{_KEY}<", f"\x00{_KEY}>"            # around trusted text
_COLOUR_OPEN, _COLOUR_CLOSE = f"\x1b[{_KEY}t", f"\x1b[{_KEY}u"  # around a colour code: click.unstyle removes it
_MARKED = re.compile(f"(?:{re.escape(_OPEN)}|{re.escape(_COLOUR_OPEN)})(.*?)"
                     f"(?:{re.escape(_CLOSE)}|{re.escape(_COLOUR_CLOSE)})", re.S)
_COMMAND = re.compile(r"#(?=#\[|#vso\[)")               # the '#' that starts a log command
_LINE_START = re.compile(r"^([ \t]*):", re.M)           # a ':' that begins a line

_guarding = [False]


def trusted(text: str) -> str:
    """``text`` marked to pass the safe streams as it is (only text of this program, never input)."""
    return f"{_OPEN}{text}{_CLOSE}" if _guarding[0] else text


def style(text: str, **styles: object) -> str:
    """``click.style`` whose colour codes pass the safe streams and whose ``text`` is still escaped."""
    import click                                    # here: ``hachi --help`` from its start (start.py) has no click

    around = click.style("\0", **styles)            # type: ignore[arg-type]
    before, _, after = around.partition("\0")
    if not _guarding[0]:
        return before + text + after
    return f"{_COLOUR_OPEN}{before}{_COLOUR_CLOSE}{text}{_COLOUR_OPEN}{after}{_COLOUR_CLOSE}"


def _visible(ch: str) -> str:
    code = ord(ch)
    if code > 0xFFFF:                               # as JSON writes it: a surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def _escape_controls(text: str) -> str:
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch in "\n\t" else _visible(ch) for ch in text)


def escape_text(text: str, line_start: bool = True) -> str:
    """``text`` made safe for a terminal and a CI log (``line_start``: it begins a line)."""
    text = _COMMAND.sub(r"\\u0023", _escape_controls(text))
    head = "" if line_start else "x"                # a ':' only counts at the start of a line
    return _LINE_START.sub(lambda m: f"{m[1]}\\u003a", head + text)[len(head):]


class SafeStream:
    """A text stream that writes everything through :func:`escape_text`, but marked text as it is."""

    def __init__(self, inner: TextIO):
        self.inner = inner
        self._line_start = True         # nothing but blanks written since the last newline
        self._tail = ""                 # the last two characters written (for '##[' split in two)

    # what click and input() ask of a text stream (no ``buffer``: click writes through this)
    @property
    def encoding(self) -> str:
        return getattr(self.inner, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:
        return getattr(self.inner, "errors", None) or "strict"

    def isatty(self) -> bool:
        return self.inner.isatty()

    def fileno(self) -> int:
        return self.inner.fileno()

    def flush(self) -> None:
        self.inner.flush()

    def writable(self) -> bool:
        return True

    def readable(self) -> bool:
        return False

    def write(self, text: str | bytes) -> int:
        if isinstance(text, (bytes, bytearray)):    # click.echo of bytes (shell completion) when
            text = bytes(text).decode(self.encoding, "replace")     # a stream has no ``buffer``
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        out, at = [], 0
        for m in _MARKED.finditer(text):
            out.append(self._plain(text[at:m.start()]))
            out.append(m[1])
            self._after(m[1])
            at = m.end()
        out.append(self._plain(text[at:]))
        self.inner.write("".join(out))
        return len(text)

    def _plain(self, text: str) -> str:
        if not text:
            return text
        if (self._tail.endswith("##") and text.startswith("[")) or \
                (self._tail.endswith("#") and text.startswith("#[")):
            text = "\\u" + f"{ord(text[0]):04x}" + text[1:]
        safe = escape_text(text, self._line_start)
        self._after(safe)
        return safe

    def _after(self, written: str) -> None:
        line = written.rpartition("\n")
        if line[1]:
            self._line_start = not line[2].strip(" \t")
        elif written.strip(" \t"):
            self._line_start = False
        self._tail = (self._tail + written)[-2:]

    def writelines(self, lines: Iterator[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> object:
        if name == "buffer":            # click would write the bytes past this stream
            raise AttributeError(name)
        return getattr(self.inner, name)


def raw(stream: TextIO) -> TextIO:
    """The stream under a safe stream (for a progress bar of this program's own text)."""
    inner = stream.inner if isinstance(stream, SafeStream) else stream
    return inner


@contextlib.contextmanager
def guarded_streams() -> Iterator[None]:
    """Within the block, standard output and standard error are safe streams."""
    if isinstance(sys.stdout, SafeStream):          # a command run from within a command
        yield
        return
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeStream(out), SafeStream(err)
    _guarding[0] = True
    try:
        yield
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        sys.stdout, sys.stderr = out, err
        _guarding[0] = False
