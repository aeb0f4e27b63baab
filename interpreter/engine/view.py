"""What one seat may see (for bots and the terminal game): ``GameState.view(seat)``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ...ruleset.model import Field, PhaseName
from .actions import ActionBase
from .events import slot_setters
from .roundoutcome import RoundOutcomeName


@dataclass(frozen=True, slots=True)
class View:
    """One seat's observation of the game; nothing in it is hidden from that seat.

    ``hand`` is only the seat's own hand. Other hands are never shown (cards shown at T14/T15
    are in the event log as ``RolesShown``; the log is public apart from the deal).

    ``play`` is the play kind's own part, a frozen value its plug-in builds
    (``Kind.view``): the trick game's ``TrickView`` (the mizuten call, the indicator
    and trump, the tricks), matching play's ``MatchingView`` (the field cards, the captures, the
    stock); None for a kind without one.
    """

    seat: int
    players: int
    round_index: int
    rounds: int
    phase: Optional[PhaseName]
    to_act: Optional[int]
    start: int
    hand: tuple[int, ...]
    field: Optional[Field]
    multiplier: int
    chips: tuple[int, ...]
    pot: int
    goers: tuple[int, ...] = ()                 # the seats that play the round (with go/drop: the goers so far)
    kind: Optional[RoundOutcomeName] = None        # how the round went, once a part (go/drop) knows; None without one
    # go/drop's fields (its part's view, ``parts/go_drop``): empty in a game without declarations
    declarations: tuple[tuple[int, bool], ...] = ()
    dropped: tuple[int, ...] = ()
    forced_out: tuple[int, ...] = ()
    splits: tuple[tuple[int, bool], ...] = ()
    legal: tuple[ActionBase, ...] = ()          # legal actions when it is this seat's turn
    play: Any = None                            # the play kind's own part (see above)
    pots: tuple[tuple[str, int], ...] = ()      # the named pots (``pots:``) and what each holds

    def __init__(self, seat: int, players: int, round_index: int, rounds: int, phase: Optional[PhaseName],
                 to_act: Optional[int], start: int, hand: tuple[int, ...], field: Optional[Field], multiplier: int,
                 chips: tuple[int, ...], pot: int, goers: tuple[int, ...] = (),
                 kind: Optional[RoundOutcomeName] = None, declarations: tuple[tuple[int, bool], ...] = (),
                 dropped: tuple[int, ...] = (), forced_out: tuple[int, ...] = (),
                 splits: tuple[tuple[int, bool], ...] = (), legal: tuple[ActionBase, ...] = (), play: Any = None,
                 pots: tuple[tuple[str, int], ...] = ()) -> None:
        # made at every decision of a bot (a roll-out's too): each slot set through its setter, as
        # the events most made are (engine/events.py), not through object.__setattr__
        (a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t, u, v) = _VIEW_SLOTS
        a(self, seat)
        b(self, players)
        c(self, round_index)
        d(self, rounds)
        e(self, phase)
        f(self, to_act)
        g(self, start)
        h(self, hand)
        i(self, field)
        j(self, multiplier)
        k(self, chips)
        m(self, pot)
        n(self, goers)
        o(self, kind)
        p(self, declarations)
        q(self, dropped)
        r(self, forced_out)
        s(self, splits)
        t(self, legal)
        u(self, play)
        v(self, pots)

    def own(self, name: str, default: Any = None) -> Any:
        """The field ``name`` of the play kind's own part, or ``default`` when its kind has none of
        that name (for readers that show every kind's fields, as the browser table's messages)."""
        return getattr(self.play, name, default)


_VIEW_SLOTS = slot_setters(View)
