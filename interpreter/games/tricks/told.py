"""The trick game's part of the scorekeeper (:mod:`.told`): the told deal (the turned card, or
the field named) and the told tricks of each goer (T19), how a sheet's round tells them, how a
played game writes them, and how the told deal reads in the account."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional

from ....ruleset.model import Phase, PhaseName, Ruleset
from .rules import TrickPhase
from ...engine.actions import CHANCE
from .actions import CallMizuten, Deal
from ...engine.events import Applied, RolesShown, RoundEnded
from ...engine.phases.base import PhaseRule
from .deal import DealPhase
from .play import TrickState, trick_round
from ...scorekeeper.sheetround import FieldProblem, RoundReader
from ...scorekeeper.told import Claim, Hand, Told, check_told, ToldDeal, spread, told_hands
from ...parts.go_drop.rules import go_drop_rules


@dataclass(frozen=True)
class ToldTricks:
    """T19 as told: the tricks each goer took, as (seat, tricks)."""

    tricks: tuple[tuple[int, int], ...]


class ToldDealPhase(DealPhase):
    """T7, T8 as told: the turned card sets trump and the field, or the field is named."""

    def legal(self, t: Any) -> Any:
        return Told(ToldDeal)

    def check(self, t: Any, action: Any) -> None:
        check_told(self.legal(t), action, "a deal")

    def apply(self, t: Any, action: Any) -> None:
        if action.indicator is not None:
            super().apply(t, Deal(((),) * t.players, action.indicator))
        else:
            t.round.field = next((f for f in self.ruleset.fields if f.id == action.field), None)
        spread(t, action)


class ToldTrickPlay(PhaseRule):
    """T19 as told: the table tells the tricks each goer took in one action."""

    phase = Phase.PLAY
    standing_unit = "tricks"

    def applies(self, t: Any) -> bool:
        return bool(t.round.played)

    def enter(self, t: Any) -> None:
        r = t.round
        r.play = TrickState(goers=list(r.playing), leader=r.playing[0])

    def actor(self, t: Any) -> Optional[int]:
        return None if trick_round(t).tricks_won else CHANCE

    def legal(self, t: Any) -> Any:
        return Told(ToldTricks)

    def check(self, t: Any, action: Any) -> None:
        check_told(self.legal(t), action, f"this play ({self.legal(t)!r})")

    def apply(self, t: Any, action: Any) -> None:
        r = t.round
        trick_round(t).tricks_won = {g: dict(action.tricks).get(g, 0) for g in r.playing}

    def standing(self, t: Any) -> dict[int, int]:
        """What the pot goes by (T21): the told tricks."""
        return trick_round(t).tricks_won


# -- the account --------------------------------------------------------------------------------

def _told_deal(n: Any, e: Applied) -> Optional[str]:
    a: Any = e.action
    parts = []
    if a.indicator is not None:
        suit = n.deck.suits[n.deck.suit(a.indicator)]
        try:
            f = n.rules.field_for(a.indicator)
            field = n.say("kind.tricks.told.indicator_field", field_ja=f.name.ja, field_en=f.name.en,
                          multiplier=f.multiplier)
        except KeyError:
            field = ""
        parts.append(n.say("kind.tricks.told.indicator", indicator=n.deck.name(a.indicator), trump=suit, field=field))
    elif a.field is not None:
        parts.append(n.say("kind.tricks.told.field", field=_field_name(n, a.field)))
    return told_hands(n, a, parts)


def _field_name(n: Any, field_id: str) -> str:
    """A field as a told deal names it: by its id in English, by its Japanese name in Japanese
    (the id when the rules have no such field)."""
    if n.lang == "en":
        return field_id
    return next((f.name.ja for f in n.rules.fields if f.id == field_id), field_id)


def _quiet(n: Any, e: Any) -> None:
    return None                         # told by the events it produced


# -- writing a played game as a sheet ------------------------------------------------------------

def _write_mizuten(w: Any, e: Applied) -> None:
    if getattr(e.action, "call", False):
        w.cur["mizuten"] = True


def _write_deal(w: Any, e: Applied) -> None:
    a: Any = e.action
    w.cur["indicator"] = w.deck.name(a.indicator)
    w.dealt = a.hands


def _write_roles(w: Any, e: Any) -> None:
    w.reveal(e.seat, e.roles, e.aces)


def _write_tricks(w: Any, e: RoundEnded) -> None:
    if e.tricks:
        w.cur["tricks"] = {w.names[s]: n for s, n in e.tricks.items()}


class TrickTold:
    """The :class:`~.told.ToldKind` of trick play."""

    phases: Mapping[PhaseName, type[PhaseRule]] = {TrickPhase.DEAL: ToldDealPhase, Phase.PLAY: ToldTrickPlay}
    call: Optional[PhaseName] = TrickPhase.MIZUTEN_CALL
    round_keys = ("start", "indicator", "field", "mizuten", "declare", "split", "show", "roles", "aces", "tricks")
    starter_keys = ("start",)
    starter_word = "start player"
    turned_key = "indicator"
    turned_words = "turned card"
    result_keys = ("tricks",)
    narrate_actions: Mapping[type, Callable[[Any, Any], Optional[str]]] = {ToldDeal: _told_deal, ToldTricks: _quiet}
    write_events: Mapping[type, Callable[[Any, Any], None]] = {CallMizuten: _write_mizuten,
                                                                Deal: _write_deal, RolesShown: _write_roles,
                                                                RoundEnded: _write_tricks}

    def read_deal(self, reader: RoundReader, hands: tuple[Hand, ...],
                  open_hands: dict[int, tuple[int, ...]]) -> ToldDeal:
        indicator = None
        if "indicator" in reader.rnd:
            cards = reader.cards("indicator", reader.rnd["indicator"])
            if len(cards) != 1:
                raise FieldProblem("indicator", f"one card, not {len(cards)}")
            indicator = cards[0]
            reader.twice("indicator", open_hands, (indicator,))
        return ToldDeal(hands, indicator=indicator,
                        field=reader.field_id(indicator is not None, self.turned_key, self.turned_words))

    def read_result(self, reader: RoundReader) -> ToldTricks:
        if reader.rnd.get("tricks") is None:
            raise FieldProblem("tricks", "the goers played: tell the tricks each took")
        won = reader.by_name("tricks")
        reader.goers_of("tricks", won)
        size = reader.rules.hand_size
        for seat, n in won.items():
            reader.count("tricks", seat, n, size)
        if sum(won.values()) != size:
            raise FieldProblem("tricks", f"they add up to {sum(won.values())}, but a hand plays {size} tricks")
        return ToldTricks(tuple(sorted(won.items())))

    def scratch_deal(self, ruleset: Ruleset, rnd: Mapping[str, Any], players: int) -> ToldDeal:
        indicator = ruleset.deck.parse(rnd["indicator"]) if "indicator" in rnd else None
        return ToldDeal((Claim(),) * players, indicator=indicator, field=rnd.get("field"))

    def split_shows_roles(self, ruleset: Ruleset) -> bool:
        return bool(go_drop_rules(ruleset).two_goers.split_settles_roles)


TOLD = TrickTold()
