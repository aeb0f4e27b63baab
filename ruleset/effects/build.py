"""Building and checking effects: each effect of a rule file's ``effects:`` and ``settlement:``
checked and its expressions compiled (an unknown fact, a wrong type, a payment that would make or
destroy chips, an effect that can never fire: each one error at ``FILE:LINE:COL``). Each action
builds and checks itself (:func:`.actions.every_action`: the core's and the parts'; a part's is
refused in a file that does not take the part); this module holds what they share: the place of
a key, expressions, seat sets, the effect and its point."""

from __future__ import annotations

import difflib
import itertools
import re
from typing import Any, Mapping, Optional, Sequence

from ..errors import RuleFileError
from ..expressions import BOOL, SEAT, DictFacts, Expression, Vocabulary, compile_expression
from .actions import every_action
from ..part_registry import groups_of, untaken_action
from .facts import domain, pair_facts, vocabulary
from .whens import unreached_phase
from .model import DOC, ActionBase, Counter, Effect, SeatSet
from .play_points import misplaced_fact, refused_action, unreached

__all__ = ["Builder", "EffectErrors", "build_counters", "build_pots", "build_effects", "build_settlement", "can_hold",
           "MAX_WORLDS", "MAX_FILE_WORLDS"]

_SET = re.compile(r"^\s*(?:(?P<first>each|first|all\s+but\s+the\s+first)\s+(?P<group>[a-z_]+)"
                  r"(?P<by>\s+by\s+seat\s+number)?(?P<play>\s+in\s+play\s+order)?"
                  r"(?:\s+where\s+(?P<where>.+))?|pot\.(?P<named>[a-z_][a-z0-9_]*)|(?P<one>pot|start player|"
                  r"dealer))\s*$", re.S)


class Builder:
    """What the actions build with: the ruleset, its counters and vocabulary, the places of the
    file's keys (``FILE:LINE:COL``), and whether a settlement's effects are built."""

    settlement = False      # building a settlement's effects (their reasons stand without the name)

    def __init__(self, rules: Any, counters: Sequence[Counter], places: Optional[Mapping[str, str]]):
        self.rules, self.places = rules, places or {}
        self.counters = {c.name: c for c in counters}
        self.vocab = vocabulary(rules, counters)
        self.worlds = [MAX_FILE_WORLDS]     # the table states the conditions may still try (can_hold)
        self._pair_vocab: Optional[Vocabulary] = None

    def place(self, *path: object) -> Optional[str]:
        key = ".".join(str(p) for p in path)
        while key:
            if key in self.places:
                return self.places[key]
            key = key.rpartition(".")[0]
        return None

    def expr(self, text: Any, path: tuple[object, ...], value_type: str, per_seat: bool,
             vocab: Optional[Vocabulary] = None) -> Expression:
        return compile_expression(text, vocab or self.vocab, per_seat=per_seat, value_type=value_type,
                                  place=self.place(*path))

    @property
    def pair_vocab(self) -> Vocabulary:
        """The vocabulary of a payment's amount: every fact, and each seat fact of the payer and of
        the receiver (``payer.tricks``, ``receiver.gain``), read as the table's (docs/effects.md, pay)."""
        found = self._pair_vocab
        if found is None:
            found = self._pair_vocab = self.vocab.extended(pair_facts(self.vocab))
        return found

    def error(self, message: str, *path: object) -> RuleFileError:
        return RuleFileError(message, self.place(*path))

    def seats(self, text: Any, path: tuple[object, ...], pot: bool) -> SeatSet:
        if not isinstance(text, str) or not (m := _SET.match(text)):
            allowed = "'pot', " if pot else ""
            raise self.error(f"{text!r} names no seats; write {allowed}'start player', 'each goer', 'each seat', "
                             f"'each seat where CONDITION' and the like (see {DOC}).", *path)
        named = m.group("named")
        if named is not None:
            if not pot:
                raise self.error(f"the pot '{named}' is not a seat: name seats here ('each seat where ...').", *path)
            declared: tuple[str, ...] = tuple(getattr(self.rules, "pots", ()))
            if named not in declared:
                close = difflib.get_close_matches(named, declared, n=1)
                hint = f" Did you mean 'pot.{close[0]}'?" if close else ""
                listed = ", ".join(declared) or "none is declared"
                raise self.error(f"there is no pot '{named}' (the pots: {listed}); declare it under 'pots:'.{hint}",
                                 *path)
            return SeatSet(text, pot=True, pot_name=named)
        one = m.group("one")
        if one == "pot":
            if not pot:
                raise self.error("the pot is not a seat: name seats here ('each seat where ...').", *path)
            return SeatSet(text, pot=True)
        if one:
            return SeatSet(text, start=True)
        group = m.group("group")
        which = " ".join(m.group("first").split())
        known = groups_of(self.rules)               # every game's and its parts' (go/drop's goer, ...)
        if group not in known:
            close = [g for g in known if g.startswith(group[:3])]
            hint = f" Did you mean 'each {close[0]}'?" if close else ""
            raise self.error(f"'{which} {group}' names no seats; the groups are "
                             f"{', '.join('each ' + g for g in known)}.{hint}", *path)
        where = m.group("where")
        cond = None
        if where is not None:
            from ..patterns import add_column

            at = add_column(self.place(*path), m.start("where") + 1)    # the condition's own column
            cond = compile_expression(where, self.vocab, per_seat=True, value_type=BOOL, place=at)
            self.never(cond, f"'{text}' can never name a seat", path)
        return SeatSet(text, group=group, where=cond, first=which == "first", by_number=bool(m.group("by")),
                       in_play=bool(m.group("play")), rest=which == "all but the first")

    def never(self, cond: Optional[Expression], what: str, path: tuple[object, ...]) -> None:
        """Refuse a condition that no reachable state of the game makes true."""
        if cond is not None and not can_hold(cond, self.rules, self.worlds):
            raise self.error(f"{what}: '{cond.text}' is false in every game this rule file allows "
                             f"(see the facts' ranges in {DOC}).", *path)

    def action(self, data: Any, path: tuple[object, ...], name: str) -> ActionBase:
        actions = every_action()            # the core's and the registered parts' (go/drop's force)
        if not isinstance(data, dict) or len(data) != 1:
            raise self.error(f"an action is one of {', '.join(actions)}, written as a mapping with one key.", *path)
        (key, body), = data.items()
        action = actions.get(key)
        if action is None:
            raise self.error(f"there is no action '{key}'; the actions are {', '.join(actions)}.", *path)
        untaken = untaken_action(key, self.rules)      # a part's action in a file that does not take the part
        if untaken is not None:
            raise self.error(untaken, *path, key)
        return action.build(body, (*path, key), self, name)

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
            problem = action.check(when, self.rules)
            if problem is not None:
                message, under = problem
                raise self.error(message, section, i, "do", j, *under)
            refused = refused_action(when, action)
            if refused:
                raise self.error(refused, section, i, "do", j)
        effect = Effect(name, when, cond, actions, self.place(section, i))
        misplaced = misplaced_fact(effect, self.rules)
        if misplaced:
            raise self.error(misplaced, section, i, "when" if "when" in data else "do")
        return effect

    def reached(self, when: str) -> Optional[str]:
        """Why the point ``when`` is never reached in a round of this ruleset, or None."""
        phases = {p.value for p in self.rules.round}
        # a point right after a phase (after_play, a part's), or a point inside the play (after_trick, ...)
        return unreached_phase(when, phases) or unreached(when, self.rules)


