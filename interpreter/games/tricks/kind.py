"""The play kind ``tricks`` (Hachi-Hachi Trick): trick play after go/drop declarations.

Its :data:`KIND`: its phases (the mizuten call, the deal with its turned indicator; the trick
settlement, the pot and the mizuten bonus are effects of the rule file's ``settlement:``), its
engine (:mod:`.play`), its record codec (:mod:`.record`), its view fields (the trick on the table,
the finished tricks), how its events read, its state of a round (:class:`~.play.TrickRound`), and
its capabilities: the scorekeeper (:mod:`.told`), the search bots' deals (:mod:`.determinize`),
its heuristic bot, its screen and its OpenSpiel game.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ....ruleset.model import Ruleset
from .rules import TrickPhase
from ...engine.actions import Play
from ...engine.events import Applied, FieldMade, RolesShown
from .actions import CallMizuten, Deal
from .events import TrickTaken
from .points import POINTS
from .deal import DealPhase
from .mizuten_call import MizutenCall
from .play import TrickEngine, TrickRound
from . import record as record_tricks
from .determinize import sample_trick_deal
from ...engine.kindplugin import NO_SEATS, Kind, KindState, Search, SeatFact, TableFact, Teller, Words
from .told import TOLD
from ...scorekeeper.told import counted_cards
from .rules import RULES, trick_rules_of
from .view import TrickView
from ...parts.go_drop.rules import GoDropPhase


# how its events read, in the narrator's language (the words: the catalogs' kind.tricks.*)
def _roles_shown(n: Teller, e: RolesShown) -> str:
    roles = n.say("words.list").join(n.role_name(r) for r in e.roles) or n.say("kind.tricks.no_role")
    aces = n.say("kind.tricks.aces", aces=e.aces, counted=counted_cards(n, e.aces)) if e.aces else ""
    return n.tell("kind.tricks.roles_shown", who=n.who(e.seat), does=n.does(e.seat, "shows"), roles=roles,
                  value=e.value, aces=aces)


def _field_made(n: Teller, e: FieldMade) -> None:
    return None                                 # told with the deal, beside the indicator


def _trick_taken(n: Teller, e: TrickTaken) -> str:
    order = n.playing_order.get(e.round, [])
    start = order.index(e.leader) if e.leader in order else 0
    seats = [order[(start + i) % len(order)] for i in range(len(e.cards))] if order else []
    played = ", ".join(f"{n.who(s)} {n.deck.name(c)}" for s, c in zip(seats, e.cards))
    return n.tell("kind.tricks.trick_taken", index=e.index + 1, played=played or n.deck.format(e.cards),
                  winner=n.who(e.winner))


def _deal(n: Teller, e: Applied) -> str:
    a: Any = e.action
    deck = n.deck
    field = n.rules.field_for(a.indicator)
    hands = "; ".join(f"{n.names[s]} {deck.format(sorted(h, key=deck.sort_key))}" for s, h in enumerate(a.hands))
    no_trump = field.id in trick_rules_of(n.rules).fields.no_trump          # T8 trump: none
    trump = n.say("kind.tricks.no_trump") if no_trump else deck.suits[deck.suit(a.indicator)]
    return (n.tell("kind.tricks.deal", hands=hands) + "\n"
            + n.tell("kind.tricks.indicator", indicator=deck.name(a.indicator), trump=trump, field_ja=field.name.ja,
                     field_en=field.name.en, multiplier=field.multiplier))


def _mizuten(n: Teller, e: Applied) -> Optional[str]:
    call: bool = getattr(e.action, "call")
    return n.tell("kind.tricks.mizuten", who=n.who(e.seat), does=n.does(e.seat, "declares")) if call else None


def _play(n: Teller, e: Applied) -> None:
    return None                                 # told by the TrickTaken event


def _part(round: Any) -> TrickRound:
    part: TrickRound = round.kind_state
    return part


# the trick game's facts for effects (docs/effects.md), read from a table (state.Table)
SEAT_FACTS: Mapping[str, SeatFact] = {      # read in every settlement: the round's TrickRound read in place
    "mizuten": lambda t, s: t.round.kind_state.mizuten and s == t.round.start,
    "tricks": lambda t, s: t.round.kind_state.tricks_won.get(s, 0),
}
TABLE_FACTS: Mapping[str, TableFact] = {
    "round.most_tricks": lambda t: max(_part(t.round).tricks_won.values(), default=0),
}
MIZUTEN_GOES = "declared mizuten and must go, not drop (T6)"


def _check_round(ruleset: Ruleset) -> Optional[str]:
    order = list(ruleset.round)
    for needed in (TrickPhase.DEAL, GoDropPhase.DECLARATIONS):
        if needed not in order:
            return f"the round has no '{needed.value}' phase"
    if order.index(TrickPhase.DEAL) > order.index(GoDropPhase.DECLARATIONS):
        return "the round declares before the deal"
    return None


def _view(round: Any) -> TrickView:
    play, part = round.play, _part(round)
    won = tuple(part.tricks_won.items())
    if play is None:
        return TrickView(part.mizuten, part.indicator, part.trump, won)
    return TrickView(part.mizuten, part.indicator, part.trump, won, tuple(play.current), play.leader,
                     tuple(play.done))


def _must_play(round: Any) -> Mapping[int, str]:
    """T6: a start player who declared mizuten must go."""
    return {round.start: MIZUTEN_GOES} if _part(round).mizuten else NO_SEATS


def _valued_with(round: Any) -> tuple[Optional[int], Optional[int]]:
    """T14, T15: roles are valued with the round's trump and indicator."""
    part = _part(round)
    return part.trump, part.indicator


def _round_tricks(round: Any) -> dict[int, int]:
    return dict(_part(round).tricks_won)


KIND = Kind(
    rules=RULES, phases=(MizutenCall, DealPhase), actions=(Deal, CallMizuten), engine=TrickEngine,
    view=_view, check_round=_check_round,
    words=Words("kind.tricks", events={RolesShown: _roles_shown, FieldMade: _field_made, TrickTaken: _trick_taken},
                actions={Deal: _deal, CallMizuten: _mizuten, Play: _play}),
    state=KindState(TrickRound, must_play=_must_play, valued_with=_valued_with, round_tricks=_round_tricks),
    seat_facts=SEAT_FACTS, table_facts=TABLE_FACTS, play_points=POINTS,
    record=record_tricks, told=TOLD, search=Search(sample_trick_deal, "heuristic"),
    bots={"heuristic": "hachihachi.interpreter.games.tricks.heuristic:HeuristicBot"},
    screen="screen", bridge="spiel",
)
