"""The hanafuda-only phases of a matching round: the deal and field (H4-H6), hand roles paid at
the start (H8-H11), and the end of a round played out (H12, H13, H19-H21)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property
from operator import indexOf
from typing import Any, Iterable, Mapping, Optional, Protocol, Sequence

from ...ruleset.hanafuda_rules import HanaField, HanafudaRules
from ...ruleset.model import Phase, Ruleset, TransferKind
from ...ruleset.roles import RoleResult
from ..actions import ActionBase
from ..draws import shuffle
from ..events import FieldMade, RolesShown
from ..kinds import PLAYED, RoundKind
from ..play.matching import MatchingState, seat_goers
from ..state import RoundState, Table
from .base import PhaseRule
from .deal import ChancePhase


@dataclass(frozen=True)
class HanaDeal(ActionBase):
    """H4, the chance action: one hand per seat (seat order), the field cards, the stock (top first)."""

    hands: tuple[tuple[int, ...], ...]
    field: tuple[int, ...]
    stock: tuple[int, ...]

    def told(self, deck: Any) -> str:
        return "the deal"


@dataclass(frozen=True)
class FieldCarried:
    """``hanafuda.carry_brights``: the field cards of round ``round`` made more than one field;
    the strongest made this round's, ``field`` (the next strongest, made by ``cards``) is carried
    to the next round, which is at least that field (like H6)."""

    round: int
    field: str
    cards: tuple[int, ...]


@dataclass(frozen=True)
class RoundScored:
    """H19-H21: card points per seat, the special roles made, whether hand roles were blown out."""

    round: int
    points: tuple[int, ...]
    specials: tuple[tuple[str, int, int], ...]      # (role, seat, value in kan)
    fukikeshi: bool


class Piles(Protocol):
    """What card scoring reads of a round's play (a :class:`MatchingState`, or a told round's):
    the seats that played, in order, and the cards each captured."""

    @property
    def order(self) -> Sequence[int]: ...

    @property
    def captures(self) -> Mapping[int, Sequence[int]]: ...


class DealtRound(Protocol):
    @property
    def dealt(self) -> Optional[tuple[tuple[int, ...], ...]]: ...


class DealtTable(Protocol):
    """What H12 reads of a table: the hands as dealt (a :class:`Table`, or a told round's)."""

    @property
    def round(self) -> DealtRound: ...


class HanaDealSpace:
    """Every valid hanafuda deal for a table: supports ``in`` and sampling."""

    def __init__(self, ruleset: Ruleset, players: int) -> None:
        self.ruleset, self.players = ruleset, players
        self._month = ruleset.hanafuda.deck.rank_table      # each card's month

    def sample(self, rng: random.Random) -> HanaDeal:
        n, f = self.ruleset.hand_size, self.ruleset.hanafuda.field_cards
        dealt = self.players * n
        cards = list(self.ruleset.deck.cards)
        while True:
            shuffle(rng, cards)                         # rng.shuffle's very order, drawn faster
            hands = tuple([tuple(sorted(cards[i:i + n])) for i in range(0, dealt, n)])
            field = tuple(sorted(cards[dealt:dealt + f]))
            if self._four(field) is None:               # field_four: redeal
                return HanaDeal(hands, field, tuple(cards[dealt + f:]))

    def _four(self, field: Iterable[int]) -> Optional[int]:
        months = list(map(self._month.__getitem__, field))
        if len(set(months)) > len(months) - 3:
            return None                 # no month four times (most fields), told without counting
        return next((m for m in months if months.count(m) == 4), None)

    def problem(self, deal: object) -> Optional[str]:
        if not isinstance(deal, HanaDeal):
            return f"{deal!r} is not a hanafuda deal"
        deck, n = self.ruleset.deck, self.ruleset.hand_size
        if len(deal.hands) != self.players or any(len(h) != n for h in deal.hands):
            return f"the deal must give {n} cards to each of {self.players} seats"
        if len(deal.field) != self.ruleset.hanafuda.field_cards:
            return f"the field must have {self.ruleset.hanafuda.field_cards} cards"
        every = [c for h in deal.hands for c in h] + list(deal.field) + list(deal.stock)
        if sorted(every) != list(deck.cards):
            return "the hands, field and stock must hold every card of the deck exactly once"
        if self._four(deal.field) is not None:
            return "the field holds all four cards of a month (dealt again)"
        return None

    def __contains__(self, deal: object) -> bool:
        return self.problem(deal) is None

    def __repr__(self) -> str:
        return f"<any hanafuda deal to {self.players} seats>"


def _last_binding(t: Table) -> Optional[str]:
    """H6: the field the previous round bound this one to, read from the log (a field carried by
    the brights left on its field, ``carry_brights``, binds it too; the stronger one counts)."""
    last, rules, events = t.round.index - 1, t.ruleset.hanafuda, t.events
    try:    # the log's last FieldMade, sought from the end in C (the exact type: events are not subclassed)
        at = len(events) - 1 - indexOf(map(type, reversed(events)), FieldMade)
    except ValueError:
        return None
    found: list[Optional[str]] = []
    e: Any
    for e in events[at:]:                   # the last round's field, and the field carried beside it
        kind = type(e)
        if (kind is not FieldMade and kind is not FieldCarried) or e.round != last:
            break
        found.append(e.binds_next if kind is FieldMade else e.field)
    found = [f for f in found if f is not None]
    if not found:
        return None
    return max(found, key=lambda f: rules.field_by_id(f).field.multiplier)


class HanafudaDeal(ChancePhase):
    """H4: the deal of a matching round: hands, the field cards and the stock."""

    phase = Phase.HANAFUDA_DEAL

    def space(self, players: int) -> HanaDealSpace:
        return HanaDealSpace(self.ruleset, players)

    def apply(self, t: Table, action: HanaDeal) -> None:
        r, rules = t.round, self.ruleset.hanafuda
        r.dealt = tuple(tuple(h) for h in action.hands)
        r.hands = list(map(sorted, action.hands))           # kept sorted: legal cards come in order
        made = rules.field_of(action.field)
        bound = _last_binding(t)
        from_binding = False
        if bound is not None:
            b = rules.field_by_id(bound)
            if b.field.multiplier > made.field.multiplier:
                made, from_binding = b, True
        r.field = made.field
        binds = rules.bound_field(action.field)
        t.emit(FieldMade(r.index, made.field.id, made.field.multiplier, from_binding,
                         binds.field.id if binds else None))
        if rules.carry_brights:
            carry_field(t, rules, action.field, made)
        order = tuple(rules.play_order(r.seats_from_start()))
        if Phase.DECLARATIONS not in self.ruleset.round:     # no declarations: every seat plays (H2)
            r.kind = RoundKind.THREE_GOERS
            r.goers = list(order)
        r.play = MatchingState(list(action.field), list(action.stock), order, {s: [] for s in order})


def carry_field(t: Table, rules: HanafudaRules, field_cards: Iterable[int], made: HanaField) -> None:
    """``carry_brights`` (持ち越し): when the field cards make more than one field kind (a 大場
    bright and a 絶場 bright together), the round takes the strongest and the next strongest is
    carried to the next round."""
    on = set(field_cards)
    kinds = sorted({f for f in rules.fields if on.intersection(f.cards) and f.field.id != made.field.id},
                   key=lambda f: -f.field.multiplier)
    if kinds:
        carried = kinds[0]
        t.emit(FieldCarried(t.round.index, carried.field.id, tuple(sorted(on.intersection(carried.cards)))))


class HandRoles(PhaseRule):
    """H8-H11: each player's hand roles, shown and paid by every other player at the start."""

    phase = Phase.HAND_ROLES

    def applies(self, t: Table) -> bool:
        return t.round.play is not None and t.round.kind in PLAYED

    def enter(self, t: Table) -> None:
        seat_goers(t)
        r, s = t.round, t.round.play
        for seat in s.order:
            res = s.hand_roles[seat] = self.roles_of(t, seat)      # told games' claimed roles too
            roles = res.roles
            if not roles:
                continue
            cards = tuple(sorted(roles[0].cards if len(roles) == 1 else {c for h in roles for c in h.cards}))
            t.emit(RolesShown(r.index, seat, res.ids, res.go, cards))
        if self.ruleset.hanafuda.settle == "at_start":
            pay_hand_roles(t, s)

    def roles_of(self, t: Table, seat: int) -> RoleResult:
        """The hand roles of ``seat`` (a :class:`~hachihachi.ruleset.roles.RoleResult`)."""
        return self.ruleset.evaluator.evaluate(t.round.hands[seat])


def pay_hand_roles(t: Table, s: MatchingState) -> None:
    """H11: every other player pays each holder its hand roles' value (at the start, or with
    ``hand_roles.settle: at_end`` when the round ends)."""
    kan = t.ruleset.hanafuda.kan
    for seat, res in s.hand_roles.items():
        if not res.go:
            continue
        value, note = res.go * kan, f"hand roles {'+'.join(res.ids)}"
        for other in s.order:
            if other != seat:
                t.pay(TransferKind.ROLES, other, seat, value, note)


class CardScoring(PhaseRule):
    """The end of a round played out: special roles (H19) and 吹き消し (H20), card points
    against par (H21), 飛び込み (H12) and 抜け役 (H13)."""

    phase = Phase.CARD_SCORING

    def applies(self, t: Table) -> bool:
        s, rules = t.round.play, self.ruleset.hanafuda
        late = rules.settle == "at_end" and rules.after_capture_role == "stop"
        return s is not None and (s.stopped is None or late) and t.round.kind in PLAYED

    def enter(self, t: Table) -> None:
        r, s, rules = t.round, t.round.play, self.ruleset.hanafuda
        if s.stopped is not None:           # settle: at_end, a capture role stopped the round
            pay_hand_roles(t, s)
            return
        kan = rules.kan
        points = self.card_points(s)
        specials = self._specials(r, s, points)
        blown = bool(specials) and rules.fukikeshi
        t.emit(RoundScored(r.index, tuple(points.get(i, 0) for i in range(t.players)), tuple(specials), blown))
        for role, seat, value in specials:
            for other in s.order:
                if other != seat:
                    t.pay(TransferKind.SPECIAL_ROLES, other, seat, value * kan, f"special role {role}")
        if blown and rules.settle == "at_start":
            self._refund_hand_roles(t, s)
        if not blown and rules.settle == "at_end":
            pay_hand_roles(t, s)
        self._card_points(t, s, points)
        if not blown:
            self._bonuses(t, s, points)

    def card_points(self, s: Piles) -> dict[int, int]:
        """The card points each seat captured (H1)."""
        deck = self.ruleset.hanafuda.deck
        return {seat: deck.points_of(s.captures[seat]) for seat in s.order}

    def chaff(self, s: Piles, seat: int) -> int:
        """H19 sujuroku: the chaff ``seat`` captured, willow cards counted as chaff."""
        return len(self._chaff.intersection(s.captures[seat]))     # a pile holds each card once

    @cached_property
    def _chaff(self) -> frozenset[int]:
        """The cards H19 counts as chaff: the chaff and the changeling month's cards."""
        deck, month = self.ruleset.hanafuda.deck, self.ruleset.hanafuda.changeling_month
        return frozenset(c for c in deck.cards if deck.kind(c) == "chaff" or deck.month(c) == month)

    def took_three(self, t: DealtTable, s: Piles, seat: int) -> bool:
        """H12 tobikomi: ``seat`` captured the three cards of a month it was dealt."""
        assert t.round.dealt is not None        # scored after the deal
        deck, dealt = self.ruleset.deck, t.round.dealt[seat]
        months = list(map(deck.rank, dealt))
        three = [c for c, m in zip(dealt, months) if months.count(m) == 3]
        return bool(three) and set(three) <= set(s.captures[seat])

    def _specials(self, r: RoundState, s: MatchingState, points: dict[int, int]) -> list[tuple[str, int, int]]:
        rules = self.ruleset.hanafuda
        sp, par = rules.specials, rules.par
        out: list[tuple[str, int, int]] = []
        if "sohachi" in sp and all(p == par for p in points.values()):
            out.append(("sohachi", r.start, sp["sohachi"].value))
        if "nihachi" in sp:
            n = sp["nihachi"]
            for seat, p in points.items():
                if p - par >= n.over:
                    out.append(("nihachi", seat, n.value + n.per_point * (p - par - n.over)))
        if "sujuroku" in sp:
            n = sp["sujuroku"]
            for seat in s.order:
                chaff = self.chaff(s, seat)
                if chaff >= n.chaff:
                    out.append(("sujuroku", seat, n.value + n.per_extra * (chaff - n.chaff)))
        return out

    @cached_property
    def _bonus_roles(self) -> tuple[frozenset[str], frozenset[str]]:
        """The hand roles of H12 (tobikomi) and H13 (nuke), read once."""
        rules = self.ruleset.hanafuda
        return frozenset(rules.tobikomi.roles), frozenset(rules.nuke.roles)

    def _refund_hand_roles(self, t: Table, s: MatchingState) -> None:
        kan = self.ruleset.hanafuda.kan
        for seat, res in s.hand_roles.items():
            for other in s.order:
                if other != seat and res.go:
                    t.pay(TransferKind.ROLES, seat, other, res.go * kan, "hand roles blown out (fukikeshi)")

    def _card_points(self, t: Table, s: MatchingState, points: dict[int, int]) -> None:
        """H21: points minus par; those under par pay those over it, seat by seat."""
        par = self.ruleset.hanafuda.par
        debt = [[seat, par - p] for seat, p in points.items() if p < par]
        credit = [[seat, p - par] for seat, p in points.items() if p > par]
        for d in debt:
            for c in credit:
                amount = min(d[1], c[1])
                if amount:
                    t.pay(TransferKind.CARD_POINTS, d[0], c[0], amount, "card points")
                    d[1] -= amount
                    c[1] -= amount

    def _bonuses(self, t: Table, s: MatchingState, points: dict[int, int]) -> None:
        rules, kan = self.ruleset.hanafuda, self.ruleset.hanafuda.kan
        tobikomi, nuke = self._bonus_roles
        for seat, res in s.hand_roles.items():
            bonus = 0
            if not tobikomi.isdisjoint(res.ids) and self.took_three(t, s, seat):
                bonus += rules.tobikomi.bonus
            if not nuke.isdisjoint(res.ids) and points[seat] > rules.nuke.above:
                bonus += rules.nuke.bonus
            for other in s.order:
                if other != seat and bonus:
                    t.pay(TransferKind.ROLES, other, seat, bonus * kan, "tobikomi/nuke bonus")
