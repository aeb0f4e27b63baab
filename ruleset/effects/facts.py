"""The facts an effect may read (docs/effects.md, "Facts"): those of every game, the counters,
fields and parameters of a rule file, and the play kind's own (``RuleKind.own_facts``).

A fact that is a setting of the rule file (``table.start_chips``, ``parameter.NAME``, a play
kind's ``trick_settlement.per_trick``) carries its reader of the ruleset (:func:`setting`): a
game folds it into its effects from the ruleset, and a table reads it from its ruleset, through
that one reader."""

from __future__ import annotations

import difflib
from functools import partial
from typing import Any, Callable, Optional, Sequence

from ..expressions import BOOL, INT, SEAT, TABLE, Fact, Vocabulary
from ..part_registry import part_facts, parts_of
from .model import Counter

__all__ = ["SEAT_FACTS", "TABLE_FACTS", "SETTINGS", "GROUPS", "all_groups", "setting", "base_facts", "vocabulary",
           "kind_facts",
           "multiplied_by_default", "table_vocabulary", "domain", "settings", "pair_facts", "PAYER", "RECEIVER",
           "ROLE", "ROLE_VALUE", "POT", "role_tables", "role_values", "role_facts"]

# name -> (type, words); the domain, when a fact has a small known one, is in :func:`domain`
SEAT_FACTS: dict[str, tuple[str, str]] = {
    "plays": (BOOL, "the seat plays this round's cards: every seat from the deal on, or with go/drop the seats that "
                    "went"),
    "start": (BOOL, "the seat is the round's start player (the dealer in hanafuda)"),
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
    "round.multiplier": (INT, "the field's multiplier this round (1 when no field applies or before the deal)"),
    "round.played": (BOOL, "the round's cards were played (with go/drop: it was not skipped, split or taken by a lone "
                           "goer)"),
    "game.rounds": (INT, "the number of rounds the game is to last"),
    "game.rounds_left": (INT, "the rounds still to come after this one"),
}
# the table facts of every game that are settings of the rule file, each with its reader of the ruleset
SETTINGS: dict[str, Callable[[Any], int]] = {
    "table.start_chips": lambda rules: int(rules.chips.start),
    "table.hand_size": lambda rules: int(rules.hand_size),
}
# the groups of seats a seat set names (``each goer``), in words
GROUPS: dict[str, str] = {
    "seat": "every seat", "player": "every seat that plays the round (with go/drop: every goer)",
}
"""The core's groups; a part brings its own (``RulePart.groups``: go/drop's ``goer``, ...)."""


def all_groups() -> dict[str, str]:
    """Every group of seats by name, in words: the core's and every registered part's."""
    from ..part_registry import PARTS, rule_part

    return {**GROUPS, **{g: words for name in PARTS for g, _, words in rule_part(name).groups}}


def setting(name: str, value_type: str, words: str, read: Callable[[Any], int]) -> Fact:
    """A fact of the table that is a setting of the rule file, read from the ruleset by ``read``
    (the same all game: folded into a game's effects)."""
    return Fact(name, value_type, TABLE, words, True, read)


def _parameter(name: str, rules: Any) -> int:
    value: int = dict(rules.parameters)[name]
    return value


def base_facts(fields: Sequence[str] = (), counters: Sequence[Counter] = (),
               parameters: Sequence[str] = ()) -> tuple[Fact, ...]:
    """Every fact an effect may read, for a ruleset with these field ids, counters and parameters."""
    facts = [Fact(n, k, SEAT, w) for n, (k, w) in SEAT_FACTS.items()]
    facts += [setting(n, k, w, SETTINGS[n]) if n in SETTINGS else Fact(n, k, TABLE, w)
              for n, (k, w) in TABLE_FACTS.items()]
    facts += [Fact(f"field.{f}", BOOL, TABLE, f"the round's field is '{f}'") for f in fields]
    facts += [Fact(c.fact, INT, SEAT if c.scope == SEAT else TABLE,
                   f"the counter '{c.name}' ({'of each seat' if c.scope == SEAT else 'of the table'})")
              for c in counters]
    facts += [setting(f"parameter.{p}", INT, f"the parameter '{p}' of the rule file", partial(_parameter, p))
              for p in parameters]
    return tuple(facts)


