"""The packages of the registered play kinds and parts of a round, one line each: the registries
(:mod:`.kind_registry`, :mod:`.part_registry`) import each from its package when it is used, and
the message catalogs (:mod:`.catalog`) read each one's own words (``locale/<lang>.yaml`` in its
package). This module imports nothing, so that every module of the rule files may read it.

>>> sorted(KINDS), sorted(PARTS)
(['matching', 'tricks'], ['go_drop'])
"""

from __future__ import annotations

KINDS: dict[str, str] = {
    "tricks": "hachihachi.interpreter.games.tricks",
    "matching": "hachihachi.interpreter.games.matching",
}
"""Each play kind (``play:``) by the package that holds all of it."""

PARTS: dict[str, str] = {
    "go_drop": "hachihachi.interpreter.parts.go_drop",
}
"""Each part of a round (``parts:``) by its package."""
