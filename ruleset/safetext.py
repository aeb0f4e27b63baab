"""Text from rule files, records and file names, made safe to show: escaped and bounded.

Anything a stranger wrote can hold escape sequences (clear the screen, write the clipboard with
OSC 52), C1 controls, or bidirectional overrides that make a line read differently from what it
says. Every command writes such text through :func:`escape`, which writes each character a
terminal could act on as a visible escape (``\\x1b``, ``\\x9b``, ``\\u202e``) and cuts long
text with ``...``.

>>> escape("a\\x1b[2Jb\\u202ec\\x7f")
'a\\\\x1b[2Jb\\\\u202ec\\\\x7f'
>>> escape("x" * 30, 10), escape("出る")
('xxxxxxxxxx...', '出る')
"""

from __future__ import annotations

MAX_QUOTE = 40          # characters of a key, value or name quoted inside a message
MAX_LINE = 1_000        # characters of one message


def escape(text: object, limit: int | None = None) -> str:
    """``text`` with every non-printable character escaped, cut to ``limit`` characters."""
    text = text if isinstance(text, str) else str(text)
    cut = text if limit is None or len(text) <= limit else text[:limit]
    if not cut.isprintable():       # C0, C1, DEL, format characters (bidi), separators
        cut = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in cut)
    return cut + ("..." if limit is not None and len(text) > limit else "")


def escape_lines(text: object, limit: int | None = None) -> str:
    """:func:`escape` line by line: the newlines of a message of several lines (a pattern error
    and its snippet with a caret) stay newlines; every other control character is escaped.

    >>> escape_lines("bad class.\\n    count(x)\\n          ^\\x1b")
    'bad class.\\n    count(x)\\n          ^\\\\x1b'
    """
    text = text if isinstance(text, str) else str(text)
    cut = text if limit is None or len(text) <= limit else text[:limit]
    lines = "\n".join(escape(line) for line in cut.split("\n"))
    return lines + ("..." if limit is not None and len(text) > limit else "")


def quote(text: object, limit: int = MAX_QUOTE) -> str:
    """``'text'``, escaped and bounded, for quoting inside a message."""
    return f"'{escape(text, limit)}'"
