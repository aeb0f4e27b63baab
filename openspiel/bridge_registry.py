"""The bridge's side of each play kind that is an OpenSpiel game (the module its
:class:`~..interpreter.engine.kindplugin.Kind` claims, ``Kind.bridge``), found through the one
registry (:mod:`hachihachi.ruleset.kind_registry`): one pyspiel game each."""

from __future__ import annotations

from ..interpreter.engine.registry import kind_named
from ..ruleset.kind_registry import KINDS, kind_object, not_a
from ..ruleset.model import PlayKind
from .kind import BridgeKind


def _bridge(play: PlayKind, module: str) -> BridgeKind:
    bridge = kind_object(play, module, "BRIDGE")
    if not isinstance(bridge, BridgeKind):
        raise not_a(play, f"{module}.BRIDGE", bridge, BridgeKind)
    return bridge


def _bridges() -> dict[PlayKind, BridgeKind]:
    claimed = {play: kind_named(play).bridge for play in KINDS}
    return {play: _bridge(play, module) for play, module in claimed.items() if module}


BRIDGES: dict[PlayKind, BridgeKind] = _bridges()
BY_NAME: dict[str, BridgeKind] = {b.short_name: b for b in BRIDGES.values()}
TRICK_GAME, MATCHING_GAME = BRIDGES["tricks"].short_name, BRIDGES["matching"].short_name
