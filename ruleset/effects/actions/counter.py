"""``counter``: a number kept across rounds set or added to (docs/effects.md, "counter")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Optional

from ...catalog import say
from ...effect_words import seats_words
from ...expressions import INT, SEAT, Expression
from ..model import ActionBase, Counter, Run, SeatSet, Teller, bounded
from .schema import NUMBER, SEATS


@dataclass(frozen=True, slots=True)
class CounterChanged:
    """The counter ``name`` of ``seat`` (None: the table's) is now ``value``."""

    round: int
    name: str
    seat: Optional[int]
    value: int


def _told(n: Any, e: CounterChanged) -> str:
    if e.seat is None:
        return "  " + say(n.lang, "effects.counter_table", name=e.name, value=e.value)
    return "  " + say(n.lang, "effects.counter_seat", who=n.who(e.seat), name=e.name, value=e.value)


TOLD: Mapping[type, Teller] = {CounterChanged: _told}


def counter_named(b: Any, name: Any, at: tuple[object, ...]) -> Counter:
    """The declared counter ``name``, else the error naming the place ``at``."""
    counter: Optional[Counter] = b.counters.get(name)
    if counter is None:
        known = ", ".join(b.counters) or "none is declared"
        raise b.error(f"there is no counter '{name}' (the counters: {known}); declare it under 'counters:'.", *at)
    return counter


@dataclass(frozen=True)
class SetCounter(ActionBase):
    """A counter set to (``add``: increased by) ``value``, for each seat of ``seats`` (a seat counter)."""

    counter: Counter
    value: Expression
    add: bool
    seats: Optional[SeatSet] = None

    key: ClassVar[str] = "counter"
    summary: ClassVar[str] = "set or add to a counter kept across rounds"
    schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "required": ["name"],
        "additionalProperties": False,
        "properties": {"name": {"type": "string", "maxLength": 40}, "set": NUMBER, "add": NUMBER, "seats": SEATS},
        "description": "Set a counter, or add to it.",
    }
    tellers = TOLD

    @classmethod
    def build(cls, body: Any, at: tuple[object, ...], b: Any, name: str) -> SetCounter:
        counter = counter_named(b, body["name"], (*at, "name"))
        ops = [k for k in ("set", "add") if k in body]
        if len(ops) != 1:
            raise b.error("a counter action says either 'set' or 'add'.", *at)
        per_seat = counter.scope == SEAT
        if not per_seat and "seats" in body:
            raise b.error(f"the counter '{counter.name}' is the table's; it has no seats.", *at, "seats")
        seats = b.seats(body.get("seats", "each seat"), (*at, "seats"), False) if per_seat else None
        value = b.expr(body[ops[0]], (*at, ops[0]), INT, per_seat=per_seat)
        return cls(counter, value, ops[0] == "add", seats)

    def words(self, lang: str = "en") -> str:
        msg = f"effects.counter_{'add' if self.add else 'set'}_{'seat' if self.seats is not None else 'table'}"
        seats = seats_words(self.seats, lang) if self.seats is not None else ""
        return say(lang, msg, value=self.value.text, counter=self.counter.name, seats=seats)

    def run(self, r: Run) -> None:
        t = r.table
        name = self.counter.name
        values = t.counters[name]
        index = t.round.index
        if self.seats is None:                  # the table's counter
            value = int(self.value.evaluate(r.facts))
            old, values[0] = values[0], bounded(values[0] + value if self.add else value, f"counter {name}")
            if values[0] != old:
                t.emit(CounterChanged(index, name, None, values[0]))
            return None
        seats = r.members(self.seats)
        new = [(s, int(self.value.evaluate(r.facts, s))) for s in seats]    # every value read before any is set
        new = [(s, bounded(values[s] + v if self.add else v, f"counter {name}")) for s, v in new]  # and checked
        for seat, value in new:
            old, values[seat] = values[seat], value
            if values[seat] != old:             # an unchanged counter is not told
                t.emit(CounterChanged(index, name, seat, values[seat]))
        return None
