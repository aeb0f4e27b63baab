"""The place of a text YAML folded from several lines of the file, so that a column of the text is
shown at its real line and column (an expression written over three lines, an error on the third).

YAML joins the lines of a plain, quoted or ``>`` scalar with single spaces: column 40 of the text
may be column 7 of the third line. :func:`folded_place` maps each line's part of the text back
to where it is written; :func:`moved` is what ``add_column`` does with such a place.

>>> source = ["amount: >", "  tricks +", "    round.pot"]
>>> place = folded_place("r.yaml:1:9", source, 0, 8, 2, "tricks + round.pot")
>>> str(moved(place, 1)), str(moved(place, 10))
('r.yaml:2:3', 'r.yaml:3:5')
"""

from __future__ import annotations

from typing import Optional, Sequence

__all__ = ["FoldedPlace", "folded_place", "moved"]


class FoldedPlace(str):
    """``FILE:LINE:COL`` of a folded text's start, with where each of its lines' parts is written:
    ``parts`` holds (offset in the text, line, column), by offset."""

    parts: tuple[tuple[int, int, int], ...]

    def __new__(cls, place: str, parts: tuple[tuple[int, int, int], ...]) -> "FoldedPlace":
        self = super().__new__(cls, place)
        self.parts = parts
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return FoldedPlace, (str(self), self.parts)


def folded_place(place: str, source: Sequence[str], first: int, column: int, last: int,
                 text: str) -> str:
    """The place of ``text``, written in ``source`` (the file's lines) from line index ``first``,
    column index ``column`` (where the scalar starts: its quote or ``>``) to line index ``last``:
    a :class:`FoldedPlace` when every line's part is found in ``text`` as YAML folded it, else
    ``place`` as it is."""
    parts: list[tuple[int, int, int]] = []
    offset = 0
    for index in range(first, min(last, len(source) - 1) + 1):
        line = source[index]
        start = column if index == first else 0
        if index == first and line[start:start + 1] in ("'", '"'):
            start += 1
        content = line[start:]
        if index == first and content.lstrip().startswith((">", "|")):
            continue                            # the block's header line holds none of the text
        lead = len(content) - len(content.lstrip())
        piece = content.strip().rstrip("'\"") if index == last else content.strip()
        if not piece:
            continue
        found = text.find(piece, offset)
        if found < 0 and not text[offset:].strip():
            break                               # past the text: a block ends on the line after it
        if found < 0 or (text[offset:found] and not text[offset:found].isspace()):
            return place                        # not folded as read here (escapes, say)
        parts.append((found, index + 1, start + lead + 1))
        offset = found + len(piece)
    return FoldedPlace(place, tuple(parts)) if len(parts) > 1 else place


def moved(place: Optional[str], column: int) -> Optional[str]:
    """``place`` moved to ``column`` (1-based) of its text: the real line and column (a
    :class:`FoldedPlace` again while the rest of the text spans lines), else None when ``place``
    is not a :class:`FoldedPlace`."""
    if not isinstance(place, FoldedPlace):
        return None
    offset = max(column - 1, 0)
    parts = place.parts
    ends = [o for o, _, _ in parts[1:]] + [offset + 1 + 10**9]
    rest = tuple((max(o - offset, 0), line, col + max(offset - o, 0))
                 for (o, line, col), end in zip(parts, ends) if end > offset) or (parts[-1],)
    where = f"{place.rsplit(':', 2)[0]}:{rest[0][1]}:{rest[0][2]}"
    return FoldedPlace(where, rest) if len(rest) > 1 else where
