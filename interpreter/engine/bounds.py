"""The one bound on every number a game holds (docs/limits.md, "Numbers a game holds").

Chips, the pot, every amount paid, every counter and every multiplier of a game stay within the
signed 64-bit range less its one lopsided value: ``-(2**63 - 1)`` to ``2**63 - 1`` (so a number
and its negation are both in range). The engine checks a number where it is made (a payment in
``Table.pay``, a counter set or a multiplier applied by an effect) with :func:`bounded`; a game
that would pass the bound stops with one :class:`ValueBoundError`, naming the round and, where an
effect made the number, the effect. Nothing is half done: the error is raised before the number
is stored, and every front end keeps what it saved before the action that made it.

>>> bounded(2**62, "the pot", 0)
4611686018427387904
>>> try:
...     bounded(2**63, "the pot", 4)
... except ValueBoundError as e:
...     print(e.place, e.message[:40])
round 5 the pot would pass the bound on every nu
"""

from __future__ import annotations

from typing import Optional

from ...ruleset.errors import HachiError

__all__ = ["MAX_VALUE", "ValueBoundError", "bounded"]

MAX_VALUE = 2**63 - 1
"""The largest number a game holds, either side of 0."""


class ValueBoundError(HachiError):
    """A number of a game (chips, the pot, an amount, a counter, a multiplier) past :data:`MAX_VALUE`.

    ``what`` says which number (``"the counter 'x'"``), ``round`` is the round's index (from 0),
    ``effect`` the name of the effect that made it, if one did. Its arguments are what it was made
    of, so it crosses to and from a worker process whole (pickled)."""

    def __init__(self, what: str, round: int, effect: Optional[str] = None):
        by = f"the effect '{effect}' would make {what}" if effect else f"{what} would"
        message = (f"{by} pass the bound on every number a game holds (at most {MAX_VALUE:,} either side "
                   "of 0, see docs/limits.md); the game stops here.")
        super().__init__(message, f"round {round + 1}")
        self.args = (what, round, effect)
        self.what, self.round, self.effect = what, round, effect

    def naming(self, effect: str) -> "ValueBoundError":
        """The same error, naming the effect that made the number (unless one is named already)."""
        return self if self.effect else ValueBoundError(self.what, self.round, effect)


def bounded(value: int, what: str, round: int) -> int:
    """``value`` when it lies within the bound, else :class:`ValueBoundError` (``what`` of round
    index ``round``)."""
    if -MAX_VALUE <= value <= MAX_VALUE:
        return value
    raise ValueBoundError(what, round)
