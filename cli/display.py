"""Display width of text in a terminal, and wrapping by it (Japanese characters take two columns).

>>> columns("ab"), columns("出る")
(2, 4)
>>> wrap("one two three", 8)
['one two', 'three']
>>> wrap("同じ月の札が四枚", 8)
['同じ月の', '札が四枚']
"""

from __future__ import annotations

import unicodedata


def columns(text: str) -> int:
    """Display width of plain text: East Asian wide characters take two columns."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken at spaces where there are any."""
    lines, line = [], ""
    for ch in text:
        if line and columns(line + ch) > width:
            cut = line.rfind(" ")
            keep, rest = (line[:cut], line[cut + 1:]) if cut > 0 else (line, "")
            lines.append(keep.rstrip())
            line = rest
        line += ch
    return lines + [line] if line or not lines else lines
