"""Hanafuda's part of the scorekeeper (:mod:`.told`): the told deal (the six field cards, or the
field named), hand roles claimed (H8-H11), the capture role that stopped the round (H18) or the
card points taken with the chaff and 飛び込み the table counted (H12, H19-H21); how a sheet's round
tells them, how a played game writes them, and how the told deal reads in the account."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from types import SimpleNamespace
from typing import Any, Callable, Mapping, Optional

from .shown import shown as shown_of
from ....ruleset.errors import shown
from ....ruleset.model import Phase, PhaseName, Ruleset
from .rules import MatchingPhase
from ...engine.actions import CHANCE, Choose
from ...engine.events import Applied, RolesShown
from ...engine.phases.base import PhaseRule
from .phases import CardScoring, HanaDeal, HanafudaDeal, HandRoles, RoundScored
from .play import PLAY_ON, Captured, MatchingEngine, MatchingState, Stage
from ...scorekeeper.sheetround import FieldProblem, RoundReader
from ...scorekeeper.told import Claim, Hand, Told, check_told, ToldDeal, claimed, spread, told_hands
from ...parts.go_drop.rules import GoDropPhase


@dataclass(frozen=True)
class ToldCapture:
    """H18 as told: ``seat`` made the capture role(s) ``roles``; ``points``: the card points
    captured when it stopped, as (seat, points), for a pot that goes by points."""

    seat: int
    roles: tuple[str, ...]
    points: tuple[tuple[int, int], ...] = ()
    played_on: tuple[tuple[int, tuple[str, ...]], ...] = ()     # capture roles paid before (play_on, choose)
    koi: tuple[tuple[int, int], ...] = ()       # K15: each seat's koi calls, capture roles paid at the stop


@dataclass(frozen=True)
class ToldPoints:
    """H21 as told: card points per seat; chaff counted for 素十六 (H19); who made 飛び込み (H12)."""

    points: tuple[tuple[int, int], ...]
    chaff: tuple[tuple[int, int], ...] = ()
    tobikomi: tuple[int, ...] = ()
    played_on: tuple[tuple[int, tuple[str, ...]], ...] = ()     # H18 play_on or choose: roles paid, play went on
    koi: tuple[tuple[int, int], ...] = ()       # K15, K17: the koi calls of a round nobody stopped


@dataclass
class ToldMatchingState(MatchingState):
    """A matching round's state with what the table told of its play (None until told)."""

    told: Any = None


class ToldHanaDeal(HanafudaDeal):
    """H4-H6 as told: the six field cards make the field, or the field is named (one card of a
    named field stands for it, so the binding of the last round still applies, H6)."""

    def legal(self, t: Any) -> Any:
        return Told(ToldDeal)

    def check(self, t: Any, action: Any) -> None:
        check_told(self.legal(t), action, "a deal")

    def apply(self, t: Any, action: Any) -> None:
        cards = action.field_cards
        if action.field is not None:
            cards = self.ruleset.kind_rules.field_by_id(action.field).cards[:1]
        super().apply(t, HanaDeal(((),) * t.players, tuple(cards), ()))
        spread(t, action)
        s = t.round.play
        t.round.play = ToldMatchingState(**{f.name: getattr(s, f.name) for f in fields(s)})


class ToldHandRoles(HandRoles):
    """H8-H11 with claimed hand roles."""

    def roles_of(self, t: Any, seat: int) -> Any:
        hand = t.round.dealt[seat]
        return claimed(self.ruleset.roles, hand.roles) if isinstance(hand, Claim) else super().roles_of(t, seat)


class ToldCardScoring(CardScoring):
    """H12, H19-H21 from the told card points, chaff and 飛び込み."""

    def card_points(self, s: Any) -> dict[int, int]:
        told = dict(s.told.points)
        return {seat: told.get(seat, 0) for seat in s.order}

    def chaff(self, s: Any, seat: int) -> int:
        return int(dict(s.told.chaff).get(seat, 0))

    def took_three(self, t: Any, s: Any, seat: int) -> bool:
        return seat in s.told.tobikomi