MAX_WORLDS = 20_000     # table states tried to show a condition can hold
MAX_FILE_WORLDS = 100_000   # table states tried for all the conditions of one file's effects


def can_hold(cond: Expression, rules: Any, budget: Optional[list[int]] = None) -> bool:
    """False only when ``cond`` is false in every combination of the values its facts can take
    (the facts with a small known range); a condition reading any other fact may always hold.
    ``budget`` (one number, in a list) is what is left of the states a file's conditions may try
    together: a condition whose states are more than that is taken as able to hold, untried, so
    that checking a file costs at most MAX_FILE_WORLDS states however many effects it has."""
    names = cond.reads
    domains = [domain(n, rules) for n in names]
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


class EffectErrors(RuleFileError):
    """The problems of a rule file's effects, every one (the first is the error's own)."""

    def __init__(self, errors: Sequence[RuleFileError]):
        super().__init__(errors[0].message, errors[0].place)
        self.errors = tuple(errors)


def build_counters(data: Mapping[str, Any], places: Optional[Mapping[str, str]] = None) -> tuple[Counter, ...]:
    out: list[Counter] = []
    for i, c in enumerate(data.get("counters") or ()):
        if any(o.name == c["name"] for o in out):
            raise RuleFileError(f"the counter '{c['name']}' is declared twice.",
                                (places or {}).get(f"counters.{i}.name"))
        out.append(Counter(str(c["name"]), str(c.get("scope", SEAT)), int(c.get("start", 0))))
    return tuple(out)


def build_pots(data: Mapping[str, Any], places: Optional[Mapping[str, str]] = None) -> tuple[str, ...]:
    """The names of a rule file's named pots (``pots:``), each once."""
    out: list[str] = []
    for i, p in enumerate(data.get("pots") or ()):
        name = str(p["name"])
        if name in out:
            raise RuleFileError(f"the pot '{name}' is declared twice.", (places or {}).get(f"pots.{i}.name"))
        out.append(name)
    return tuple(out)


def build_effects(data: Mapping[str, Any], rules: Any, places: Optional[Mapping[str, str]] = None,
                  counters: Optional[Sequence[Counter]] = None) -> tuple[Effect, ...]:
    """The effects of a resolved, schema-valid rule file, checked and compiled against ``rules``."""
    counters = build_counters(data, places) if counters is None else counters
    builder = Builder(rules, counters, places)
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
    builder = Builder(rules, counters, places)
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
