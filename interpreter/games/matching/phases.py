"""The hanafuda-only phases of a matching round: the deal and field (H4-H6), hand roles paid at
the start (H8-H11), and the end of a round played out (H12, H13, H19-H21)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import repeat
from operator import indexOf
from typing import Any, Callable, Iterable, Mapping, Optional, Protocol, Sequence, cast

from .rules import HanaField, HanafudaRules
from ....ruleset.model import Ruleset, TransferReason
from .rules import MatchingPhase, MatchingTransfer
from ....ruleset.roles import RoleResult
from ...engine.actions import ActionBase
from ...engine.draws import shuffle
from ....ruleset.effects import Effect, Pay
from ...engine.events import FieldMade, RolesShown, Transfer
from ...engine.phases.effects import Readers, TableFacts, folded_effects, readers_for, run_effects
from .deck import HanafudaDeck
from .play import MatchingState, seat_goers
from ...engine.state import DealtHand, Table
from ...engine.phases.base import PhaseRule
from ...engine.phases.chance import ChancePhase


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
class SatOut:
    """``hanafuda.sit_out`` (H2's setting): ``seats`` sit round ``round`` out: dealt no hand, they
    show, capture, pay and are paid nothing."""

    round: int
    seats: tuple[int, ...]


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
    def dealt(self) -> Optional[tuple[DealtHand, ...]]: ...


class DealtTable(Protocol):
    """What H12 reads of a table: the hands as dealt (a :class:`Table`, or a told round's)."""

    @property
    def round(self) -> DealtRound: ...


class HanaDealSpace:
    """Every valid hanafuda deal for a table: supports ``in`` and sampling."""

    def __init__(self, ruleset: Ruleset, players: int, sitting: tuple[int, ...] = ()) -> None:
        self.ruleset, self.players, self.sitting = ruleset, players, sitting
        self._month = ruleset.kind_rules.deck.rank_table      # each card's month
        n, f = ruleset.hand_size, ruleset.kind_rules.field_cards
        dealt = (players - len(sitting)) * n                # sit_out: a seat sitting out is dealt no hand
        # where a shuffled deck is cut: a hand per seat, the field cards, the stock (made once)
        hands, at = [], 0
        for seat in range(players):
            hands.append(slice(at, at) if seat in sitting else slice(at, at + n))
            at += 0 if seat in sitting else n
        self._hands = tuple(hands)
        self._field, self._stock = slice(dealt, dealt + f), slice(dealt + f, None)
        self._redeal = ruleset.kind_rules.field_four == "redeal"     # K5: else the dealer wins it

    def sample(self, rng: random.Random) -> HanaDeal:
        cards = list(self.ruleset.deck.cards)
        while True:
            shuffle(cards, rng)
            field = tuple(sorted(cards[self._field]))
            if not self._redeal or self._four(field) is None:       # field_four: redeal
                hands = tuple(map(tuple, map(sorted, map(cards.__getitem__, self._hands))))
                return HanaDeal(hands, field, tuple(cards[self._stock]))

    def _four(self, field: Iterable[int]) -> Optional[int]:
        return four_of_a_month(self._month, field)

    def problem(self, deal: object) -> Optional[str]:
        if not isinstance(deal, HanaDeal):
            return f"{deal!r} is not a hanafuda deal"
        deck, n = self.ruleset.deck, self.ruleset.hand_size
        sizes = [0 if s in self.sitting else n for s in range(self.players)]
        if len(deal.hands) != self.players or [len(h) for h in deal.hands] != sizes:
            if self.sitting:
                out = ", ".join(str(s) for s in self.sitting)
                return (f"the deal must give {n} cards to each of the {self.players - len(self.sitting)} seats "
                        f"that play and none to the seats sitting out ({out})")
            return f"the deal must give {n} cards to each of {self.players} seats"
        if len(deal.field) != self.ruleset.kind_rules.field_cards:
            return f"the field must have {self.ruleset.kind_rules.field_cards} cards"
        every = [c for h in deal.hands for c in h] + list(deal.field) + list(deal.stock)
        if sorted(every) != list(deck.cards):
            return "the hands, field and stock must hold every card of the deck exactly once"
        if self._redeal and self._four(deal.field) is not None:
            return "the field holds all four cards of a month (dealt again)"
        return None

    def __contains__(self, deal: object) -> bool:
        return self.problem(deal) is None

    def __repr__(self) -> str:
        out = f", seats {', '.join(map(str, self.sitting))} sitting out" if self.sitting else ""
        return f"<any hanafuda deal to {self.players} seats{out}>"


def _last_binding(t: Table) -> Optional[str]:
    """H6: the field the previous round bound this one to, read from the log (a field carried by
    the brights left on its field, ``carry_brights``, binds it too; the stronger one counts)."""
    events = t.events
    try:    # the log's last FieldMade, sought from the end in C (the exact type: events are not subclassed)
        at = len(events) - indexOf(map(type, reversed(events)), FieldMade)      # just after it
    except ValueError:
        return None
    made: Any = events[at - 1]
    last = made.round
    if last != t.round.index - 1:
        return None
    found: list[Optional[str]] = [made.binds_next]
    while at < len(events) and type(events[at]) is FieldCarried:     # the fields carried beside it
        e: Any = events[at]
        if e.round != last:
            break
        found.append(e.field)
        at += 1
    rules = t.ruleset.kind_rules
    bound = [f for f in found if f is not None]
    return max(bound, key=lambda f: rules.field_by_id(f).field.multiplier) if bound else None


def four_of_a_month(month: Sequence[int], field: Iterable[int]) -> Optional[int]:
    """The month whose four cards all lie in ``field`` (K5, H4), or None."""
    months = list(map(month.__getitem__, field))
    if len(set(months)) > len(months) - 3:
        return None                 # no month four times (most fields), told without counting
    return next((m for m in months if months.count(m) == 4), None)


class HanafudaDeal(ChancePhase):
    """H4: the deal of a matching round: hands, the field cards and the stock."""

    phase = MatchingPhase.HANAFUDA_DEAL

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self._every_seat_plays = not ruleset.parts          # no declarations: every seat plays (H2)
        self._sit_spaces: dict[tuple[int, tuple[int, ...]], HanaDealSpace] = {}     # sit_out: by who sits out

    def space(self, players: int) -> HanaDealSpace:
        return HanaDealSpace(self.ruleset, players)

    def legal(self, t: Table) -> Any:
        rules = self.ruleset.kind_rules
        if not rules.sit_out:
            return super().legal(t)
        sitting = tuple(sorted(rules.sitting_out(rules.order_from(t.round.start, t.players))))
        key = t.players, sitting                            # by the players and who sits out
        space = self._sit_spaces.get(key)
        if space is None:
            space = self._sit_spaces[key] = HanaDealSpace(self.ruleset, t.players, sitting)
        return space

    def apply(self, t: Table, action: HanaDeal) -> None:
        r, rules, hands, field = t.round, self.ruleset.kind_rules, action.hands, action.field
        r.dealt = tuple(map(tuple, hands))
        r.hands = list(map(sorted, hands))                  # kept sorted: legal cards come in order
        made = rules.field_of(field)
        bound = _last_binding(t)
        from_binding = False
        if bound is not None:
            b = rules.field_by_id(bound)
            exactly = rules.bound_round == "exactly"        # H6's other reading: the bound field, whatever is dealt
            if b.field.multiplier > made.field.multiplier or (exactly and b.field.id != made.field.id):
                made, from_binding = b, True
        r.field = made.field
        binds = rules.bound_field(field)
        t.emit(FieldMade(r.index, made.field.id, made.field.multiplier, from_binding,
                         binds.field.id if binds else None))
        if rules.carry_brights:
            carry_field(t, rules, field, made)
        order = rules.order_from(r.start, r.players)
        sitting = rules.sitting_out(order) if rules.sit_out else ()     # sit_out: they are dealt no hand
        if sitting:
            order = tuple(s for s in order if s not in sitting)
            t.emit(SatOut(r.index, tuple(sorted(sitting))))
        if self._every_seat_plays:                          # no declarations: every seat plays (H2)
            r.playing = list(order)
        r.play = MatchingState(list(field), list(action.stock), order, {s: [] for s in order})
        if rules.field_four == "dealer_wins" and four_of_a_month(rules.deck.rank_table, field) is not None:
            dealer_wins_field(t, r.play)


def dealer_wins_field(t: Table, s: MatchingState) -> None:
    """``field_four: dealer_wins`` (Koi-Koi K5's setting): a field holding all four cards of a
    month wins the round for the dealer at once, paid ``field_four_value`` by every other seat;
    no hand role is shown and no card is played."""
    # the dealer, first in play order (with sit_out: who: dealer, the first seat that plays)
    dealer, value = s.order[0], t.ruleset.kind_rules.field_four_value * t.ruleset.kind_rules.kan
    s.won_at_deal = dealer
    for other in s.order:
        if other != dealer:
            t.pay(TransferReason.ROLES, other, dealer, value, "a field of one month (the round is won)")


def carry_field(t: Table, rules: HanafudaRules, field_cards: Iterable[int], made: HanaField) -> None:
    """``carry_brights`` (持ち越し): when the field cards make more than one field kind (a 大場
    bright and a 絶場 bright together), the round takes the strongest and the next strongest is
    carried to the next round."""
    on = set(field_cards)
    others = sorted({f for f in rules.fields if on.intersection(f.cards) and f.field.id != made.field.id},
                    key=lambda f: -f.field.multiplier)
    if others:
        carried = others[0]
        t.emit(FieldCarried(t.round.index, carried.field.id, tuple(sorted(on.intersection(carried.cards)))))


class HandRoles(PhaseRule):
    """H8-H11: each player's hand roles, shown and paid by every other player at the start."""

    phase = MatchingPhase.HAND_ROLES

    def applies(self, t: Table) -> bool:
        return t.round.play is not None and t.round.played

    def enter(self, t: Table) -> None:
        seat_goers(t)
        r, s = t.round, t.round.play
        if s.won_at_deal is not None:
            return                              # the field won the round for the dealer (K5)
        for seat in s.order:
            res = s.hand_roles[seat] = self.roles_of(t, seat)      # told games' claimed roles too
            roles = res.roles
            if not roles:
                continue
            cards = tuple(sorted(roles[0].cards if len(roles) == 1 else {c for h in roles for c in h.cards}))
            t.emit(RolesShown(r.index, seat, res.ids, res.go, cards))
        if self.ruleset.kind_rules.ends_round:
            won_at_deal(t, s)
        elif self.ruleset.kind_rules.settle == "at_start":
            pay_hand_roles(t, s)

    def roles_of(self, t: Table, seat: int) -> RoleResult:
        """The hand roles of ``seat`` (a :class:`~hachihachi.ruleset.roles.RoleResult`)."""
        return self.ruleset.evaluator.evaluate(t.round.hands[seat])


def won_at_deal(t: Table, s: MatchingState) -> None:
    """``hand_roles.ends_round`` (K6): the first seat in play order (the dealer first) holding a
    hand role worth more than 0 wins the round at once, paid its value by every other seat; no card
    is played."""
    winner = next((seat for seat in s.order if s.hand_roles[seat].go > 0), None)
    if winner is None:
        return
    s.won_at_deal = winner
    res, kan = s.hand_roles[winner], t.ruleset.kind_rules.kan
    for other in s.order:
        if other != winner:
            t.pay(TransferReason.ROLES, other, winner, res.go * kan,
                  f"hand roles {'+'.join(res.ids)} (the round is won)")


def pay_hand_roles(t: Table, s: MatchingState) -> None:
    """H11: every other player pays each holder its hand roles' value (at the start, or with
    ``hand_roles.settle: at_end`` when the round ends)."""
    kan = t.ruleset.kind_rules.kan
    for seat, res in s.hand_roles.items():
        if not res.go:
            continue
        value, note = res.go * kan, f"hand roles {'+'.join(res.ids)}"
        for other in s.order:
            if other != seat:
                t.pay(TransferReason.ROLES, other, seat, value, note)


class ScoredFacts(TableFacts):
    """The facts of the special roles' effects (H19) at the end of a round played out: each
    seat's card points and chaff as the round is scored (told, in the scorekeeper's rounds)."""

    def __init__(self, t: Table, readers: Readers, points: Mapping[int, int], chaff: Callable[[int], int]):
        super().__init__(t, readers)
        self.points, self.chaff = points, chaff

    def seat(self, name: str, seat: int) -> int:
        if name == "card_points":
            return self.points.get(seat, 0)
        if name == "chaff":
            return self.chaff(seat) if seat in self.points else 0
        return super().seat(name, seat)

    def table(self, name: str) -> int:
        if name == "round.most_card_points":
            return max(self.points.values(), default=0)
        return super().table(name)


def chaff_of(t: Table, seat: int) -> int:
    """The fact ``chaff`` read at any point: the chaff ``seat`` captured so far (told: as told)."""
    s = t.round.play
    if s is None:
        return 0
    told = getattr(s, "told", None)
    if told is not None:
        return int(dict(getattr(told, "chaff", ())).get(seat, 0))
    return len(t.ruleset.kind_rules.chaff_cards.intersection(s.captures.get(seat, ())))


def card_points_now(t: Table) -> dict[int, int]:
    """The facts ``card_points`` and ``round.most_card_points`` read at any point: the card points
    each goer captured so far (H1; told: as told), none before the play."""
    s = t.round.play
    if s is None:
        return {}
    told: Any = getattr(s, "told", False)      # a told round's (None until told), else False
    if told is None or not isinstance(s, MatchingState):
        return {}
    if told:
        points = dict(told.points)
        return {g: points.get(g, 0) for g in t.round.playing}
    deck = cast(HanafudaDeck, t.ruleset.deck)   # matching play is played with the hanafuda deck
    return {g: deck.points_of(s.captures.get(g, ())) for g in t.round.playing}


def capture_roles_of(t: Table, seat: int) -> int:
    """The fact ``capture_roles``: the value in kan of the capture roles ``seat`` made this round
    so far (H18: the role that stopped the round, or every role paid while play went on)."""
    s = t.round.play
    if s is None:
        return 0
    stopped = s.stopped
    if stopped is not None and stopped[0] == seat:
        return int(stopped[2])
    totals = getattr(s, "totals", None)         # a told round keeps none
    if totals:                                  # capture_roles_paid: at_stop, the total now (K15)
        return int(totals.get(seat, 0))
    return int(s.capture_paid.get(seat, 0))


def stopped_of(t: Table, seat: int) -> int:
    """The fact ``stopped``: ``seat`` stopped the round (H18, K15)."""
    s = t.round.play
    stopped = getattr(s, "stopped", None)
    return int(stopped is not None and stopped[0] == seat)


def play_ons_of(t: Table, seat: int) -> int:
    """The fact ``play_ons``: how many times ``seat`` answered play on (koi) this round."""
    s = t.round.play
    return int(getattr(s, "play_ons", {}).get(seat, 0))


def round_stopped(t: Table) -> int:
    """The fact ``round.stopped``: a seat stopped the round."""
    return int(getattr(t.round.play, "stopped", None) is not None)


class CardScoring(PhaseRule):
    """The end of a round played out: special roles (H19) and 吹き消し (H20), card points
    against par (H21), 飛び込み (H12) and 抜け役 (H13)."""

    phase = MatchingPhase.CARD_SCORING

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        rules = ruleset.kind_rules
        # settle: at_end, a capture role stopped the round: the hand roles are paid at its end
        self._late = rules.settle == "at_end" and rules.after_capture_role != "play_on"
        self._points_of = rules.deck.points_of              # the card points of a pile (H1)
        self._month_of = rules.deck.rank_table.__getitem__
        # H19: the special roles are the effects of the file's settlement.special_roles
        self._written: tuple[Effect, ...] = dict(ruleset.settlement).get("special_roles", ())
        self._folded = folded_effects(ruleset, self._written)      # as the games of this ruleset run them
        self._readers = readers_for(ruleset)
        self._chaff = rules.chaff_cards                     # the cards H19 counts as chaff
        # the hand roles of H12 (tobikomi) and H13 (nuke)
        self._bonus_roles = frozenset(rules.tobikomi.roles), frozenset(rules.nuke.roles)

    def applies(self, t: Table) -> bool:
        s = t.round.play
        return s is not None and (s.stopped is None or self._late) and t.round.played

    def enter(self, t: Table) -> None:
        r, s, rules = t.round, t.round.play, self.ruleset.kind_rules
        if s.stopped is not None:           # settle: at_end, a capture role stopped the round
            pay_hand_roles(t, s)
            return
        points = self.card_points(s)
        specials, paid = self._special_roles(t, s, points)
        blown = bool(specials) and rules.fukikeshi
        t.emit(RoundScored(r.index, tuple(map(points.get, range(t.players), repeat(0))), specials, blown))
        t.events.extend(paid)               # the special roles' payments, told after the round's score
        t.tell(paid)
        if blown and rules.settle == "at_start":
            self._refund_hand_roles(t, s)
        if not blown and rules.settle == "at_end":
            pay_hand_roles(t, s)
        self._card_points(t, s, points)
        if not blown:
            self._bonuses(t, s, points)

    def card_points(self, s: Piles) -> dict[int, int]:
        """The card points each seat captured (H1)."""
        points_of, captures = self._points_of, s.captures
        return {seat: points_of(captures[seat]) for seat in s.order}

    def chaff(self, s: Piles, seat: int) -> int:
        """The fact ``chaff`` (H19): the chaff ``seat`` captured, willow cards counted as chaff."""
        return len(self._chaff.intersection(s.captures[seat]))     # a pile holds each card once

    def took_three(self, t: DealtTable, s: Piles, seat: int) -> bool:
        """H12 tobikomi: ``seat`` captured the three cards of a month it was dealt."""
        assert t.round.dealt is not None        # scored after the deal
        dealt = t.round.dealt[seat]
        assert isinstance(dealt, tuple)         # the cards dealt (a told round tells tobikomi)
        months = list(map(self._month_of, dealt))
        three = [c for c, m in zip(dealt, months) if months.count(m) == 3]
        return bool(three) and set(three) <= set(s.captures[seat])

    def _special_roles(self, t: Table, s: MatchingState,
                       points: dict[int, int]) -> tuple[tuple[tuple[str, int, int], ...], list[object]]:
        """H19: runs the effects of ``settlement.special_roles``, each that pays a special role named
        after it: (role, seat, value in kan) of each, and the events they logged, taken out of the
        log to follow the round's score (:class:`RoundScored`). The seat of a role is the one its
        payments go to, or, paid by one seat named alone (``dealer``), that seat; its value is a
        payment's amount before the field, in kan."""
        specials = self._folded if t.ruleset is self.ruleset else self._written
        if not specials:
            return (), []
        log, kan = t.events, self.ruleset.kind_rules.kan
        first = len(log)
        watch, watch_transfers = t.watch, t.watch_transfers
        t.watch = t.watch_transfers = None      # the watchers see them after the round's score
        facts = ScoredFacts(t, self._readers, points, lambda seat: self.chaff(s, seat))
        found: list[tuple[str, int, int]] = []
        try:
            for effect in specials:
                at = len(log)
                run_effects(t, (effect,), facts, "special_roles", logged=False)
                paid = [e for e in log[at:] if isinstance(e, Transfer)]
                if not paid:
                    continue
                pay = next(a for a in effect.actions if isinstance(a, Pay))
                if pay.payers.start or pay.payers.first:
                    found.append((effect.name, paid[0].source, paid[0].base // kan))
                    continue
                for target in dict.fromkeys(e.target for e in paid):
                    base = next(e.base for e in paid if e.target == target)
                    found.append((effect.name, target, base // kan))
        finally:
            t.watch, t.watch_transfers = watch, watch_transfers
        events = log[first:]
        del log[first:]
        return tuple(found), events

    def _refund_hand_roles(self, t: Table, s: MatchingState) -> None:
        kan = self.ruleset.kind_rules.kan
        for seat, res in s.hand_roles.items():
            for other in s.order:
                if other != seat and res.go:
                    t.pay(TransferReason.ROLES, seat, other, res.go * kan, "hand roles blown out (fukikeshi)")

    def _card_points(self, t: Table, s: MatchingState, points: dict[int, int]) -> None:
        """H21: points minus par; those under par pay those over it, seat by seat."""
        par = self.ruleset.kind_rules.par
        credit = [[seat, p - par] for seat, p in points.items() if p > par]
        if not credit:
            return
        for seat, p in points.items():
            owe = par - p
            if owe <= 0:
                continue
            for c in credit:
                amount = owe if owe < c[1] else c[1]
                if amount:
                    t.pay(MatchingTransfer.CARD_POINTS, seat, c[0], amount, "card points")
                    owe -= amount
                    c[1] -= amount
                    if not owe:
                        break

    def _bonuses(self, t: Table, s: MatchingState, points: dict[int, int]) -> None:
        rules = self.ruleset.kind_rules
        tobikomi, nuke = self._bonus_roles
        for seat, res in s.hand_roles.items():
            if not res.roles:
                continue                    # no hand role, no bonus
            bonus = 0
            if not tobikomi.isdisjoint(res.ids) and self.took_three(t, s, seat):
                bonus += rules.tobikomi.bonus
            if not nuke.isdisjoint(res.ids) and points[seat] > rules.nuke.above:
                bonus += rules.nuke.bonus
            if bonus:
                for other in s.order:
                    if other != seat:
                        t.pay(TransferReason.ROLES, other, seat, bonus * rules.kan, "tobikomi/nuke bonus")
