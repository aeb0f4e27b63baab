"""The terminal side of a play kind, the screen its :class:`~..interpreter.engine.kindplugin.Kind`
claims (``Kind.screen``), found through the one registry (:mod:`hachihachi.ruleset.kind_registry`)
and imported on first use."""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any, Mapping, Optional, Protocol

from ..interpreter.engine.registry import plugin_for
from ..ruleset.errors import HachiError
from ..ruleset.kind_registry import kind_object, not_a
from ..ruleset.model import PhaseName, Ruleset
from ..ruleset.part_registry import PARTS
from .screenkind import ScreenPlugin


def screen_plugin(ruleset: Ruleset) -> ScreenPlugin:
    """The terminal screen of the ruleset's play kind; a kind without one is refused."""
    module = plugin_for(ruleset).screen
    if module is None:
        raise HachiError(f"{ruleset.name} cannot be played at the terminal: its play kind ({ruleset.play}) "
                         f"has no screen")
    screen = kind_object(ruleset.play, module, "SCREEN")
    if not isinstance(screen, ScreenPlugin):
        raise not_a(ruleset.play, f"{module}.SCREEN", screen, ScreenPlugin)
    return screen


class PartScreen(Protocol):
    """A part's terminal side (its package's ``screen`` module, ``SCREEN``): the ``screen.*`` id of
    the question of each of its phases, its choices in words and its status line."""

    @property
    def questions(self) -> Mapping[PhaseName, str]: ...

    def choice(self, screen: Any, a: object, v: Any) -> Optional[str]: ...

    def status_line(self, screen: Any, v: Any) -> str: ...


@lru_cache(maxsize=None)
def part_screen(name: str) -> PartScreen:
    """The terminal side of the part ``name``, imported on first use."""
    screen: PartScreen = getattr(importlib.import_module(f"{PARTS[name]}.screen"), "SCREEN")
    return screen


def part_screens(ruleset: Ruleset) -> tuple[PartScreen, ...]:
    """The terminal sides of the parts the ruleset's round takes, in the order it names them."""
    return tuple(part_screen(name) for name in ruleset.parts)
