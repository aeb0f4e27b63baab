"""Effects: rules of the form *when* (a point of the round or game), *if* (a condition), *do*
(payments, a multiplier, counters, forced decisions, the end of the game), read from a rule
file's ``effects:`` and ``counters:`` sections (docs/effects.md).

This module holds the vocabulary of facts an effect may read (:func:`vocabulary`), the frozen
model of an effect and its actions, and :func:`build_effects`, which checks every effect and
compiles its expressions (an unknown fact, a wrong type, a payment that would make or destroy
chips, an effect that can never fire: each one error at ``FILE:LINE:COL``). The interpreter runs
them (``interpreter/engine/phases/effects.py``); nothing here knows a game's state.

>>> from hachihachi.ruleset.loader import load_ruleset
>>> rules = load_ruleset("hachihachi_trick")
>>> data = {"counters": [], "effects": [{"name": "shutout", "when": "after_play",
...          "do": [{"pay": {"from": "each seat", "to": "each goer where tricks == 7", "amount": 5}}]}]}
>>> (e,) = build_effects(data, rules)
>>> e.when, e.actions[0].receivers.group, e.actions[0].receivers.where.text
('after_play', 'goer', 'tricks == 7')
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Optional, Sequence, Union

from .effect_words import WHEN_JA, kind_ja, seats_ja
from .errors import RuleFileError
from .expressions import BOOL, INT, SEAT, TABLE, DictFacts, Expression, Fact, Vocabulary, compile_expression

__all__ = ["WHENS", "ROUND_START", "AFTER_DECLARATIONS", "AFTER_PLAY", "ROUND_END", "GAME_END", "ACTIONS", "GROUPS",
           "Ask", "Counter", "EffectErrors", "SeatSet", "Pay", "Multiply", "SetCounter", "Force", "EndGame", "Effect",
           "Action", "kind_facts", "specialize", "SETTINGS",
           "vocabulary", "describe", "base_facts", "build_effects", "build_settlement", "build_counters",
           "table_vocabulary", "DOC"]

ROUND_START, AFTER_DECLARATIONS, AFTER_PLAY, ROUND_END, GAME_END = (
    "round_start", "after_declarations", "after_play", "round_end", "game_end")
WHENS: dict[str, str] = {
    ROUND_START: "at the start of every round, before its first phase (before the mizuten call and the deal): "
                 "the start player is known, no card is dealt",
    AFTER_DECLARATIONS: "after every seat has gone or dropped (and the forced-out seats are known), before "
                        "any payment of the round: forced-out payments, the lone goer's pot, roles, play",
    AFTER_PLAY: "after the last card is played (in a round that is played), before the play is settled "
                "(tricks, the pot, the mizuten bonus; in hanafuda the card points)",
    ROUND_END: "after every phase of the round, before the round's result is written",
    GAME_END: "once, after the last round's result, before the final chips are written",
}
DOC = "docs/effects.md"

# ---------------------------------------------------------------- the facts
# name -> (type, words); the domain, when a fact has a small known one, is in _DOMAINS
SEAT_FACTS: dict[str, tuple[str, str]] = {
    "went": (BOOL, "the seat declared go this round (in a game without declarations: every seat, from the deal on)"),
    "dropped": (BOOL, "the seat dropped of its own will this round (and paid a drop fee)"),
    "forced_out": (BOOL, "the seat was forced out this round (the goers were full before it declared)"),
    "start": (BOOL, "the seat is the round's start player (the dealer in hanafuda)"),
    "card_points": (INT, "the card points the seat captured this round (hanafuda; 0 in the trick game)"),
    "roles": (INT, "the value of the hand roles the seat showed this round (0 when it showed none)"),
    "role_count": (INT, "how many hand roles the seat showed this round"),
    "took_pot": (BOOL, "the seat took the pot (or a share of it) this round"),
    "pot_share": (INT, "the chips the seat took from the pot this round"),
    "chips": (INT, "the seat's chips now"),
    "gain": (INT, "the seat's change of chips in this round so far (negative: it lost)"),
    "seat": (INT, "the seat's number, 0 for the first seat"),
    "position": (INT, "the seat's place after the start player by seat number: 0 for the start player, 1 for "
                      "the next seat number (wrapping round to 0), and so on"),
}
TABLE_FACTS: dict[str, tuple[str, str]] = {
    "table.players": (INT, "the number of players at the table"),
    "table.start_chips": (INT, "the chips each seat began the game with"),
    "table.hand_size": (INT, "the cards dealt to each hand (7 in the trick game: the most tricks a seat can take)"),
    "round.number": (INT, "the round's number, 1 for the first round"),
    "round.last": (BOOL, "this is the last round of the game (by its length; an effect may still end it early)"),
    "round.pot": (INT, "the pot now"),
    "round.pot_taken": (INT, "the chips seats took from the pot this round so far"),
    "round.goers": (INT, "the number of seats that went this round"),
    "round.droppers": (INT, "the number of seats that dropped of their own will this round"),
    "round.forced_out": (INT, "the number of seats forced out this round"),
    "round.multiplier": (INT, "the field's multiplier this round (1 when no field applies or before the deal)"),
    "round.skipped": (BOOL, "nobody went this round"),
    "round.split": (BOOL, "two goers split this round instead of playing"),
    "round.played": (BOOL, "the round's cards were played (it was not skipped, split or taken by a lone goer)"),
    "game.rounds": (INT, "the number of rounds the game is to last"),
    "game.rounds_left": (INT, "the rounds still to come after this one"),
    "round.most_card_points": (INT, "the most card points a goer captured this round (hanafuda; 0 before the play)"),
}
# facts with a small known range (for "can this effect ever fire?"): name -> values(ruleset)


def _domain(name: str, rules: Any) -> Optional[Sequence[int]]:
    players = range(rules.players.min, rules.players.max + 1)
    goers = min(rules.declaration.max_goers, rules.players.max)
    rounds = max(rules.rounds.standard, rules.rounds.short)
    multipliers = sorted({1, *(f.multiplier for f in rules.fields)})
    known: dict[str, Sequence[int]] = {
        "table.players": players, "table.start_chips": (rules.chips.start,), "table.hand_size": (rules.hand_size,),
        "round.number": range(1, rounds + 1), "round.goers": range(0, goers + 1),
        "round.droppers": range(0, rules.players.max + 1), "round.forced_out": range(0, rules.players.max + 1),
        "round.multiplier": multipliers, "game.rounds": range(1, rounds + 1), "game.rounds_left": range(0, rounds),
    }
    if name in known:
        return known[name]
    if name.startswith("parameter."):
        return tuple(v for n, v in rules.parameters if f"parameter.{n}" == name)
    if name in TABLE_FACTS and TABLE_FACTS[name][0] == BOOL or name.startswith("field."):
        return (0, 1)
    return None


@dataclass(frozen=True)
class Counter:
    """A number kept across rounds, for each seat (``scope: seat``) or for the table, from ``start``."""

    name: str
    scope: str
    start: int = 0

    @property
    def fact(self) -> str:
        return f"counter.{self.name}"


# the table facts that are settings of the rule file: the same in every round of a game
SETTINGS = frozenset({"table.start_chips", "table.hand_size"})


def base_facts(fields: Sequence[str] = (), counters: Sequence[Counter] = (),
               parameters: Sequence[str] = ()) -> tuple[Fact, ...]:
    """Every fact an effect may read, for a ruleset with these field ids, counters and parameters."""
    facts = [Fact(n, k, SEAT, w) for n, (k, w) in SEAT_FACTS.items()]
    facts += [Fact(n, k, TABLE, w, n in SETTINGS) for n, (k, w) in TABLE_FACTS.items()]
    facts += [Fact(f"field.{f}", BOOL, TABLE, f"the round's field is '{f}'") for f in fields]
    facts += [Fact(c.fact, INT, SEAT if c.scope == SEAT else TABLE,
                   f"the counter '{c.name}' ({'of each seat' if c.scope == SEAT else 'of the table'})")
              for c in counters]
    facts += [Fact(f"parameter.{p}", INT, TABLE, f"the parameter '{p}' of the rule file", True) for p in parameters]
    return tuple(facts)


def vocabulary(rules: Any, counters: Sequence[Counter] = ()) -> Vocabulary:
    """The facts an effect of ``rules`` may read: those of every game and its play kind's own."""
    facts = base_facts(tuple(f.id for f in rules.fields), counters, tuple(n for n, _ in rules.parameters))
    play = getattr(rules, "play", "")
    return Vocabulary((*facts, *kind_facts(play)), _facts_elsewhere(play))


