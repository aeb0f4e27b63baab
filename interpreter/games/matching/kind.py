"""The play kind ``matching`` (hanafuda Hachi-Hachi): capture by month, field cards and stock.

Its :data:`KIND`: its phases (the hanafuda deal with the field, hand roles, card scoring), its
engine (:mod:`.play`), its record codec (:mod:`.record`), its view fields (field cards, captures,
stock, a turned card), how its events read, and its capabilities: the scorekeeper (:mod:`.told`),
the search bots' deals (:mod:`.determinize`), its heuristic bot, its screen and its OpenSpiel game.
"""

from __future__ import annotations

from typing import Any, Optional

from ....ruleset.model import Phase, Ruleset
from ...engine.actions import Choose, Play
from ...engine.events import Applied, FieldMade, RolesShown
from .phases import (CardScoring, FieldCarried, HanaDeal, HanafudaDeal, HandRoles, RoundScored, capture_roles_of,
                     card_points_now, chaff_of, play_ons_of, round_stopped, stopped_of)
from .rules import RULES
from .play import CAPTURE_QUESTION, STOP, Capture, Captured, MatchingEngine, MatchingState
from . import record as record_matching
from .determinize import sample_matching_deal
from ...engine.kindplugin import Kind, Search, Teller, Words
from .told import TOLD
from .view import MatchingView

SPECIAL_JA = {"sohachi": "総八", "nihachi": "二八", "sujuroku": "素十六"}
SPECIAL_NAMES = {                 # H19: the special capture roles of a round played out
    "sohachi": "総八 all at par",
    "nihachi": "二八 par and 80",
    "sujuroku": "素十六 sixteen chaff",
}


def card(n: Teller, c: int) -> str:
    """A hanafuda card as ``8b 芒に月 Moon`` (``8b 芒に月`` in Japanese)."""
    if n.ja:
        return f"{n.deck.name(c)} {n.deck.card_name(c, 'ja')}"
    return f"{n.deck.name(c)} {n.deck.card_name(c, 'ja')} {n.deck.card_name(c, 'en')}"


def _field_name(n: Teller, field_id: str) -> str:
    f = n.rules.kind_rules.field_by_id(field_id).field
    if n.ja:
        return str(f.name.ja)
    return f"{f.name.ja} {f.name.en}"


def _deal(n: Teller, e: Applied) -> str:
    a: Any = e.action
    deck = n.deck
    hands = "; ".join(f"{n.names[s]} {deck.format(sorted(h))}" for s, h in enumerate(a.hands))
    if n.ja:
        return f"  配札: {hands}\n  場札: {deck.format(sorted(a.field))}; 山札 {len(a.stock)} 枚"
    return (f"  deal: {hands}\n  field cards (場札): {deck.format(sorted(a.field))}; "
            f"stock (山札) {len(a.stock)} cards")


def _quiet(n: Teller, e: Any) -> None:
    return None                                 # a play or capture is told by the Captured event that follows


def _field_made(n: Teller, e: FieldMade) -> Optional[str]:
    if e.field is None:
        return None
    if n.ja:
        text = f"  場: {_field_name(n, e.field)} x{e.multiplier}"
        text += " (前の局に縛られて、二代しばり)" if e.bound else ""
        return text + (f"; 次の局は {_field_name(n, e.binds_next)} に縛られる (二代しばり)" if e.binds_next else "")
    text = f"  field: {_field_name(n, e.field)} x{e.multiplier}"
    if e.bound:
        text += " (bound by the last round, 二代しばり)"
    if e.binds_next:
        text += f"; the next round is bound to {_field_name(n, e.binds_next)} (二代しばり)"
    return text


def _field_carried(n: Teller, e: FieldCarried) -> str:
    if n.ja:
        return f"  {n.deck.format(e.cards)} で {_field_name(n, e.field)} を次の局へ持ち越し"
    return f"  {n.deck.format(e.cards)} carry {_field_name(n, e.field)} to the next round (持ち越し)"


