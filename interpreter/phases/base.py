"""The interface every phase of a round implements.

A phase is configured once from the ruleset and then driven by the game: ``applies`` says
whether it runs in this round at all, ``enter`` does its automatic work (transfers), and while
``actor`` names a seat (or ``CHANCE``) the phase waits for that seat's action.
"""

from __future__ import annotations

from typing import Any, Callable, Container, Optional, Protocol

from ...ruleset.errors import IllegalAction
from ...ruleset.model import Phase, Ruleset
from ..actions import CHANCE, ActionBase
from ..draws import below, seat_bits
from ..events import Applied
from ..state import Table

# A uniform pick (:mod:`..drive`): ``pick(seat, options)`` draws one of ``options`` by its position
# alone (chance samples its space of deals), so a phase may offer any sequence in the order of its
# legal actions, e.g. the cards rather than the ``Play`` actions of them.
Pick = Callable[[int, Any], Any]


class Acting(Protocol):
    """What a loop of actions reads: a phase or a play engine."""

    def actor(self, t: Table) -> Optional[int]: ...

    def legal(self, t: Table) -> Container[object]: ...

    def apply(self, t: Table, action: Any) -> None: ...


def drive_actions(rule: Acting, t: Table, pick: Pick) -> None:
    """Play ``rule`` until its :meth:`actor` is None, each action drawn by ``pick`` from its
    :meth:`legal` and logged as ``GameState.apply`` logs it."""
    log, bits = t.events, seat_bits(pick)
    while (who := rule.actor(t)) is not None:
        options: Any = rule.legal(t)            # a seat's: a sequence (see Pick)
        if bits is None or who == CHANCE:
            action = pick(who, options)
        else:                                   # pick's draw (draws.seat_bits)
            action = options[below(bits[who], len(options))]
        log.append(Applied(t.round.index, who, action))
        rule.apply(t, action)


class PhaseRule:
    """Base of all phases: by default it always applies, does nothing and asks nobody."""

    phase: Phase

    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset

    def applies(self, t: Table) -> bool:
        return True

    def enter(self, t: Table) -> None:
        """Do the phase's automatic work when it begins."""

    def actor(self, t: Table) -> Optional[int]:
        """The seat (or ``CHANCE``) whose action the phase waits for, or None when it is over."""
        return None

    def legal(self, t: Table) -> Container[object]:
        """The legal actions of :meth:`actor`: a tuple, or any container supporting ``in``."""
        return ()

    def check(self, t: Table, action: object) -> None:
        """Raise :class:`IllegalAction` with the reason when ``action`` is not legal."""
        if action not in self.legal(t):
            raise IllegalAction(f"{describe(action, t)} is not one of the legal actions {self.legal(t)}")

    def apply(self, t: Table, action: Any) -> None:
        """Apply a legal action (one :meth:`check` accepted: each phase takes its own action type)."""

    def drive(self, t: Table, pick: Pick) -> None:
        """Play the phase until :meth:`actor` is None, each action drawn by ``pick`` from
        :meth:`legal` and logged as ``GameState.apply`` logs it. A phase may play its own actions
        faster, as long as the log and every draw of ``pick`` stay the same."""
        drive_actions(self, t, pick)


def describe(action: object, t: Table) -> str:
    """A short readable form of an action, with cards named."""
    return action.told(t.ruleset.deck) if isinstance(action, ActionBase) else repr(action)