def kind_facts(play: str) -> tuple[Fact, ...]:
    """The facts of the play kind ``play`` (its ``RuleKind.own_facts``); none for an unknown one."""
    from .kind_registry import KINDS, rule_kind

    return tuple(rule_kind(play).own_facts) if play in KINDS else ()


def multiplied_by_default(play: str) -> tuple[str, ...]:
    """What a ``multiply`` without ``applies_to`` multiplies in a game of the play kind ``play``
    (its ``RuleKind.multiplied_by_default``)."""
    from .kind_registry import KINDS, rule_kind
    from .rulekind import RuleKind

    return (rule_kind(play) if play in KINDS else RuleKind).multiplied_by_default


def _facts_elsewhere(play: str) -> Callable[[str], Optional[str]]:
    """Which other registered play kind (in words) has the fact of a name ``play`` does not know
    (each kind's rules imported only when an effect names an unknown fact)."""
    def kind_of(name: str) -> Optional[str]:
        from .kind_registry import KINDS, rule_kind

        return next((rule_kind(k).title for k in KINDS if k != play
                     if any(f.name == name for f in rule_kind(k).own_facts)), None)
    return kind_of


def table_vocabulary() -> Vocabulary:
    """The facts a number of a rule file (a drop fee, a role's value) may read: the table's own."""
    return Vocabulary((Fact("table.players", INT, TABLE, TABLE_FACTS["table.players"][1]),))


