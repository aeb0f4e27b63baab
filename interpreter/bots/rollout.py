"""The fast policy the search bots play their worlds out with: the bot the play kind names (its
``Kind.search.rollout_bot``: ``heuristic`` for trick play, ``heuristic_matching`` for matching)."""

from __future__ import annotations

from ...ruleset.model import PlayKind, Ruleset
from ..engine.registry import search_for
from .base import Bot, make_bot

_POLICIES: dict[PlayKind, Bot] = {}


def rollout_policy(ruleset: Ruleset) -> Bot:
    """The roll-out bot of ``ruleset``'s kind of play (built once per kind)."""
    policy = _POLICIES.get(ruleset.play)
    if policy is None:
        policy = _POLICIES[ruleset.play] = make_bot(search_for(ruleset).rollout_bot, ruleset)
    return policy
