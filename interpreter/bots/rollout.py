"""The fast policy the search bots play their worlds out with: the heuristic bot of the ruleset's
kind of play (``heuristic_matching`` where it plays, else ``heuristic``)."""

from __future__ import annotations

from .base import _can_play, make_bot

ROLLOUT_BOTS = ("heuristic_matching", "heuristic")
_POLICIES: dict = {}


def rollout_policy(ruleset):
    """The first of :data:`ROLLOUT_BOTS` that plays ``ruleset``'s kind of play (built once)."""
    play = ruleset.play
    policy = _POLICIES.get(play)
    if policy is None:
        name = next(n for n in ROLLOUT_BOTS if _can_play(n, play))
        policy = _POLICIES[play] = make_bot(name)
    return policy