# ---------------------------------------------------------------- the actions
GROUPS: dict[str, str] = {
    "seat": "every seat", "goer": "every seat that went", "dropper": "every seat that dropped of its own will",
    "forced_out": "every seat forced out",
}
_SET = re.compile(r"^\s*(?:(?P<first>each|first)\s+(?P<group>[a-z_]+)(?P<by>\s+by\s+seat\s+number)?"
                  r"(?P<play>\s+in\s+play\s+order)?"
                  r"(?:\s+where\s+(?P<where>.+))?|(?P<one>pot|start player|"
                  r"dealer))\s*$", re.S)


@dataclass(frozen=True)
class SeatSet:
    """``pot``, ``start player`` (also ``dealer``), or ``each GROUP [where CONDITION]``."""

    text: str
    group: Optional[str] = None         # seat, goer, dropper, forced_out, other; None for pot/start
    where: Optional[Expression] = None  # a condition on one seat
    pot: bool = False
    start: bool = False
    first: bool = False                 # ``first GROUP ...``: only the first of them from the start player
    by_number: bool = False             # ``each GROUP by seat number``: from seat 0, not from the start player
    in_play: bool = False               # ``each GROUP in play order``: in the order the round's seats play


@dataclass(frozen=True)
class Pay:
    """Chips from each seat of ``payers`` to each of ``receivers`` (a seat never pays itself)."""

    payers: SeatSet
    receivers: SeatSet
    amount: Expression              # read for the paying seat (the receiving one when the pot pays)
    reason: str
    field: bool = False             # multiplied by the round's field (as the kind ``effect``)
    kind: str = "effect"            # the transfer kind it is recorded as (``as:``), multiplied as that kind
    compare: Optional[Expression] = None    # ``between``: of every two seats of ``payers``, the lower pays
    words: tuple[Union[str, Expression], ...] = ()  # the reason, its ``{EXPRESSION}`` parts read when it pays

    @property
    def pairs(self) -> bool:
        return self.compare is not None


@dataclass(frozen=True)
class Multiply:
    """The rest of the round's transfers of ``kinds`` multiplied by ``by``."""

    by: Expression
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class SetCounter:
    """A counter set to (``add``: increased by) ``value``, for each seat of ``seats`` (a seat counter)."""

    counter: Counter
    value: Expression
    add: bool
    seats: Optional[SeatSet] = None


@dataclass(frozen=True)
class Force:
    """Each seat of ``seats`` must go (or must drop) in the next round (``this``: in this one)."""

    seats: SeatSet
    go: bool
    this: bool = False


@dataclass(frozen=True)
class EndGame:
    """The game ends after this round (``game_end`` effects still run)."""


