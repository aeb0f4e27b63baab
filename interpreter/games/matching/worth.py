"""What each answer of Koi-Koi's question is worth now (K15, K16): a stop is paid what the rule
file's own effects pay when it is played (they run on a copy of the game, so the amount is the
settlement's, never a second reckoning of it); koi is paid nothing now, and keeps the total."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .play import STOP, MatchingState


@dataclass(frozen=True)
class KoiWorth:
    """``stop``: the chips the seat gains if it stops now; ``total``: its role total now."""

    stop: int
    total: int


def koi_worth(game: Any, seat: int) -> Optional[KoiWorth]:
    """The worth of stop and koi for ``seat`` when it is asked (``capture_roles_paid: at_stop``),
    else None."""
    if game.is_terminal or game.current_player != seat:
        return None
    if game.ruleset.kind_rules.capture_roles_paid != "at_stop" or STOP not in game.legal_actions():
        return None
    s = game.round.play
    if not isinstance(s, MatchingState):
        return None
    trial = game.clone()
    trial.apply(STOP)
    return KoiWorth(trial.chips[seat] - game.chips[seat], s.totals.get(seat, 0))
