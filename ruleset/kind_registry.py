"""The registry of play kinds: one line per kind, its ``play:`` name and the package that holds all
of it. Every layer finds a kind here and imports only the part it needs, when it needs it.

A play kind's package holds ``schema.json`` (its part of the rule files' JSON Schema),
``rules.py`` (``RULES``, a :class:`~.rulekind.RuleKind`: the rule-file side, which this layer
reads) and ``kind.py`` (``KIND``, the interpreter's ``Kind``: the one object that is the kind, its
core and the capabilities it claims, among them the modules of its terminal screen and its
OpenSpiel game). Each layer looks its part up with :func:`kind_part`, typed by the protocol or
class the layer expects, which a part that lacks a member fails. Adding a play kind is adding its
line here (the walk-through is in ``docs/play-kinds.md``).

>>> sorted(KINDS)
['matching', 'tricks']
"""

from __future__ import annotations

import importlib
import json
from importlib import resources
from typing import Any, Mapping, TypeVar

from . import registered
from .catalog import maybe
from .checks import check_role_table
from .model import SETTLEMENT_PHASES, Phase, PhaseName, PlayKind, TransferReason, TransferReasonName
from .part_registry import PARTS, check_parts, part_phases, part_transfers, rule_part
from .rulekind import Found, RuleKind, TransferWords, foreign_keys

KINDS: dict[PlayKind, str] = registered.KINDS      # each kind by its package (one line each in .registered)
DEFAULT: PlayKind = "tricks"             # a rule file without ``play:``

T = TypeVar("T")

# the top-level sections and the transfers every play kind may have (the core's and its parts'); a
# rule file's other keys are a play kind's own (``RuleKind.own_keys``), and only then are the other
# kinds asked whose they are
SHARED_KEYS = frozenset({"extends", "name", "title", "description", "play", "deck", "hand_size", "role_table",
                         "chips", "players", "rounds", "first_dealer", "parts", "round", "counters", "parameters",
                         "effects", "settlement"}
                        | {key for part in PARTS for key in rule_part(part).own_keys})
SHARED_TRANSFERS = frozenset({TransferReason.ROLES, TransferReason.POT, *part_transfers()})


def kind_part(play: PlayKind, module: str, name: str, of: type[T]) -> T:
    """The object ``name`` of the module ``module`` of play kind ``play``'s package, imported on
    first use, as an ``of`` (a class); one that is not is refused (:func:`not_a`). A layer that
    expects a protocol (a kind's screen, its OpenSpiel game) checks :func:`kind_object` itself.

    >>> kind_part("tricks", "rules", "RULES", RuleKind).kind
    'tricks'
    >>> kind_part("tricks", "rules", "RULES", dict)
    Traceback (most recent call last):
    TypeError: the play kind 'tricks': rules.RULES is not a dict (it is a RuleKind)
    """
    part = kind_object(play, module, name)
    if not isinstance(part, of):
        raise not_a(play, f"{module}.{name}", part, of)
    return part


def kind_object(play: PlayKind, module: str, name: str) -> object:
    """The object ``name`` of the module ``module`` of play kind ``play``'s package, unchecked."""
    part: object = getattr(importlib.import_module(f"{KINDS[play]}.{module}"), name)
    return part


def not_a(play: PlayKind, where: str, part: object, of: type) -> TypeError:
    """The error of a kind's part ``where`` that is not an ``of``: the members it lacks of a protocol
    ``of``, else what it is."""
    missing = [m for m in members(of) if not hasattr(part, m)] if getattr(of, "_is_protocol", False) else []
    lacks = f": it has no {', '.join(missing)}" if missing else f" (it is a {type(part).__name__})"
    return TypeError(f"the play kind '{play}': {where} is not a {of.__name__}{lacks}")


def members(of: type) -> tuple[str, ...]:
    """The members a protocol (or class) declares: its annotated attributes and its public methods
    and properties, in the order written.

    >>> members(RuleKind)[:3]
    ('kind', 'title', 'parts')
    """
    names = [*getattr(of, "__annotations__", {}), *(n for n in vars(of) if not n.startswith("_"))]
    return tuple(dict.fromkeys(names))


def kind_schema(play: PlayKind) -> dict[str, Any]:
    """Play kind ``play``'s part of the rule files' JSON Schema (its package's ``schema.json``)."""
    text = resources.files(KINDS[play]).joinpath("schema.json").read_text(encoding="utf-8")
    part: dict[str, Any] = json.loads(text)
    return part


def rule_kind(play: PlayKind) -> RuleKind:
    """The rule-file side of a play kind."""
    return kind_part(play, "rules", "RULES", RuleKind)


def play_of(data: Mapping[str, Any]) -> PlayKind:
    """The play kind a rule file's data names (``play:``; the schema allows only registered names)."""
    return str(data.get("play", DEFAULT))


def ruleset_findings(data: dict[str, Any]) -> list[tuple[tuple[object, ...], str]]:
    """Every semantic problem of a resolved, schema-valid ruleset, in check order: keys of another
    play kind first, then the play kind's own checks, then the role table's."""
    kind = rule_kind(play_of(data))
    if _foreign(data, kind):
        others = tuple(rule_kind(p) for p in KINDS if p != kind.kind)
        found = list(foreign_keys(data, kind, others))
    else:
        found = []
    found += list(check_parts(data))
    found += check_foreign_phases(data, kind)
    found += [item for check in kind.checks for item in check(data)]
    found += check_settlement(data, kind)
    return found + list(check_role_table(data["role_table"]))