@dataclass(frozen=True)
class Ask:
    """Each seat of ``seats`` in turn chooses one of ``options`` (name, value); the value of its
    answer is set in its ``counter``. The game waits for each answer, as for any decision."""

    seats: SeatSet
    counter: Counter
    options: tuple[tuple[str, int], ...]


Action = Union[Pay, Multiply, SetCounter, Force, EndGame, Ask]
ACTIONS: dict[str, str] = {
    "ask": "let seats choose, each answer's value set in a seat counter",
    "pay": "move chips between seats and the pot",
    "multiply": "multiply the rest of the round's transfers of some kinds",
    "counter": "set or add to a counter kept across rounds",
    "force": "make seats go (or drop) in the next round",
    "end_game": "end the game after this round",
}


@dataclass(frozen=True)
class Effect:
    name: str
    when: str
    condition: Optional[Expression]
    actions: tuple[Action, ...]
    place: Optional[str] = None


# ---------------------------------------------------------------- in words
_WHEN_SHORT = {ROUND_START: "At the start of every round", AFTER_DECLARATIONS: "After the declarations",
               AFTER_PLAY: "After the play", ROUND_END: "At the end of every round", GAME_END: "At the end of the game"}


def _action_words(action: Action) -> str:
    if isinstance(action, Pay) and action.pairs:
        assert action.compare is not None
        return (f"of every two of {action.payers.text}, the lower {action.compare.text} pays the other "
                f"{action.amount.text} for each one of difference")
    if isinstance(action, Pay):
        payer = "the pot" if action.payers.pot else action.payers.text
        receiver = "the pot" if action.receivers.pot else action.receivers.text
        field = " times the field" if action.field else ""
        return f"{payer} pays {receiver} {action.amount.text}{field}"
    if isinstance(action, Multiply):
        return f"the rest of the round's {', '.join(action.kinds)} are multiplied by {action.by.text}"
    if isinstance(action, SetCounter):
        whose = f" of {action.seats.text}" if action.seats is not None else ""
        if action.add:
            return f"add {action.value.text} to the counter {action.counter.name}{whose}"
        return f"the counter {action.counter.name}{whose} is set to {action.value.text}"
    if isinstance(action, Ask):
        options = ", ".join(f"{name} ({value})" for name, value in action.options)
        return f"{action.seats.text} chooses {options}, kept in the counter {action.counter.name}"
    if isinstance(action, Force):
        return f"{action.seats.text} must {'go' if action.go else 'drop'} {'this' if action.this else 'next'} round"
    return "the game ends after this round"


def describe(effect: Effect, lang: str = "en") -> str:
    """An effect in words, for the rule sheet (``hachi table``) and the rulebook; ``lang`` "ja"
    words it in Japanese (:mod:`.effect_words`).

    >>> from hachihachi.ruleset.expressions import Vocabulary
    >>> e = Effect("x", AFTER_PLAY, None, (EndGame(),))
    >>> describe(e)
    'x: After the play: the game ends after this round.'
    """
    if lang == "ja":
        return _describe_ja(effect)
    cond = f", if {effect.condition.text}" if effect.condition is not None else ""
    when = _WHEN_SHORT.get(effect.when, f"In the phase {effect.when}")      # a settlement's: its phase
    return f"{effect.name}: {when}{cond}: {'; '.join(map(_action_words, effect.actions))}."


# in Japanese (the words in .effect_words)
def _action_ja(action: Action) -> str:
    if isinstance(action, Pay) and action.pairs:
        assert action.compare is not None
        return (f"{seats_ja(action.payers)}の二人ずつで、「{action.compare.text}」の少ない方が多い方に"
                f"その差 1 につき「{action.amount.text}」を払う")
    if isinstance(action, Pay):
        field = " (場の倍率をかける)" if action.field else ""
        return f"{seats_ja(action.payers)}が{seats_ja(action.receivers)}に「{action.amount.text}」を払う{field}"
    if isinstance(action, Multiply):
        kinds = "、".join(map(kind_ja, action.kinds))
        return f"この局の残りの{kinds}を「{action.by.text}」倍にする"
    if isinstance(action, SetCounter):
        whose = f"{seats_ja(action.seats)}の" if action.seats is not None else "場の"
        if action.add:
            return f"{whose}カウンター「{action.counter.name}」に「{action.value.text}」を足す"
        return f"{whose}カウンター「{action.counter.name}」を「{action.value.text}」にする"
    if isinstance(action, Ask):
        options = "、".join(f"「{name}」({value})" for name, value in action.options)
        return f"{seats_ja(action.seats)}が {options} から選び、カウンター「{action.counter.name}」に記録する"
    if isinstance(action, Force):
        which, decision = ("この局" if action.this else "次の局"), ("出る" if action.go else "降りる")
        return f"{seats_ja(action.seats)}は{which}必ず{decision}"
    return "この局の後でゲームを終える"


