"""The terminal side of a play kind, the screen its :class:`~..interpreter.engine.kindplugin.Kind`
claims (``Kind.screen``), found through the one registry (:mod:`hachihachi.ruleset.kind_registry`)
and imported on first use."""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any, Callable, Mapping, Optional, Protocol

from ..interpreter.engine.registry import kind_named, plugin_for
from ..ruleset.errors import HachiError
from ..ruleset.kind_registry import kind_object, not_a
from ..ruleset.model import PhaseName, PlayKind, Ruleset
from ..ruleset.part_registry import PARTS
from .screenkind import ScreenPlugin


def screen_plugin(ruleset: Ruleset) -> ScreenPlugin:
    """The terminal screen of the ruleset's play kind; a kind without one is refused."""
    plugin_for(ruleset)                             # an unknown play kind is refused in its words
    screen = kind_screen(ruleset.play)
    if screen is None:
        raise HachiError(f"{ruleset.name} cannot be played at the terminal: its play kind ({ruleset.play}) "
                         f"has no screen")
    return screen


def kind_screen(play: PlayKind) -> Optional[ScreenPlugin]:
    """The terminal screen the play kind ``play`` claims (``Kind.screen``), checked, or None."""
    module = kind_named(play).screen
    if module is None:
        return None
    screen = kind_object(play, module, "SCREEN")
    if not isinstance(screen, ScreenPlugin):
        raise not_a(play, f"{module}.SCREEN", screen, ScreenPlugin)
    return screen


class PartQuestions(Protocol):
    """A part's questions of ``hachi score`` (``q``: the round's
    :class:`~.score_input.RoundQuestions`): its decisions after the deal, whether a round shows
    the hands though it was not played, the seats beside those that played whose hands it shows,
    and what it asks of a seat after the roles it claimed."""

    def ask(self, q: Any) -> None: ...

    def shows_hands(self, q: Any) -> bool: ...

    def shown_by(self, q: Any) -> tuple[int, ...]: ...

    def after_roles(self, q: Any, seat: int) -> None: ...


class PartScreen(Protocol):
    """A part's terminal side (its package's ``screen`` module, ``SCREEN``): the ``screen.*`` id of
    the question of each of its phases, its choices in words and its status line, and whose roles
    a round with it shows (``hachi simulate``'s summary)."""

    @property
    def questions(self) -> Mapping[PhaseName, str]: ...

    @property
    def score(self) -> Optional[PartQuestions]:
        """Its questions of ``hachi score``, or None for a part that asks none."""

    @property
    def roles_shown(self) -> str:
        """The heading of the roles shown in ``hachi simulate``'s summary (by whom they are shown)."""

    def choice(self, screen: Any, a: object, v: Any) -> Optional[str]: ...

    def status_line(self, screen: Any, v: Any) -> str: ...

    def refusal(self, v: Any, refused: Callable[..., Exception]) -> Optional[Exception]:
        """Why a yes-or-no answer whose action is not legal now is refused by its rules, made with
        ``refused`` (``BadAnswer``: the message id and its values), or None."""


@lru_cache(maxsize=None)
def part_screen(name: str) -> PartScreen:
    """The terminal side of the part ``name``, imported on first use."""
    screen: PartScreen = getattr(importlib.import_module(f"{PARTS[name]}.screen"), "SCREEN")
    return screen


def part_screens(ruleset: Ruleset) -> tuple[PartScreen, ...]:
    """The terminal sides of the parts the ruleset's round takes, in the order it names them."""
    return tuple(part_screen(name) for name in ruleset.parts)
