"""``ask``: seats choose, in turn, each answer's value kept in a seat counter (docs/effects.md, "ask").
The game waits for each answer as for any decision (the engine's ``Choose`` actions)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Optional

from ...catalog import say
from ...effect_words import seats_words
from ..whens import point_phases
from ..model import GAME_END, ActionBase, Counter, Problem, Run, SeatSet
from .counter import TOLD
from .schema import SEATS


@dataclass(frozen=True)
class Ask(ActionBase):
    """Each seat of ``seats`` in turn chooses one of ``options`` (name, value); the value of its
    answer is set in its ``counter``. The game waits for each answer, as for any decision."""

    seats: SeatSet
    counter: Counter
    options: tuple[tuple[str, int], ...]

    key: ClassVar[str] = "ask"
    summary: ClassVar[str] = "let seats choose, each answer's value set in a seat counter"
    schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "required": ["seats", "counter", "options"],
        "additionalProperties": False,
        "properties": {
            "seats": SEATS,
            "counter": {"type": "string", "maxLength": 40, "description": "The seat counter each answer's value "
                                                                         "is kept in."},
            "options": {"type": "object", "minProperties": 2, "maxProperties": 8,
                        "propertyNames": {"pattern": "^[a-z_][a-z0-9_]*$", "maxLength": 24},
                        "additionalProperties": {"type": "integer", "minimum": -1000000, "maximum": 1000000},
                        "description": "The answers, each a name and the value it sets."},
        },
        "description": "Each seat of 'seats' in turn chooses an option; its value is set in the seat's counter "
                       "(docs/effects.md).",
    }
    tellers = TOLD              # each answer that changes the counter (CounterChanged)

    @classmethod
    def build(cls, body: Any, at: tuple[object, ...], b: Any, name: str) -> Ask:
        counter = b.counters.get(body["counter"])
        if counter is None or counter.scope != "seat":
            known = ", ".join(c.name for c in b.counters.values() if c.scope == "seat") or "none is declared"
            raise b.error(f"an answer is kept in a seat counter, and '{body['counter']}' is none (the seat "
                          f"counters: {known}).", *at, "counter")
        options = tuple((str(k), int(v)) for k, v in body["options"].items())
        return cls(b.seats(body["seats"], (*at, "seats"), False), counter, options)

    def check(self, when: str, rules: Any) -> Optional[Problem]:
        if when == GAME_END:
            after = ", ".join(f"after the {phase}" for phase in point_phases().values())   # a part's, the play
            return (f"a question cannot be asked at '{when}': ask it at the start of a round (before the deal), "
                    f"{after} or at the end of a round.", ())
        return None

    def words(self, lang: str = "en") -> str:
        options = say(lang, "words.list").join(say(lang, "effects.option", name=name, value=value)
                                               for name, value in self.options)
        return say(lang, "effects.ask", seats=seats_words(self.seats, lang), options=options,
                   counter=self.counter.name)

    def run(self, r: Run) -> Optional[tuple[int, ...]]:
        """The seats asked, in turn (the engine waits for their answers), or None: nobody to ask."""
        seats = tuple(r.members(self.seats))
        return seats or None
