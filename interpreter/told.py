"""Told rounds: what a table tells in place of a deal and a play (the scorekeeper, issue 13).

A round played with real cards is settled by the ruleset's own phases. Only the deal and the play
are replaced, by phases that take what the table saw instead of every card: the turned card (or
the field cards) and the hands laid open or the roles claimed (:class:`ToldDeal`), then the
tricks of each goer (:class:`ToldTricks`), or in hanafuda the capture role that stopped the round
(:class:`ToldCapture`) or the card points taken (:class:`ToldPoints`). They leave the round state
the settlement phases read, so no settlement is written twice.

>>> from hachihachi.ruleset.loader import load_ruleset
>>> g = told_game(load_ruleset("hachihachi_trick"), players=3, start=0)
>>> g.phase.value
'mizuten_call'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from ..ruleset.errors import IllegalAction
from ..ruleset.model import Phase, PlayKind, Ruleset
from ..ruleset.roles import RoleHit, RoleResult, resolve_roles
from .actions import CHANCE, Deal
from .game import Game
from .kinds import PLAYED
from .phases import build_phases
from .phases.base import PhaseRule
from .phases.deal import DealPhase
from .phases.hanafuda import CardScoring, HanaDeal, HanafudaDeal, HandRoles
from .play.matching import MatchingEngine, MatchingState, Stage
from .play.tricks import TrickState

__all__ = ["Claim", "ToldDeal", "ToldTricks", "ToldCapture", "ToldPoints", "told_game", "claimed"]


@dataclass(frozen=True)
class Claim:
    """A hand not laid open: the roles its holder claims and, when forced out, the aces (T14)."""

    roles: tuple[str, ...] = ()
    aces: int = 0


Hand = Union[tuple[int, ...], Claim]


@dataclass(frozen=True)
class ToldDeal:
    """What the table saw of the deal: per seat the hand laid open or a :class:`Claim`; the turned
    card (trick game) or the field cards (hanafuda), or else the field by its id."""

    hands: tuple[Hand, ...]
    indicator: Optional[int] = None
    field_cards: tuple[int, ...] = ()
    field: Optional[str] = None


@dataclass(frozen=True)
class ToldTricks:
    """T19 as told: the tricks each goer took, as (seat, tricks)."""

    tricks: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class ToldCapture:
    """H18 as told: ``seat`` made the capture role(s) ``roles``; ``points``: the card points
    captured when it stopped, as (seat, points), for a pot that goes by points."""

    seat: int
    roles: tuple[str, ...]
    points: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class ToldPoints:
    """H21 as told: card points per seat; chaff counted for 素十六 (H19); who made 飛び込み (H12)."""

    points: tuple[tuple[int, int], ...]
    chaff: tuple[tuple[int, int], ...] = ()
    tobikomi: tuple[int, ...] = ()


def resolve_claim(table, ids):
    """The roles of a claim, resolved as a hand holding exactly them would be (groups, combos).

    A claimed combo stands for the roles it combines.
    """
    wanted = set(ids)
    for combo in table.combos:
        if combo.id in wanted:
            wanted |= set(combo.roles)
    return resolve_roles(table, [role.id in wanted for role in table.roles])


def claimed(table, ids) -> RoleResult:
    """:func:`resolve_claim` as a role result, with no cards shown."""
    res = resolve_claim(table, ids)
    return RoleResult(tuple(RoleHit(h.id, h.go, h.forced, ()) for h in res.hits), res.go, res.forced)


class ToldRoles:
    """Stands in for a phase's role cache: a laid-open hand is evaluated, a claim is taken at its word."""

    def __init__(self, cache, ruleset: Ruleset):
        self.cache, self.ruleset = cache, ruleset
        classes = list(ruleset.forced_out.per_card)
        self.ace_class = "ace" if "ace" in classes else (classes[0] if classes else None)

    def values(self, hand, trump, indicator):
        if isinstance(hand, Claim):
            return resolve_claim(self.ruleset.roles, hand.roles)
        return self.cache.values(hand, trump, indicator)

    def count_class(self, name: str, hand, trump, indicator) -> int:
        if isinstance(hand, Claim):
            return hand.aces if name == self.ace_class else 0
        return self.cache.count_class(name, hand, trump, indicator)


class _Told:
    """Whatever the table tells is checked by the sheet reader; here only its kind."""

    def __init__(self, kinds):
        self.kinds = kinds

    def __contains__(self, action) -> bool:
        return isinstance(action, self.kinds)

    def __repr__(self) -> str:
        return " or ".join(k.__name__ for k in self.kinds)


def _spread(t, action: ToldDeal) -> None:
    r = t.round
    r.dealt = tuple(action.hands)
    r.hands = [list(h) if not isinstance(h, Claim) else [] for h in action.hands]


