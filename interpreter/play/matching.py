"""Matching play (H14-H18): play a card, turn the stock, capture by month; capture roles stop.

The round's :class:`MatchingState` (``t.round.play``) is made by the hanafuda deal phase: the
field, the stock (top first) and each seat's captures. A seat's turn is one :class:`Play` (or a
:class:`Capture` when two field cards match the played card), then the stock's top card is
turned, which may ask the same seat for a :class:`Capture` choice. After the turn, a seat whose
captures hold a capture role stops the round and is paid (H18).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field as dc_field
from typing import Any, Callable, ClassVar, Iterable, Optional, Sequence, Union, cast

from ...ruleset.errors import IllegalAction
from ...ruleset.hanafuda import HanafudaDeck
from ...ruleset.hanafuda_rules import HanafudaRules
from ...ruleset.model import Ruleset, TransferKind
from ...ruleset.roles import RoleEvaluator, RoleResult
from ..actions import ActionBase, Play, is_card
from ..draws import below, seat_bits
from ..events import Applied, InternedApplied, RolesShown, built_open
from ..phases.base import Pick
from ..state import Table


@dataclass(frozen=True)
class Capture(ActionBase):
    """H14, H15: take ``target`` from the field with ``card`` (played, or just turned)."""

    card: int
    target: int

    def told(self, deck: Any) -> str:
        if is_card(deck, self.card) and is_card(deck, self.target):
            return f"Capture({deck.name(self.card)} takes {deck.name(self.target)})"
        return repr(self)


@dataclass(frozen=True, slots=True)
class Captured:
    """``seat`` put ``card`` (played or turned) to the field, or took it with ``taken``."""

    round: int
    seat: int
    card: int
    turned: bool
    taken: tuple[int, ...]

    _open: ClassVar[Callable[[], Any]]      # set by :func:`~..events.built_open`

    def __new__(cls, round: int, seat: int, card: int, turned: bool, taken: tuple[int, ...]) -> "Captured":
        return captured(round, seat, card, turned, taken)


def captured(round: int, seat: int, card: int, turned: bool, taken: tuple[int, ...]) -> Captured:
    """A :class:`Captured` event, built as the core's hot events are (:func:`~..events.built_open`);
    matching play calls this directly, which spares the class call's lookups of ``__new__`` and
    ``__init__`` (two placings an action)."""
    e = _open_captured()
    e.round, e.seat, e.card, e.turned, e.taken = round, seat, card, turned, taken
    e.__class__ = Captured
    return e  # type: ignore[no-any-return]


built_open(Captured)
_open_captured = Captured._open


class Stage(enum.Enum):
    PLAY = "play"
    TURN_CHOICE = "turn_choice"
    OVER = "over"


# The stages as module constants: reading a member off an enum class costs several times a global.
_PLAY, _TURN_CHOICE, _OVER = Stage.PLAY, Stage.TURN_CHOICE, Stage.OVER


@dataclass
class MatchingState:
    field: list[int]
    stock: list[int]
    order: tuple[int, ...]                      # seats in playing order (H2)
    captures: dict[int, list[int]]
    hand_roles: dict[int, RoleResult] = dc_field(default_factory=dict)     # seat -> RoleResult (H8)
    stage: Stage = dc_field(default_factory=lambda: _PLAY)     # (no class attribute: one of a mutable type
    #                                                          keeps Python from specialising reads of it)
    turn: int = 0                                # index into order, counting every turn
    pending: Optional[int] = None                # the turned card waiting for a choice
    stopped: Optional[tuple[int, tuple[str, ...], int]] = None   # (seat, roles, value) by H18
    capture_paid: dict[int, int] = dc_field(default_factory=dict)   # seat -> kan paid for capture roles (play_on)
    turn_from: int = 0                           # the size of the seat's pile when its turn began
    twice: set[int] = dc_field(default_factory=set)   # the cards of the months the field holds twice
    #                                                   (a play of one is a choice, H15; made when play starts)
    keys: dict[int, int] = dc_field(default_factory=dict)   # seat -> its pile's capture-role key (role_key)
    months: list[list[int]] = dc_field(default_factory=list)   # the field cards of each month, in field
    #                                                            order (made when play starts: empty until then)
    seat: int = -1                               # the seat to play (set from order and turn, below)
    left: int = -1                               # the cards left in the players' hands (-1: not counted yet)
    plays: dict[int, list[Play]] = dc_field(default_factory=dict)    # seat -> a play per card of
    #                                            its hand, in hand order (made when play starts, kept beside the hand)

    def __post_init__(self) -> None:
        self.seat_to_play()

    def seat_to_play(self) -> None:
        """Set :attr:`seat` from the order and the turn (kept in a field: read at every action)."""
        self.seat = self.order[self.turn % len(self.order)] if self.order else -1


def capture_evaluator(ruleset: Ruleset) -> RoleEvaluator:
    """The compiled capture-role table of a hanafuda ruleset (compiled once per ruleset)."""
    rules: HanafudaRules = ruleset.hanafuda
    return rules.capture_evaluator


def seat_goers(t: Table) -> None:
    """Go/drop forms: after the declarations only the goers play, in order from the dealer; the
    hands of the others go under the stock, seat by seat from the dealer (so the stock still
    holds a card to turn for every card the goers play)."""
    r, s = t.round, t.round.play
    if s is None or len(s.order) == len(r.goers):
        return      # every seat goes (the order holds every seat), or the goers are seated already
    order = tuple(x for x in t.ruleset.hanafuda.order_from(r.start, r.players) if x in r.goers)
    if s.order == order:
        return
    for seat in s.order:
        if seat not in order:
            s.stock.extend(sorted(r.hands[seat]))
            r.hands[seat] = []
    s.order = order
    s.seat_to_play()
    s.captures = {x: [] for x in order}


class MatchingEngine:
    """The :class:`~.base.PlayEngine` of ``play: matching``."""

    standing_unit = "card points"

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.deck = cast(HanafudaDeck, ruleset.deck)        # matching play is played with the hanafuda deck
        self.month = self.deck.rank_table                   # each card's month
        self._plays = tuple(Play(c) for c in ruleset.deck.cards)     # one shared action per card
        # the tables' item getters, bound once: binding one per call costs more than its map
        self._play_of = self._plays.__getitem__
        self._applied = InternedApplied(ruleset.players.max * ruleset.deck.size)   # a play's, by seat and card
        self._captures = {(c, f): Capture(c, f) for c in ruleset.deck.cards for f in ruleset.deck.cards
                          if c != f and self.month[c] == self.month[f]}
        self._play_on_roles = ruleset.hanafuda.after_capture_role == "play_on"
        # a capture of one card: its taken cards, shared by its events
        self._one: tuple[tuple[int, ...], ...] = tuple((c,) for c in ruleset.deck.cards)
        # each card's month's cards
        self._same_month: tuple[frozenset[int], ...] = tuple(
            frozenset(f for f in ruleset.deck.cards if self.month[f] == self.month[c]) for c in ruleset.deck.cards)

        # (each card's capture-role key, whether a pile of a key makes a capture role), when the
        # capture roles read nothing but counts of known cards
        # (:meth:`~...ruleset.roles.RoleEvaluator.role_key`): each seat then keeps its pile's key
        # (``MatchingState.keys``), the sum of its cards' keys, and a pile that took only cards of
        # key 0 has the roles it had. None when the roles read more: the pile is judged whole
        # (:meth:`_made_role`). Set here, not on first use: an attribute added later would keep
        # Python from specialising the reads of the others.
        ev = capture_evaluator(ruleset)
        keyed = ev.role_key()
        self._pile_keys: Optional[tuple[Callable[[int], int], Callable[[int, Sequence[int]], bool]]] = (
            None if keyed is None else (keyed[0].__getitem__, keyed[1]))
        # else whether cards are read by a capture role, and whether a pile makes one (_made_role)
        self._reads: Optional[Callable[[Iterable[int]], bool]] = ev.reads_fn() if keyed is None else None
        self._holds_role: Optional[Callable[[Sequence[int]], bool]] = ev.holds_role() if keyed is None else None

    def _made_role(self, s: MatchingState, seat: int, pile: list[int]) -> bool:
        """Whether the turn just played, which added cards to the seat's ``pile``, made the pile
        a capture role (H18), when the capture roles read more than counts of known cards: a
        pile that was not empty before the turn and took only cards no capture role reads has
        the roles it had (judged when it last took cards); else the pile is judged whole."""
        reads, holds_role = self._reads, self._holds_role
        assert reads is not None and holds_role is not None     # made when the piles have no keys
        return (s.turn_from == 0 or reads(pile[s.turn_from:])) and holds_role(pile)

    def start(self, t: Table) -> None:
        seat_goers(t)
        s: MatchingState = t.round.play
        hands = t.round.hands
        s.left = sum(len(hands[x]) for x in s.order)
        s.plays = {x: list(map(self._play_of, hands[x])) for x in s.order}
        s.stage = _PLAY if s.left else _OVER
        self._lay_out_months(s)

    def standing(self, t: Table) -> dict[int, int]:
        """The card points each goer has captured (H1)."""
        s = t.round.play
        if not isinstance(s, MatchingState):
            return {}
        return {g: self.deck.points_of(s.captures.get(g, ())) for g in t.round.goers}

    def actor(self, t: Table) -> Optional[int]:
        s: MatchingState = t.round.play
        return None if s is None or s.stage is _OVER else s.seat

    def matches(self, s: MatchingState, card: int) -> list[int]:
        """The field cards of ``card``'s month, in field order."""
        return list(s.months[self.month[card]])

    def legal(self, t: Table) -> tuple[Union[Play, Capture], ...]:
        s: MatchingState = t.round.play
        stage = s.stage
        if stage is _TURN_CHOICE:
            pending = s.pending
            assert pending is not None          # the turned card waits for its choice
            return tuple(self._captures[pending, f] for f in self.matches(s, pending))
        if stage is _OVER:
            return ()
        twice = s.twice
        if twice and not twice.isdisjoint(t.round.hands[s.seat]):
            return self._with_choices(t.round.hands[s.seat], s.months)
        # No card of the hand matches two field cards: a play per card, kept beside the hand.
        return tuple(s.plays[s.seat])

    def _with_choices(self, hand: list[int], months: list[list[int]]) -> tuple[Union[Play, Capture], ...]:
        """H15: a card whose month lies twice on the field is played as a choice of which to take."""
        month, plays, captures = self.month, self._plays, self._captures
        out: list[Union[Play, Capture]] = []
        for card in hand:
            m = months[month[card]]
            if len(m) == 2:
                out.append(captures[card, m[0]])
                out.append(captures[card, m[1]])
            else:
                out.append(plays[card])
        return tuple(out)

    def drive(self, t: Table, pick: Pick) -> None:
        """Play out the round with uniform picks (:meth:`~..phases.base.PhaseRule.drive`): each
        seat draws among :meth:`legal` as :func:`~..phases.base.drive_actions` draws, and each
        action is logged and applied as it logs and applies them, except that the
        :class:`Applied` of a card's play is made once per round index, seat and card and shared
        by the games of this ruleset (:class:`~..events.InternedApplied`, as the trick game's loop)."""
        r = t.round
        s: MatchingState = r.play
        log, index, size = t.events, r.index, self.deck.size
        known = self._applied.row(index)
        bits = seat_bits(pick)                  # the seats' draws, made here (draws.py)
        legal, apply, hands, plays = self.legal, self.apply, r.hands, s.plays
        while (stage := s.stage) is not _OVER:
            seat = s.seat
            twice = s.twice
            if stage is _PLAY and not (twice and not twice.isdisjoint(hands[seat])):
                options: Sequence[Union[Play, Capture]] = plays[seat]   # legal(t), without its copy
            else:
                options = legal(t)
            if bits is None:
                action = pick(seat, options)
            else:                               # pick's draw (draws.seat_bits)
                action = options[below(bits[seat], len(options))]
            if type(action) is Play:
                at = seat * size + action.card
                applied = known[at]
                if applied is None:
                    applied = known[at] = Applied(index, seat, action)
            else:
                applied = Applied(index, seat, action)
            log.append(applied)
            apply(t, action)

    def check(self, t: Table, action: object) -> None:
        legal = self.legal(t)
        if action not in legal:
            reason = self.why_not(t, action)
            raise IllegalAction(f"{reason}; legal: {', '.join(self._say(a) for a in legal)}")

    def why_not(self, t: Table, action: object) -> str:
        """The reason an action that is not legal now is refused, in words."""
        s: MatchingState = t.round.play
        name = self.deck.name
        if not isinstance(action, (Play, Capture)) or not self._is_card(action.card):
            return f"{self._say(action)} is not a play of matching play"
        card = action.card
        if s.stage is Stage.TURN_CHOICE:
            pending = s.pending
            assert pending is not None          # the turned card waits for its choice
            options = " or ".join(name(f) for f in self.matches(s, pending))
            return (f"the turned card {name(pending)} matches two field cards: take {options} "
                    f"with it first")
        if card not in t.round.hands[s.seat]:
            return f"seat {s.seat} does not hold {name(card)}"
        m = self.matches(s, card)
        if isinstance(action, Capture):
            if len(m) != 2:
                return (f"{name(card)} matches {len(m)} field card(s), so there is no capture to "
                        f"choose; play it")
            if not self._is_card(action.target) or action.target not in m:
                shown = name(action.target) if self._is_card(action.target) else repr(action.target)
                return f"{name(card)} cannot take {shown}; it takes {' or '.join(name(f) for f in m)}"
        elif len(m) == 2:
            return f"{name(card)} matches two field cards: choose {' or '.join(name(f) for f in m)}"
        return f"{self._say(action)} is not legal now"

    def _is_card(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < self.deck.size

    def _say(self, action: object) -> str:
        name = self.deck.name
        if isinstance(action, Capture) and self._is_card(action.card) and self._is_card(action.target):
            return f"Capture({name(action.card)} takes {name(action.target)})"
        if isinstance(action, Play) and isinstance(action.card, int) and 0 <= action.card < self.deck.size:
            return f"Play({name(action.card)})"
        return repr(action)

    def apply(self, t: Table, action: Union[Play, Capture]) -> None:
        """H14, H15: play the card (or take the chosen field card with the turned one), then turn
        the stock's top card; each placing is one :class:`Captured` event. H16, H18: then the
        turn ends (below), unless the turned card waits for the seat's choice."""
        r = t.round
        s: MatchingState = r.play
        seat = s.seat
        pile = s.captures[seat]
        if s.stage is _TURN_CHOICE:             # H15: the turned card takes the chosen field card
            self._take_turned(t, s, action, pile)
            start = s.turn_from
        else:
            months, month, field, stock = s.months, self.month, s.field, s.stock
            add = t.events.append if t.watch_play is None else t.emit_play    # (Table.emit_play, inline)
            index, one = r.index, self._one
            s.turn_from = start = len(pile)
            card = action.card
            hand = r.hands[seat]
            at = hand.index(card)
            del hand[at]
            del s.plays[seat][at]
            s.left -= 1
            turned = False
            taken: tuple[int, ...]
            while True:                         # the played card, then the turned one (H14)
                m = months[month[card]]
                if not m:
                    field.append(card)
                    m.append(card)
                    taken = ()
                else:
                    if len(m) == 1:             # one match (most captures): take it
                        f = m.pop()
                        field.remove(f)
                        taken = one[f]
                    elif len(m) == 2:           # two matches: the seat chose which to take
                        assert type(action) is Capture      # the card played, never the turned one
                        f = action.target
                        m.remove(f)
                        s.twice.difference_update(self._same_month[card])
                        field.remove(f)
                        taken = one[f]
                    else:                       # the month's other three cards (dealt to the field)
                        taken = tuple(m)
                        m.clear()
                        for f in taken:
                            field.remove(f)
                    pile.append(card)
                    pile.extend(taken)
                e = _open_captured()            # captured(...), inline: two placings a turn
                e.round, e.seat, e.card, e.turned, e.taken = index, seat, card, turned, taken
                e.__class__ = Captured
                add(e)
                if turned or not stock:
                    break
                card, turned = stock.pop(0), True
                if len(months[month[card]]) == 2:   # H15: the seat chooses which field card it takes
                    s.stage, s.pending = _TURN_CHOICE, card
                    return
        if len(pile) > start:                   # the turn took cards: a capture role made? (H18)
            keyed = self._pile_keys
            if keyed is None:
                made = self._made_role(s, seat, pile)
            else:                               # the pile's key grows by the keys of its new cards
                key_of, holds = keyed
                new = sum(map(key_of, pile[start:]))    # a pile holds each card once
                made = False
                if new or not start:
                    known = s.keys
                    key = known[seat] = known.get(seat, 0) + new
                    made = holds(key, pile)
            if made and self._role_made(t, s, seat, pile):
                return                          # the role stopped the round
        s.turn = turn = s.turn + 1
        order = s.order
        s.seat = order[turn % len(order)]       # (MatchingState.seat_to_play, inline)
        if not s.left:
            s.stage = _OVER                     # H16: played out (a go/drop form may leave stock)

    def _take_turned(self, t: Table, s: MatchingState, action: Union[Play, Capture], pile: list[int]) -> None:
        """H15: the turned card takes the field card the seat chose."""
        assert isinstance(action, Capture)      # the only legal actions of a turn choice
        card, target = action.card, action.target
        s.pending = None
        s.stage = _PLAY
        s.months[self.month[card]].remove(target)
        s.twice.difference_update(self._same_month[card])
        s.field.remove(target)
        pile.append(card)
        pile.append(target)
        t.emit_play(captured(t.round.index, s.seat, card, True, self._one[target]))

    def _lay_out_months(self, s: MatchingState) -> None:
        """Make, when play starts, the field cards of each month in field order (kept beside the
        field while it changes) and the cards of the months that lie twice on the field
        (:attr:`MatchingState.twice`). A card is laid on the field only when no field card has its
        month, and a capture takes cards away: a month lies twice only from the deal until a choice
        takes one of its two cards (H15)."""
        month, same = self.month, self._same_month
        months = s.months = [[] for _ in range(max(month) + 1)]
        for f in s.field:
            months[month[f]].append(f)
        s.twice = {c for f in s.field if len(months[month[f]]) == 2 for c in same[f]}

    def _role_made(self, t: Table, s: MatchingState, seat: int, pile: list[int]) -> bool:
        """The turn made the seat's pile a capture role (rare): pay it, and say whether it stopped
        the round (H18) or play goes on (``play_on``)."""
        res = capture_evaluator(self.ruleset).evaluate(pile)   # with its cards
        if self._play_on_roles:
            self._play_on(t, s, seat, res)
            return False
        self._stop(t, s, seat, res)
        return True

    def _play_on(self, t: Table, s: MatchingState, seat: int, res: RoleResult) -> None:
        """下げ (``after_capture_role: play_on``): the round goes on; each other seat pays what the
        seat's capture roles are worth beyond what it was paid already (a role is paid once; one
        that grows, 四光 to 五光, is paid the difference)."""
        paid = s.capture_paid.get(seat, 0)
        if res.go <= paid:
            return
        s.capture_paid[seat] = res.go
        t.emit(RolesShown(t.round.index, seat, res.ids, res.go - paid, captured=True))
        kan = self.ruleset.hanafuda.kan
        for other in s.order:
            if other != seat:
                t.pay(TransferKind.CAPTURE_ROLES, other, seat, (res.go - paid) * kan,
                      f"capture role {'+'.join(res.ids)} (play on)")

    def _stop(self, t: Table, s: MatchingState, seat: int, res: RoleResult) -> None:
        """H18: the round stops; each other seat pays the role's value (x the field, H7)."""
        s.stopped = (seat, res.ids, res.go)
        s.stage = _OVER
        t.emit(RolesShown(t.round.index, seat, res.ids, res.go, captured=True))
        kan = self.ruleset.hanafuda.kan
        for other in s.order:
            if other != seat:
                t.pay(TransferKind.CAPTURE_ROLES, other, seat, res.go * kan, f"capture role {'+'.join(res.ids)}")
