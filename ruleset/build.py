"""One builder for every ruleset: the sections all games share, plus the play kind's own.

The play kind (``play:``, its :class:`~.rulekind.RuleKind` from :mod:`.kind_registry`) builds
its deck, its section and its fields; every other section is read here; a part the file names
(``parts:``, :mod:`.part_registry`: go/drop's declarations) builds its own sections.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from .model import Chips, Players, Rounds, Ruleset
from .effects import EffectErrors, build_counters, build_effects, build_pots, build_settlement
from .errors import RuleFileError
from .kind_registry import phase_named, play_of, rule_kind
from .part_registry import parts_named, rule_part
from .roletable import _name, build_role_table


def build_ruleset(data: Mapping[str, Any], source: str = "<memory>",
                  places: Mapping[str, str] | None = None, extends_chain: tuple[str, ...] = (),
                  deal_for: int = 0) -> Ruleset:
    """Build a :class:`Ruleset` from the plain data of a resolved, schema-valid rule file
    (``deal_for``: the number of players its deal's sizes are for, when they depend on it).

    ``data["role_table"]`` is the role table's data (the loader has already read the file it names).
    """
    kind = rule_kind(play_of(data))
    parts = kind.parts(data, places)
    players = Players(**data["players"])
    named = parts_named(data)
    ruleset = Ruleset(
        name=str(data["name"]),
        title=_name(data.get("title"), str(data["name"])),
        play=kind.kind,
        deck=parts.deck,
        hand_size=int(data["hand_size"]),
        roles=build_role_table(data["role_table"], places),
        chips=Chips(**data["chips"]),
        players=players,
        rounds=Rounds(**data["rounds"]),
        fields=parts.fields,
        round=tuple(phase_named(str(p)) or str(p) for p in data["round"]),   # the core's or a play kind's
        source=source,
        extends_chain=extends_chain,
        kind_rules=parts.rules,
        kind_section=parts.section,
        dealt_beside_hands=parts.dealt_beside_hands,
        dealt_no_hand=parts.dealt_no_hand,
        role_deck=parts.role_deck,
        first_dealer=str(data.get("first_dealer", "random")),
        parts=named,
        part_rules=tuple(rule_part(name).build(data, places) for name in named),
        deal_for=deal_for,
    )
    if not any(data.get(k) for k in ("effects", "counters", "parameters", "settlement", "pots")):
        return ruleset
    counters = build_counters(data, places)
    ruleset = replace(ruleset, counters=counters, parameters=tuple(sorted(
        (str(k), int(v)) for k, v in (data.get("parameters") or {}).items())), pots=build_pots(data, places))
    errors: list[RuleFileError] = []
    effects: tuple[Any, ...] = ()
    settlement: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    try:
        effects = build_effects(data, ruleset, places, counters)
    except EffectErrors as exc:
        errors += exc.errors
    try:
        settlement = build_settlement(data, ruleset, places, counters)
    except EffectErrors as exc:
        errors += exc.errors
    if errors:
        raise EffectErrors(errors)
    return replace(ruleset, effects=effects, settlement=settlement)