class ToldMatchingPlay(PhaseRule):
    """H14-H18 as told: the table tells how the play ended in one action."""

    phase = Phase.PLAY
    standing_unit = "card points"

    def __init__(self, ruleset: Ruleset):
        super().__init__(ruleset)
        self.matching = MatchingEngine(ruleset)

    def applies(self, t: Any) -> bool:
        return bool(t.round.played)

    def enter(self, t: Any) -> None:
        self.matching.start(t)
        s = t.round.play
        s.stage = Stage.OVER if s.won_at_deal is not None else Stage.PLAY     # K6: won at the deal, not played
        s.told = None

    def actor(self, t: Any) -> Optional[int]:
        return None if t.round.play.stage is Stage.OVER else CHANCE

    def legal(self, t: Any) -> Any:
        return Told(ToldCapture, ToldPoints)

    def check(self, t: Any, action: Any) -> None:
        check_told(self.legal(t), action, f"this play ({self.legal(t)!r})")

    def apply(self, t: Any, action: Any) -> None:
        s = t.round.play
        s.told = action
        s.play_ons = dict(action.koi)               # K15: the koi calls, which the effects read (K16)
        table = self.ruleset.kind_rules.capture_roles
        made: dict[int, tuple[str, ...]] = {}        # a seat's capture roles so far: each told as made
        for seat, roles in action.played_on:        # H18 play_on / choose: paid as made, in order
            made[seat] = tuple(dict.fromkeys(made.get(seat, ()) + roles))
            self.matching._play_on(t, s, seat, claimed(table, made[seat]))
        if isinstance(action, ToldCapture):
            roles = tuple(dict.fromkeys(made.get(action.seat, ()) + action.roles))
            self.matching._stop(t, s, action.seat, claimed(table, roles))
        s.stage = Stage.OVER

    def standing(self, t: Any) -> dict[int, int]:
        """What the pot goes by (T21): the told card points."""
        r = t.round
        told = r.play.told if isinstance(r.play, ToldMatchingState) else None
        if told is None:
            return {}
        points = dict(told.points)
        return {g: points.get(g, 0) for g in r.playing}


# -- the account --------------------------------------------------------------------------------

def _told_deal(n: Any, e: Applied) -> Optional[str]:
    a: Any = e.action
    told = a.field is not None and not a.field_cards and shown_of(n.rules).field     # Koi-Koi: no field to tell
    parts = [n.say("kind.matching.told.field", field=a.field)] if told else []
    return told_hands(n, a, parts)


def _quiet(n: Any, e: Any) -> None:
    return None                         # told by the events it produced (capture roles, card points)


# -- writing a played game as a sheet ------------------------------------------------------------

def _captures(w: Any) -> dict[int, list[int]]:
    captures: dict[int, list[int]] = w.notes.setdefault("captures", {})
    return captures


def _write_deal(w: Any, e: Applied) -> None:
    a: Any = e.action
    w.cur["field_cards"] = [w.deck.name(c) for c in a.field]
    w.dealt = a.hands


def _write_roles(w: Any, e: RolesShown) -> None:
    if e.captured:
        last = w.cur.pop("capture_role", None)      # a role before it was played on (H18 play_on, choose)
        if last is not None:
            w.cur.setdefault("played_on", []).append(last)
        w.cur["capture_role"] = {"player": w.names[e.seat], "role": list(e.roles)}
        if Phase.POT in w.rules.round:
            w.cur["points"] = {w.names[s]: w.deck.points_of(cs) for s, cs in _captures(w).items()}
    elif w.names[e.seat] not in w.cur.get("show", {}) and w.names[e.seat] not in w.cur.get("roles", {}):
        w.reveal(e.seat, e.roles, e.aces)          # hand roles (H11), or a forced-out player's (T14)


def _write_captured(w: Any, e: Captured) -> None:
    if e.taken:
        _captures(w).setdefault(e.seat, []).extend((e.card,) + e.taken)


def _played(w: Any) -> list[int]:
    said = w.cur.get("declare")
    players = len(w.names)
    seats = [(w.names.index(w.cur["dealer"]) + i) % players for i in range(players)]
    if said is None:
        rules = w.rules.kind_rules                  # sit_out: the seats sitting out did not play
        sitting = rules.sitting_out(rules.order_from(seats[0], players)) if rules.sit_out else ()
        return [s for s in seats if s not in sitting]
    return [s for s, go in zip(seats, said) if go == "go"]


