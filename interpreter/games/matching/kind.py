"""The play kind ``matching`` (hanafuda Hachi-Hachi): capture by month, field cards and stock.

Its :data:`KIND`: its phases (the hanafuda deal with the field, hand roles, card scoring), its
engine (:mod:`.play`), its record codec (:mod:`.record`), its view fields (field cards, captures,
stock, a turned card), how its events read, and its capabilities: the scorekeeper (:mod:`.told`),
the search bots' deals (:mod:`.determinize`), its heuristic bot, its screen and its OpenSpiel game.
"""

from __future__ import annotations

from typing import Any, Optional

from ....ruleset.model import Ruleset
from ...engine.actions import Choose, Play
from ...engine.events import Applied, FieldMade, RolesShown
from .phases import (CardScoring, FieldCarried, HanaDeal, HanafudaDeal, HandRoles, RoundScored, SatOut,
                     capture_roles_of, card_points_now, chaff_of, play_ons_of, round_stopped, stopped_of)
from .rules import RULES
from .points import POINTS, SEAT_FACTS as POINT_SEAT_FACTS, TABLE_FACTS as POINT_TABLE_FACTS
from .play import CAPTURE_QUESTION, STOP, Capture, Captured, MatchingEngine, MatchingState
from . import record as record_matching
from .determinize import sample_matching_deal
from .shown import shown
from ...engine.kindplugin import Kind, Search, Teller, Words
from .told import TOLD
from .view import MatchingView
from ...parts.go_drop.rules import GoDropPhase

# how its events read, in the narrator's language (the words: the catalogs' kind.matching.*)
def card(n: Teller, c: int) -> str:
    """A hanafuda card as ``8b 芒に月 Moon`` (``8b 芒に月`` in Japanese)."""
    return n.say("kind.matching.card", id=n.deck.name(c), name_ja=n.deck.card_name(c, "ja"),
                 name_en=n.deck.card_name(c, "en"))


def _field_name(n: Teller, field_id: str) -> str:
    f = n.rules.kind_rules.field_by_id(field_id).field
    return n.say("kind.matching.field_name", name_ja=f.name.ja, name_en=f.name.en)


def _deal(n: Teller, e: Applied) -> str:
    a: Any = e.action
    deck = n.deck
    hands = "; ".join(f"{n.names[s]} {deck.format(sorted(h))}" for s, h in enumerate(a.hands) if h)  # sit_out: none
    return n.tell("kind.matching.deal", hands=hands, field=deck.format(sorted(a.field)), stock=len(a.stock))


def _quiet(n: Teller, e: Any) -> None:
    return None                                 # a play or capture is told by the Captured event that follows


def _field_made(n: Teller, e: FieldMade) -> Optional[str]:
    if e.field is None or not shown(n.rules).field:
        return None                             # no field kind, or only one, x1 (Koi-Koi): nothing to tell
    text = n.tell("kind.matching.field_made", field=_field_name(n, e.field), multiplier=e.multiplier)
    text += n.say("kind.matching.field_bound") if e.bound else ""
    return text + (n.say("kind.matching.binds_next", field=_field_name(n, e.binds_next)) if e.binds_next else "")


def _sat_out(n: Teller, e: SatOut) -> str:
    n.playing_order[e.round] = [s for s in range(len(n.names)) if s not in e.seats]     # who plays this round
    return n.tell("kind.matching.sat_out", seats=", ".join(n.names[s] for s in e.seats))


def _field_carried(n: Teller, e: FieldCarried) -> str:
    return n.tell("kind.matching.field_carried", cards=n.deck.format(e.cards), field=_field_name(n, e.field))


def _unit(n: Teller) -> str:
    """Role values in kan, or in points when a kan is one point (Koi-Koi)."""
    return n.say("kind.matching.unit.kan" if shown(n.rules).kan else "kind.matching.unit.points")


def _roles_shown(n: Teller, e: RolesShown) -> str:
    unit = _unit(n)
    if e.captured:
        table = n.rules.kind_rules.capture_roles
        roles = ", ".join(n.role_name(r, table) for r in e.roles)
        after = n.rules.kind_rules.after_capture_role
        who, does = n.who(e.seat), n.does(e.seat, "makes")
        if after == "choose":           # the maker's answer (stop or play_on) is told next to it
            return n.tell("kind.matching.capture_role", who=who, does=does, roles=roles, value=e.value, unit=unit)
        then = n.say("kind.matching.plays_on" if after == "play_on" else "kind.matching.round_stops")
        return n.tell("kind.matching.capture_role_then", who=who, does=does, roles=roles, value=e.value, then=then,
                      unit=unit)
    roles = ", ".join(n.role_name(r) for r in e.roles)
    return n.tell("kind.matching.hand_roles", who=n.who(e.seat), does=n.does(e.seat, "shows"), roles=roles,
                  value=e.value, cards=n.deck.format(e.cards), unit=unit)


