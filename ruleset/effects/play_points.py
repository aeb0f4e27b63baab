"""The points of an effect inside the play (``after_trick``, ``after_capture``, ``after_turn``;
docs/effects.md, "Points inside the play") and what is checked of them: a play kind declares the
points its play has (``RuleKind.play_points``), each with the facts of its event (the trick just
taken, the capture just made), which an effect reads only at that point. The interpreter runs
them from the play phase (``interpreter/engine/phases/play_effects.py``)."""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ..expressions import BOOL, INT, SEAT, TABLE, Fact
from .model import IN_PLAY, ActionBase, Effect

__all__ = ["TURN_FACTS", "points_of", "unreached", "event_facts", "misplaced_fact", "refused_action"]

TURN_FACTS: tuple[Fact, ...] = (
    Fact("turn.number", INT, TABLE, "the turn's number in the round's play, 1 for the first"),
    Fact("turn.seat", INT, TABLE, "the seat number of the seat whose turn it was"),
    Fact("in_turn", BOOL, SEAT, "the turn was the seat's"),
)
"""The facts of the event of ``after_turn``, the same in every play kind that has that point (its
``RuleKind.own_facts`` and ``play_points`` name them; the engine's ``kindplugin.TURN_READERS``
read them from the kind's turn event: its ``seat`` and ``number``)."""


def points_of(play: str) -> Mapping[str, tuple[str, ...]]:
    """The points inside the play of the play kind ``play``, each with the facts of its event."""
    from ..kind_registry import KINDS, rule_kind

    return rule_kind(play).play_points if play in KINDS else {}


def unreached(when: str, rules: Any) -> Optional[str]:
    """Why the point inside the play ``when`` never comes in a round of ``rules``, or None (and
    None for a point that is not inside the play)."""
    if when not in IN_PLAY:
        return None
    from ..kind_registry import KINDS, rule_kind

    play = getattr(rules, "play", "")
    if when not in points_of(play):
        title = rule_kind(play).title if play in KINDS else play
        has = [k for k in KINDS if when in rule_kind(k).play_points]
        where = f" it comes in {rule_kind(has[0]).title}," if has else ""
        own = ", ".join(points_of(play)) or "none"
        return (f"'{when}' is a point of another play:{where} which this game (play: {play}, {title}) does not "
                f"play; its points inside the play: {own}.")
    if "play" not in {p.value for p in rules.round}:
        return f"the round has no 'play' phase, so '{when}' never comes."
    return None


def event_facts(play: str) -> dict[str, tuple[str, ...]]:
    """Each fact of an event inside the play of ``play``, with the points it is read at."""
    found: dict[str, tuple[str, ...]] = {}
    for when, names in points_of(play).items():
        for name in names:
            found[name] = (*found.get(name, ()), when)
    return found


def misplaced_fact(effect: Effect, rules: Any) -> Optional[str]:
    """The message when ``effect`` reads a fact of an event inside the play at another point."""
    own = event_facts(getattr(rules, "play", ""))
    for name in sorted(effect.reads):
        at = own.get(name.partition(".")[2] if name.startswith(("payer.", "receiver.")) else name)  # a pair's
        if at is not None and effect.when not in at:
            points = " or ".join(f"'{w}'" for w in at)
            return (f"'{name}' is a fact of the event of {points} (read it in an effect of 'when: {at[0]}'); at "
                    f"'{effect.when}' there is no such event.")
    return None


def refused_action(when: str, action: ActionBase) -> Optional[str]:
    """The message when ``action`` cannot run at the point inside the play ``when``: no question is
    asked in the middle of the play (the seat to play waits for its card)."""
    if when in IN_PLAY and action.key == "ask":
        return (f"a question cannot be asked at '{when}', in the middle of the play; ask it after the play or at "
                "the end of the round.")
    return None