def _write_koi(w: Any, e: Applied) -> None:
    """K15: a koi call (capture roles paid at the stop), counted per player."""
    a: Any = e.action
    if w.rules.kind_rules.capture_roles_paid == "at_stop" and a == PLAY_ON:
        koi = w.cur.setdefault("koi", {})
        koi[w.names[e.seat]] = koi.get(w.names[e.seat], 0) + 1


def _write_scored(w: Any, e: RoundScored) -> None:
    last = w.cur.pop("capture_role", None)          # played out: every capture role was played on
    if last is not None:
        w.cur.setdefault("played_on", []).append(last)
    captures = _captures(w)
    order = [s for s in range(len(w.names)) if s in captures or e.points[s]]
    played = _played(w)
    w.cur["points"] = {w.names[s]: e.points[s] for s in played or order}
    scoring = CardScoring(w.rules)
    state = SimpleNamespace(captures={s: captures.get(s, []) for s in played}, order=played)
    table = SimpleNamespace(round=SimpleNamespace(dealt=w.dealt))
    hana = w.rules.kind_rules
    if "sujuroku" in hana.specials:
        chaff = {w.names[s]: scoring.chaff(state, s) for s in played}
        least = hana.specials["sujuroku"].chaff
        if any(n >= least for n in chaff.values()):
            w.cur["chaff"] = {k: n for k, n in chaff.items() if n >= least}
    took = [w.names[s] for s in played if scoring.took_three(table, state, s)]
    if took:
        w.cur["tobikomi"] = took


