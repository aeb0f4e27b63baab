"""What going is worth: the heuristic's judgement of a hand at its go or drop (T10-T15, T19-T21).

:mod:`.heuristic` declares with it, and :mod:`.inference` asks it how another seat would have
declared with a candidate hand. It reads only the seat's place (:class:`DeclaringSeat`: a
:class:`~hachihachi.interpreter.engine.view.View` or a rebuilt one), never the engine, so that the
engine's deal samplers may use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Protocol, Sequence

from ....ruleset.model import Ruleset
from ...parts.go_drop.rules import go_drop_rules

# tricks expected from one card, by rank from the top (A, K, Q, J, ...), trump and side suits
_TRUMP_TOP = (1.0, 0.8, 0.6, 0.45)
_TRUMP_LOW = 0.3
_SIDE_TOP = (0.8, 0.4, 0.15)
OTHER_ROLE_VALUE = 1.0          # the role value expected of another goer (T15)
FORCED_OUT_VALUE = 1.5          # points expected per forced-out player and goer (T14)


def expected_tricks(hand: Sequence[int], trump: int | None, ruleset: Ruleset) -> float:
    """A rough count of the tricks ``hand`` takes with ``trump`` as trump (T19)."""
    deck = ruleset.deck
    top = len(deck.ranks) - 1
    suits: dict[int, list[int]] = {s: [] for s in range(len(deck.suits))}
    for c in hand:
        suits[deck.suit(c)].append(top - deck.rank(c))         # 0 for the ace
    total = 0.0
    trumps = sorted(suits.get(trump, [])) if trump is not None else []
    for i, depth in enumerate(trumps):
        value = _TRUMP_TOP[depth] if depth < len(_TRUMP_TOP) else _TRUMP_LOW
        if depth > i + 1:                                     # an unguarded honour is worth less
            value *= 0.7
        total += value
    total += max(0, len(trumps) - 3) * 0.3
    ruffs = 0.0
    for s, depths in suits.items():
        if s == trump:
            continue
        for depth in sorted(depths):
            if depth < len(_SIDE_TOP) and len(depths) > depth:
                total += _SIDE_TOP[depth] * (0.75 if len(depths) >= 5 else 1.0)
        if len(depths) <= 1:
            ruffs += 0.35 if not depths else 0.15
    total += min(ruffs, len(trumps) * 0.35)
    return min(total, float(ruleset.hand_size))


def tricks_among(hand: Sequence[int], trump: int | None, ruleset: Ruleset, goers: int) -> float:
    """Tricks expected among ``goers`` goers (the raw count, calibrated on seeded self-play)."""
    share = ruleset.hand_size / goers
    base = expected_tricks(hand, trump, ruleset) + 1.0 + 0.8 * (share - ruleset.hand_size / 3)
    return min(max(base, 0.0), float(ruleset.hand_size))


class DeclaringSeat(Protocol):
    """What :func:`go_value` reads of a seat about to declare: a :class:`View`, or the place of
    another seat at its declaration as :mod:`.inference` rebuilds it."""

    @property
    def hand(self) -> Sequence[int]: ...
    @property
    def multiplier(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def declarations(self) -> Sequence[tuple[int, bool]]: ...
    @property
    def goers(self) -> Sequence[int]: ...
    @property
    def dropped(self) -> Sequence[int]: ...
    @property
    def trump(self) -> Optional[int]: ...
    @property
    def indicator(self) -> Optional[int]: ...
    @property
    def pot(self) -> int: ...


@dataclass(slots=True)
class Place:
    """A seat's place at its declaration (what :func:`go_value` reads): a seat's own from its
    view (:func:`place_of`), or another's as :mod:`.inference` rebuilds it, the hand set in turn
    to each candidate."""

    hand: Sequence[int]
    multiplier: int
    players: int
    declarations: Sequence[tuple[int, bool]]
    goers: Sequence[int]
    dropped: Sequence[int]
    trump: Optional[int]
    indicator: Optional[int]
    pot: int


def place_of(view: Any) -> Place:
    """The place of the seat of ``view`` (a :class:`View` of the trick game, whose ``play`` has the
    indicator and the trump)."""
    return Place(view.hand, view.multiplier, view.players, view.declarations, view.goers, view.dropped,
                 view.play.trump, view.play.indicator, view.pot)


def go_value(ruleset: Ruleset, view: DeclaringSeat) -> float:
    """The points going is expected to win or lose this round (before the multiplier is known as fee)."""
    hand, mult = view.hand, view.multiplier
    players = view.players
    undeclared = players - len(view.declarations) - 1
    max_goers = go_drop_rules(ruleset).declaration.max_goers
    goers = min(max_goers, len(view.goers) + 1 + round(0.45 * undeclared))
    if goers == 1:
        return float(view.pot)                                 # T17: a lone goer takes the pot
    tricks = tricks_among(hand, view.trump, ruleset, goers)
    share = ruleset.hand_size / goers
    per: int = ruleset.kind_rules.trick_settlement.per_trick      # the trick game's own section (T20)
    value = per * (goers * tricks - ruleset.hand_size) * mult                  # T20
    roles = ruleset.evaluator.values(hand, view.trump, view.indicator)
    value += (goers - 1) * (roles.go - OTHER_ROLE_VALUE) * mult                # T15
    forced = max(0, players - len(view.dropped) - goers - 0.5 * undeclared)
    value -= forced * FORCED_OUT_VALUE * mult                                  # T14
    p_pot = min(1.0, max(0.0, 1 / goers + (tricks - share) / 3))
    if not view.goers:
        p_pot = min(1.0, p_pot + 0.1)                          # T21: the earliest goer wins ties
    expected_fees = 0.5 * undeclared * go_drop_rules(ruleset).declaration.drop_fee.fee(len(view.dropped)) * mult
    return value + p_pot * (view.pot + expected_fees)                          # T21


def drop_cost(ruleset: Ruleset, view: DeclaringSeat) -> int:
    """T11: the fee this seat pays into the pot if it drops now, times the field (T9)."""
    return go_drop_rules(ruleset).declaration.drop_fee.fee(len(view.dropped)) * view.multiplier
