"""What every play kind's answer parsing shares: the error a bad answer raises, and the words
that quit or ask for help at any question (``hachi play``, ``hachi score``)."""

from __future__ import annotations

QUIT = frozenset({"q", "quit", "exit", "終了"})
HELP = frozenset({"?", "？", "help", "h"})


class BadAnswer(Exception):
    """An answer that is not a legal choice; the message says why."""
