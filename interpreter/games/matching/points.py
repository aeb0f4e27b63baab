"""Matching play's points inside the play (docs/effects.md, "Points inside the play"): after each
capture (``after_capture``: the played card's, then the turned card's; its event the
:class:`~.play.Captured` that took cards) and after each turn (``after_turn``: a seat's card
played and the stock's card turned, with the choices they asked), the readers of their events'
facts (``rules.CAPTURE_FACTS``, the turn's ``ruleset.effects.play_points.TURN_FACTS``) and of the
cards' facts read at any point (``rules.CARD_FACTS``)."""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Optional, cast

from ...engine.events import Applied, RoundStarted
from ...engine.kindplugin import TURN_READERS, EventFact, PlayPoints, SeatFact, TableFact
from ...engine.state import Table
from .deck import HanafudaDeck
from .phases import HanaDeal
from .play import Captured, MatchingState, Stage

__all__ = ["Turn", "POINTS", "SEAT_FACTS", "TABLE_FACTS"]


class Turn(NamedTuple):
    """The event of ``after_turn``: the seat whose turn ended, the turn's number (1 for the first)
    and the field cards its captures took (the played card's and the turned card's)."""

    seat: int
    number: int
    taken: tuple[int, ...]


Mark = tuple[int, int, bool]        # before an action: the turn's index, its seat, whether play was over


def _mark(t: Table) -> Mark:
    s: MatchingState = t.round.play
    return s.turn, s.seat, s.stage is Stage.OVER


def _found(t: Table, mark: Mark, first: int) -> list[tuple[str, Any]]:
    """The points one action brought: each capture it made, then the end of the turn (the next
    seat's turn came, or the round stopped or was played out); a turn waiting for a choice (which
    field card the turned card takes, stop or play on) has not ended."""
    s: MatchingState = t.round.play
    found: list[tuple[str, Any]] = [("after_capture", e) for e in t.events[first:]
                                    if isinstance(e, Captured) and e.taken]
    turn, seat, over = mark
    if s.turn != turn or (s.stage is Stage.OVER and not over):
        found.append(("after_turn", Turn(seat, turn + 1, _taken_in_turn(t, seat))))
    return found


def _taken_in_turn(t: Table, seat: int) -> tuple[int, ...]:
    """The field cards the captures of ``seat``'s turn just ended took: its placings at the end of
    the log (the seats' turns alternate, so the last placings of another seat end them)."""
    taken: list[int] = []
    index = t.round.index
    for x in reversed(t.events):
        if isinstance(x, Captured):
            if x.seat != seat:
                break
            taken.extend(x.taken)
        elif isinstance(x, RoundStarted) and x.round == index:
            break
    return tuple(taken)


def _cards(e: Captured) -> tuple[int, ...]:
    return (e.card, *e.taken)


def _brights(t: Table, cards: Any) -> int:
    card_class = cast(HanafudaDeck, t.ruleset.deck).card_class     # matching play is played with the hanafuda deck
    return sum(1 for c in cards if card_class(c) == "bright")


def _fed(t: Table, e: Any, seat: Optional[int]) -> int:
    """Whether ``seat``, another than the taker, laid on the field, from its hand in its turn this
    round, a card the capture ``e`` (or the captures of the turn ``e``) took: the round's log read
    back to its start (a card turned from the stock is laid by nobody)."""
    if seat == e.seat:
        return 0
    index = t.round.index
    taken = set(e.taken)
    if not taken:
        return 0
    for x in reversed(t.events):
        if isinstance(x, Captured):
            if x.card in taken and not x.taken and not x.turned:
                if x.seat == seat:
                    return 1
                taken.discard(x.card)
                if not taken:
                    return 0
        elif isinstance(x, RoundStarted) and x.round == index:
            break
    return 0


FACTS: Mapping[str, EventFact] = {
    "capture.taker": lambda t, e, s: e.seat,
    "capture.turned": lambda t, e, s: int(e.turned),
    "capture.cards": lambda t, e, s: len(e.taken) + 1,
    "capture.brights": lambda t, e, s: _brights(t, _cards(e)),
    "capture.points": lambda t, e, s: t.ruleset.deck.points_of(_cards(e)),
    "captured": lambda t, e, s: int(s == e.seat),
    "fed": _fed,
    **TURN_READERS,
}
POINTS = PlayPoints(_mark, _found, FACTS)


def _field(t: Table) -> list[int]:
    field: list[int] = getattr(t.round.play, "field", None) or []     # none before the deal
    return field


def _play_ons(t: Table) -> dict[int, int]:
    play_ons: dict[int, int] = getattr(t.round.play, "play_ons", None) or {}
    return play_ons


SEAT_FACTS: Mapping[str, SeatFact] = {
    "brights": lambda t, s: _brights(t, (getattr(t.round.play, "captures", None) or {}).get(s, ())),
    "played_on": lambda t, s: int(_play_ons(t).get(s, 0) > 0),
}
def _dealt_field(t: Table) -> tuple[int, ...]:
    """The field cards dealt this round (none before the deal, and in a told round)."""
    index = t.round.index
    for x in reversed(t.events):
        if isinstance(x, Applied) and isinstance(x.action, HanaDeal):
            return tuple(x.action.field)
        if isinstance(x, RoundStarted) and x.round == index:
            break
    return ()


TABLE_FACTS: Mapping[str, TableFact] = {
    "field_cards.brights": lambda t: _brights(t, _field(t)),
    "field_cards.dealt_brights": lambda t: _brights(t, _dealt_field(t)),
    "field_cards.count": lambda t: len(_field(t)),
    "round.play_ons": lambda t: sum(_play_ons(t).values()),
}
