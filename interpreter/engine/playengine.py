"""The interface of a play engine, driven by the ``play`` phase."""

from __future__ import annotations

from typing import Any, Container, Optional, Protocol

from .state import Table


class PlayEngine(Protocol):
    """Plays out a round among its goers; leaves the results the settlement phases read.

    Trick play leaves the tricks won (in the trick game's state of the round); matching play leaves
    its captures. ``standing`` is what the pot phase (T21) ranks the goers by, counted in
    ``standing_unit``.
    """

    standing_unit: str

    def standing(self, t: Table) -> dict[int, int]:
        """Each goer's result of the play so far (tricks won, captured card points); {} before play."""

    def start(self, t: Table) -> None:
        """Set up ``t.round.play`` for the goers of the round."""

    def actor(self, t: Table) -> Optional[int]:
        """The seat to play next, or None when the play is over."""

    def legal(self, t: Table) -> Container[object]:
        """The legal actions of the seat to play."""

    def check(self, t: Table, action: object) -> None:
        """Raise ``IllegalAction`` naming the reason when ``action`` is not legal."""

    def apply(self, t: Table, action: Any) -> None:
        """Apply a legal action (one :meth:`check` accepted; each engine takes its own actions)."""
