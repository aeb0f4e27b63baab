"""The points of a round an effect may name (``when:``, docs/effects.md): the core's
(:data:`.model.WHENS`) and each registered part's own (``RulePart.effect_points``: go/drop's
``after_declarations``), and the phase each point right after a phase follows.

>>> list(points())[:3], point_phases()
(['round_start', 'after_declarations', 'after_play'], {'after_declarations': 'declarations', 'after_play': 'play'})
"""

from __future__ import annotations

from ..part_registry import part_points
from .model import AFTER_PLAY, ROUND_START, WHENS

__all__ = ["points", "point_phases", "unreached_phase"]


def points() -> dict[str, str]:
    """Every point by name, with its words, in the order they come in a round: the start, the
    parts' points (each after a phase before the play), then the core's others."""
    core = list(WHENS.items())
    return dict([core[0], *((p, words) for p, _, words in part_points()), *core[1:]])


def point_phases() -> dict[str, str]:
    """Each point that comes right after a phase, with that phase (the parts' first, then ``after_play``)."""
    return {**{p: phase for p, phase, _ in part_points()}, AFTER_PLAY: "play"}


def unreached_phase(when: str, phases: set[str]) -> str | None:
    """Why ``when`` never comes in a round of ``phases``, when it follows a phase the round lacks."""
    phase = point_phases().get(when)
    if phase is None or phase in phases:
        return None
    return f"the round has no '{phase}' phase, so '{when}' never comes."


assert next(iter(WHENS)) == ROUND_START      # the parts' points come after the round's start