def _describe_ja(effect: Effect) -> str:
    """``describe(effect, "ja")``.

    >>> _describe_ja(Effect("x", AFTER_PLAY, None, (EndGame(),)))
    '「x」: 勝負の後: この局の後でゲームを終える。'
    """
    cond = f"、「{effect.condition.text}」のとき" if effect.condition is not None else ""
    when = WHEN_JA.get(effect.when, f"{effect.when} の段階で")      # a settlement's: its phase
    return f"「{effect.name}」: {when}{cond}: {'; '.join(map(_action_ja, effect.actions))}。"


# ---------------------------------------------------------------- building and checking
_WORD = re.compile(r"\{([^{}]+)\}")       # a number in a payment's reason


class _Builder:
    settlement = False      # building a settlement's effects (their reasons stand without the name)

    def __init__(self, rules: Any, counters: Sequence[Counter], places: Optional[Mapping[str, str]]):
        self.rules, self.places = rules, places or {}
        self.counters = {c.name: c for c in counters}
        self.vocab = vocabulary(rules, counters)
        self.worlds = [MAX_FILE_WORLDS]     # the table states the conditions may still try (can_hold)

    def place(self, *path: object) -> Optional[str]:
        key = ".".join(str(p) for p in path)
        while key:
            if key in self.places:
                return self.places[key]
            key = key.rpartition(".")[0]
        return None

    def expr(self, text: Any, path: tuple[object, ...], kind: str, per_seat: bool) -> Expression:
        return compile_expression(text, self.vocab, per_seat=per_seat, kind=kind, place=self.place(*path))

    def error(self, message: str, *path: object) -> RuleFileError:
        return RuleFileError(message, self.place(*path))

    def seats(self, text: Any, path: tuple[object, ...], pot: bool) -> SeatSet:
        if not isinstance(text, str) or not (m := _SET.match(text)):
            allowed = "'pot', " if pot else ""
            raise self.error(f"{text!r} names no seats; write {allowed}'start player', 'each goer', 'each seat', "
                             f"'each seat where CONDITION' and the like (see {DOC}).", *path)
        one = m.group("one")
        if one == "pot":
            if not pot:
                raise self.error("the pot is not a seat: name seats here ('each seat where ...').", *path)
            return SeatSet(text, pot=True)
        if one:
            return SeatSet(text, start=True)
        group = m.group("group")
        first = m.group("first") == "first"
        if group not in GROUPS:
            close = [g for g in GROUPS if g.startswith(group[:3])]
            hint = f" Did you mean 'each {close[0]}'?" if close else ""
            raise self.error(f"'{m.group('first')} {group}' names no seats; the groups are "
                             f"{', '.join('each ' + g for g in GROUPS)}.{hint}", *path)
        where = m.group("where")
        cond = None
        if where is not None:
            from .patterns import add_column

            at = add_column(self.place(*path), m.start("where") + 1)    # the condition's own column
            cond = compile_expression(where, self.vocab, per_seat=True, kind=BOOL, place=at)
            self.never(cond, f"'{text}' can never name a seat", path)
        return SeatSet(text, group=group, where=cond, first=first, by_number=bool(m.group("by")),
                       in_play=bool(m.group("play")))

    def never(self, cond: Optional[Expression], what: str, path: tuple[object, ...]) -> None:
        """Refuse a condition that no reachable state of the game makes true."""
        if cond is not None and not can_hold(cond, self.rules, self.worlds):
            raise self.error(f"{what}: '{cond.text}' is false in every game this rule file allows "
                             f"(see the facts' ranges in {DOC}).", *path)

    def action(self, data: Any, path: tuple[object, ...], name: str) -> Action:
        if not isinstance(data, dict) or len(data) != 1:
            raise self.error(f"an action is one of {', '.join(ACTIONS)}, written as a mapping with one key.", *path)
        (key, body), = data.items()
        at = (*path, key)
        if key == "end_game":
            return EndGame()
        if key == "pay" and "between" in body:
            return self.pairs(body, at, name)
        if key == "pay":
            missing = [k for k in ("from", "to", "amount") if k not in body]
            if missing:
                raise self.error(f"a payment needs {' and '.join(repr(m) for m in missing)}: chips move from seats or "
                                 "the pot to seats or the pot, and are never made or destroyed.", *at)
            payers = self.seats(body["from"], (*at, "from"), True)
            receivers = self.seats(body["to"], (*at, "to"), True)
            if payers.pot and receivers.pot:
                raise self.error("a payment from the pot to the pot moves nothing.", *at, "to")
            amount = self.expr(body["amount"], (*at, "amount"), INT, per_seat=not payers.pot or not receivers.pot)
            reason, words = self.reason(body, at, name)
            return Pay(payers, receivers, amount, reason, bool(body.get("field", False)), self.kind(body, at),
                       words=words)
        if key == "multiply":
            kinds = tuple(body.get("applies_to") or multiplied_by_default(getattr(self.rules, "play", "")))
            return Multiply(self.expr(body["by"], (*at, "by"), INT, per_seat=False), kinds)
        if key == "counter":
            counter = self.counters.get(body["name"])
            if counter is None:
                known = ", ".join(self.counters) or "none is declared"
                raise self.error(f"there is no counter '{body['name']}' (the counters: {known}); declare it under "
                                 "'counters:'.", *at, "name")
            ops = [k for k in ("set", "add") if k in body]
            if len(ops) != 1:
                raise self.error("a counter action says either 'set' or 'add'.", *at)
            per_seat = counter.scope == SEAT
            if not per_seat and "seats" in body:
                raise self.error(f"the counter '{counter.name}' is the table's; it has no seats.", *at, "seats")
            seats = self.seats(body.get("seats", "each seat"), (*at, "seats"), False) if per_seat else None
            value = self.expr(body[ops[0]], (*at, ops[0]), INT, per_seat=per_seat)
            return SetCounter(counter, value, ops[0] == "add", seats)
        if key == "ask":
            counter = self.counters.get(body["counter"])
            if counter is None or counter.scope != SEAT:
                known = ", ".join(c.name for c in self.counters.values() if c.scope == SEAT) or "none is declared"
                raise self.error(f"an answer is kept in a seat counter, and '{body['counter']}' is none (the seat "
                                 f"counters: {known}).", *at, "counter")
            options = tuple((str(k), int(v)) for k, v in body["options"].items())
            return Ask(self.seats(body["seats"], (*at, "seats"), False), counter, options)
        if key == "force":
            go, this = body["decision"] == "go", body.get("round", "next") == "this"
            return Force(self.seats(body["seats"], (*at, "seats"), False), go, this)
        raise self.error(f"there is no action '{key}'; the actions are {', '.join(ACTIONS)}.", *path)

    def kind(self, body: Mapping[str, Any], at: tuple[object, ...]) -> str:
        """The transfer kind of a payment (``as:``); ``field`` goes only with the kind ``effect``."""
        kind = str(body.get("as", "effect"))
        if kind != "effect" and body.get("field"):
            raise self.error(f"a payment recorded as '{kind}' is multiplied as the field says for '{kind}' "
                             "(its applies_to); 'field' is for payments of kind 'effect'.", *at, "field")
        return kind

    def pairs(self, body: Mapping[str, Any], at: tuple[object, ...], name: str) -> Pay:
        """``pay: {between: SEATS, compare: NUMBER, amount: NUMBER}``: of every two seats, the one
        whose ``compare`` is lower pays the other ``amount`` for each one of difference."""
        extra = [k for k in ("from", "to") if k in body]
        if extra:
            raise self.error(f"a payment 'between' seats has no {' or '.join(repr(k) for k in extra)}: of every two "
                             "seats, the one whose 'compare' is lower pays the other.", *at, extra[0])
        if "compare" not in body:
            raise self.error("a payment 'between' seats needs 'compare': the number of a seat the two compare "
                             "(tricks, roles...).", *at)
        seats = self.seats(body["between"], (*at, "between"), False)
        compare = self.expr(body["compare"], (*at, "compare"), INT, per_seat=True)
        amount = self.expr(body.get("amount", 1), (*at, "amount"), INT, per_seat=False)
        reason, words = self.reason(body, at, name)
        return Pay(seats, seats, amount, reason, bool(body.get("field", False)), self.kind(body, at), compare, words)

    def reason(self, body: Mapping[str, Any], at: tuple[object, ...],
               name: str) -> tuple[str, tuple[Union[str, Expression], ...]]:
        """A payment's reason in words: after the effect's name (a settlement's reason stands alone);
        each ``{EXPRESSION}`` in it is a number read for the receiving seat when it pays."""
        text = str(body.get("reason") or "")
        if not self.settlement:
            text = f"{name}: {text}" if text else name
        elif not text:
            text = name
        words: list[Union[str, Expression]] = []
        last = 0
        for m in _WORD.finditer(text):
            words.append(text[last:m.start()])
            words.append(self.expr(m.group(1), (*at, "reason"), INT, per_seat=True))
            last = m.end()
        if not words:
            return text, ()
        words.append(text[last:])
        return text, tuple(w for w in words if w != "")

    def effect(self, i: int, data: Mapping[str, Any], section: str = "effects") -> Effect:
        name = str(data.get("name") or f"effect {i + 1}")
        when = str(data.get("when", section.rpartition(".")[2]))       # a settlement: its phase
        cond = None
        if "if" in data:
            cond = self.expr(data["if"], (section, i, "if"), BOOL, per_seat=False)
            self.never(cond, f"the effect '{name}' can never fire", (section, i, "if"))
        reached = self.reached(when)
        if reached:
            raise self.error(f"the effect '{name}' can never fire: {reached}", section, i, "when")
        actions = tuple(self.action(a, (section, i, "do", j), name) for j, a in enumerate(data["do"]))
        for j, action in enumerate(actions):
            if isinstance(action, Force) and when == GAME_END:
                raise self.error("a decision forced at the end of the game is never made: there is no next round.",
                                 section, i, "do", j)
            if isinstance(action, Force) and "declarations" not in {p.value for p in self.rules.round}:
                raise self.error("nobody declares in this game (its round has no 'declarations' phase), so no "
                                 "decision can be forced.", section, i, "do", j)
            if isinstance(action, Force) and action.this and when != ROUND_START:
                raise self.error(f"at '{when}' this round's decisions are made; force them at 'round_start', or "
                                 "for the next round (round: next).", section, i, "do", j, "force", "round")
            if isinstance(action, Ask) and when in (ROUND_START, GAME_END):
                raise self.error(f"a question cannot be asked at '{when}': ask it after the declarations, after the "
                                 "play or at the end of a round.", section, i, "do", j)
            if isinstance(action, Multiply) and when in (ROUND_END, GAME_END):
                raise self.error(f"a multiplier at '{when}' multiplies nothing: every transfer of the round is "
                                 "made; use it 'after_declarations' or 'after_play'.", section, i, "do", j)
        return Effect(name, when, cond, actions, self.place(section, i))

    def reached(self, when: str) -> Optional[str]:
        """Why the point ``when`` is never reached in a round of this ruleset, or None."""
        phases = {p.value for p in self.rules.round}
        if when == AFTER_DECLARATIONS and "declarations" not in phases:
            return "the round has no 'declarations' phase, so 'after_declarations' never comes."
        if when == AFTER_PLAY and "play" not in phases:
            return "the round has no 'play' phase, so 'after_play' never comes."
        return None


