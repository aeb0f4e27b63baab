"""Display width of text in a terminal, and wrapping by it (Japanese characters take two columns).

>>> columns("ab"), columns("出る")
(2, 4)
>>> wrap("one two three", 8)
['one two', 'three']
>>> wrap("同じ月の札が四枚", 8)
['同じ月の', '札が四枚']
>>> wrap("saved in /tmp/a/long/path.yaml ok", 12)
['saved in', '/tmp/a/long/path.yaml', 'ok']
"""

from __future__ import annotations

import unicodedata


def columns(text: str) -> int:
    """Display width of plain text: East Asian wide characters take two columns."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken at spaces where there are any, each
    line after the first beginning with ``indent``. A word of ASCII longer than a line (a file's
    path, a command) stays whole on a line of its own, so it can be copied; Japanese text, which has
    no spaces, breaks between any two characters."""
    lines, line = [], ""
    for ch in text:
        if line.strip() and columns(line + ch) > width:
            cut = line.rfind(" ")
            if cut > 0 and line[:cut].strip():
                lines.append(line[:cut].rstrip())
                line = indent + line[cut + 1:]
            elif ch == " " or not (ch.isascii() and line.isascii()):
                lines.append(line.rstrip())
                line = indent
                if ch == " ":
                    continue                    # the space the line breaks at
        line += ch
    return lines + [line] if line.strip() or not lines else lines