def _roles_shown(n: Teller, e: RolesShown) -> str:
    if e.captured:
        table = n.rules.kind_rules.capture_roles
        roles = ", ".join(n.role_name(r, table) for r in e.roles)
        after = n.rules.kind_rules.after_capture_role
        goes_on = after == "play_on"
        if after == "choose":           # the maker's answer (stop or play_on) is told next to it
            if n.ja:
                return f"  {n.who(e.seat)}: 出来役 {roles} ({e.value} 貫)"
            return f"  {n.does(e.seat, 'makes')} 出来役 {roles} ({e.value} kan)"
        if n.ja:
            then = "下げて続ける" if goes_on else "局はここで終わり"
            return f"  {n.who(e.seat)}: 出来役 {roles} ({e.value} 貫): {then}"
        return (f"  {n.does(e.seat, 'makes')} 出来役 {roles} ({e.value} kan): "
                f"{'play goes on (下げ)' if goes_on else 'the round stops'}")
    roles = ", ".join(n.role_name(r) for r in e.roles)
    if n.ja:
        return f"  {n.who(e.seat)}: 手役 {roles} を見せる ({e.value} 貫): {n.deck.format(e.cards)}"
    return f"  {n.does(e.seat, 'shows')} 手役 {roles} ({e.value} kan): {n.deck.format(e.cards)}"


def _choose(n: Teller, e: Applied) -> str:
    """H18 with ``after_capture_role: choose``: the maker's answer (any other question a house
    rule asks is told as the engine tells answers)."""
    a = e.action
    assert isinstance(a, Choose)
    if a.question != CAPTURE_QUESTION:
        return f"  {n.does(e.seat, 'chooses')} {a.option} ({a.question})"
    stop = a.option == STOP.option
    if n.ja:
        return f"  {n.who(e.seat)}: " + ("ここで局を打ち切る" if stop else "下げて続ける")
    return "  " + (n.does(e.seat, "stops") + " the round" if stop else n.does(e.seat, "plays") + " on (下げ)")


def _captured(n: Teller, e: Captured) -> str:
    verb = "turns" if e.turned else "plays"
    if n.ja:
        how = "めくる" if e.turned else "出す"
        if not e.taken:
            return f"  {n.who(e.seat)}: {card(n, e.card)} を{how}、場に置く"
        return f"  {n.who(e.seat)}: {card(n, e.card)} を{how}、{'、'.join(card(n, c) for c in e.taken)} を取る"
    if not e.taken:
        return f"  {n.does(e.seat, verb)} {card(n, e.card)}: to the field"
    taken = ", ".join(card(n, c) for c in e.taken)
    return f"  {n.does(e.seat, verb)} {card(n, e.card)}, takes {taken}"


def _pays(n: Teller, role: str) -> bool:
    """Whether the seat told with the special role pays it (総八 under ``sohachi.dealer: pays``)."""
    special = n.rules.kind_rules.specials.get(role)
    return role == "sohachi" and special is not None and special.dealer == "pays"


def _round_scored(n: Teller, e: RoundScored) -> str:
    par = n.rules.kind_rules.par
    seats = sorted(n.goer_order.get(e.round) or range(len(n.names)))   # the goers, if declared
    points = ", ".join(f"{n.names[s]} {e.points[s]} ({e.points[s] - par:+d})" for s in seats)
    if n.ja:
        text = f"  札の点 ({par} 点に対して): {points}"
        for role, seat, value in e.specials:
            paid = "を払う" if _pays(n, role) else ""
            text += f"\n  {n.who(seat)}: {SPECIAL_JA.get(role, role)}{paid} ({value} 貫)"
        return text + ("\n  吹き消し: この局の手役は無効" if e.fukikeshi else "")
    text = f"  card points (札の点) against {par}: {points}"
    for role, seat, value in e.specials:
        if _pays(n, role):              # sohachi.dealer: pays, the dealer pays each other player
            text += f"\n  {n.does(seat, 'pays')} each other player {SPECIAL_NAMES.get(role, role)} ({value} kan)"
        else:
            text += f"\n  {n.does(seat, 'makes')} {SPECIAL_NAMES.get(role, role)} ({value} kan)"
    if e.fukikeshi:
        text += "\n  吹き消し fukikeshi: the hand roles of the round are void"
    return text


