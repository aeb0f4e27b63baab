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

from ....ruleset.model import Phase, Ruleset
from .rules import TrickPhase
from ...engine.actions import Play
from ...engine.events import Applied, FieldMade, RolesShown
from .actions import CallMizuten, Deal
from .events import TrickTaken
from .deal import DealPhase
from .mizuten_call import MizutenCall
from .play import TrickEngine, TrickRound
from . import record as record_tricks
from .determinize import sample_trick_deal
from ...engine.kindplugin import NO_SEATS, Kind, Search, SeatFact, TableFact, Teller, Words
from .told import TOLD
from .rules import RULES, trick_rules_of
from .view import TrickView


def _roles_shown(n: Teller, e: RolesShown) -> str:
    if n.ja:
        roles = "、".join(n.role_name(r) for r in e.roles) or "役なし"
        aces = f"、数える札 {e.aces} 枚" if e.aces else ""
        return f"  {n.who(e.seat)}: {roles} を見せる (値 {e.value}{aces})"
    roles = ", ".join(n.role_name(r) for r in e.roles) or "no role"
    aces = f", {counted(n.rules, e.aces)}" if e.aces else ""
    return f"  {n.does(e.seat, 'shows')} {roles} (value {e.value}{aces})"


def counted(rules: Ruleset, n: int) -> str:
    """``1 ace``, ``2 aces``: the cards a forced-out player is paid for (T14), by their class."""
    classes = list(rules.forced_out.per_card)
    if len(classes) != 1:
        return f"{n} counted card{'' if n == 1 else 's'}"
    return f"{n} {classes[0].replace('_', ' ')}{'' if n == 1 else 's'}"


def _field_made(n: Teller, e: FieldMade) -> None:
    return None                                 # told with the deal, beside the indicator


def _trick_taken(n: Teller, e: TrickTaken) -> str:
    order = n.goer_order.get(e.round, [])
    start = order.index(e.leader) if e.leader in order else 0
    seats = [order[(start + i) % len(order)] for i in range(len(e.cards))] if order else []
    played = ", ".join(f"{n.who(s)} {n.deck.name(c)}" for s, c in zip(seats, e.cards))
    if n.ja:
        return f"  第{e.index + 1}トリック: {played or n.deck.format(e.cards)} -> {n.who(e.winner)}"
    return f"  trick {e.index + 1}: {played or n.deck.format(e.cards)} -> {n.who(e.winner)}"


def _deal(n: Teller, e: Applied) -> str:
    a: Any = e.action
    deck = n.deck
    field = n.rules.field_for(a.indicator)
    hands = "; ".join(f"{n.names[s]} {deck.format(sorted(h, key=deck.sort_key))}" for s, h in enumerate(a.hands))
    no_trump = field.id in trick_rules_of(n.rules).fields.no_trump          # T8 trump: none
    if n.ja:
        trump = "なし" if no_trump else deck.suits[deck.suit(a.indicator)]
        return (f"  配札: {hands}\n  めくり札 {deck.name(a.indicator)}: 切り札 {trump}、"
                f"{field.name.ja} x{field.multiplier}")
    trump = "none" if no_trump else deck.suits[deck.suit(a.indicator)]
    return (f"  deal: {hands}\n  indicator {deck.name(a.indicator)}: trump {trump}, "
            f"{field.name.ja} {field.name.en} x{field.multiplier}")


def _mizuten(n: Teller, e: Applied) -> Optional[str]:
    call: bool = getattr(e.action, "call")
    if n.ja:
        return f"  {n.who(e.seat)}: ミズテンを宣言" if call else None
    return f"  {n.does(e.seat, 'declares')} ミズテン mizuten" if call else None


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
    for needed in (TrickPhase.DEAL, Phase.DECLARATIONS):
        if needed not in order:
            return f"the round has no '{needed.value}' phase"
    if order.index(TrickPhase.DEAL) > order.index(Phase.DECLARATIONS):
        return "the round declares before the deal"
    return None


def _view(round: Any) -> TrickView:
    play, part = round.play, _part(round)
    won = tuple(part.tricks_won.items())
    if play is None:
        return TrickView(part.mizuten, part.indicator, part.trump, won)
    return TrickView(part.mizuten, part.indicator, part.trump, won, tuple(play.current), play.leader,
                     tuple(play.done))


def _must_go(round: Any) -> Mapping[int, str]:
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
    words=Words(starter="start player", next_starter="start", starter_ja="スタP",
                events={RolesShown: _roles_shown, FieldMade: _field_made, TrickTaken: _trick_taken},
                actions={Deal: _deal, CallMizuten: _mizuten, Play: _play}),
    new_round=TrickRound, must_go=_must_go, valued_with=_valued_with, round_tricks=_round_tricks,
    seat_facts=SEAT_FACTS, table_facts=TABLE_FACTS,
    record=record_tricks, told=TOLD, search=Search(sample_trick_deal, "heuristic"),
    bots={"heuristic": "hachihachi.interpreter.games.tricks.heuristic:HeuristicBot"},
    screen="screen", bridge="spiel",
)