class ToldDealPhase(DealPhase):
    """T7, T8 as told: the turned card sets trump and the field, or the field is named."""

    def legal(self, t):
        return _Told((ToldDeal,))

    def check(self, t, action) -> None:
        if action not in self.legal(t):
            raise IllegalAction(f"{action!r} is not what a table tells of a deal")

    def apply(self, t, action: ToldDeal) -> None:
        if action.indicator is not None:
            super().apply(t, Deal(((),) * t.players, action.indicator))
        else:
            t.round.field = next((f for f in self.ruleset.fields if f.id == action.field), None)
        _spread(t, action)


class ToldHanaDeal(HanafudaDeal):
    """H4-H6 as told: the six field cards make the field, or the field is named (one card of a
    named field stands for it, so the binding of the last round still applies, H6)."""

    def legal(self, t):
        return _Told((ToldDeal,))

    def check(self, t, action) -> None:
        ToldDealPhase.check(self, t, action)

    def apply(self, t, action: ToldDeal) -> None:
        cards = action.field_cards
        if action.field is not None:
            cards = self.ruleset.hanafuda.field_by_id(action.field).cards[:1]
        super().apply(t, HanaDeal(((),) * t.players, tuple(cards), ()))
        _spread(t, action)


class ToldHandRoles(HandRoles):
    """H8-H11 with claimed hand roles."""

    def roles_of(self, t, seat: int):
        hand = t.round.dealt[seat]
        return claimed(self.ruleset.roles, hand.roles) if isinstance(hand, Claim) else super().roles_of(t, seat)


class ToldCardScoring(CardScoring):
    """H12, H19-H21 from the told card points, chaff and 飛び込み."""

    def card_points(self, s) -> dict[int, int]:
        told = dict(s.told.points)
        return {seat: told.get(seat, 0) for seat in s.order}

    def chaff(self, s, seat: int) -> int:
        return dict(s.told.chaff).get(seat, 0)

    def took_three(self, t, s, seat: int) -> bool:
        return seat in s.told.tobikomi


class ToldPlay(PhaseRule):
    """T19 / H14-H18 as told: the table tells the result of the play in one action."""

    phase = Phase.PLAY

    def __init__(self, ruleset):
        super().__init__(ruleset)
        self.matching = MatchingEngine(ruleset) if ruleset.play is PlayKind.MATCHING else None

    def applies(self, t) -> bool:
        return t.round.kind in PLAYED

    def enter(self, t) -> None:
        r = t.round
        if self.matching is None:
            r.play = TrickState(goers=list(r.goers), leader=r.goers[0])
        else:
            self.matching.start(t)
            r.play.stage, r.play.told = Stage.PLAY, None

    def actor(self, t):
        p = t.round.play
        done = bool(t.round.tricks_won) if self.matching is None else p.stage is Stage.OVER
        return None if done else CHANCE

    def legal(self, t):
        return _Told((ToldTricks,) if self.matching is None else (ToldCapture, ToldPoints))

    def check(self, t, action) -> None:
        if action not in self.legal(t):
            raise IllegalAction(f"{action!r} is not what a table tells of this play ({self.legal(t)!r})")

    def apply(self, t, action) -> None:
        r = t.round
        if isinstance(action, ToldTricks):
            r.tricks_won = {g: dict(action.tricks).get(g, 0) for g in r.goers}
            return
        s: MatchingState = r.play
        s.told = action
        if isinstance(action, ToldCapture):
            table = self.ruleset.hanafuda.capture_roles
            self.matching._stop(t, s, action.seat, claimed(table, action.roles))
        s.stage = Stage.OVER

    def standing(self, t) -> dict[int, int]:
        """What the pot goes by (T21): the told tricks, or the told card points."""
        r = t.round
        if self.matching is None:
            return r.tricks_won
        told = getattr(r.play, "told", None)
        points = dict(getattr(told, "points", ()) or ())
        return {g: points.get(g, 0) for g in r.goers} if told is not None else {}

    standing_unit = property(lambda self: "tricks" if self.matching is None else "card points")


_TOLD = {Phase.DEAL: ToldDealPhase, Phase.HANAFUDA_DEAL: ToldHanaDeal, Phase.HAND_ROLES: ToldHandRoles,
         Phase.CARD_SCORING: ToldCardScoring, Phase.PLAY: ToldPlay}


def told_phases(ruleset: Ruleset) -> tuple[PhaseRule, ...]:
    """The ruleset's phases, with the deal and the play (and the hanafuda phases that read cards
    the table does not tell) taking what the table told."""
    phases = tuple(_TOLD[p.phase](ruleset) if p.phase in _TOLD else p for p in build_phases(ruleset))
    play = next((p for p in phases if isinstance(p, ToldPlay)), None)
    for p in phases:
        if hasattr(p, "roles"):
            p.roles = ToldRoles(p.roles, ruleset)
        if p.phase is Phase.POT and play is not None:
            p.engine = play
    return phases


def told_game(ruleset: Ruleset, players: int, start: int, rounds: Optional[int] = None) -> Game:
    """A game whose rounds are told (see the module's doc), settled by the ruleset's phases."""
    return Game(ruleset, players, start=start, rounds=rounds, phases=told_phases(ruleset))