MAX_WORLDS = 20_000     # table states tried to show a condition can hold
MAX_FILE_WORLDS = 100_000   # table states tried for all the conditions of one file's effects


def can_hold(cond: Expression, rules: Any, budget: Optional[list[int]] = None) -> bool:
    """False only when ``cond`` is false in every combination of the values its facts can take
    (the facts with a small known range); a condition reading any other fact may always hold.
    ``budget`` (one number, in a list) is what is left of the states a file's conditions may try
    together: a condition whose states are more than that is taken as able to hold, untried, so
    that checking a file costs at most MAX_FILE_WORLDS states however many effects it has."""
    names = cond.reads
    domains = [_domain(n, rules) for n in names]
    if any(d is None for d in domains):
        return True
    sizes = 1
    for d in domains:
        sizes *= len(d or ())
    if sizes > MAX_WORLDS or (budget is not None and sizes > budget[0]):
        return True
    if budget is not None:
        budget[0] -= sizes
    for values in itertools.product(*(d or () for d in domains)):
        facts = DictFacts(dict(zip(names, values)), [])
        if cond.evaluate(facts, 0 if cond.per_seat else None):
            return True
    return False


def build_counters(data: Mapping[str, Any], places: Optional[Mapping[str, str]] = None) -> tuple[Counter, ...]:
    out: list[Counter] = []
    for i, c in enumerate(data.get("counters") or ()):
        if any(o.name == c["name"] for o in out):
            raise RuleFileError(f"the counter '{c['name']}' is declared twice.",
                                (places or {}).get(f"counters.{i}.name"))
        out.append(Counter(str(c["name"]), str(c.get("scope", SEAT)), int(c.get("start", 0))))
    return tuple(out)


