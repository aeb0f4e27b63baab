"""Go/drop's own state of a round, beside the round's (``RoundState.parts["go_drop"]``): the
declarations, the droppers, the seats forced out, the two goers' answers. The goers are the
round's ``playing``: the seats that play it. And its own state of the game, beside the table's
(``Table.parts["go_drop"]``), kept across rounds: the decisions effects forced (``force``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .names import NAME


@dataclass(slots=True)
class GoDropRound:
    declarations: list[tuple[int, bool]] = field(default_factory=list)    # (seat, went) in order (T10)
    dropped: list[int] = field(default_factory=list)                      # who dropped of its own will
    forced_out: tuple[int, ...] = ()                                      # T12
    declarations_done: bool = False
    splits: list[tuple[int, bool]] = field(default_factory=list)          # T16: (goer, wants to split)
    choice_done: bool = False

    def copy(self) -> GoDropRound:
        """An independent copy (for ``GameState.clone``)."""
        return GoDropRound(list(self.declarations), list(self.dropped), self.forced_out, self.declarations_done,
                           list(self.splits), self.choice_done)


def declared(r: Any) -> GoDropRound:
    """Go/drop's state of the round ``r`` (a ``RoundState`` of a game that names go/drop)."""
    state: GoDropRound = r.parts[NAME]
    return state


def declared_or_none(r: Any) -> GoDropRound | None:
    """The same, or None in a game without declarations."""
    found: GoDropRound | None = r.parts.get(NAME)
    return found


@dataclass(slots=True)
class GoDropGame:
    """Go/drop's own state of the game (``Table.parts["go_drop"]``): the decisions its effect
    action ``force`` forced (:mod:`.force`), by round index and seat (True: the seat must go,
    False: it must drop), which its declarations read (:mod:`.declarations`)."""

    forced: dict[int, dict[int, bool]] = field(default_factory=dict)

    def copy(self) -> GoDropGame:
        """An independent copy (for ``GameState.clone``)."""
        return GoDropGame({r: dict(seats) for r, seats in self.forced.items()})


def forced_decisions(t: Any) -> dict[int, dict[int, bool]]:
    """The decisions forced so far in the game of the table ``t`` (one that names go/drop), by
    round index and seat: :attr:`GoDropGame.forced` itself, which ``force`` fills."""
    state: GoDropGame = t.parts[NAME]
    return state.forced
