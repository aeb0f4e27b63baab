"""A readable account of a game from its event log, with names in Japanese and English.

Both games: the trick game's events (declarations, tricks, settlements) and the hanafuda events
(the field made, hand roles shown, captures, capture roles, the round's card points).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..ruleset.model import Phase, PlayKind, Ruleset
from ..ruleset.model import Transfer as TransferKind
from .actions import POT, CallMizuten, Deal, Declare, Play, Split
from .events import Applied, ForcedOut, GameEnded, RolesShown, RoundEnded, RoundStarted, TrickTaken, Transfer
from .phases.hanafuda import FieldCarried, FieldMade, HanaDeal, HandRolesShown, RoundScored
from .play.matching import Capture, CaptureRoleMade, Captured

KIND_NAMES = {
    TransferKind.DROP_FEE: "降り賃 drop fee",
    TransferKind.FORCED_OUT: "降ろされ forced-out payment",
    TransferKind.ROLES: "手役の精算 role settlement",
    TransferKind.TRICKS: "トリックの精算 trick settlement",
    TransferKind.POT: "場の総取り pot",
    TransferKind.MIZUTEN: "ミズテン mizuten bonus",
    TransferKind.CAPTURE_ROLES: "出来役 capture role",
    TransferKind.SPECIAL_ROLES: "特別役 special role",
    TransferKind.CARD_POINTS: "札の点 card points",
}

SPECIAL_NAMES = {                 # H19: the special capture roles of a round played out
    "sohachi": "総八 all at par",
    "nihachi": "二八 par and 80",
    "sujuroku": "素十六 sixteen chaff",
}


class Narrator:
    """Turns events into lines of text; ``names`` are the players by seat."""

    def __init__(self, ruleset: Ruleset, names: Sequence[str]):
        self.rules, self.names = ruleset, list(names)
        self.deck = ruleset.deck
        self._trick_order: dict[int, list[int]] = {}     # goers in declaration order, per round

    def who(self, seat) -> str:
        return "the pot" if seat == POT else self.names[seat]

    def does(self, seat, verb: str) -> str:
        """``seat`` and its verb, in the second person for a player called "you" (``hachi play``).

        >>> n = Narrator.__new__(Narrator); n.names = ["ann", "you"]
        >>> n.does(0, "goes"), n.does(1, "goes"), n.does(1, "pays")
        ('ann goes', 'you go', 'you pay')
        """
        name = self.who(seat)
        if name.lower() != "you":
            return f"{name} {verb}"
        return f"{name} {'go' if verb == 'goes' else verb[:-1]}"

    def role_name(self, role_id: str, table=None) -> str:
        table = table or self.rules.roles
        for r in table.roles:
            if r.id == role_id:
                return f"{r.name.ja} {r.name.en}"
        for combo in table.combos:
            if combo.id == role_id and combo.name:
                return f"{combo.name.ja} {combo.name.en}"
        return role_id

    def lines(self, events: Iterable) -> list[str]:
        out: list[str] = []
        for e in events:
            line = self.line(e)
            if line is not None:
                out.extend(line.split("\n"))
        return out

    def line(self, e) -> str | None:
        handler = getattr(self, "_" + type(e).__name__, None)
        return handler(e) if handler else None

    def _RoundStarted(self, e: RoundStarted) -> str:
        return f"Round {e.round + 1}: {self._starter} {self.who(e.start)}, pot {e.pot}"

    @property
    def _starter(self) -> str:
        """Who begins a round: the start player (スタP) of tricks, the dealer (親) of matching."""
        return "dealer (親)" if self.rules.play is PlayKind.MATCHING else "start player"

    def _Applied(self, e: Applied) -> str | None:
        a = e.action
        if isinstance(a, CallMizuten):
            return f"  {self.does(e.seat, 'declares')} ミズテン mizuten" if a.call else None
        if isinstance(a, Deal):
            return self._deal(a)
        if isinstance(a, HanaDeal):
            return self._hana_deal(a)
        if isinstance(a, Capture):
            return None                          # told by the Captured event that follows
        if isinstance(a, Declare):
            if a.go:
                self._trick_order.setdefault(e.round, []).append(e.seat)
            return "  " + (self.does(e.seat, "goes") + " (出る)" if a.go else self.does(e.seat, "drops") + " (降りる)")
        if isinstance(a, Split):
            return f"  {self.does(e.seat, 'wants')} to " + ("split (山分け)" if a.want else "play (勝負)")
        if isinstance(a, Play):
            return None
        return f"  {self.who(e.seat)}: {a!r}"

    def _deal(self, a: Deal) -> str:
        field = self.rules.field_for(a.indicator)
        hands = "; ".join(f"{self.names[s]} {self.deck.format(sorted(h, key=self.deck.sort_key))}"
                          for s, h in enumerate(a.hands))
        return (f"  deal: {hands}\n  indicator {self.deck.name(a.indicator)}: trump "
                f"{self.deck.suits[self.deck.suit(a.indicator)]}, {field.name.ja} {field.name.en} x{field.multiplier}")

    # -- hanafuda ---------------------------------------------------------------------------

    def card(self, card: int) -> str:
        """A hanafuda card as ``8b 芒に月 Moon``."""
        return f"{self.deck.name(card)} {self.deck.card_name(card, 'ja')} {self.deck.card_name(card, 'en')}"

    def _hana_deal(self, a: HanaDeal) -> str:
        hands = "; ".join(f"{self.names[s]} {self.deck.format(sorted(h))}" for s, h in enumerate(a.hands))
        return (f"  deal: {hands}\n  field cards (場札): {self.deck.format(sorted(a.field))}; "
                f"stock (山札) {len(a.stock)} cards")

    def _field_name(self, field_id: str) -> str:
        f = self.rules.hanafuda.field_by_id(field_id).field
        return f"{f.name.ja} {f.name.en}"

    def _FieldMade(self, e: FieldMade) -> str:
        text = f"  field: {self._field_name(e.field)} x{e.multiplier}"
        if e.bound:
            text += " (bound by the last round, 二代しばり)"
        if e.binds_next:
            text += f"; the next round is bound to {self._field_name(e.binds_next)} (二代しばり)"
        return text

    def _FieldCarried(self, e: FieldCarried) -> str:
        return (f"  {self.deck.format(e.cards)} carry {self._field_name(e.field)} to the next round "
                "(持ち越し)")

    def _HandRolesShown(self, e: HandRolesShown) -> str:
        roles = ", ".join(self.role_name(r) for r in e.roles)
        return f"  {self.does(e.seat, 'shows')} 手役 {roles} ({e.value} kan): {self.deck.format(e.cards)}"

    def _Captured(self, e: Captured) -> str:
        verb = "turns" if e.turned else "plays"
        if not e.taken:
            return f"  {self.does(e.seat, verb)} {self.card(e.card)}: to the field"
        taken = ", ".join(self.card(c) for c in e.taken)
        return f"  {self.does(e.seat, verb)} {self.card(e.card)}, takes {taken}"

    def _CaptureRoleMade(self, e: CaptureRoleMade) -> str:
        table = self.rules.hanafuda.capture_roles
        roles = ", ".join(self.role_name(r, table) for r in e.roles)
        goes_on = self.rules.hanafuda.after_capture_role == "play_on"
        return (f"  {self.does(e.seat, 'makes')} 出来役 {roles} ({e.value} kan): "
                f"{'play goes on (下げ)' if goes_on else 'the round stops'}")

    def _RoundScored(self, e: RoundScored) -> str:
        par = self.rules.hanafuda.par
        seats = sorted(self._trick_order.get(e.round) or range(len(self.names)))   # the goers, if declared
        points = ", ".join(f"{self.names[s]} {e.points[s]} ({e.points[s] - par:+d})" for s in seats)
        text = f"  card points (札の点) against {par}: {points}"
        for role, seat, value in e.specials:
            text += f"\n  {self.does(seat, 'makes')} {SPECIAL_NAMES.get(role, role)} ({value} kan)"
        if e.fukikeshi:
            text += "\n  吹き消し fukikeshi: the hand roles of the round are void"
        return text

    def _ForcedOut(self, e: ForcedOut) -> str:
        return f"  forced out (降ろされ): {', '.join(self.who(s) for s in e.seats)}"

    def _RolesShown(self, e: RolesShown) -> str:
        roles = ", ".join(self.role_name(r) for r in e.roles) or "no role"
        aces = f", {e.aces} counted card(s)" if e.aces else ""
        return f"  {self.does(e.seat, 'shows')} {roles} (value {e.value}{aces})"

    def _TrickTaken(self, e: TrickTaken) -> str:
        order = self._trick_order.get(e.round, [])
        start = order.index(e.leader) if e.leader in order else 0
        seats = [order[(start + i) % len(order)] for i in range(len(e.cards))] if order else []
        played = ", ".join(f"{self.who(s)} {self.deck.name(c)}" for s, c in zip(seats, e.cards))
        return f"  trick {e.index + 1}: {played or self.deck.format(e.cards)} -> {self.who(e.winner)}"

    def _Transfer(self, e: Transfer) -> str:
        times = f" ({e.base} x{e.multiplier})" if e.multiplier != 1 else ""
        why = f"{KIND_NAMES.get(e.kind, e.kind.value)}, {e.reason}"
        if e.source == POT:
            return f"  {self.does(e.target, 'takes')} {e.amount} from the pot: {why}"
        if e.target == POT:
            return f"  {self.does(e.source, 'pays')} {e.amount}{times} into the pot: {why}"
        return f"  {self.does(e.source, 'pays')} {self.who(e.target)} {e.amount}{times}: {why}"

    def _RoundEnded(self, e: RoundEnded) -> str:
        delta = ", ".join(f"{n} {d:+d}" for n, d in zip(self.names, e.delta))
        tricks = ", ".join(f"{self.who(s)} {n}" for s, n in e.tricks.items())
        tricks = f"; tricks {tricks}" if tricks else ""
        kind = f"{e.kind.value} " if Phase.DECLARATIONS in self.rules.round else ""
        return (f"  result: {kind}x{e.multiplier}{tricks}; {delta}; pot {e.pot_after}; "
                f"next {'dealer (親)' if self.rules.play is PlayKind.MATCHING else 'start'} "
                f"{self.who(e.next_start)}")

    def _GameEnded(self, e: GameEnded) -> str:
        final = ", ".join(f"{n} {c}" for n, c in zip(self.names, e.chips))
        won = ", ".join(self.who(s) for s in e.winners)
        text = f"Final: {final}; " + ("winner " if len(e.winners) == 1 else "shared win ") + won
        if e.leftover_pot:
            text += f"; the leftover pot of {e.leftover_pot} goes to nobody"
        return text
