"""The hanafuda game in the bridge (``python_hanafuda_hachihachi``): the hands, the field face
up, then the stock top first (H4); resampling keeps every card a seat has seen where it saw it;
captures have their own action ids."""

from __future__ import annotations

import random
from typing import Any, Optional, Sequence

from ...engine.draws import shuffle
from ...engine.events import RolesShown
from .phases import HanaDeal
from .play import ROLE_ANSWERS, Capture, Captured
from ....ruleset.model import Ruleset


class MatchingBridge:
    kind = "matching"
    short_name = "python_hanafuda_hachihachi"
    yes_no: tuple[Any, ...] = ()
    defaults = {"rules": "hanafuda_hachihachi", "players": 3, "rounds": 0}
    seats = (3, 3)
    stock = True

    def face_up(self, ruleset: Ruleset) -> int:
        return int(ruleset.kind_rules.field_cards)

    def build(self, hands: tuple[tuple[int, ...], ...], up: Sequence[int], rest: Sequence[int]) -> HanaDeal:
        return HanaDeal(hands, tuple(sorted(up)), tuple(rest))

    def after_hands(self, deal: Any) -> list[int]:
        return sorted(deal.field) + list(deal.stock)

    def shown(self, deal: Any) -> list[int]:
        return sorted(deal.field)

    def resample(self, game: Any, real: Any, events: Sequence[object], seat: int,
                 rng: random.Random) -> HanaDeal:
        """Every card ``seat`` has seen stays where it saw it (its hand, the field, the cards each
        seat played from its hand or showed for a hand role, the stock cards turned so far); the
        rest is dealt at random."""
        known: dict[int, list[int]] = {s: [] for s in range(len(real.hands))}
        turned: list[int] = []
        for e in events:
            if isinstance(e, Captured) and e.turned:
                turned.append(e.card)
            elif isinstance(e, Captured):
                known[e.seat].extend(c for c in (e.card,) if c not in known[e.seat])
            elif isinstance(e, RolesShown) and not e.captured:
                known[e.seat].extend(c for c in e.cards if c not in known[e.seat])
        known[seat] = list(real.hands[seat])
        placed = {c for cs in known.values() for c in cs} | set(real.field) | set(turned)
        pool = [c for h in real.hands for c in h if c not in placed] + [c for c in real.stock if c not in placed]
        shuffle(pool, rng)
        hands = []
        for s, hand in enumerate(real.hands):
            take = len(hand) - len(known[s])
            hands.append(tuple(sorted(known[s] + pool[:take])))
            del pool[:take]
        return HanaDeal(tuple(hands), real.field, tuple(turned) + tuple(pool))

    def encode(self, action: Any) -> Optional[tuple[int, int]]:
        return (action.card, action.target) if isinstance(action, Capture) else None

    def decode(self, card: int, target: int) -> Capture:
        return Capture(card, target)

    def describe(self, action: Any, name: Any) -> Optional[str]:
        if isinstance(action, Capture):
            return f"capture {name(action.target)} with {name(action.card)}"
        return None


    def answers(self, ruleset: Ruleset) -> tuple[Any, ...]:
        """H18 ``after_capture_role: choose``: stop, or play on."""
        return ROLE_ANSWERS if ruleset.kind_rules.after_capture_role == "choose" else ()


BRIDGE = MatchingBridge()