def _choose(n: Teller, e: Applied) -> str:
    """H18 with ``after_capture_role: choose``: the maker's answer (any other question a house
    rule asks is told as the engine tells answers)."""
    a = e.action
    assert isinstance(a, Choose)
    if a.question != CAPTURE_QUESTION:
        return n.tell("narration.choose", who=n.who(e.seat), does=n.does(e.seat, "chooses"), option=a.option,
                      question=a.question)
    if a.option == STOP.option:
        return n.tell("kind.matching.stops", who=n.who(e.seat), does=n.does(e.seat, "stops"))
    return n.tell("kind.matching.plays_on_choice", who=n.who(e.seat), does=n.does(e.seat, "plays"))


def _captured(n: Teller, e: Captured) -> str:
    how = n.say("kind.matching.how.turned" if e.turned else "kind.matching.how.played")
    who, does, played = n.who(e.seat), n.does(e.seat, how), card(n, e.card)
    if not e.taken:
        return n.tell("kind.matching.captured_none", who=who, does=does, card=played, how=how)
    taken = n.say("words.list").join(card(n, c) for c in e.taken)
    return n.tell("kind.matching.captured", who=who, does=does, card=played, how=how, taken=taken)


def _pays(n: Teller, role: str) -> bool:
    """Whether the seat told with the special role pays it (総八 under ``sohachi.dealer: pays``)."""
    special = n.rules.kind_rules.specials.get(role)
    return role == "sohachi" and special is not None and special.dealer == "pays"


def _round_scored(n: Teller, e: RoundScored) -> str:
    par = n.rules.kind_rules.par
    seats = sorted(n.playing_order.get(e.round) or range(len(n.names)))   # the goers, if declared
    points = ", ".join(f"{n.names[s]} {e.points[s]} ({e.points[s] - par:+d})" for s in seats)
    text = n.tell("kind.matching.round_scored", par=par, points=points)
    for role, seat, value in e.specials:
        named = n.say(f"kind.matching.specials.{role}") if role in SPECIALS else role
        pays = _pays(n, role)           # sohachi.dealer: pays, the dealer pays each other player
        text += "\n" + n.tell("kind.matching.special_pays" if pays else "kind.matching.special", who=n.who(seat),
                               does=n.does(seat, "pays" if pays else "makes"), role=named, value=value)
    return text + ("\n" + n.tell("kind.matching.fukikeshi") if e.fukikeshi else "")


SPECIALS = ("sohachi", "nihachi", "sujuroku")     # H19: the special capture roles of a round played out


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
    if GoDropPhase.DECLARATIONS in ruleset.round:
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
    words=Words("kind.matching",
                events={FieldMade: _field_made, FieldCarried: _field_carried, SatOut: _sat_out,
                        RolesShown: _roles_shown, Captured: _captured, RoundScored: _round_scored},
                actions={HanaDeal: _deal, Capture: _quiet, Play: _quiet, Choose: _choose}),
    # the readers of its own facts (rules.FACTS): of one seat, (table, seat) -> value; of the table
    # (its settings, hanafuda.*, are read through each fact's own reader of the ruleset)
    seat_facts={"chaff": chaff_of, "capture_roles": capture_roles_of,
                "card_points": lambda t, s: card_points_now(t).get(s, 0),
                "stopped": stopped_of, "play_ons": play_ons_of, **POINT_SEAT_FACTS},
    table_facts={"round.most_card_points": lambda t: max(card_points_now(t).values(), default=0),
                 "round.stopped": round_stopped, **POINT_TABLE_FACTS},
    play_points=POINTS,
    record=record_matching, told=TOLD, search=Search(sample_matching_deal, "heuristic_matching"),
    bots={"heuristic_matching": "hachihachi.interpreter.games.matching.heuristic:MatchingHeuristicBot"},
    screen="screen", bridge="spiel", shown=shown,
)