POT = "pot."
"""The prefix of a named pot, as a fact (``pot.jackpot``: the chips in it) and in a payment."""
ROLE, ROLE_VALUE = "role.", "role_value."
"""The prefixes of the facts that name a role: a seat holds it (``role.shikou``), its value
(``role_value.shikou``)."""


def role_tables(rules: Any) -> tuple[tuple[str, Any], ...]:
    """The role tables of ``rules`` by what they hold: its hand roles (``roles``, T14, H8) and the
    play kind's own table, where its rule kind says it is written (``own_roles_at``: matching
    play's capture roles, H17)."""
    from ..kind_registry import KINDS, rule_kind

    tables: list[tuple[str, Any]] = []
    hand = getattr(rules, "roles", None)
    if hand is not None and tuple(getattr(hand, "roles", ())):
        tables.append(("hand roles", hand))
    play = getattr(rules, "play", "")
    node: Any = rules if play in KINDS and rule_kind(play).own_roles_at else None
    for part in rule_kind(play).own_roles_at if node is not None else ():
        node = getattr(node, part, None)
    if node is not None and tuple(getattr(node, "roles", ())):
        tables.append(("capture roles", node))
    return tuple(tables)


def role_values(rules: Any) -> dict[str, int]:
    """Each role and combination of ``rules``'s role tables by id, with its value (``go``; the
    first table's when two tables have the id)."""
    values: dict[str, int] = {}
    for _, table in role_tables(rules):
        for role in (*table.roles, *table.combos):
            values.setdefault(role.id, int(role.go))
    return values


def _role_value(role: str, rules: Any) -> int:
    return role_values(rules).get(role, 0)


def role_facts(rules: Any) -> tuple[Fact, ...]:
    """The facts naming each role of ``rules``: ``role.ID``, the seat showed the hand role or made
    the capture role ``ID`` this round; ``role_value.ID``, its value (a setting)."""
    facts: list[Fact] = []
    for what, table in role_tables(rules):
        for role in (*table.roles, *table.combos):
            facts.append(Fact(f"{ROLE}{role.id}", BOOL, SEAT, f"the seat showed or made the role '{role.id}' "
                                                               f"({what}) this round"))
            facts.append(setting(f"{ROLE_VALUE}{role.id}", INT, f"the value of the role '{role.id}' ({what})",
                                 partial(_role_value, role.id)))
    unique = {f.name: f for f in facts}             # an id in two tables: one fact
    return tuple(unique.values())


def unknown_role(rules: Any) -> Callable[[str], Optional[str]]:
    """The message for an unknown name after ``role.`` or ``role_value.``: the roles there are."""
    def explain(name: str) -> Optional[str]:
        prefix = next((p for p in (ROLE, ROLE_VALUE) if name.startswith(p)), None)
        if prefix is None:
            return None
        known = {what: [r.id for r in (*t.roles, *t.combos)] for what, t in role_tables(rules)}
        ids = [i for ids in known.values() for i in ids]
        close = difflib.get_close_matches(name[len(prefix):], ids, n=1)
        hint = f" Did you mean '{prefix}{close[0]}'?" if close else ""
        listed = "; ".join(f"the {what}: {', '.join(ids)}" for what, ids in known.items()) or "it has none"
        return f"there is no role '{name[len(prefix):]}' in this game's role tables.{hint} ({listed}.)"
    return explain


def settings(rules: Any) -> dict[str, Callable[[Any], int]]:
    """The facts of ``rules`` that are settings, each with its reader of the ruleset: every game's,
    the parameters, the role values and the play kind's own (the same as the settings of
    :func:`vocabulary`)."""
    found = dict(SETTINGS)
    found.update((f"parameter.{p}", partial(_parameter, p)) for p, _ in rules.parameters)
    found.update((f"{ROLE_VALUE}{r}", partial(_role_value, r)) for r in role_values(rules))
    found.update((f.name, f.setting) for f in kind_facts(getattr(rules, "play", "")) if f.setting is not None)
    return found


def vocabulary(rules: Any, counters: Sequence[Counter] = ()) -> Vocabulary:
    """The facts an effect of ``rules`` may read: those of every game and its play kind's own."""
    facts = base_facts(tuple(f.id for f in rules.fields), counters, tuple(n for n, _ in rules.parameters))
    play = getattr(rules, "play", "")
    pots = tuple(Fact(f"{POT}{n}", INT, TABLE, f"the chips in the pot '{n}' now") for n in getattr(rules, "pots", ()))
    return Vocabulary((*facts, *part_facts(rules), *kind_facts(play), *role_facts(rules), *pots),
                      _facts_elsewhere(play, getattr(rules, "parts", ())), unknown_role(rules))


