"""The registry of a round's parts: rules a rule file opts into by naming them (``parts:``), each
one package beside the play kinds (``interpreter/parts/<name>/``), found here (each by one line in ``registered.py``).

A part's package has ``schema.json`` (its part of the rule files' JSON Schema: its sections, its
phases and transfer reasons, what a complete file of a kind that requires it writes), ``rules``
(``RULES``, a :class:`RulePart`: its sections, its phases and transfer reasons as enums, its
checks, its facts for effects, its actions of effects, what it builds) and ``part`` (``PART``,
the interpreter's ``RoundPart``: its phases, its own state of a round and of the game, its rules
of a round's outcome and of the next start). Go/drop (T10-T17) is one: the trick game and hanafuda with go/drop name it;
hanafuda for 3 does not.

>>> sorted(PARTS), parts_named({"parts": ["go_drop"]}), parts_named({"round": ["deal"]})
(['go_drop'], ('go_drop',), ())
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Optional, Sequence

from . import registered
from .checks import Found
from .model import PhaseName, TransferReasonName
from .rulekind import BookWords

if TYPE_CHECKING:
    from .effects.model import ActionBase

IdleCase = Callable[[Any, Mapping[str, str]], Iterator[tuple[Optional[str], str, dict[str, object]]]]
"""A case of what can never move chips (ruleset/idle.py's ``CASES``): (ruleset, the file's places)
-> each (place, message id, its values)."""

PARTS: dict[str, str] = registered.PARTS          # each part by its package (one line each in .registered)


@dataclass(frozen=True)
class RulePart:
    """The rule-file side of a part."""

    name: str
    title: str                                  # the part in words, for messages
    own_keys: frozenset[str]                    # the top-level sections it reads
    phases: tuple[PhaseName, ...]               # the phases of a round it runs (its own enum)
    build: Callable[[Mapping[str, Any], Mapping[str, str] | None], Any]     # its sections, built
    transfers: frozenset[TransferReasonName] = frozenset()     # its reasons of point transfer (its own enum)
    checks: tuple[Callable[[dict[str, Any]], Found], ...] = ()  # its meaning checks of a schema-valid file
    own_facts: tuple[Any, ...] = ()             # the facts effects may read of it (``Fact``s)
    groups: tuple[tuple[str, str, str], ...] = ()   # seat groups of effects (``each goer``): (group, seat fact, words)
    domains: Callable[[Any], Mapping[str, Sequence[int]]] = lambda ruleset: {}   # its facts' small ranges
    # the points of a round its effects may name (``when:``), each (point, the phase it comes right
    # after, its words): go/drop's ``after_declarations``; its schema.json lists the same points
    effect_points: tuple[tuple[str, str, str], ...] = ()
    # its reasons of transfer that a field's multiplier (and an effect's ``multiply`` without
    # ``applies_to``) multiplies by default
    multiplied: frozenset[TransferReasonName] = frozenset()
    # the places in a rule file's data of its numbers that may be expressions of the table
    # (ruleset/tablenumbers.py), each (path, what is written there)
    numbers: Callable[[Mapping[str, Any]], list[tuple[tuple[Any, ...], Any]]] = lambda data: []
    # its cases of what can never move chips (``hachi validate --warnings``, ruleset/idle.py):
    # (ruleset, places) -> each (place, message id, values), its words in the part's catalogs
    warnings: tuple[IdleCase, ...] = ()
    book: BookWords = BookWords()               # how the rulebook writes its settings (as a play kind's)
    # the actions of effects it brings (go/drop's ``force``), each a class as the core's
    # (ruleset/effects/actions/, docs/effects.md "Adding an action"), in its package with its event
    # and its words in its catalogs: the schema's ``do``, the builder and the engine read them with
    # the core's (``every_action``); a rule file that does not take the part is refused them. Asked
    # for when used (its module imports the effects' package, which reads the registries)
    effect_actions: Callable[[], tuple[type[ActionBase], ...]] = lambda: ()


def rule_part(name: str) -> RulePart:
    """The rule-file side of the part ``name`` (a key of :data:`PARTS`), imported on first use."""
    part: RulePart = getattr(importlib.import_module(f"{PARTS[name]}.rules"), "RULES")
    return part


def part_schema(name: str) -> dict[str, Any]:
    """Part ``name``'s piece of the rule files' JSON Schema (its package's ``schema.json``)."""
    text = resources.files(PARTS[name]).joinpath("schema.json").read_text(encoding="utf-8")
    piece: dict[str, Any] = json.loads(text)
    return piece


def part_phases() -> Iterator[PhaseName]:
    """Every registered part's phases."""
    return (p for name in PARTS for p in rule_part(name).phases)


def part_transfers() -> Iterator[TransferReasonName]:
    """Every registered part's reasons of point transfer."""
    return (t for name in PARTS for t in rule_part(name).transfers)


def part_points() -> Iterator[tuple[str, str, str]]:
    """Every registered part's points of a round for effects: ``(point, phase, words)``."""
    return (p for name in PARTS for p in rule_part(name).effect_points)


def part_multiplied() -> frozenset[str]:
    """The reasons of transfer of the registered parts that a field multiplies by default."""
    return frozenset(str(getattr(t, "value", t)) for name in PARTS for t in rule_part(name).multiplied)


def part_effect_actions() -> dict[str, tuple[str, type[ActionBase]]]:
    """Every registered part's actions of effects by their key, each with the part that brings it
    (in the order of the parts, and of each part's ``effect_actions``)."""
    return {action.key: (name, action) for name in PARTS for action in rule_part(name).effect_actions()}


def untaken_action(key: str, ruleset: Any) -> Optional[str]:
    """Why the action ``key`` is refused in a file of ``ruleset``: it comes with a part the file
    does not take; None for a core action or one of a part the file takes.

    >>> from types import SimpleNamespace
    >>> untaken_action("force", SimpleNamespace(parts=())).split(": ")[1:]
    ['add parts', '[go_drop], or take the action out.']
    >>> untaken_action("force", SimpleNamespace(parts=("go_drop",))), untaken_action("pay", SimpleNamespace(parts=()))
    (None, None)
    """
    found = part_effect_actions().get(key)
    if found is None or found[0] in getattr(ruleset, "parts", ()):
        return None
    name = found[0]
    return (f"the action '{key}' comes with {rule_part(name).title}, which the file does not take: add "
            f"parts: [{name}], or take the action out.")


def parts_named(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The parts a rule file's data names (``parts:``; the schema allows only registered names)."""
    return tuple(str(p) for p in data.get("parts") or ())


def parts_of(ruleset: Any) -> tuple[RulePart, ...]:
    """The rule-file sides of the parts a built ruleset names."""
    return tuple(rule_part(name) for name in getattr(ruleset, "parts", ()))


def part_facts(ruleset: Any) -> tuple[Any, ...]:
    """The facts effects may read of the parts a ruleset names."""
    return tuple(f for part in parts_of(ruleset) for f in part.own_facts)


def part_phase(name: str) -> str | None:
    """The part whose phase ``name`` is, or None."""
    return next((p for p in PARTS if name in rule_part(p).phases), None)


def check_parts(data: dict[str, Any]) -> Found:
    """A part's phase or section in a rule file that does not name the part, a part named whose
    phases the round has none of, and each named part's own checks (each ``(path, message)``)."""
    named = set(parts_named(data))
    for name in PARTS:
        yield from (_check_taken if name in named else _check_not_taken)(name, rule_part(name), data)


def _check_taken(name: str, part: RulePart, data: dict[str, Any]) -> Found:
    """A part the file names: the round has one of its phases, and its own checks hold."""
    if not any(p in part.phases for p in data.get("round") or ()):
        yield ("parts",), (f"parts names {name}, but the round has none of its phases "
                           f"({', '.join(p.value for p in part.phases)}).")
    for check in part.checks:
        yield from check(data)


def _check_not_taken(name: str, part: RulePart, data: dict[str, Any]) -> Found:
    """A part the file does not name: none of its phases in the round, none of its sections."""
    for i, phase in enumerate(data.get("round") or ()):
        if phase in part.phases:
            yield ("round", i), (f"the round names the phase '{phase}' of {part.title}, which the file does not "
                                 f"take: add parts: [{name}] (rule files before version 0.2.0 took it from "
                                 "the round).")
            break
    for key in sorted(part.own_keys & set(data)):
        yield (key,), (f"'{key}' is a setting of {part.title}, which the file does not take: add "
                       f"parts: [{name}], or drop the section.")


def groups_of(ruleset: Any) -> tuple[str, ...]:
    """The groups of seats an effect of ``ruleset`` may name: every game's and its parts'."""
    return ("seat", "player", *(g for part in parts_of(ruleset) for g, _, _ in part.groups))
