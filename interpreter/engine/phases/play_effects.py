"""Effects inside the play (docs/effects.md, "Points inside the play"): the play phase of a round
whose rule file names a point inside the play (``after_trick``, ``after_capture``, ``after_turn``),
which after each action of the play runs the effects of every point the action brought, reading
the facts of its event.

The play kind says which points an action brought and reads their events' facts
(:class:`~..kindplugin.PlayPoints`); the round's play itself is the play kind's engine, unchanged.
A rule file that names no such point plays the plain play phase (:mod:`.play_phase`): nothing here
runs.
"""

from __future__ import annotations

from typing import Any, Container, Mapping, Optional

from ....ruleset.effects import Effect
from ....ruleset.effects.model import IN_PLAY
from ....ruleset.model import Phase, Ruleset
from ..kindplugin import EventFact, PlayPoints
from ..registry import plugin_for
from ..state import Table
from .base import PhaseRule
from .effects import Readers, TableFacts, folded_effects, readers_for, run_effects

__all__ = ["EventFacts", "PlayWithEffects", "with_play_effects"]


class EventFacts(TableFacts):
    """The facts of a table now, and those of one event inside the play (the trick just taken,
    the capture just made), read by the play kind's readers (``PlayPoints.facts``)."""

    def __init__(self, t: Table, readers: Readers, events: Mapping[str, EventFact], event: Any):
        super().__init__(t, readers)
        self._events, self.event = events, event

    def seat(self, name: str, seat: int) -> int:
        read = self._events.get(name)
        return read(self.t, self.event, seat) if read is not None else super().seat(name, seat)

    def table(self, name: str) -> int:
        read = self._events.get(name)
        return read(self.t, self.event, None) if read is not None else super().table(name)


class PlayWithEffects(PhaseRule):
    """The play phase ``play`` with the effects of the points inside the play: each action of the
    play goes to the play as before; then, for each point it brought (in the order the play kind
    gives: a trick or the captures, then the turn), the effects of that point run, in the file's
    order, each reading the facts of that point's event."""

    phase = Phase.PLAY

    def __init__(self, ruleset: Ruleset, play: PhaseRule) -> None:
        super().__init__(ruleset)
        self.play = play
        self.acts = play.acting()
        points = plugin_for(ruleset).play_points
        assert points is not None               # the file was refused a point its play kind has not
        self.points: PlayPoints = points
        self.readers = readers_for(ruleset)
        self.effects: dict[str, tuple[Effect, ...]] = {
            w: tuple(e for e in ruleset.effects if e.when == w) for w in IN_PLAY}
        self.folded = {w: folded_effects(ruleset, e) for w, e in self.effects.items()}

    def applies(self, t: Table) -> bool:
        return self.play.applies(t)

    def enter(self, t: Table) -> None:
        self.play.enter(t)

    def actor(self, t: Table) -> Optional[int]:
        return self.acts.actor(t)

    def legal(self, t: Table) -> Container[object]:
        return self.acts.legal(t)

    def check(self, t: Table, action: object) -> None:
        self.acts.check(t, action)

    def apply(self, t: Table, action: Any) -> None:
        points = self.points
        mark = points.mark(t)
        first = len(t.events)
        self.acts.apply(t, action)
        effects = self.folded if t.ruleset is self.ruleset else self.effects
        for when, event in points.found(t, mark, first):
            these = effects.get(when)
            if these:
                run_effects(t, these, EventFacts(t, self.readers, points.facts, event), when)


def with_play_effects(ruleset: Ruleset, play: PhaseRule) -> PhaseRule:
    """``play``, the play phase, with the effects of the points inside the play when the rule file
    names one, else ``play`` itself."""
    if not any(e.when in IN_PLAY for e in ruleset.effects):
        return play
    return PlayWithEffects(ruleset, play)
