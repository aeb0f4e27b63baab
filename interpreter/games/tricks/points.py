"""The trick game's points inside the play (docs/effects.md, "Points inside the play"): after each
trick (``after_trick``, its event the :class:`~.events.TrickTaken`) and after each turn
(``after_turn``, one card played), and the readers of their events' facts (``rules.TRICK_FACTS``,
the turn's ``ruleset.effects.play_points.TURN_FACTS``)."""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Optional

from ...engine.kindplugin import TURN_READERS, EventFact, PlayPoints
from ...engine.state import Table
from .events import TrickTaken
from .play import TrickState

__all__ = ["Turn", "POINTS"]


class Turn(NamedTuple):
    """The event of ``after_turn``: the seat that played and the turn's number (1 for the first)."""

    seat: int
    number: int


def _mark(t: Table) -> int:
    """Before a card is played: the seat that plays it."""
    p: TrickState = t.round.play
    return p.to_play()


def _found(t: Table, seat: int, first: int) -> list[tuple[str, Any]]:
    """The points one card played brought: the trick it finished, if any, then the turn."""
    p: TrickState = t.round.play
    found: list[tuple[str, Any]] = [("after_trick", e) for e in t.events[first:] if isinstance(e, TrickTaken)]
    found.append(("after_turn", Turn(seat, len(p.done) * len(p.goers) + len(p.current))))
    return found


def _suits(t: Table) -> int:
    return len(t.ruleset.deck.suits)


def _led(t: Table, e: TrickTaken, seat: Optional[int] = None) -> int:
    return e.cards[0] % _suits(t)


def _trump(t: Table) -> Optional[int]:
    trump: Optional[int] = t.round.kind_state.trump
    return trump


def _card_of(t: Table, e: TrickTaken, seat: int) -> Optional[int]:
    """The card ``seat`` played to the trick, or None when it did not play."""
    goers: list[int] = t.round.play.goers
    if seat not in goers:
        return None
    return e.cards[(goers.index(seat) - goers.index(e.leader)) % len(goers)]


def _revoked(t: Table, e: TrickTaken, seat: Optional[int]) -> int:
    """The seat played off the led suit while it held the led suit (its hand now is its hand
    when it played, less that card: no card is played between its card and the trick's end)."""
    assert seat is not None
    card = _card_of(t, e, seat)
    n, led = _suits(t), _led(t, e)
    if card is None or seat == e.leader or card % n == led:
        return 0
    return int(any(c % n == led for c in t.round.hands[seat]))


FACTS: Mapping[str, EventFact] = {
    "trick.number": lambda t, e, s: e.index + 1,
    "trick.last": lambda t, e, s: int(not any(t.round.hands[g] for g in t.round.play.goers)),
    "trick.taker": lambda t, e, s: e.winner,
    "trick.leader": lambda t, e, s: e.leader,
    "trick.led_suit": _led,
    "trick.led_trump": lambda t, e, s: int(_led(t, e) == _trump(t)),
    "trick.trumps": lambda t, e, s: sum(1 for c in e.cards if c % _suits(t) == _trump(t)),
    "took_trick": lambda t, e, s: int(s == e.winner),
    "led_trick": lambda t, e, s: int(s == e.leader),
    "revoked": _revoked,
    **TURN_READERS,
}
POINTS = PlayPoints(_mark, _found, FACTS)