def kind_facts(play: str) -> tuple[Fact, ...]:
    """The facts of the play kind ``play`` (its ``RuleKind.own_facts``); none for an unknown one."""
    from ..kind_registry import KINDS, rule_kind

    return tuple(rule_kind(play).own_facts) if play in KINDS else ()


def multiplied_by_default(play: str) -> tuple[str, ...]:
    """What a ``multiply`` without ``applies_to`` multiplies in a game of the play kind ``play``:
    its ``RuleKind.multiplied_by_default`` (the kind's own reasons and the core's), with the
    registered parts' reasons that they say a field multiplies (``RulePart.multiplied``: go/drop's
    forced-out payments) right after the hand roles, in the order the Multiplied event lists them."""
    from ..kind_registry import KINDS, rule_kind
    from ..part_registry import part_multiplied
    from ..rulekind import RuleKind

    own = (rule_kind(play) if play in KINDS else RuleKind).multiplied_by_default
    parts = tuple(sorted(part_multiplied()))
    at = own.index("roles") + 1 if "roles" in own else 0
    return (*own[:at], *parts, *own[at:])


def _facts_elsewhere(play: str, parts: Sequence[str] = ()) -> Callable[[str], Optional[str]]:
    """Which other registered play kind or part not taken (in words) has the fact of a name
    ``play`` does not know (each kind's rules imported only when an effect names an unknown fact)."""
    def kind_of(name: str) -> Optional[str]:
        from ..kind_registry import KINDS, rule_kind
        from ..part_registry import PARTS, rule_part

        return next((rule_kind(k).title for k in KINDS if k != play
                     if any(f.name == name for f in rule_kind(k).own_facts)),
                    next((rule_part(p).title for p in PARTS if p not in parts
                          if any(f.name == name for f in rule_part(p).own_facts)), None))
    return kind_of


PAYER, RECEIVER = "payer.", "receiver."
"""The prefixes of a payment's facts of its two seats (``payer.gain``, ``receiver.counter.x``)."""


def pair_facts(vocab: Vocabulary) -> tuple[Fact, ...]:
    """Each seat fact of ``vocab`` as the paying seat's (``payer.NAME``) and the receiving seat's
    (``receiver.NAME``): facts of the table as a payment's amount reads them, one pair at a time."""
    seat = [f for f in vocab.facts.values() if f.scope == SEAT]
    return tuple(Fact(f"{prefix}{f.name}", f.value_type, TABLE, f"{whose} seat's {f.name}: {f.words}")
                 for prefix, whose in ((PAYER, "the paying"), (RECEIVER, "the receiving")) for f in seat)


def table_vocabulary() -> Vocabulary:
    """The facts a number of a rule file (a drop fee, a role's value) may read: the table's own."""
    return Vocabulary((Fact("table.players", INT, TABLE, TABLE_FACTS["table.players"][1]),))


def domain(name: str, rules: Any) -> Optional[Sequence[int]]:
    """The values the fact ``name`` can take in a game of ``rules`` when they are few and known
    (for "can this effect ever fire?"), else None."""
    players = range(rules.players.min, rules.players.max + 1)
    rounds = max(rules.rounds.standard, rules.rounds.short)
    multipliers = sorted({1, *(f.multiplier for f in rules.fields)})
    known: dict[str, Sequence[int]] = {
        "table.players": players, "table.start_chips": (rules.chips.start,), "table.hand_size": (rules.hand_size,),
        "round.number": range(1, rounds + 1),
        **{n: d for part in parts_of(rules) for n, d in part.domains(rules).items()},   # go/drop's round.goers, ...
        "round.multiplier": multipliers, "game.rounds": range(1, rounds + 1), "game.rounds_left": range(0, rounds),
    }
    if name == "table.hand_size" and rules.deal_for:
        return None                     # the hand size depends on the number of players
    if name in known:
        return known[name]
    if name.startswith("parameter."):
        return tuple(v for n, v in rules.parameters if f"parameter.{n}" == name)
    if name in TABLE_FACTS and TABLE_FACTS[name][0] == BOOL or name.startswith("field."):
        return (0, 1)
    return None
