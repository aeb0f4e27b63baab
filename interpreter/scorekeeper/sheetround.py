"""Reading one round of a score sheet: the fields every play kind's round shares.

:class:`RoundReader` reads and checks the fields of a round (players by name, counts, cards,
flags, answers, the hands shown); a problem is one :class:`FieldProblem` naming the field. The
settling flow is in :mod:`.sheet`; a play kind's own fields are read by its
:class:`~.told.ToldKind`.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ...ruleset.errors import CardError, shown
from ...ruleset.model import Ruleset
from ..parts.go_drop.rules import NAME
from ..parts.go_drop.state import declared


class FieldProblem(Exception):
    """A problem in one field of a round: ``field`` and the reason."""

    def __init__(self, field: str, reason: str):
        super().__init__(f"{field}: {reason}")
        self.field, self.reason = field, reason


class RoundReader:
    """The fields of one round ``rnd`` of a sheet of ``names`` under ``rules``."""

    def __init__(self, rules: Ruleset, names: Sequence[str], rnd: dict[str, Any], game: Any):
        self.rules, self.names, self.rnd, self.game = rules, tuple(names), rnd, game
        self.deck = rules.deck

    def seat(self, field: str, name: Any) -> int:
        if name not in self.names:
            raise FieldProblem(field, f"{shown(name)} is not one of the players ({', '.join(self.names)})")
        return self.names.index(name)

    def by_name(self, field: str) -> dict[int, Any]:
        value = self.rnd.get(field) or {}
        if not isinstance(value, dict):
            raise FieldProblem(field, f"a mapping from player to value, not {shown(value)}")
        return {self.seat(field, k): v for k, v in value.items()}

    def count(self, field: str, seat: int, value: Any, hi: int) -> int:
        if type(value) is not int or not 0 <= value <= hi:
            raise FieldProblem(field, f"{self.names[seat]}: a whole number from 0 to {hi}, not {shown(value)}")
        return value

    def cards(self, field: str, value: Any) -> tuple[int, ...]:
        try:
            return tuple(self.deck.parse_list(value if isinstance(value, (list, str)) else [value]))
        except CardError as e:
            raise FieldProblem(field, e.message.rstrip(".")) from None

    def flag(self, field: str) -> bool:
        value = self.rnd.get(field, False)
        if not isinstance(value, bool):
            raise FieldProblem(field, f"true or false, not {shown(value)}")
        return value

    def answers(self, field: str, words: Optional[dict[Any, Any]] = None) -> list[Any]:
        value = self.rnd.get(field) or []
        if not isinstance(value, list):
            raise FieldProblem(field, f"a list, not {shown(value)}")
        if words is None:
            if not all(isinstance(v, bool) for v in value):
                raise FieldProblem(field, f"a list of true/false answers, not {shown(value)}")
            return value
        bad = next((v for v in value if v not in words), None)
        if bad is not None:
            raise FieldProblem(field, f"{shown(bad)} is not {' or '.join(words)}")
        return [words[v] for v in value]

    def field_id(self, have_cards: bool, what: str, words: str) -> Optional[str]:
        """The field named by ``field``, or None when the turned cards (``what``) set it."""
        if "field" not in self.rnd:
            if not have_cards and len(self.rules.fields) == 1:
                return self.rules.fields[0].id      # one field (Koi-Koi): nothing to tell
            if not have_cards:
                raise FieldProblem(what, f"the {words} (or 'field: ID' when not noted) are missing")
            return None
        if have_cards:
            raise FieldProblem("field", f"give {what} or field, not both")
        fields = [f.id for f in self.rules.fields]
        if self.rnd["field"] not in fields:
            raise FieldProblem("field", f"{shown(self.rnd['field'])} is not a field of {self.rules.name} "
                                        f"({', '.join(fields)})")
        return str(self.rnd["field"])

    def shown_hands(self) -> dict[int, tuple[int, ...]]:
        out: dict[int, tuple[int, ...]] = {}
        size = self.rules.hand_size
        for seat, cards in self.by_name("show").items():
            hand = self.cards("show", cards)
            if len(hand) != size:
                raise FieldProblem("show", f"{self.names[seat]}'s hand has {len(hand)} cards, not {size} "
                                           f"(show the whole hand)")
            self.twice("show", out, hand)
            out[seat] = tuple(sorted(hand))
        return out

    def twice(self, field: str, hands: dict[int, tuple[int, ...]], cards: Sequence[int]) -> None:
        seen = {c: s for s, h in hands.items() for c in h}
        for c in cards:
            if c in seen:
                raise FieldProblem(field, f"the card {self.deck.name(c)} is shown twice (also in "
                                          f"{self.names[seen[c]]}'s hand)")

    def goers_of(self, field: str, values: dict[int, Any]) -> None:
        r = self.game.round
        for seat in values:
            if seat not in r.playing:
                if NAME not in r.parts:                 # no go/drop: the seat sat the round out (sit_out)
                    raise FieldProblem(field, f"{self.names[seat]} sat this round out and did not play")
                why = "was forced out" if seat in declared(r).forced_out else "dropped"
                raise FieldProblem(field, f"{self.names[seat]} {why} and did not play")
