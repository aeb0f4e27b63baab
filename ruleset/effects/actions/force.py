"""``force``: seats must go (or drop) in the next round, or in this one (docs/effects.md, "force")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Optional

from ...effect_words import seats_ja
from ..model import GAME_END, ROUND_START, ActionBase, Problem, Run, SeatSet
from .schema import SEATS


@dataclass(frozen=True, slots=True)
class DecisionForced:
    """``seat`` must go (``go``) or drop in round ``applies`` (this one or the next), by the effect ``name``."""

    round: int
    seat: int
    go: bool
    name: str
    applies: int = 0


def _told(n: Any, e: DecisionForced) -> str:
    which = "this round" if e.applies == e.round else "next round"
    return f"  {n.who(e.seat)} must {'go' if e.go else 'drop'} {which} ({e.name})"


def _told_ja(n: Any, e: DecisionForced) -> str:
    which = "この局" if e.applies == e.round else "次の局"
    return f"  {n.who(e.seat)} は{which}必ず{'出る' if e.go else '降りる'} (「{e.name}」)"


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
    tellers = {DecisionForced: (_told, _told_ja)}

    @classmethod
    def build(cls, body: Any, at: tuple[object, ...], b: Any, name: str) -> Force:
        go, this = body["decision"] == "go", body.get("round", "next") == "this"
        return cls(b.seats(body["seats"], (*at, "seats"), False), go, this)

    def check(self, when: str, rules: Any) -> Optional[Problem]:
        if when == GAME_END:
            return "a decision forced at the end of the game is never made: there is no next round.", ()
        if "declarations" not in {p.value for p in rules.round}:
            return ("nobody declares in this game (its round has no 'declarations' phase), so no decision can be "
                    "forced.", ())
        if self.this and when != ROUND_START:
            return (f"at '{when}' this round's decisions are made; force them at 'round_start', or for the next "
                    "round (round: next).", ("force", "round"))
        return None

    def words(self) -> str:
        return f"{self.seats.text} must {'go' if self.go else 'drop'} {'this' if self.this else 'next'} round"

    def words_ja(self) -> str:
        which, decision = ("この局" if self.this else "次の局"), ("出る" if self.go else "降りる")
        return f"{seats_ja(self.seats)}は{which}必ず{decision}"

    def run(self, r: Run) -> None:
        t = r.table
        index = t.round.index
        applies = index + (0 if self.this else 1)
        for seat in r.members(self.seats):
            t.forced.setdefault(applies, {})[seat] = self.go
            t.emit(DecisionForced(index, seat, self.go, r.name, applies))
        return None