def check_foreign_phases(data: Mapping[str, Any], kind: RuleKind) -> Found:
    """A phase of another play kind's round (the trick game's ``mizuten_call`` in a hanafuda
    round), which no code of this kind runs, is refused where the round names it; another kind's
    settlement phase is effects (``settlement:``, :func:`check_settlement`) and may stand."""
    own = ({p.value for p in Phase} | {p.value for p in part_phases()} | {p.value for p in kind.phases}
           | set(data.get("settlement") or {}))
    for i, phase in enumerate(data["round"]):
        other = next((rule_kind(play) for play in KINDS if play != kind.kind and phase not in own
                      and phase in {p.value for p in rule_kind(play).phases}
                      and phase not in {p.value for p in rule_kind(play).settlement_phases}), None)
        if other is not None:
            yield ("round", i), (f"the phase '{phase}' is a phase of {other.title}, which this game "
                                 f"(play: {kind.kind}) does not play; take it out of round:.")


def check_settlement(data: Mapping[str, Any], kind: RuleKind) -> Found:
    """A settlement phase the round names (the core's pot, a play kind's: phases no code runs) is
    written as effects in the file's ``settlement:`` (or, in a play kind with a bundled settlement,
    taken from that file)."""
    if kind.standard_settlement is not None:    # its bundled file's settlement by default
        return
    settled = data.get("settlement") or {}
    runs = {p.value for p in kind.phases if p not in kind.settlement_phases}      # its phases code runs
    written = ({p.value for p in SETTLEMENT_PHASES}
               | {p.value for play in KINDS for p in rule_kind(play).settlement_phases}) - runs
    for i, phase in enumerate(data["round"]):
        if phase in written and phase not in settled:
            yield ("round", i), (f"the round names the phase '{phase}', which is written as effects, and the file "
                                 f"has none for it: add them under settlement: {phase}: (see docs/effects.md).")


# -- the names of phases and transfer kinds: the core's and each play kind's own ------------------

_TRANSFERS: dict[str, TransferReasonName] = {t.value: t for t in (*TransferReason, *part_transfers())}
_PHASES: dict[str, PhaseName] = {p.value: p for p in (*Phase, *part_phases())}


def transfer_named(name: str) -> TransferReasonName:
    """The transfer reason ``name`` (a rule file's ``as:``, ``applies_to``): the core's, a registered
    part's or a registered play kind's own (the schema allows only these names).

    >>> transfer_named("pot"), transfer_named("drop_fee"), transfer_named("tricks")
    (<TransferKind.POT: 'pot'>, <TransferKind.DROP_FEE: 'drop_fee'>, <TransferKind.TRICKS: 'tricks'>)
    """
    found = _TRANSFERS.get(name)
    if found is None:
        found = next((t for play in KINDS for t in rule_kind(play).own_transfers if t.value == name), None)
        if found is None:
            raise KeyError(f"no play kind has the transfer kind '{name}'")
        _TRANSFERS[name] = found
    return found


def phase_named(name: str) -> PhaseName | None:
    """The phase ``name`` of a rule file's ``round:``: the core's, a registered part's or a
    registered play kind's own (None for a name none has).

    >>> phase_named("pot"), phase_named("declarations"), phase_named("hanafuda_deal"), phase_named("x")
    (<Phase.POT: 'pot'>, <Phase.DECLARATIONS: 'declarations'>, <Phase.HANAFUDA_DEAL: 'hanafuda_deal'>, None)
    """
    found = _PHASES.get(name)
    if found is None:
        found = next((p for play in KINDS for p in rule_kind(play).phases if p.value == name), None)
    return found


def transfer_words(name: str) -> TransferWords | None:
    """A play kind's own transfer kind in words (None for the core's and unknown names)."""
    return next((w for play in KINDS for n, w in rule_kind(play).transfer_words.items() if n == name), None)


def transfer_word(name: str, what: str, lang: str) -> str | None:
    """A kind of transfer in words (``what``: ``told``, ``short`` or ``book``, as
    :class:`~.rulekind.TransferWords`): the core's from the catalogs (``transfer.NAME``), a play
    kind's own from its words; None for a name neither has.

    >>> transfer_word("pot", "told", "ja"), transfer_word("tricks", "book", "en"), transfer_word("x", "told", "en")
    ('場の総取り', 'trick settlement', None)
    """
    core = maybe(lang, f"transfer.{name}.{what}")
    if core is not None:
        return core
    own = transfer_words(name)
    return own.word(what, lang) if own is not None else None


def _foreign(data: Mapping[str, Any], kind: RuleKind) -> bool:
    """Whether the data has a key or a field transfer that is neither shared nor the kind's own."""
    if set(data) - SHARED_KEYS - kind.own_keys:
        return True
    own = {t.value for t in SHARED_TRANSFERS | kind.own_transfers}
    return any(isinstance(f, dict) and any(t not in own for t in f.get("applies_to") or ())
               for f in data.get("fields") or ())