class MatchingTold:
    """The :class:`~.told.ToldKind` of matching play."""

    phases: Mapping[PhaseName, type[PhaseRule]] = {
        MatchingPhase.HANAFUDA_DEAL: ToldHanaDeal, MatchingPhase.HAND_ROLES: ToldHandRoles,
        MatchingPhase.CARD_SCORING: ToldCardScoring, Phase.PLAY: ToldMatchingPlay}
    call: Optional[PhaseName] = None
    round_keys = ("dealer", "start", "field_cards", "field", "declare", "show", "roles", "aces", "capture_role",
                  "played_on", "koi", "points", "chaff", "tobikomi")
    starter_keys = ("dealer", "start")
    starter_word = "dealer"
    turned_key = "field_cards"
    turned_words = "field cards"
    result_keys = ("capture_role", "points")
    narrate_actions: Mapping[type, Callable[[Any, Any], Optional[str]]] = {
        ToldDeal: _told_deal, ToldCapture: _quiet, ToldPoints: _quiet}
    write_events: Mapping[type, Callable[[Any, Any], None]] = {
        HanaDeal: _write_deal, RolesShown: _write_roles, Captured: _write_captured, RoundScored: _write_scored,
        Choose: _write_koi}

    def read_deal(self, reader: RoundReader, hands: tuple[Hand, ...],
                  open_hands: dict[int, tuple[int, ...]]) -> ToldDeal:
        cards: tuple[int, ...] = ()
        if "field_cards" in reader.rnd:
            cards = reader.cards("field_cards", reader.rnd["field_cards"])
            need = reader.rules.kind_rules.field_cards
            if len(cards) != need:
                raise FieldProblem("field_cards", f"the field has {need} cards, not {len(cards)}")
            reader.twice("field_cards", open_hands, cards)
        field = reader.field_id(bool(cards), self.turned_key, self.turned_words)
        return ToldDeal(hands, field_cards=cards, field=field)

    def read_result(self, reader: RoundReader) -> ToldCapture | ToldPoints:
        deck, rnd = reader.rules.kind_rules.deck, reader.rnd
        total = deck.points_of(deck.cards)
        points = reader.by_name("points")
        reader.goers_of("points", points)
        for seat, n in points.items():
            reader.count("points", seat, n, total)
        played_on, koi = self.played_on(reader), self.koi(reader)
        if rnd.get("capture_role") is not None:
            return replace(self.capture(reader, points), played_on=played_on, koi=koi)
        if reader.rules.kind_rules.capture_roles_paid == "at_stop" and rnd.get("points") is None:
            return ToldPoints((), koi=koi)          # K17: nobody stopped (card points are not used, K1)
        if rnd.get("points") is None:
            raise FieldProblem("points", f"tell the card points each player took (adding up to {total}), "
                                         f"or the capture_role that stopped the round")
        if GoDropPhase.DECLARATIONS not in reader.rules.round and sum(points.values()) != total:
            raise FieldProblem("points", f"they add up to {sum(points.values())}, not {total}")
        if sum(points.values()) > total:        # go/drop: the cards left in the stock count for nobody
            raise FieldProblem("points", f"they add up to {sum(points.values())}, more than the {total} of the deck")
        chaff = reader.by_name("chaff")
        reader.goers_of("chaff", chaff)
        for seat, n in chaff.items():
            reader.count("chaff", seat, n, deck.size)
        tobikomi = reader.answers("tobikomi", {n: n for n in reader.names})
        return ToldPoints(tuple(sorted(points.items())), tuple(sorted(chaff.items())),
                          tuple(reader.names.index(n) for n in tobikomi), played_on)

    def capture(self, reader: RoundReader, points: dict[int, Any]) -> ToldCapture:
        seat, roles = self._made(reader, "capture_role", reader.rnd["capture_role"])
        return ToldCapture(seat, roles, tuple(sorted(points.items())))

    def played_on(self, reader: RoundReader) -> tuple[tuple[int, tuple[str, ...]], ...]:
        """H18 ``play_on`` or ``choose``: the capture roles made and paid while play went on, in
        the order they were made (a role grown later, 四光 to 五光, is told again and paid the
        difference)."""
        told = reader.rnd.get("played_on")
        if told is None:
            return ()
        if reader.rules.kind_rules.after_capture_role == "stop":
            raise FieldProblem("played_on", "a capture role stops the round under these rules (H18)")
        if not isinstance(told, list):
            raise FieldProblem("played_on", f"a list of mappings with player and role, not {shown(told)}")
        return tuple(self._made(reader, "played_on", item) for item in told)

    def koi(self, reader: RoundReader) -> tuple[tuple[int, int], ...]:
        """K15: how many times each player called koi (こいこい) this round, by name: ``{ann: 1}``
        (capture roles paid at the stop only)."""
        if reader.rnd.get("koi") is None:
            return ()
        if reader.rules.kind_rules.capture_roles_paid != "at_stop":
            raise FieldProblem("koi", "koi calls are told only where capture roles are paid at the stop (K15)")
        calls = reader.by_name("koi")
        reader.goers_of("koi", calls)
        for seat, n in calls.items():
            reader.count("koi", seat, n, reader.rules.hand_size)
        return tuple(sorted((seat, int(n)) for seat, n in calls.items() if n))

    @staticmethod
    def _made(reader: RoundReader, key: str, told: Any) -> tuple[int, tuple[str, ...]]:
        if not isinstance(told, dict) or set(told) != {"player", "role"}:
            raise FieldProblem(key, f"a mapping with player and role, not {shown(told)}")
        seat = reader.seat(key, told["player"])
        reader.goers_of(key, {seat: 0})
        roles = told["role"] if isinstance(told["role"], list) else [told["role"]]
        ids = {role.id for role in reader.rules.kind_rules.capture_roles.roles}
        bad = next((x for x in roles if x not in ids), None)
        if bad is not None or not roles:
            raise FieldProblem(key, f"{shown(bad)} is not a capture role ({', '.join(sorted(ids))})")
        return seat, tuple(roles)

    def scratch_deal(self, ruleset: Ruleset, rnd: Mapping[str, Any], players: int) -> ToldDeal:
        cards = tuple(ruleset.deck.parse_list(rnd["field_cards"])) if "field_cards" in rnd else ()
        return ToldDeal((Claim(),) * players, field=rnd.get("field"), field_cards=cards)

    def split_shows_roles(self, ruleset: Ruleset) -> bool:
        return False


TOLD = MatchingTold()
