"""The one bound on every number a game holds (docs/limits.md, "Numbers a game holds").

It lives here, under the rules, so that the effects' actions (``ruleset/effects/actions``) and the
engine's table (``interpreter/engine/state.py``) check the same bound with the same helper.

Chips, the pot, every amount paid, every counter and every multiplier of a game stay within
10**12 either side of 0 (:data:`MAX_VALUE`): far past any game's chips, well inside the signed
64-bit range (so that a product of two of them is cheap, and a number and its negation are both
in range). The engine checks a number where it is made (a payment in
``Table.pay``; a counter set, a multiplier or an amount of an effect's action) with :func:`bounded`; a game
that would pass the bound stops with one :class:`ValueBoundError`, naming the round and, where an
effect made the number, the effect. Nothing is half done: the error is raised before the number
is stored, and every front end keeps what it saved before the action that made it.

>>> bounded(10**12, "the pot", 0)
1000000000000
>>> try:
...     bounded(10**12 + 1, "the pot", 4)
... except ValueBoundError as e:
...     print(e.place, e.message[:39])
round 5 the pot would be past 1,000,000,000,000
"""

from __future__ import annotations

from typing import Optional

from .errors import HachiError

__all__ = ["MAX_VALUE", "ValueBoundError", "bounded"]

MAX_VALUE = 10**12
"""The largest number a game holds, either side of 0."""


class ValueBoundError(HachiError):
    """A number of a game (chips, the pot, an amount, a counter, a multiplier) past :data:`MAX_VALUE`.

    ``what`` says which number (``"counter x"``), ``round`` is the round's index (from 0),
    ``effect`` the name of the effect that made it, if one did. Its arguments are what it was made
    of, so it crosses to and from a worker process whole (pickled)."""

    def __init__(self, what: str, round: Optional[int] = None, effect: Optional[str] = None):
        message = (f"{what} would be past {MAX_VALUE:,} (either sign), the bound on every number a game holds "
                   "(docs/limits.md); the game stops here.")
        if effect:
            message = f"effect '{effect}': {message}"
        super().__init__(message, None if round is None else f"round {round + 1}")
        self.args = (what, round, effect)
        self.what, self.round, self.effect = what, round, effect

    def naming(self, effect: str, round: int) -> "ValueBoundError":
        """The same error, naming the effect that made the number and its round (those it names already kept)."""
        return ValueBoundError(self.what, round if self.round is None else self.round, self.effect or effect)


def bounded(value: int, what: str, round: Optional[int] = None) -> int:
    """``value`` when it lies within the bound, else :class:`ValueBoundError` (``what`` of round
    index ``round``, when it is known here; the effects runner names the effect and the round)."""
    if -MAX_VALUE <= value <= MAX_VALUE:
        return value
    raise ValueBoundError(what, round)
