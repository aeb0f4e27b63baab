"""The trick game in the bridge (``python_hachihachi_trick``): the hands, then the indicator
face up; resampling keeps what a seat has seen of the other hands (T14, T15, T19)."""

from __future__ import annotations

import random
from typing import Any, Optional, Sequence

from .actions import CallMizuten, Deal
from .determinize import sample_showing, sample_trick_deal
from .knowledge import knowledge
from ...engine.events import RolesShown
from ....ruleset.errors import HachiError
from ....ruleset.model import Ruleset

SEAT_ATTEMPTS = 50


class TrickBridge:
    kind = "tricks"
    short_name = "python_hachihachi_trick"
    yes_no = (CallMizuten(False), CallMizuten(True))
    defaults = {"rules": "hachihachi_trick", "players": 3, "rounds": 0}
    seats = (3, 7)
    stock = False

    def face_up(self, ruleset: Ruleset) -> int:
        return 1                                    # the indicator (T7)

    def build(self, hands: tuple[tuple[int, ...], ...], up: Sequence[int], rest: Sequence[int]) -> Deal:
        return Deal(hands, up[0])

    def after_hands(self, deal: Any) -> list[int]:
        return [deal.indicator]

    def shown(self, deal: Any) -> list[int]:
        return [deal.indicator]

    def resample(self, game: Any, real: Any, events: Sequence[object], seat: int, rng: random.Random) -> Deal:
        """The engine's determinization (the cards each goer played, the suits it showed void),
        and once roles were shown, hands that show them."""
        shown = {e.seat: e.roles for e in events if isinstance(e, RolesShown) and e.seat != seat}
        if shown:
            k = knowledge(game.view(seat), game.ruleset.deck)
            deal = sample_showing(game, seat, k, shown, rng, deals=SEAT_ATTEMPTS, tries=SEAT_ATTEMPTS)
            if deal is not None:
                return deal
        return sample_trick_deal(game, seat, events, rng)     # a deal the replay check is likely to refuse

    def encode(self, action: Any) -> Optional[tuple[int, int]]:
        return None

    def decode(self, card: int, target: int) -> Any:
        raise HachiError("trick play has no capture actions")

    def describe(self, action: Any, name: Any) -> Optional[str]:
        if isinstance(action, CallMizuten):
            return "call mizuten" if action.call else "no mizuten"
        return None

    def answers(self, ruleset: Ruleset) -> tuple[Any, ...]:
        return ()


BRIDGE = TrickBridge()
