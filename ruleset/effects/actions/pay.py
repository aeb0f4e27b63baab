"""``pay``: chips move between seats and the pot (docs/effects.md, "pay"), and its form
``between`` (of every two seats, the lower pays the other the difference: T15, T20)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Optional, Union

from ...catalog import say
from ...effect_words import seats_words
from ...expressions import INT, Expression
from ...kind_registry import transfer_named
from ...model import TransferReason, TransferReasonName
from ..model import ActionBase, Run, SeatSet, bounded
from .schema import NUMBER, SEATS, SEATS_OR_POT, WORDS

_WORD = re.compile(r"\{([^{}]+)\}")       # a number in a payment's reason


@dataclass(frozen=True)
class Pay(ActionBase):
    """Chips from each seat of ``payers`` to each of ``receivers`` (a seat never pays itself)."""

    payers: SeatSet
    receivers: SeatSet
    amount: Expression              # read for the paying seat (the receiving one when the pot pays)
    reason: str
    field: bool = False             # multiplied by the round's field (as the kind ``effect``)
    recorded_as: str = "effect"     # the transfer kind it is recorded as (``as:``), multiplied as that kind
    compare: Optional[Expression] = None    # ``between``: of every two seats of ``payers``, the lower pays
    words_of_reason: tuple[Union[str, Expression], ...] = ()   # the reason, its ``{EXPRESSION}`` parts

    key: ClassVar[str] = "pay"
    summary: ClassVar[str] = "move chips between seats and the pot"
    schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "from": SEATS_OR_POT,
            "to": SEATS_OR_POT,
            "amount": NUMBER,
            "reason": {**WORDS, "maxLength": 120,
                       "description": "Why, in words (the effect's name by default); each {EXPRESSION} in it is a "
                                      "number read for the receiving seat."},
            "field": {"type": "boolean",
                      "description": "Multiply the amount by the field, as a transfer of kind 'effect' (false)."},
            "between": {**SEATS, "description": "Seats (instead of 'from' and 'to'): of every two of them, the one "
                                                "whose amount is lower pays the other the difference "
                                                "(docs/effects.md)."},
            "compare": {**NUMBER, "description": "With 'between': the number of a seat the two compare (an "
                                                 "expression: tricks, roles); the lower pays the other 'amount' (1) "
                                                 "for each one of difference."},
            "as": {"$ref": "#/$defs/transfer",
                   "description": "The kind of transfer the payment is recorded as (effect); a kind other than "
                                  "effect is multiplied as the field and multipliers say for it, unless the pot pays."},
        },
        "description": "Chips from each seat (or the pot) of 'from' to each of 'to'.",
    }

    @property
    def pairs(self) -> bool:
        return self.compare is not None

    # -- built and checked
    @classmethod
    def build(cls, body: Any, at: tuple[object, ...], b: Any, name: str) -> Pay:
        if "between" in body:
            return cls._between(body, at, b, name)
        missing = [k for k in ("from", "to", "amount") if k not in body]
        if missing:
            raise b.error(f"a payment needs {' and '.join(repr(m) for m in missing)}: chips move from seats or "
                          "the pot to seats or the pot, and are never made or destroyed.", *at)
        payers = b.seats(body["from"], (*at, "from"), True)
        receivers = b.seats(body["to"], (*at, "to"), True)
        if payers.pot and receivers.pot:
            raise b.error("a payment from the pot to the pot moves nothing.", *at, "to")
        amount = b.expr(body["amount"], (*at, "amount"), INT, per_seat=not payers.pot or not receivers.pot)
        reason, words = _reason(body, at, b, name)
        return cls(payers, receivers, amount, reason, bool(body.get("field", False)), _recorded_as(body, at, b),
                   words_of_reason=words)

    @classmethod
    def _between(cls, body: Mapping[str, Any], at: tuple[object, ...], b: Any, name: str) -> Pay:
        """``pay: {between: SEATS, compare: NUMBER, amount: NUMBER}``: of every two seats, the one
        whose ``compare`` is lower pays the other ``amount`` for each one of difference."""
        extra = [k for k in ("from", "to") if k in body]
        if extra:
            raise b.error(f"a payment 'between' seats has no {' or '.join(repr(k) for k in extra)}: of every two "
                          "seats, the one whose 'compare' is lower pays the other.", *at, extra[0])
        if "compare" not in body:
            raise b.error("a payment 'between' seats needs 'compare': the number of a seat the two compare "
                          "(tricks, roles...).", *at)
        seats = b.seats(body["between"], (*at, "between"), False)
        compare = b.expr(body["compare"], (*at, "compare"), INT, per_seat=True)
        amount = b.expr(body.get("amount", 1), (*at, "amount"), INT, per_seat=False)
        reason, words = _reason(body, at, b, name)
        return cls(seats, seats, amount, reason, bool(body.get("field", False)), _recorded_as(body, at, b), compare,
                   words)

    # -- in words
    def words(self, lang: str = "en") -> str:
        if self.compare is not None:
            return say(lang, "effects.pay_pairs", payers=seats_words(self.payers, lang), compare=self.compare.text,
                       amount=self.amount.text)
        field = say(lang, "effects.times_field") if self.field else ""
        return say(lang, "effects.pay", payer=seats_words(self.payers, lang, True),
                   receiver=seats_words(self.receivers, lang, True), amount=self.amount.text, field=field)

    # -- run
    def run(self, r: Run) -> None:
        t = r.table
        kind = transfer_named(self.recorded_as)
        multiply = kind is not TransferReason.EFFECT      # a kind of its own is multiplied as the field says for it
        mult = t.round.multiplier if self.field else 1
        field = f" (x{mult} field)" if mult != 1 else ""
        facts = r.facts
        if self.compare is not None:
            self._settle_pairs(r, kind, multiply, mult, field)
            return None
        pot = r.pot
        if self.payers.pot:
            rnd = t.round
            owed = [(s, bounded(self.amount.run(facts, s) * mult, "a payment")) for s in r.members(self.receivers)]
            for seat, amount in owed:               # read before anything moves; the pot pays what it holds
                amount = min(amount, t.pot)
                if kind is TransferReason.POT:        # it takes the pot (T21), even an empty one: T24 reads it
                    rnd.pot_to = rnd.play_winner = seat
                if amount > 0:
                    t.pay(kind, pot, seat, amount, self._why(r, seat) + field, multiply=False)
            return None
        receivers: Optional[list[int]] = None if self.receivers.pot else r.members(self.receivers)
        if receivers is not None and not receivers:
            return None                             # nobody to pay: no amount is read
        payers = r.members(self.payers)
        amounts = [(s, bounded(self.amount.run(facts, s) * mult, "a payment")) for s in payers]     # read first
        for payer, amount in amounts:
            if receivers is None:
                _move(r, kind, multiply, payer, pot, amount, self._why(r, payer) + field)
                continue
            for receiver in receivers:
                if receiver != payer:
                    _move(r, kind, multiply, payer, receiver, amount, self._why(r, receiver) + field)
        return None

    def _why(self, r: Run, seat: int) -> str:
        """The payment's reason, its numbers read for ``seat`` (the receiving one; the payer into the pot)."""
        if not self.words_of_reason:
            return self.reason
        return "".join(w if isinstance(w, str) else str(w.run(r.facts, seat)) for w in self.words_of_reason)

    def _settle_pairs(self, r: Run, kind: TransferReasonName, multiply: bool, mult: int, field: str) -> None:
        """``between``: of every two seats (in order from the start player), the one whose ``compare``
        is lower pays the other ``amount`` for each one of difference (T15 and T20 are of this form)."""
        compare = self.compare
        assert compare is not None
        facts = r.facts
        seats = r.members(self.payers)
        value = {s: bounded(compare.run(facts, s), "a payment") for s in seats}       # read before anything moves
        per = bounded(self.amount.run(facts, None) * mult, "a payment")
        pay = r.table.pay
        for i, a in enumerate(seats):
            for b in seats[i + 1:]:
                low, high = (a, b) if value[a] < value[b] else (b, a)
                pay(kind, low, high, per * (value[high] - value[low]),
                    f"{self._why(r, high)} {value[high]} against {value[low]}{field}", multiply=multiply)


