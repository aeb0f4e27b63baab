"""What every play kind's answer parsing shares: the error a bad answer raises, and the words
that quit or ask for help at any question (``hachi play``, ``hachi score``)."""

from __future__ import annotations

QUIT = frozenset({"q", "quit", "exit", "終了"})
HELP = frozenset({"?", "？", "help", "h"})


class BadAnswer(Exception):
    """An answer that is not a legal choice; the message says why (``ja``: in Japanese)."""

    def __init__(self, message: str, ja: str = ""):
        super().__init__(message)
        self.ja = ja

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (English when it has no Japanese)."""
        return self.ja if lang == "ja" and self.ja else str(self)