def build_effects(data: Mapping[str, Any], rules: Any, places: Optional[Mapping[str, str]] = None,
                  counters: Optional[Sequence[Counter]] = None) -> tuple[Effect, ...]:
    """The effects of a resolved, schema-valid rule file, checked and compiled against ``rules``."""
    counters = build_counters(data, places) if counters is None else counters
    builder = _Builder(rules, counters, places)
    built, errors = [], []
    for i, e in enumerate(data.get("effects") or ()):
        try:
            built.append(builder.effect(i, e))
        except RuleFileError as exc:
            errors.append(exc)
    if errors:
        raise EffectErrors(errors)
    return tuple(built)


def build_settlement(data: Mapping[str, Any], rules: Any, places: Optional[Mapping[str, str]] = None,
                     counters: Sequence[Counter] = ()) -> tuple[tuple[str, tuple[Effect, ...]], ...]:
    """The effects of a rule file's ``settlement:`` (phase name -> its effects, in the file's order),
    checked and compiled against ``rules``; each runs where its phase stands in ``round:``."""
    builder = _Builder(rules, counters, places)
    builder.settlement = True
    built, errors = [], []
    for phase, effects in (data.get("settlement") or {}).items():
        out = []
        for i, e in enumerate(effects or ()):
            try:
                out.append(builder.effect(i, e, f"settlement.{phase}"))
            except RuleFileError as exc:
                errors.append(exc)
        built.append((str(phase), tuple(out)))
    if errors:
        raise EffectErrors(errors)
    return tuple(built)


