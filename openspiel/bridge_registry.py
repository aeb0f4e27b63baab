"""The bridge's side of each play kind that is an OpenSpiel game, found through the one registry
(:mod:`hachihachi.ruleset.kind_registry`): one pyspiel game each."""

from __future__ import annotations

import importlib.util

from ..ruleset.kind_registry import KINDS, kind_part
from ..ruleset.model import PlayKind
from .kind import BridgeKind


def _has_bridge(play: PlayKind) -> bool:
    return importlib.util.find_spec(f"{KINDS[play]}.spiel") is not None


BRIDGES: dict[PlayKind, BridgeKind] = {p: kind_part(p, "spiel") for p in KINDS if _has_bridge(p)}
BY_NAME: dict[str, BridgeKind] = {b.short_name: b for b in BRIDGES.values()}
TRICK_GAME, MATCHING_GAME = BRIDGES["tricks"].short_name, BRIDGES["matching"].short_name
