"""A problem found in a rule file: a place and a full-sentence message."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import HachiError, RuleFileError
from .safetext import MAX_LINE, escape, escape_lines


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a rule file, at ``file:line:col`` (line and column count from 1)."""

    file: str
    line: int
    col: int
    message: str

    @property
    def place(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def __str__(self) -> str:
        return f"{escape(self.place, MAX_LINE)}: error: {escape_lines(self.message, MAX_LINE)}"

    def to_error(self) -> RuleFileError:
        return RuleFileError(self.message, self.place)

    def to_dict(self) -> dict[str, object]:
        """The problem as JSON data, its text escaped and bounded as in :meth:`__str__`."""
        return {"file": escape(self.file, MAX_LINE), "line": self.line, "col": self.col,
                "message": escape_lines(self.message, MAX_LINE)}

    @classmethod
    def at(cls, place: str, message: str) -> "Problem":
        """A problem at a place written ``FILE:LINE:COL`` (or just ``FILE``)."""
        parts = place.rsplit(":", 2)
        if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
            return cls(parts[0], int(parts[1]), int(parts[2]), message)
        return cls(place, 1, 1, message)

    @classmethod
    def from_error(cls, error: HachiError, fallback: str) -> "Problem":
        return cls.at(error.place or fallback, error.message)