def specialize(effect: Effect, constants: Mapping[str, int]) -> Optional[Effect]:
    """``effect`` as a game of one ruleset runs it: the settings it reads (``constants``, the
    facts that are the same all game) folded into its expressions (:meth:`Expression.fold`);
    None when its condition is then false (it can never fire in that game). The same effect in
    every state, only cheaper to read."""
    cond = effect.condition.fold(constants) if effect.condition is not None else None
    if cond is not None and cond.constant is not None:
        if not cond.constant:
            return None
        cond = None                         # true in every state
    return replace(effect, condition=cond, actions=tuple(_fold_action(a, constants) for a in effect.actions))


def _fold_seats(seats: Optional[SeatSet], constants: Mapping[str, int]) -> Any:
    if seats is None or seats.where is None:
        return seats
    return replace(seats, where=seats.where.fold(constants))


def _fold_action(action: Action, constants: Mapping[str, int]) -> Action:
    if isinstance(action, Pay):
        return replace(action, payers=_fold_seats(action.payers, constants),
                       receivers=_fold_seats(action.receivers, constants), amount=action.amount.fold(constants),
                       compare=action.compare.fold(constants) if action.compare is not None else None,
                       words=tuple(w if isinstance(w, str) else w.fold(constants) for w in action.words))
    if isinstance(action, Multiply):
        return replace(action, by=action.by.fold(constants))
    if isinstance(action, SetCounter):
        return replace(action, value=action.value.fold(constants), seats=_fold_seats(action.seats, constants))
    if isinstance(action, (Force, Ask)):
        return replace(action, seats=_fold_seats(action.seats, constants))
    return action


class EffectErrors(RuleFileError):
    """The problems of a rule file's effects, every one (the first is the error's own)."""

    def __init__(self, errors: Sequence[RuleFileError]):
        super().__init__(errors[0].message, errors[0].place)
        self.errors = tuple(errors)
