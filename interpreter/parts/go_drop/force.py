"""``force``, go/drop's action of effects: seats must go (or drop) in the next round, or in this
one (docs/effects.md, "force"). The part brings it (``RulePart.effect_actions``, :mod:`.rules`),
so a rule file writes it under ``do:`` as any of the core's actions; a file that does not take
go/drop is refused it at its place. The decisions it forces are go/drop's own state of the game
(:class:`.state.GoDropGame`), which its declarations read (:mod:`.declarations`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Optional

from ....ruleset.catalog import say
from ....ruleset.effect_words import seats_words
from ....ruleset.effects.actions.schema import SEATS
from ....ruleset.effects.model import GAME_END, ROUND_START, ActionBase, Problem, Run, SeatSet
from .names import GoDropPhase
from .state import forced_decisions

__all__ = ["DecisionForced", "Force"]


@dataclass(frozen=True, slots=True)
class DecisionForced:
    """``seat`` must go (``go``) or drop in round ``applies`` (this one or the next), by the effect ``name``."""

    round: int
    seat: int
    go: bool
    name: str
    applies: int = 0


def _told(n: Any, e: DecisionForced) -> str:
    which = say(n.lang, f"effects.which.{'this' if e.applies == e.round else 'next'}")
    decision = say(n.lang, f"effects.decision.{'go' if e.go else 'drop'}")
    return "  " + say(n.lang, "effects.forced", who=n.who(e.seat), decision=decision, which=which, name=e.name)


@dataclass(frozen=True)
class Force(ActionBase):
    """Each seat of ``seats`` must go (or must drop) in the next round (``this``: in this one)."""

    seats: SeatSet
    go: bool
    this: bool = False

    key: ClassVar[str] = "force"
    summary: ClassVar[str] = "make seats go (or drop) in the next round"
    schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "required": ["seats", "decision"],
        "additionalProperties": False,
        "properties": {
            "seats": SEATS,
            "decision": {"enum": ["go", "drop"]},
            "round": {"enum": ["next", "this"], "description": "The round the decision is forced in: the next (the "
                                                               "default), or this one (only at round_start)."},
        },
        "description": "The seats must go (or drop) in the next round.",
    }
    tellers = {DecisionForced: _told}

    @classmethod
    def build(cls, body: Any, at: tuple[object, ...], b: Any, name: str) -> Force:
        go, this = body["decision"] == "go", body.get("round", "next") == "this"
        return cls(b.seats(body["seats"], (*at, "seats"), False), go, this)

    def check(self, when: str, rules: Any) -> Optional[Problem]:
        if when == GAME_END:
            return "a decision forced at the end of the game is never made: there is no next round.", ()
        if GoDropPhase.DECLARATIONS not in rules.round:
            return (f"nobody declares in this game (its round has no '{GoDropPhase.DECLARATIONS.value}' phase), "
                    "so no decision can be forced.", ())
        if self.this and when != ROUND_START:
            return (f"at '{when}' this round's decisions are made; force them at 'round_start', or for the next "
                    "round (round: next).", ("force", "round"))
        return None

    def words(self, lang: str = "en") -> str:
        return say(lang, "effects.force", seats=seats_words(self.seats, lang),
                   decision=say(lang, f"effects.decision.{'go' if self.go else 'drop'}"),
                   which=say(lang, f"effects.which.{'this' if self.this else 'next'}"))

    def run(self, r: Run) -> None:
        t = r.table
        index = t.round.index
        applies = index + (0 if self.this else 1)
        forced = forced_decisions(t)
        for seat in r.members(self.seats):
            forced.setdefault(applies, {})[seat] = self.go
            t.emit(DecisionForced(index, seat, self.go, r.name, applies))
        return None
