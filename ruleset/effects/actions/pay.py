"""``pay``: chips move between seats and the pot (docs/effects.md, "pay"), and its form
``between`` (of every two seats, the lower pays the other the difference: T15, T20). An amount
may read the seats of each pair (``payer.gain``, ``receiver.tricks``: :class:`PairFacts`), and
``in_proportion_to`` shares each receiver's amount among the payers."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Optional, Union

from ...catalog import say
from ...effect_words import seats_words
from ...expressions import INT, Expression, Facts
from ...kind_registry import transfer_named
from ...model import TransferReason, TransferReasonName
from ..facts import PAYER, RECEIVER
from ..model import ActionBase, Run, SeatSet, bounded
from .pots import TABLE_POT, TOLD, pot_move
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
    pairwise: bool = False          # the amount or the reason reads ``payer.X`` / ``receiver.X``: read per pair
    share: Optional[Expression] = None      # ``in_proportion_to``: each receiver's amount shared by the payers

    key: ClassVar[str] = "pay"
    tellers = TOLD                      # a named pot's payments (PotPaid); the rest are transfers
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
            "in_proportion_to": {**NUMBER, "description": "A number of each paying seat (gain): 'amount' is "
                                                          "what each receiver gets in all, shared among the "
                                                          "payers in proportion to it (docs/effects.md)."},
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
        _check_pots(payers, receivers, body, at, b)
        share = _share(payers, receivers, body, at, b)
        amount = b.expr(body["amount"], (*at, "amount"), INT, per_seat=not payers.pot or not receivers.pot,
                        vocab=b.pair_vocab)
        reason, words = _reason(body, at, b, name, per_seat=not payers.pot or not receivers.pot)
        no_payer = ("the pot pays" if payers.pot else
                    "the amount is what each receiver gets in all, shared among the payers" if share else None)
        _no_pot_facts(amount, no_payer, receivers.pot, (*at, "amount"), b)
        for w in words:
            if isinstance(w, Expression):
                _no_pot_facts(w, no_payer, receivers.pot, (*at, "reason"), b)
        return cls(payers, receivers, amount, reason, bool(body.get("field", False)), _recorded_as(body, at, b),
                   words_of_reason=words, pairwise=_reads_pair(amount, words), share=share)

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
        amount = b.expr(body.get("amount", 1), (*at, "amount"), INT, per_seat=False, vocab=b.pair_vocab)
        reason, words = _reason(body, at, b, name)
        return cls(seats, seats, amount, reason, bool(body.get("field", False)), _recorded_as(body, at, b), compare,
                   words, _reads_pair(amount, words))

    # -- in words
    def words(self, lang: str = "en") -> str:
        if self.compare is not None:
            return say(lang, "effects.pay_pairs", payers=seats_words(self.payers, lang), compare=self.compare.text,
                       amount=self.amount.text)
        field = say(lang, "effects.times_field") if self.field else ""
        if self.share is not None:
            return say(lang, "effects.pay_shared", payer=seats_words(self.payers, lang, True),
                       receiver=seats_words(self.receivers, lang, True), amount=self.amount.text,
                       share=self.share.text, field=field)
        return say(lang, "effects.pay", payer=seats_words(self.payers, lang, True),
                   receiver=seats_words(self.receivers, lang, True), amount=self.amount.text, field=field)

    # -- run
    def run(self, r: Run) -> None:
        t = r.table
        kind = transfer_named(self.recorded_as)
        multiply = kind is not TransferReason.EFFECT      # a kind of its own is multiplied as the field says for it
        mult = t.round.multiplier if self.field else 1
        field = f" (x{mult} field)" if mult != 1 else ""
        if self.compare is not None:
            self._settle_pairs(r, kind, multiply, mult, field)
            return None
        if self.share is not None:
            self._shared(r, kind, multiply, mult, field)
            return None
        if self.payers.pot_name is not None or self.receivers.pot_name is not None:
            self._named_pot(r, mult, field)
            return None
        if self.pairwise:
            self._by_pairs(r, kind, multiply, mult, field)
            return None
        self._plain(r, kind, multiply, mult, field)
        return None

    def _plain(self, r: Run, kind: TransferReasonName, multiply: bool, mult: int, field: str) -> None:
        """From the pot to each receiver (what it holds, in order), or from each payer to each
        receiver (a seat never pays itself) or into the pot; every amount read before anything moves."""
        t, facts, pot = r.table, r.facts, r.pot
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

    def _by_pairs(self, r: Run, kind: TransferReasonName, multiply: bool, mult: int, field: str) -> None:
        """An amount (or reason) that reads ``payer.X`` / ``receiver.X``: read for each pair of a payer
        and a receiver (a seat never pays itself), every one before anything moves."""
        t, facts, pot = r.table, r.facts, r.pot
        if self.payers.pot:
            paid = [(s, PairFacts(facts, -1, s)) for s in r.members(self.receivers)]
            owed = [(s, pair, bounded(self.amount.run(pair, s) * mult, "a payment")) for s, pair in paid]
            for seat, pair, amount in owed:      # the pot pays what it holds, to the receivers in order
                amount = min(amount, t.pot)
                if kind is TransferReason.POT:
                    t.round.pot_to = t.round.play_winner = seat
                if amount > 0:
                    t.pay(kind, pot, seat, amount, self._why(r, seat, pair) + field, multiply=False)
            return None
        payers = r.members(self.payers)
        if self.receivers.pot:
            pairs = [(p, pot, PairFacts(facts, p, -1), p) for p in payers]
        else:
            pairs = [(p, q, PairFacts(facts, p, q), q) for p in payers for q in r.members(self.receivers) if q != p]
        amounts = [(p, q, pair, told, bounded(self.amount.run(pair, p) * mult, "a payment"))
                   for p, q, pair, told in pairs]
        for payer, receiver, pair, told, amount in amounts:
            _move(r, kind, multiply, payer, receiver, amount, self._why(r, told, pair) + field)
        return None

    def _named_pot(self, r: Run, mult: int, field: str) -> None:
        """A payment into or out of a named pot (``pot.NAME``), from or to seats or the table's pot;
        every amount read before anything moves. A named pot pays at most what it holds, to the
        receivers in order; a seat's negative amount into a named pot is paid back from it."""
        t, facts = r.table, r.facts
        payers, receivers = self.payers, self.receivers
        if payers.pot and receivers.pot:                # the table's pot and a named pot: one amount
            amount = bounded(self.amount.run(facts, None) * mult, "a payment")
            if amount > 0:
                into = receivers.pot_name is not None
                name = receivers.pot_name if into else payers.pot_name
                assert name is not None
                pot_move(t, name, TABLE_POT, amount, into, self._why(r, -1) + field)
            return None
        if payers.pot_name is not None:                 # the named pot pays each receiver
            source = payers.pot_name
            paid = [(s, PairFacts(facts, -1, s)) for s in r.members(receivers)]
            owed = [(s, pair, bounded(self.amount.run(pair, s) * mult, "a payment")) for s, pair in paid]
            for seat, pair, amount in owed:
                if amount > 0:
                    pot_move(t, source, seat, amount, False, self._why(r, seat, pair) + field)
            return None
        pot = receivers.pot_name
        assert pot is not None                          # each payer pays into the named pot
        each = [(s, PairFacts(facts, s, -1)) for s in r.members(payers)]
        amounts = [(s, pair, bounded(self.amount.run(pair, s) * mult, "a payment")) for s, pair in each]
        for seat, pair, amount in amounts:
            if amount:
                pot_move(t, pot, seat, abs(amount), amount > 0, self._why(r, seat, pair) + field)
        return None

    def _shared(self, r: Run, kind: TransferReasonName, multiply: bool, mult: int, field: str) -> None:
        """``in_proportion_to``: each receiver gets ``amount`` (read for it) in all, shared among the
        payers (but itself) in proportion to their ``share`` (0 or less: it pays nothing), rounded down
        and the chips left over given one each to the largest remainders (the earlier seat of the set
        on a tie), so that the receiver gets exactly its amount. An amount of 0 or less moves nothing."""
        share = self.share
        assert share is not None
        facts = r.facts
        receivers = r.members(self.receivers)
        if not receivers:
            return None
        payers = r.members(self.payers)
        weights = [(p, bounded(share.run(facts, p), "a payment")) for p in payers]        # read first
        totals = [(q, PairFacts(facts, -1, q)) for q in receivers]
        owed = [(q, pair, bounded(self.amount.run(pair, q) * mult, "a payment")) for q, pair in totals]
        for receiver, pair, total in owed:
            shares = [(p, w) for p, w in weights if p != receiver and w > 0]
            whole = sum(w for _, w in shares)
            if total <= 0 or whole <= 0:
                continue
            parts = [total * w // whole for _, w in shares]
            left = total - sum(parts)
            order = sorted(range(len(shares)), key=lambda i: (-(total * shares[i][1] % whole), i))
            for i in order[:left]:
                parts[i] += 1
            why = self._why(r, receiver, pair) + field
            for (payer, _), part in zip(shares, parts):
                _move(r, kind, multiply, payer, receiver, part, why)
        return None

    def _why(self, r: Run, seat: int, facts: Optional[Facts] = None) -> str:
        """The payment's reason, its numbers read for ``seat`` (the receiving one; the payer into the pot)."""
        if not self.words_of_reason:
            return self.reason
        read = r.facts if facts is None else facts
        return "".join(w if isinstance(w, str) else str(w.run(read, seat)) for w in self.words_of_reason)

    def _settle_pairs(self, r: Run, kind: TransferReasonName, multiply: bool, mult: int, field: str) -> None:
        """``between``: of every two seats (in order from the start player), the one whose ``compare``
        is lower pays the other ``amount`` for each one of difference (T15 and T20 are of this form)."""
        compare = self.compare
        assert compare is not None
        facts = r.facts
        seats = r.members(self.payers)
        value = {s: bounded(compare.run(facts, s), "a payment") for s in seats}       # read before anything moves
        pay = r.table.pay
        if self.pairwise:                           # the amount reads the two seats: the lower pays, the higher is paid
            owed = []
            for i, a in enumerate(seats):
                for b in seats[i + 1:]:
                    low, high = (a, b) if value[a] < value[b] else (b, a)
                    pair = PairFacts(facts, low, high)
                    owed.append((low, high, pair, bounded(self.amount.run(pair, None) * mult, "a payment")))
            for low, high, pair, per in owed:
                pay(kind, low, high, per * (value[high] - value[low]),
                    f"{self._why(r, high, pair)} {value[high]} against {value[low]}{field}", multiply=multiply)
            return None
        per = bounded(self.amount.run(facts, None) * mult, "a payment")
        for i, a in enumerate(seats):
            for b in seats[i + 1:]:
                low, high = (a, b) if value[a] < value[b] else (b, a)
                pay(kind, low, high, per * (value[high] - value[low]),
                    f"{self._why(r, high)} {value[high]} against {value[low]}{field}", multiply=multiply)


def _check_pots(payers: SeatSet, receivers: SeatSet, body: Mapping[str, Any], at: tuple[object, ...], b: Any) -> None:
    """A payment moves chips: not from a pot to itself or from one named pot to another; and one
    into or out of a named pot is recorded as no kind of transfer."""
    if payers.pot and receivers.pot and (payers.pot_name == receivers.pot_name or payers.pot_name and
                                         receivers.pot_name):
        what = "the pot to the pot" if payers.pot_name == receivers.pot_name else "one named pot to another"
        raise b.error(f"a payment from {what} moves nothing; a named pot pays seats or the table's pot, "
                      "and is paid by them.", *at, "to")
    if (payers.pot_name or receivers.pot_name) and str(body.get("as", "effect")) != "effect":
        raise b.error("a payment into or out of a named pot is no transfer of a kind: it has no 'as' "
                      "(its chips stay in the pot until a payment takes them out).", *at, "as")


def _share(payers: SeatSet, receivers: SeatSet, body: Mapping[str, Any], at: tuple[object, ...],
           b: Any) -> Optional[Expression]:
    """``in_proportion_to``, a number of each paying seat (between seats, not the pot), or None."""
    if "in_proportion_to" not in body:
        return None
    if payers.pot or receivers.pot:
        raise b.error("'in_proportion_to' shares what each receiving seat gets among the paying seats: "
                      "name seats in 'from' and 'to', not the pot.", *at, "in_proportion_to")
    share: Expression = b.expr(body["in_proportion_to"], (*at, "in_proportion_to"), INT, per_seat=True)
    return share


class PairFacts:
    """The facts of a payment between two seats: ``payer.NAME`` is the paying seat's fact ``NAME``,
    ``receiver.NAME`` the receiving seat's (-1: the pot, whose facts the builder refuses to read);
    every other fact as ``facts`` reads it."""

    __slots__ = ("facts", "payer", "receiver")

    def __init__(self, facts: Facts, payer: int, receiver: int):
        self.facts, self.payer, self.receiver = facts, payer, receiver

    @property
    def seats(self) -> int:
        return self.facts.seats

    def seat(self, name: str, seat: int) -> int:
        return self.facts.seat(name, seat)

    def table(self, name: str) -> int:
        if name.startswith(PAYER):
            return self.facts.seat(name[len(PAYER):], self.payer)
        if name.startswith(RECEIVER):
            return self.facts.seat(name[len(RECEIVER):], self.receiver)
        return self.facts.table(name)


def _reads_pair(amount: Expression, words: tuple[Union[str, Expression], ...]) -> bool:
    """Whether a payment's amount or its reason reads a seat of the pair (``payer.X``, ``receiver.X``)."""
    exprs = (amount, *(w for w in words if isinstance(w, Expression)))
    return any(n.startswith((PAYER, RECEIVER)) for e in exprs for n in e.reads)


def _no_pot_facts(expr: Expression, no_payer: Optional[str], no_receiver: bool, at: tuple[object, ...],
                  b: Any) -> None:
    """Refuse ``payer.X`` where no one seat pays (``no_payer`` says why) and ``receiver.X`` where
    the pot receives."""
    for name in expr.reads:
        if no_payer and name.startswith(PAYER):
            raise b.error(f"'{name}' reads the paying seat, and here {no_payer}; read '{name[len(PAYER):]}' "
                          "inside sum_of(...), max_of(...) and the like.", *at)
        if no_receiver and name.startswith(RECEIVER):
            raise b.error(f"'{name}' reads the receiving seat, and here the pot receives: it has no facts of a "
                          "seat.", *at)


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
            name: str, per_seat: bool = True) -> tuple[str, tuple[Union[str, Expression], ...]]:
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
        words.append(b.expr(m.group(1), (*at, "reason"), INT, per_seat=per_seat, vocab=b.pair_vocab))
        last = m.end()
    if not words:
        return text, ()
    words.append(text[last:])
    return text, tuple(w for w in words if w != "")
