"""Named pots (docs/effects.md, "Named pots"): chips a payment moves between a pot of the rule
file's ``pots:`` and a seat or another pot, and the event that logs it (:class:`PotPaid`). A
named pot begins empty and keeps its chips from round to round; chips, the table's pot and the
named pots always add up to what the seats began with (T27)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from ...bounds import bounded
from ...catalog import say
from ..model import EffectTable, Teller

__all__ = ["PotPaid", "TOLD", "pot_move", "holds", "TABLE_POT", "pots_after_rounds"]

TABLE_POT = -2
"""The table's pot as the other side of a named pot's payment (the engine's ``Party.POT``)."""


@dataclass(frozen=True)
class PotPaid:
    """``amount`` chips moved into the named pot ``pot`` from ``party`` (``into``), or out of it to
    ``party``; ``party`` is a seat, or -2 for the table's pot (``TABLE_POT``)."""

    round: int
    pot: str
    party: int
    amount: int
    into: bool
    reason: str


def _told(n: Any, e: PotPaid) -> str:
    who = say(n.lang, "effects.seats.pot") if e.party == TABLE_POT else n.who(e.party)
    key = "effects.pot_in" if e.into else "effects.pot_out"
    return "  " + say(n.lang, key, who=who, pot=e.pot, amount=e.amount, reason=e.reason)


TOLD: Mapping[type, Teller] = {PotPaid: _told}


def holds(t: EffectTable, party: int) -> int:
    """The chips ``party`` (a seat, or the table's pot) can pay now."""
    return t.pot if party == TABLE_POT else t.chips[party]


def pot_move(t: EffectTable, pot: str, party: int, amount: int, into: bool, reason: str) -> None:
    """Move ``amount`` (more than 0) into the named pot ``pot`` from ``party``, or out of it to
    ``party``: a pot pays at most what it holds, the table's pot too, and with
    ``chips.allow_negative: false`` a seat at most the chips it has. Every number is checked
    against the bound (ruleset/bounds.py) before any is stored; what moved is logged."""
    index = t.round.index
    if into:
        if party == TABLE_POT or t.no_negative:
            amount = min(amount, max(holds(t, party), 0))
    else:
        amount = min(amount, t.pots[pot])
    if amount <= 0:
        return
    sign = 1 if into else -1
    bounded(t.pots[pot] + sign * amount, f"the pot '{pot}'", index)
    if party == TABLE_POT:
        bounded(t.pot - sign * amount, "the pot", index)
    else:
        bounded(t.chips[party] - sign * amount, "a seat's chips", index)
    t.pots[pot] += sign * amount
    if party == TABLE_POT:
        t.pot -= sign * amount
    else:
        t.chips[party] -= sign * amount
    t.emit(PotPaid(index, pot, party, amount, into, reason))


def pots_after_rounds(names: Iterable[str], events: Iterable[object], ended: type) -> list[dict[str, int]]:
    """What each named pot (``names``, the file's ``pots:``) holds after each round of a game's
    log ``events``: one dict per event of the type ``ended`` (the engine's ``RoundEnded``), in
    order; payments after a round's end (``game_end``) count for no round. Every place that shows
    a round's named pots reads them here (replay JSON's ``pots_after``, the browser table's round
    summary, the phone scorekeeper)."""
    held = {name: 0 for name in names}
    out: list[dict[str, int]] = []
    if not held:
        return out
    for e in events:
        if type(e) is PotPaid:
            held[e.pot] += e.amount if e.into else -e.amount
        elif type(e) is ended:
            out.append(dict(held))
    return out
