"""The bridge's registry of play kinds: one line per kind, one pyspiel game each."""

from __future__ import annotations

from ..ruleset.model import PlayKind
from .kind import BridgeKind
from ..interpreter.games.matching.spiel import MATCHING
from ..interpreter.games.tricks.spiel import TRICKS

BRIDGES: dict[PlayKind, BridgeKind] = {b.kind: b for b in (TRICKS, MATCHING)}
BY_NAME: dict[str, BridgeKind] = {b.short_name: b for b in BRIDGES.values()}
TRICK_GAME, MATCHING_GAME = TRICKS.short_name, MATCHING.short_name
