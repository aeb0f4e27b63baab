"""A deal of the current round consistent with what one seat has seen, for
``resample_from_infostate``.

The play kind's bridge (:mod:`.bridge_registry`) deals it: trick play uses the engine's own
determinization (the cards each goer played, the suits it showed void) and, once roles were
shown, hands that show them; matching play keeps every card the seat has seen where it was seen
(its hand, the field, the cards each seat played from its hand or showed for a hand role, the
stock cards turned so far) and deals the rest at random. Either way the bridge replays the round
on the sampled deal and keeps it only when the seat's information state comes out the same (see
:meth:`~.game.HachiState.resample_from_infostate`).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Optional

from ..interpreter.engine.actions import CHANCE
from ..interpreter.bots.determinize import round_events
from ..interpreter.engine.events import Applied
from .bridge_registry import BRIDGES


def sample_deal(game: Any, seat: int, rng: random.Random) -> Any:
    """A deal of ``game``'s current round that ``seat`` cannot tell from the real one, or None
    when the round has not been dealt yet."""
    events = round_events(game)
    real = next((e.action for e in events if isinstance(e, Applied) and e.seat == CHANCE), None)
    if real is None:
        return None
    return BRIDGES[game.ruleset.play].resample(game, real, events, seat, rng)


def seed_from(sampler: Callable[[], float]) -> Optional[int]:
    """A seed drawn from OpenSpiel's probability sampler (a callable giving floats in [0, 1))."""
    try:
        return int(sampler() * 2 ** 53)
    except TypeError:
        return None
