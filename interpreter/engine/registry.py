"""The interpreter's side of a play kind, its one :class:`~.kindplugin.Kind`, found through the one
registry (:mod:`hachihachi.ruleset.kind_registry`) and imported on first use."""

from __future__ import annotations

from typing import Optional, TypeVar

from ...ruleset.errors import HachiError, RuleFileError
from ...ruleset.kind_registry import KINDS, kind_part
from ...ruleset.model import PlayKind, Ruleset
from ..scorekeeper.told import ToldKind
from .kindplugin import Kind, Search


C = TypeVar("C")
_KINDS: dict[str, Kind] = {}      # each kind by its package, imported once


def plugin_for(ruleset: Ruleset) -> Kind:
    """The play kind of the ruleset (asked once a round: kept once imported)."""
    if ruleset.play not in KINDS:
        raise RuleFileError(f"play kind '{ruleset.play}' is not supported by the interpreter yet", ruleset.source)
    return kind_named(ruleset.play)


def kind_named(play: PlayKind) -> Kind:
    """The registered play kind ``play`` (a key of ``KINDS``)."""
    package = KINDS[play]
    kind = _KINDS.get(package)
    if kind is None:
        kind = _KINDS[package] = kind_part(play, "kind", "KIND", Kind)
    return kind


def search_for(ruleset: Ruleset) -> Search:
    """What the search bots need of the ruleset's play kind; a kind without it is refused."""
    search: Optional[Search] = plugin_for(ruleset).search
    return _claimed(ruleset, search, "the search bots cannot play", "cannot deal a seat's view of a round anew")


def told_for(ruleset: Ruleset) -> ToldKind:
    """The ruleset's play kind's part of the scorekeeper; a kind without it is refused."""
    told: Optional[ToldKind] = plugin_for(ruleset).told
    return _claimed(ruleset, told, "the scorekeeper cannot keep", "has no told rounds")


def _claimed(ruleset: Ruleset, capability: Optional[C], who: str, lacks: str) -> C:
    """A capability of the ruleset's play kind, or one error naming the game and what its kind lacks."""
    if capability is None:
        raise HachiError(f"{who} {ruleset.name}: its play kind ({ruleset.play}) {lacks}")
    return capability