def _move(r: Run, kind: TransferReasonName, multiply: bool, source: Any, target: Any, amount: int, why: str) -> None:
    """Pay ``amount`` (a negative amount is paid the other way)."""
    t = r.table
    if amount < 0:
        if target == r.pot:
            amount = max(amount, -t.pot)        # the pot pays back at most what it holds
        source, target, amount = target, source, -amount
    if amount:
        t.pay(kind, source, target, amount, why, multiply=multiply)


def _recorded_as(body: Mapping[str, Any], at: tuple[object, ...], b: Any) -> str:
    """The transfer kind a payment is recorded as (``as:``); ``field`` goes only with ``effect``."""
    name = str(body.get("as", "effect"))
    if name != "effect" and body.get("field"):
        raise b.error(f"a payment recorded as '{name}' is multiplied as the field says for '{name}' "
                      "(its applies_to); 'field' is for payments of kind 'effect'.", *at, "field")
    return name


def _reason(body: Mapping[str, Any], at: tuple[object, ...], b: Any,
            name: str) -> tuple[str, tuple[Union[str, Expression], ...]]:
    """A payment's reason in words: after the effect's name (a settlement's reason stands alone);
    each ``{EXPRESSION}`` in it is a number read for the receiving seat when it pays."""
    text = str(body.get("reason") or "")
    if not b.settlement:
        text = f"{name}: {text}" if text else name
    elif not text:
        text = name
    words: list[Union[str, Expression]] = []
    last = 0
    for m in _WORD.finditer(text):
        words.append(text[last:m.start()])
        words.append(b.expr(m.group(1), (*at, "reason"), INT, per_seat=True))
        last = m.end()
    if not words:
        return text, ()
    words.append(text[last:])
    return text, tuple(w for w in words if w != "")
