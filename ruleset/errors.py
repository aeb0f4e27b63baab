"""One root error type for everything the user can get wrong, subclassed by stage.

Every message is a full sentence; ``place`` (``FILE:LINE:COL`` or ``round 3, action 7``) says
where the problem is, so the command line can print ``PLACE: error: MESSAGE`` and nothing else.
"""

from __future__ import annotations


class HachiError(Exception):
    """Root of every error this package raises on purpose."""

    def __init__(self, message: str, place: str | None = None):
        super().__init__(message)
        self.message = message
        self.place = place

    def __str__(self) -> str:
        return f"{self.place}: {self.message}" if self.place else self.message


class CardError(HachiError, ValueError):
    """A card or list of cards that cannot be read."""


class RuleFileError(HachiError):
    """A rule file that cannot be read, does not fit the schema, or means nothing sensible."""


class PatternError(RuleFileError):
    """A hand-role pattern that does not parse or names something unknown."""


class SetupError(HachiError, ValueError):
    """A game or run the ruleset cannot set up: a player count outside its range, no rounds, a
    start seat that does not exist, too many games. ``argument`` names the parameter at fault
    (``players``, ``games``, ``settings``... or ``plot``, the plot asked for), so that a front end
    can name its own option for it; a message that begins with it begins with that option there."""

    def __init__(self, message: str, argument: str | None = None):
        super().__init__(message)
        self.argument = argument


class RecordError(HachiError):
    """A game record that cannot be read."""


class IllegalAction(HachiError):
    """An action that the rules do not allow in the current state."""


def shown(text: object, limit: int = 20) -> str:
    """``text`` as it may appear inside an error message: printable, and at most ``limit`` characters.

    >>> shown("a\\x1b[31mb"), shown("x" * 30)
    ("'a\\\\x1b[31mb'", "'xxxxxxxxxxxxxxxxxxxx...'")
    """
    from .safetext import quote

    if not isinstance(text, str):
        return repr(text)[:limit] + ("..." if len(repr(text)) > limit else "")
    return quote(text, limit)
