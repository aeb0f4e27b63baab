"""What in a valid rule file can never move chips (``hachi validate --warnings``, docs/effects.md).

Each case is one function of a ruleset (its effects and settlement as the file writes them) and
the places of the file's keys (dotted, ``round.7`` -> ``FILE:LINE:COL``), which returns
``(place, message id, values)`` for each thing it finds; ``validation.file_warnings`` words them
in a language of the catalogs (``idle.*``). A warning names only what can never matter in any game
the file allows:

- an effect of ``effects:`` whose condition reads only settings and is false with the file's
  (``trick_settlement.pot_split`` under ``pot_tie: earliest_goer``; the settings are the same all
  game, see :func:`.effects.fold.specialize`);
- a payment whose amount is always 0, or whose payers or receivers are always nobody, or whose
  only payer is its only receiver (a seat never pays itself);
- a multiplier of 1;
- a counter set (or asked into) that no effect reads;
- an effect that needs a hand role no hand can have (the exact count of :mod:`.exact`);
- a settlement phase of ``round:`` that stands before ``play`` and settles by what the play makes
  (there 0 for every seat, whatever is played).

A parameter (``parameters:``) is read as free: it is the number a variant or ``hachi sweep``
changes (Koi-Koi's 親権 is paid by ``parameter.oyaken``, 0 in the bundled file), so an amount of
0 because of a parameter's value is not idle. A condition false by a parameter's value is refused
already (``can never fire``, :mod:`.effects.build`).
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping, Optional

from .effects.actions.multiply import Multiply
from .effects.actions.pay import Pay
from .effects.build import can_hold
from .effects.facts import domain, settings
from .effects.model import Effect, SeatSet
from .expressions import Expression

__all__ = ["CASES"]

Found = tuple[Optional[str], str, dict[str, object]]       # place, message id (idle.*), its values


def _constants(rules: Any) -> dict[str, int]:
    """The settings the effects of ``rules`` read, as a game folds them, but the parameters."""
    return {n: int(read(rules)) for n, read in settings(rules).items() if not n.startswith("parameter.")}


def _value(e: Optional[Expression], constants: Mapping[str, int]) -> Optional[int]:
    return None if e is None else e.fold(constants).constant


def _never(cond: Expression, rules: Any, constants: Mapping[str, int]) -> bool:
    """``cond`` is false in every game of ``rules`` once its settings are folded in: it reads only
    settings and facts of a known range (``round.goers``, ``table.players``: :func:`.effects.facts.domain`),
    and no combination of their values makes it true (:func:`.effects.build.can_hold`). A condition
    reading any other fact (chips, a seat's tricks) is taken as able to hold, even when a setting
    beside it is false: that is a base file's switch (Koi-Koi's ``table.start_chips > 0 and
    any_of(chips <= 0)``, on in its variant that starts at 30)."""
    if not all(r in constants or domain(r, rules) is not None for r in cond.reads):
        return False
    folded = cond.fold(constants)
    return folded.constant == 0 or (folded.constant is None and not can_hold(folded, rules))


def _nobody(seats: SeatSet, rules: Any, constants: Mapping[str, int]) -> bool:
    return seats.where is not None and _never(seats.where, rules, constants)


def _one_seat(seats: SeatSet) -> bool:
    return seats.start or (seats.first and not seats.rest)


def _effects(rules: Any) -> Iterator[Effect]:
    """Every effect of ``rules`` (``effects:`` and ``settlement:``) that its settings let fire:
    one whose condition they make false is :func:`never_holds`'s, or a settlement guarded by a
    setting on purpose (the bundled 総八 under Koi-Koi's ``special_roles: null``)."""
    constants = _constants(rules)
    for e in (*rules.effects, *(e for _, effects in rules.settlement for e in effects)):
        if e.condition is None or _value(e.condition, constants) != 0 and not _never(e.condition, rules, constants):
            yield e


def never_holds(rules: Any, places: Mapping[str, str]) -> Iterator[Found]:
    """An effect of ``effects:`` whose condition is false in every game once the file's settings are
    read (:func:`_never`: ``if: trick_settlement.pot_split`` under ``pot_tie: earliest_goer``,
    ``round.goers > mizuten.goers`` when ``mizuten.goers`` is ``max_goers``). The settlement's own
    are guarded by settings on purpose (the bundled "tie for the pot" plays only under ``pot_tie:
    split``) and are not named."""
    constants = _constants(rules)
    for e in rules.effects:
        if e.condition is not None and _never(e.condition, rules, constants):
            yield e.place, "idle.never_holds", {"name": e.name, "condition": e.condition.text}


def zero_amount(rules: Any, places: Mapping[str, str]) -> Iterator[Found]:
    """A payment whose amount (or whose ``in_proportion_to``) is 0 in every game."""
    constants = _constants(rules)
    for e in _effects(rules):
        for a in e.actions:
            if isinstance(a, Pay):
                for what, x in (("amount", a.amount), ("in_proportion_to", a.share)):
                    if x is not None and _value(x, constants) == 0:
                        yield e.place, "idle.zero_amount", {"name": e.name, "what": what, "amount": x.text}


def _payments(rules: Any) -> Iterator[tuple[Effect, SeatSet, SeatSet]]:
    for e in _effects(rules):
        for a in e.actions:
            if isinstance(a, Pay):
                yield e, a.payers, a.receivers


def nobody_pays(rules: Any, places: Mapping[str, str]) -> Iterator[Found]:
    """A payment whose payers or receivers are nobody in every game."""
    constants = _constants(rules)
    for e, payers, receivers in _payments(rules):
        empty = [s for s in (payers, receivers) if _nobody(s, rules, constants)]
        if empty:
            yield e.place, "idle.nobody", {"name": e.name, "seats": empty[0].text}


def pays_itself(rules: Any, places: Mapping[str, str]) -> Iterator[Found]:
    """A payment whose one payer is its one receiver (a seat never pays itself)."""
    for e, payers, receivers in _payments(rules):
        if (_one_seat(payers) and _one_seat(receivers) and not payers.pot and not receivers.pot
                and _same(payers) == _same(receivers)):
            yield e.place, "idle.pays_itself", {"name": e.name, "seats": payers.text}


def _same(seats: SeatSet) -> str:
    return "start player" if seats.start else " ".join(seats.text.split())


def multiplier_of_one(rules: Any, places: Mapping[str, str]) -> Iterator[Found]:
    """A ``multiply`` by 1 in every game."""
    constants = _constants(rules)
    for e in _effects(rules):
        for a in e.actions:
            if isinstance(a, Multiply) and _value(a.by, constants) == 1:
                yield e.place, "idle.times_one", {"name": e.name, "by": a.by.text}


def unread_counter(rules: Any, places: Mapping[str, str]) -> Iterator[Found]:
    """A counter an effect sets or asks into that no effect reads (by itself, ``payer.`` or
    ``receiver.``): what it keeps never moves chips."""
    reads: set[str] = set()
    for e in _effects(rules):
        reads |= {r.split(".", 1)[1] if r.startswith(("payer.", "receiver.")) else r for r in e.reads}
    told: set[str] = set()
    for e in _effects(rules):
        for a in e.actions:
            counter = getattr(a, "counter", None)
            name = getattr(counter, "name", None)
            if name is not None and f"counter.{name}" not in reads and name not in told:
                told.add(name)
                yield e.place, "idle.unread_counter", {"name": e.name, "counter": name}


def _impossible_roles(rules: Any) -> frozenset[str]:
    """The hand roles no hand of ``rules`` can have (:func:`.stats.impossible_roles`, counted once
    for these warnings and ``--warnings``' roles that can never occur); none when the table is too
    costly to count, or the hand's size depends on the number of players."""
    from .stats import impossible_roles

    return frozenset() if rules.deal_for else impossible_roles(rules) or frozenset()


def role_never_shown(rules: Any, places: Mapping[str, str]) -> Iterator[Found]:
    """An effect whose condition, or a payment's seat set, needs a hand role that no hand can have
    (四三 in 6-card hands): with that role false for every seat it never holds."""
    hand = {r.id for r in rules.roles.roles}
    wanted = {f[len("role."):] for e in rules.effects for f in e.reads if f.startswith("role.")} & hand
    impossible = sorted(_impossible_roles(rules) & wanted) if wanted else []
    if not impossible:
        return
    constants = {**_constants(rules), **{f"role.{r}": 0 for r in impossible}}
    for e in rules.effects:
        conds = [e.condition, *(s.where for a in e.actions if isinstance(a, Pay) for s in (a.payers, a.receivers))]
        for cond in conds:
            needs = [r for r in impossible if cond is not None and f"role.{r}" in cond.reads]
            if needs and cond is not None and _never(cond, rules, constants):
                yield e.place, "idle.role_never", {"name": e.name, "role": needs[0], "cards": rules.hand_size}
                break


def settled_before_play(rules: Any, places: Mapping[str, str]) -> Iterator[Found]:
    """A settlement phase of ``round:`` before ``play`` whose effects read what the play makes
    (tricks, card points, capture roles ...): there every seat has none, whatever is played."""
    order = [getattr(p, "value", p) for p in rules.round]
    if "play" not in order:
        return
    from .kind_registry import rule_kind

    made_in_play = rule_kind(rules.play).made_in_play     # the facts the play makes (docs/effects.md)
    for phase, effects in rules.settlement:
        if phase in order and order.index(phase) < order.index("play") and effects:
            read = sorted({f for e in effects for f in e.reads} & made_in_play)
            if read:
                at = places.get(f"round.{order.index(phase)}") or effects[0].place
                yield at, "idle.before_play", {"phase": phase, "fact": read[0]}


CASES = (never_holds, zero_amount, nobody_pays, pays_itself, multiplier_of_one, unread_counter, role_never_shown,
         settled_before_play)