def _play_order(t: Any) -> tuple[int, ...]:
    """The seats in the order they play this round (H2: from the dealer, in the direction of
    play), for the seat sets ``each ... in play order`` of effects."""
    order: tuple[int, ...] = t.ruleset.kind_rules.order_from(t.round.start, t.players)
    return order


def _next_dealer(ruleset: Ruleset, r: Any) -> Optional[int]:
    """H2 and ``hanafuda.next_dealer``, in a round without declarations (with go/drop the
    shared rules of T13 and T24 decide): the deal passes to the left or the right, or goes
    to the round's winner (who made a capture role, else who captured the most points; the
    dealer keeps it when nobody played)."""
    if Phase.DECLARATIONS in ruleset.round:
        return None
    rule = ruleset.kind_rules.next_dealer
    if rule == "right":
        return int((r.start - 1) % r.players)
    play = r.play
    if rule == "stopper":                       # K19: the round's winner, else the same dealer
        if isinstance(play, MatchingState):
            if play.stopped is not None:
                return int(play.stopped[0])
            if play.won_at_deal is not None:
                return int(play.won_at_deal)
        return int(r.start)
    if rule == "winner":
        if not isinstance(play, MatchingState) or not play.captures:
            return int(r.start)
        if play.stopped is not None:
            return int(play.stopped[0])
        deck = ruleset.kind_rules.deck
        points = {seat: deck.points_of(cards) for seat, cards in play.captures.items()}
        best = max(points.values())
        return next(seat for seat in play.order if points[seat] == best)
    return int((r.start + 1) % r.players)


def _view(round: Any) -> MatchingView:
    """The matching-play part of a view (H14, H15): field, captures, stock, a turned card."""
    play = round.play
    if not isinstance(play, MatchingState):
        return MatchingView()
    return MatchingView(tuple(play.field), tuple((s, tuple(play.captures.get(s, ()))) for s in play.order),
                        len(play.stock), play.pending)


# its round's phases are placed by the rule file's checks (rules.py): no check_round of its own
KIND = Kind(
    rules=RULES, phases=(HanafudaDeal, HandRoles, CardScoring), actions=(HanaDeal, Capture),
    engine=MatchingEngine, view=_view, next_dealer=_next_dealer, play_order=_play_order,
    words=Words(starter="dealer (親)", next_starter="dealer (親)", starter_ja="親",
                events={FieldMade: _field_made, FieldCarried: _field_carried, RolesShown: _roles_shown,
                        Captured: _captured, RoundScored: _round_scored},
                actions={HanaDeal: _deal, Capture: _quiet, Play: _quiet, Choose: _choose}),
    # the readers of its own facts (rules.FACTS): of one seat, (table, seat) -> value; of the table
    # (its settings, hanafuda.*, are read through each fact's own reader of the ruleset)
    seat_facts={"chaff": chaff_of, "capture_roles": capture_roles_of,
                "card_points": lambda t, s: card_points_now(t).get(s, 0),
                "stopped": stopped_of, "play_ons": play_ons_of},
    table_facts={"round.most_card_points": lambda t: max(card_points_now(t).values(), default=0),
                 "round.stopped": round_stopped},
    record=record_matching, told=TOLD, search=Search(sample_matching_deal, "heuristic_matching"),
    bots={"heuristic_matching": "hachihachi.interpreter.games.matching.heuristic:MatchingHeuristicBot"},
    screen="screen", bridge="spiel",
)
