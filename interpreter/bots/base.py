"""The one interface every bot implements, and the bots by name: the core's (here, and those
:func:`register` adds) and each play kind's own (its ``Kind.bots``, one of its capabilities).

A bot sees only what its seat may see: it reads ``game.view(seat)`` and the public part of
``game.events``; it never looks at other hands. ``choose`` returns one of ``view.legal``.
Every bot's randomness comes from the ``rng`` it is given, so a seeded game is repeatable.
"""

from __future__ import annotations

import importlib
import random
from typing import TYPE_CHECKING, Any, Callable, Optional, Protocol

from ...ruleset.errors import HachiError
from ...ruleset.kind_registry import KINDS
from ...ruleset.model import PlayKind, Ruleset
from ..engine.actions import ActionBase
from ..engine.registry import kind_named

if TYPE_CHECKING:
    from ..engine.gamestate import GameState

# the core's bots, which play every kind: name -> "module:factory"; modules are imported on first use
_REGISTRY: dict[str, str] = {
    "random": "hachihachi.interpreter.bots.random_bot:RandomBot",
    "mc": "hachihachi.interpreter.bots.mc:MonteCarloBot",
}


class Bot(Protocol):
    name: str

    def choose(self, game: GameState, seat: int, rng: random.Random) -> ActionBase:
        """Return the action ``seat`` takes now (one of ``game.view(seat).legal``)."""


def register(name: str, target: str) -> None:
    """Make ``make_bot(name)`` build ``target`` (``"package.module:Factory"``)."""
    _REGISTRY[name] = target


def bot_names() -> tuple[str, ...]:
    """The names of every bot: the core's and every registered play kind's."""
    return tuple(sorted({*_REGISTRY, *_kind_bots()}))


def is_bot(name: str) -> bool:
    """Whether a bot is called ``name`` (the core's are known without importing any play kind)."""
    return name in _REGISTRY or name in _kind_bots()


def _kind_bots() -> dict[str, str]:
    return {name: target for play in KINDS for name, target in kind_named(play).bots.items()}


def _target(name: str, ruleset: Optional[Ruleset]) -> Optional[str]:
    """Where the bot ``name`` is: the core's, the ruleset's play kind's, else another kind's."""
    target = _REGISTRY.get(name)
    if target is None and ruleset is not None and ruleset.play in KINDS:
        target = kind_named(ruleset.play).bots.get(name)
    return target if target is not None else _kind_bots().get(name)


def make_bot(name: str, ruleset: Optional[Ruleset] = None, **options: Any) -> Bot:
    """Build the bot called ``name``; an unknown name, or a bot that cannot play the ruleset's
    kind of play (a bot's ``plays``, all kinds when it has none), is a :class:`HachiError`."""
    target = _target(name, ruleset)
    if target is None:
        raise HachiError(f"there is no bot '{name}'; bots are {', '.join(bot_names())}.")
    module, attr = target.split(":")
    factory: Callable[..., Bot] = getattr(importlib.import_module(module), attr)
    plays = getattr(factory, "plays", None)
    if ruleset is not None and plays is not None and ruleset.play not in plays:
        able = [n for n in bot_names() if n != name and _can_play(n, ruleset.play)]
        raise HachiError(f"the bot '{name}' cannot play {ruleset.play} ({ruleset.name}); "
                         f"bots that can: {', '.join(able)}.")
    return factory(**options)


def _can_play(name: str, play: PlayKind) -> bool:
    target = _target(name, None)
    assert target is not None                   # one of bot_names()
    module, attr = target.split(":")
    plays = getattr(getattr(importlib.import_module(module), attr), "plays", None)
    return plays is None or play in plays
