"""A toy action of effects, written as docs/effects.md ("Adding an action") says, for the test
that keeps those steps true (tests/test_effect_action_walkthrough.py). ``note: {value: NUMBER,
seats: SEATS}`` logs a number of each seat of a set, as an event of its own, and changes nothing
else. It is not listed in ``ACTIONS``: the test lists it there while it runs (and, as a part's
action, in go/drop's ``RulePart.effect_actions``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Optional

from hachihachi.ruleset.effect_words import seats_words
from hachihachi.ruleset.effects.actions.schema import NUMBER, SEATS
from hachihachi.ruleset.effects.model import GAME_END, ActionBase, Problem, Run, SeatSet
from hachihachi.ruleset.expressions import INT, Expression


@dataclass(frozen=True, slots=True)
class Noted:
    """Step 2, its event: the effect ``name`` noted ``value`` of ``seat``."""

    round: int
    seat: int
    value: int
    name: str


# its words in each language: a bundled action's are messages of the catalogs (effects.*,
# ruleset/locale/<lang>.yaml; a part's in its package's locale/<lang>.yaml); this one, outside
# the project, keeps its own
WORDS = {"en": {"told": "{who} notes {value} ({name})", "words": "note {value} of {seats}"},
         "ja": {"told": "{who} の記録は {value} (「{name}」)", "words": "{seats}の「{value}」を記録する"}}


def _told(n: Any, e: Noted) -> str:
    return "  " + WORDS[n.lang]["told"].format(who=n.who(e.seat), value=e.value, name=e.name)


@dataclass(frozen=True)
class Note(ActionBase):
    """Step 1, the class: a number noted for each seat of ``seats``."""

    seats: SeatSet
    value: Expression

    key: ClassVar[str] = "note"
    summary: ClassVar[str] = "note a number of each seat of a set in the log"
    schema: ClassVar[dict[str, Any]] = {
        "type": "object", "required": ["value"], "additionalProperties": False,
        "properties": {"value": NUMBER, "seats": SEATS},
        "description": "Note a number of each seat of 'seats' (every seat) in the log.",
    }
    tellers = {Noted: _told}

    @classmethod
    def build(cls, body: Any, at: tuple[object, ...], b: Any, name: str) -> Note:
        seats = b.seats(body.get("seats", "each seat"), (*at, "seats"), False)
        return cls(seats, b.expr(body["value"], (*at, "value"), INT, per_seat=True))

    def check(self, when: str, rules: Any) -> Optional[Problem]:
        if when == GAME_END:
            return "a note at the end of the game belongs to no round; note it at 'round_end'.", ("note", "value")
        return None

    def words(self, lang: str = "en") -> str:
        return WORDS[lang]["words"].format(value=self.value.text, seats=seats_words(self.seats, lang))

    def run(self, r: Run) -> None:
        t = r.table
        noted = [(s, int(self.value.run(r.facts, s))) for s in r.members(self.seats)]   # read before any is told
        for seat, value in noted:
            t.emit(Noted(t.round.index, seat, value, r.name))
        return None
