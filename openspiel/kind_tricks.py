"""The trick game in the bridge (``python_hachihachi_trick``): the hands, then the indicator
face up; resampling keeps what a seat has seen of the other hands (T14, T15, T19)."""

from __future__ import annotations

import random
from typing import Any, Optional, Sequence

from ..interpreter.actions import Deal
from ..interpreter.bots.determinize_tricks import sample_trick_deal
from ..interpreter.bots.knowledge import Knowledge, knowledge
from ..interpreter.events import RolesShown
from ..ruleset.errors import HachiError
from ..ruleset.model import PlayKind, Ruleset

SEAT_ATTEMPTS = 50


class TrickBridge:
    kind = PlayKind.TRICKS
    short_name = "python_hachihachi_trick"
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
        shown = {e.seat: e.roles for e in events if isinstance(e, RolesShown)}
        if not shown:
            return sample_trick_deal(game, seat, events, rng)
        return _trick_deal(game, real, seat, events, shown, rng)

    def encode(self, action: Any) -> Optional[tuple[int, int]]:
        return None

    def decode(self, card: int, target: int) -> Any:
        raise HachiError("trick play has no capture actions")

    def describe(self, action: Any, name: Any) -> Optional[str]:
        return None


TRICKS = TrickBridge()


def _trick_deal(game: Any, real: Deal, seat: int, events: Sequence[object], shown: dict[int, tuple[str, ...]],
                rng: random.Random) -> Deal:
    """Like the engine's ``sample_hidden``, and each hand also shows the roles its seat showed
    (T14, T15): sampled seat by seat, so that rare roles do not make whole deals fail."""
    k = knowledge(game.view(seat), game.ruleset.deck)
    others = sorted((s for s in range(game.players) if s != seat),
                    key=lambda s: (s not in shown, -len(k.voids.get(s, ())), s))
    for _ in range(SEAT_ATTEMPTS):
        hands, left = {seat: tuple(real.hands[seat])}, set(k.unseen)
        for s in others:
            hand = _hand_for(game, k, s, left, shown.get(s), rng)
            if hand is None:
                break
            hands[s] = hand
            left.difference_update(hand)
        else:
            return Deal(tuple(hands[s] for s in range(game.players)), real.indicator)
    return sample_trick_deal(game, seat, events, rng)     # a deal the replay check is likely to refuse


def _hand_for(game: Any, k: Knowledge, s: int, left: set[int], roles: Optional[tuple[str, ...]],
              rng: random.Random) -> Optional[tuple[int, ...]]:
    """A hand for seat ``s`` as dealt: the cards it played, the rest from ``left`` outside the
    suits it showed void in, showing ``roles`` (unless None); None when none was found."""
    rules, r = game.ruleset, game.round
    played = list(k.played_by.get(s, ()))
    voids = k.voids.get(s, frozenset())
    allowed = sorted(c for c in left if rules.deck.suit(c) not in voids)
    need = rules.hand_size - len(played)
    if len(allowed) < need:
        return None
    for _ in range(SEAT_ATTEMPTS):
        hand = tuple(sorted(played + rng.sample(allowed, need)))
        if roles is None or rules.evaluator.values(hand, r.trump, r.indicator).ids == roles:
            return hand
    return None
