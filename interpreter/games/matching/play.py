"""Matching play (H14-H18): play a card, turn the stock, capture by month; capture roles stop.

The round's :class:`MatchingState` (``t.round.play``) is made by the hanafuda deal phase: the
field, the stock (top first) and each seat's captures. A seat's turn is one :class:`Play` (or a
:class:`Capture` when two field cards match the played card), then the stock's top card is
turned, which may ask the same seat for a :class:`Capture` choice. After the turn, a seat whose
captures hold a capture role stops the round and is paid (H18).
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field as dc_field
from typing import Iterable, Optional, Sequence, Union, cast

from mypy_extensions import mypyc_attr

from ....ruleset.errors import IllegalAction
from .actions import Capture as Capture
from .capture_roles import without_void
from .deck import HanafudaDeck
from .events import Captured as Captured
from .rules import HanafudaRules
from ....ruleset.model import Ruleset
from .rules import MatchingTransfer
from ....ruleset.roles import RoleEvaluator, RoleResult
from ...engine.actions import Choose, Play
from ...engine.events import RolesShown
from ...engine.state import Table


class Stage(enum.Enum):
    PLAY = "play"
    TURN_CHOICE = "turn_choice"
    ROLE_CHOICE = "role_choice"
    OVER = "over"


# The stages as module constants: reading a member off an enum class costs several times a global.
_PLAY, _TURN_CHOICE, _ROLE_CHOICE, _OVER = Stage.PLAY, Stage.TURN_CHOICE, Stage.ROLE_CHOICE, Stage.OVER

# H18 with ``after_capture_role: choose``: the maker of a capture role stops the round or plays on
CAPTURE_QUESTION = "capture_role"
STOP = Choose(CAPTURE_QUESTION, "stop")
PLAY_ON = Choose(CAPTURE_QUESTION, "play_on")
ROLE_ANSWERS = (STOP, PLAY_ON)


@mypyc_attr(allow_interpreted_subclasses=True)        # the told rounds' (told.py)
@dataclass
class MatchingState:
    field: list[int]
    stock: list[int]
    order: tuple[int, ...]                      # seats in playing order (H2)
    captures: dict[int, list[int]]
    hand_roles: dict[int, RoleResult] = dc_field(default_factory=dict)     # seat -> RoleResult (H8)
    stage: Stage = Stage.PLAY
    turn: int = 0                                # index into order, counting every turn
    pending: Optional[int] = None                # the turned card waiting for a choice
    stopped: Optional[tuple[int, tuple[str, ...], int]] = None   # (seat, roles, value) by H18
    capture_paid: dict[int, int] = dc_field(default_factory=dict)   # seat -> kan paid for capture roles (play_on)
    turn_from: int = 0                           # the size of the seat's pile when its turn began
    made: Optional[RoleResult] = None            # the capture roles waiting for stop or play on (choose)
    # capture_roles_paid: at_stop (Koi-Koi K15): each seat's role total after its last turn, and
    # how many times it played on (koi); a seat that won the round by a hand role at the deal
    totals: dict[int, int] = dc_field(default_factory=dict)
    play_ons: dict[int, int] = dc_field(default_factory=dict)
    won_at_deal: Optional[int] = None
    # the field's cards of each month, in field order: an index of ``field`` that matching play
    # keeps beside it (MatchingEngine.by_month; None until play first reads it, and in a copy)
    by_month: Optional[list[list[int]]] = None
    # each seat's pile as the capture-role table keys it (RoleEvaluator.role_key: the sum of its
    # cards' keys), as (the cards it was read of, the key): MatchingEngine._holds adds the cards
    # taken since (a pile only grows in a round)
    pile_keys: dict[int, tuple[int, int]] = dc_field(default_factory=dict)

    def copy(self) -> MatchingState:
        """An independent copy (``RoundState.copy``), of the same class: the field, the stock and
        the piles copied; the roles found, frozen, shared."""
        return dataclasses.replace(
            self, field=list(self.field), stock=list(self.stock), by_month=None,
            captures={seat: list(pile) for seat, pile in self.captures.items()},
            hand_roles=dict(self.hand_roles), capture_paid=dict(self.capture_paid),
            totals=dict(self.totals), play_ons=dict(self.play_ons), pile_keys=dict(self.pile_keys))

    @property
    def seat(self) -> int:
        """The seat to play (-1 when no seat plays)."""
        return self.order[self.turn % len(self.order)] if self.order else -1


def capture_evaluator(ruleset: Ruleset) -> RoleEvaluator:
    """The compiled capture-role table of a hanafuda ruleset (compiled once per ruleset)."""
    rules: HanafudaRules = ruleset.kind_rules
    return rules.capture_evaluator


def pile_roles(ruleset: Ruleset, pile: Sequence[int], piles: Iterable[Sequence[int]]) -> RoleResult:
    """The capture roles of ``pile`` at a table whose players' piles are ``piles`` (``pile``
    among them): its roles, less those ``hanafuda.void_when_taken`` voids once any player took
    one of its cards (K10's setting, 雨流れ of the whole table). Every path that values a pile
    goes through here."""
    return without_void(ruleset.kind_rules, capture_evaluator(ruleset).evaluate(list(pile)), piles)


def seat_goers(t: Table) -> None:
    """Go/drop forms: after the declarations only the goers play, in order from the dealer; the
    hands of the others go under the stock, seat by seat from the dealer (so the stock still
    holds a card to turn for every card the goers play)."""
    r, s = t.round, t.round.play
    if s is None or len(s.order) == len(r.playing):
        return      # every seat goes (the order holds every seat), or the goers are seated already
    order = tuple(x for x in t.ruleset.kind_rules.order_from(r.start, r.players) if x in r.playing)
    if s.order == order:
        return
    for seat in s.order:
        if seat not in order:
            dealt = r.dealt[seat] if r.dealt else ()
            s.stock.extend(dealt if isinstance(dealt, tuple) else r.hands[seat])     # as dealt (a told hand: none)
            r.hands[seat] = []
    s.order = order
    s.captures = {x: [] for x in order}


# the shared actions of a deck: a Play per card, a Capture per two cards of a month (the engines of
# the games of one ruleset share them); kept with the deck itself, for the few decks of a run
_ACTIONS: dict[int, tuple[HanafudaDeck, tuple[Play, ...], dict[tuple[int, int], Capture]]] = {}


def _actions_of(deck: HanafudaDeck) -> tuple[tuple[Play, ...], dict[tuple[int, int], Capture]]:
    known = _ACTIONS.get(id(deck))
    if known is None or known[0] is not deck:
        month = deck.rank_table
        if len(_ACTIONS) >= 16:
            _ACTIONS.clear()
        known = _ACTIONS[id(deck)] = (deck, tuple(Play(c) for c in deck.cards),
                                      {(c, f): Capture(c, f) for c in deck.cards for f in deck.cards
                                       if c != f and month[c] == month[f]})
    return known[1], known[2]


class MatchingEngine:
    """The :class:`~...engine.playengine.PlayEngine` of ``play: matching``."""

    standing_unit = "card points"

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.deck = cast(HanafudaDeck, ruleset.deck)        # matching play is played with the hanafuda deck
        self.month = self.deck.rank_table                   # each card's month
        self._months = len(self.deck.month_names)           # the months a card may be of
        self._plays, self._captures = _actions_of(self.deck)
        self._play_on_roles = ruleset.kind_rules.after_capture_role == "play_on"
        self._choose_roles = ruleset.kind_rules.after_capture_role == "choose"
        self._at_stop = ruleset.kind_rules.capture_roles_paid == "at_stop"
        ev = capture_evaluator(ruleset)
        self._reads = ev.reads_fn()             # whether cards are read by a capture role
        self._holds_role = ev.holds_role()      # whether a pile makes a capture role
        self._role_key = ev.role_key()          # the same from the pile's key (each card's, and holds), or None
        self._voids = ruleset.kind_rules.void_cards if ruleset.kind_rules.void_roles else frozenset()

    def _made_role(self, s: MatchingState, seat: int, pile: list[int]) -> bool:
        """Whether the turn just played, which added cards to the seat's ``pile``, made the pile
        a capture role (H18): a pile that was not empty before the turn and took only cards no
        capture role reads has the roles it had (judged when it last took cards); else the pile
        is judged whole."""
        if s.turn_from and not self._reads(pile[s.turn_from:]):
            return False
        return self._holds(s, seat, pile)

    def _holds(self, s: MatchingState, seat: int, pile: list[int]) -> bool:
        """Whether the seat's ``pile`` makes a capture role: read by its key when the role table
        has one (``MatchingState.pile_keys``: the key read before, with the keys of the cards
        taken since added; a pile only grows in a round, one shorter than read is read anew)."""
        keyed = self._role_key
        if keyed is None:
            return self._holds_role(pile)
        keys, holds = keyed
        read, key = s.pile_keys.get(seat, (0, 0))
        if read > len(pile):
            read, key = 0, 0
        for c in pile[read:]:
            key += keys[c]
        s.pile_keys[seat] = (len(pile), key)
        return holds(key, pile)

    def start(self, t: Table) -> None:
        seat_goers(t)
        s: MatchingState = t.round.play
        s.stage = _PLAY if self._cards_left(t, s) and s.won_at_deal is None else _OVER

    @staticmethod
    def _cards_left(t: Table, s: MatchingState) -> bool:
        """Whether a seat that plays still holds a card (H16)."""
        hands = t.round.hands
        for x in s.order:
            if hands[x]:
                return True
        return False

    def standing(self, t: Table) -> dict[int, int]:
        """The card points each goer has captured (H1)."""
        s = t.round.play
        if not isinstance(s, MatchingState):
            return {}
        return {g: self.deck.points_of(s.captures.get(g, ())) for g in t.round.playing}

    def actor(self, t: Table) -> Optional[int]:
        s: MatchingState = t.round.play
        return None if s is None or s.stage is _OVER else s.seat

    def matches(self, s: MatchingState, card: int) -> list[int]:
        """The field cards of ``card``'s month, in field order."""
        return list(self.by_month(s)[self.month[card]])

    def by_month(self, s: MatchingState) -> list[list[int]]:
        """The field's cards of each month, in field order: made from ``s.field`` when first read
        in a round (or a copy), then kept beside it by :meth:`_place`, the one place play changes
        the field. The hot paths read ``s.by_month or self.by_month(s)`` (made, it is a list of
        the months' lists, never empty)."""
        by = s.by_month
        if by is None:
            month = self.month
            made: list[list[int]] = [[] for _ in range(self._months)]
            for f in s.field:
                made[month[f]].append(f)
            by = s.by_month = made
        return by

    def legal(self, t: Table) -> tuple[Union[Play, Capture, Choose], ...]:
        """H14, H15: a play per card of the hand, in hand order; a card whose month lies twice on
        the field is played as a choice of which to take; a turned card that matches two field
        cards waits for that choice."""
        s: MatchingState = t.round.play
        stage = s.stage
        if stage is _TURN_CHOICE:
            pending = s.pending
            assert pending is not None          # the turned card waits for its choice
            return tuple(self._captures[pending, f] for f in self.matches(s, pending))
        if stage is _ROLE_CHOICE:
            return ROLE_ANSWERS
        if stage is _OVER:
            return ()
        month, plays, captures, by = self.month, self._plays, self._captures, s.by_month or self.by_month(s)
        out: list[Union[Play, Capture]] = []
        for card in t.round.hands[s.seat]:
            same = by[month[card]]
            if len(same) == 2:
                out.append(captures[card, same[0]])
                out.append(captures[card, same[1]])
            else:
                out.append(plays[card])
        return tuple(out)

    def check(self, t: Table, action: object) -> None:
        legal = self.legal(t)
        if action not in legal:
            reason = self.why_not(t, action)
            raise IllegalAction(f"{reason}; legal: {', '.join(self._say(a) for a in legal)}")

    def why_not(self, t: Table, action: object) -> str:
        """The reason an action that is not legal now is refused, in words."""
        s: MatchingState = t.round.play
        name = self.deck.name
        if s.stage is Stage.ROLE_CHOICE:
            return (f"seat {s.seat} made a capture role and chooses first: stop the round, or play on "
                    f"(H18)")
        if isinstance(action, Choose):
            return "stop or play on is asked only after a capture role is made (H18)"
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
        if isinstance(action, Choose):
            return action.option
        return repr(action)

    def apply(self, t: Table, action: Union[Play, Capture, Choose]) -> None:
        """H14, H15: play the card (or take the chosen field card with the turned one), then turn
        the stock's top card; each placing is one :class:`Captured` event. H16, H18: then the
        turn ends (below), unless the turned card waits for the seat's choice."""
        r = t.round
        s: MatchingState = r.play
        seat = s.seat
        pile = s.captures[seat]
        if s.stage is _ROLE_CHOICE:             # H18, choose: the maker stops or plays on
            res, s.made, s.stage = s.made, None, _PLAY
            assert res is not None and isinstance(action, Choose)
            if action.option == STOP.option:
                self._stop(t, s, seat, res)
                return
            s.play_ons[seat] = s.play_ons.get(seat, 0) + 1     # the fact play_ons (H18 choose, K15 koi)
            if not self._at_stop:               # K15 koi: nothing is paid, play goes on
                self._play_on(t, s, seat, res)
            self._end_turn(t, s)
            return
        if s.stage is _TURN_CHOICE:             # H15: the turned card takes the chosen field card
            assert isinstance(action, Capture)  # the only legal actions of a turn choice
            s.pending, s.stage = None, _PLAY
            self._place(t, s, seat, pile, action.card, True, action.target)
        else:
            assert isinstance(action, (Play, Capture))      # the legal actions of a seat's turn
            s.turn_from = len(pile)
            r.hands[seat].remove(action.card)
            self._place(t, s, seat, pile, action.card, False, action.target if isinstance(action, Capture) else None)
            if s.stock:                         # H14: then the stock's top card is turned
                card = s.stock.pop(0)
                if len((s.by_month or self.by_month(s))[self.month[card]]) == 2:
                    # H15: two field cards of its month: the seat chooses which one it takes
                    s.stage, s.pending = _TURN_CHOICE, card
                    return
                self._place(t, s, seat, pile, card, True, None)
        if self._at_stop:
            if len(pile) > s.turn_from and self._rose(t, s, seat, pile):
                return                          # the total rose: its maker stops or calls koi (K15)
        elif len(pile) > s.turn_from and self._made_role(s, seat, pile) and self._role_made(t, s, seat, pile):
            return                              # the role stopped the round, or waits for its maker (H18)
        self._end_turn(t, s)

    def _end_turn(self, t: Table, s: MatchingState) -> None:
        s.turn += 1
        if not self._cards_left(t, s):
            s.stage = _OVER                     # H16: played out (a go/drop form may leave stock)

    def _place(self, t: Table, s: MatchingState, seat: int, pile: list[int], card: int, turned: bool,
               target: Optional[int]) -> None:
        """H14: ``card`` (played or turned) takes the field card of its month (``target``, the one
        chosen of two, H15; all three when the field holds three), or is laid on the field; the
        seat to play is ``seat``, its captures ``pile``. The field and its index by month
        (:meth:`by_month`) change together."""
        field = s.field
        same = (s.by_month or self.by_month(s))[self.month[card]]      # the field cards of its month
        taken: tuple[int, ...]
        if not same:
            field.append(card)
            same.append(card)
            taken = ()
        else:
            if len(same) == 2:
                assert target is not None       # two matches: the seat chose which to take
                taken = (target,)
            else:
                taken = tuple(same)
            for f in taken:
                field.remove(f)
                same.remove(f)
            pile.append(card)
            pile.extend(taken)
        t.emit_play(Captured(t.round.index, seat, card, turned, taken))

    def _role_made(self, t: Table, s: MatchingState, seat: int, pile: list[int]) -> bool:
        """The turn made the seat's pile a capture role (rare): pay it, and say whether it stopped
        the round (H18) or play goes on (``play_on``)."""
        res = pile_roles(self.ruleset, pile, s.captures.values())   # with its cards
        if self._choose_roles:
            if res.go <= s.capture_paid.get(seat, 0):
                return False                    # nothing new: no question
            s.made, s.stage = res, _ROLE_CHOICE
            return True
        if self._play_on_roles:
            self._play_on(t, s, seat, res)
            return False
        self._stop(t, s, seat, res)
        return True

    def _rose(self, t: Table, s: MatchingState, seat: int, pile: list[int]) -> bool:
        """``capture_roles_paid: at_stop`` (K15): whether the turn just played raised the seat's
        role total above what it was at the start of the turn; then the seat is asked to stop or
        play on, unless no card is left to play (the last turn: a rise is a stop)."""
        if self._voids and self._voids.intersection(pile[s.turn_from:]):
            for other in s.order:               # K10's setting: a card taken voids the others' roles too
                if other != seat:
                    s.totals[other] = pile_roles(self.ruleset, s.captures[other], s.captures.values()).go
        if s.turn_from and not self._reads(pile[s.turn_from:]):
            return False                        # took only cards no role reads: the same total
        res = pile_roles(self.ruleset, pile, s.captures.values()) if self._holds(s, seat, pile) else None
        total = res.go if res is not None else 0
        before = s.totals.get(seat, 0)
        s.totals[seat] = total
        if res is None or total <= before:
            return False
        if not self._cards_left(t, s):
            self._stop(t, s, seat, res)
            return True
        s.made, s.stage = res, _ROLE_CHOICE
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
        kan = self.ruleset.kind_rules.kan
        for other in s.order:
            if other != seat:
                t.pay(MatchingTransfer.CAPTURE_ROLES, other, seat, (res.go - paid) * kan,
                      f"capture role {'+'.join(res.ids)} (play on)")

    def _stop(self, t: Table, s: MatchingState, seat: int, res: RoleResult) -> None:
        """H18: the round stops; each other seat pays the role's value (x the field, H7), less what
        it paid the seat for its roles already (``choose``: the seat played on before)."""
        s.stopped = (seat, res.ids, res.go)
        s.stage = _OVER
        value = res.go - s.capture_paid.get(seat, 0)
        t.emit(RolesShown(t.round.index, seat, res.ids, value, captured=True))
        if self._at_stop:
            return                              # paid by the file's effects, which read the stop (K16)
        kan = self.ruleset.kind_rules.kan
        for other in s.order:
            if other != seat:
                t.pay(MatchingTransfer.CAPTURE_ROLES, other, seat, value * kan, f"capture role {'+'.join(res.ids)}")
