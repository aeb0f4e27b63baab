"""A readable account of a game from its event log, with names in Japanese and English.

The events every game has (rounds, declarations, transfers, results) are told here; the play
kind's plug-in (:attr:`~.plugin.PlayKindPlugin.narrate_events`) tells its own (the deal, the
field made, roles shown, tricks or captures, the round's card points).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional, Sequence

from ..ruleset.model import Phase, Ruleset
from ..ruleset.roletable import RoleTable
from ..ruleset.model import TransferKind
from .actions import POT, Choose, Declare, Split
from .effect_events import EFFECT_TELLERS
from .events import Applied, ForcedOut, GameEnded, RoundEnded, RoundStarted, Seat, Transfer
from .plugins import plugin_for

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
    TransferKind.EFFECT: "house rule",
}

class Narrator:
    """Turns events into lines of text; ``names`` are the players by seat."""

    def __init__(self, ruleset: Ruleset, names: Sequence[str]):
        self.rules, self.names = ruleset, list(names)
        self.kind = plugin_for(ruleset)
        self.goer_order: dict[int, list[int]] = {}      # goers in declaration order, per round
        common: dict[type, Callable[[Any], Optional[str]]] = {
            RoundStarted: self._round_started, Applied: self._applied, Transfer: self._transfer,
            ForcedOut: self._forced_out, RoundEnded: self._round_ended, GameEnded: self._game_ended,
            **{cls: self._told_by(f) for cls, f in EFFECT_TELLERS.items()}}
        self._tellers = {**common, **{cls: self._told_by(f) for cls, f in self.kind.narrate_events.items()}}

    def _told_by(self, f: Callable[[Any, Any], Optional[str]]) -> Callable[[Any], Optional[str]]:
        return lambda e: f(self, e)

    @property
    def deck(self) -> Any:
        return self.rules.deck

    def who(self, seat: Seat) -> str:
        return "the pot" if seat == POT else self.names[seat]

    def does(self, seat: Seat, verb: str) -> str:
        """``seat`` and its verb, in the second person for a player called "you" (``hachi play``).

        >>> n = Narrator.__new__(Narrator); n.names = ["ann", "you"]
        >>> n.does(0, "goes"), n.does(1, "goes"), n.does(1, "pays")
        ('ann goes', 'you go', 'you pay')
        """
        name = self.who(seat)
        if name.lower() != "you":
            return f"{name} {verb}"
        return f"{name} {'go' if verb == 'goes' else verb[:-1]}"

    def role_name(self, role_id: str, table: Optional[RoleTable] = None) -> str:
        table = table or self.rules.roles
        for r in table.roles:
            if r.id == role_id:
                return f"{r.name.ja} {r.name.en}"
        for combo in table.combos:
            if combo.id == role_id and combo.name:
                return f"{combo.name.ja} {combo.name.en}"
        return role_id

    def lines(self, events: Iterable[object]) -> list[str]:
        out: list[str] = []
        for e in events:
            line = self.line(e)
            if line is not None:
                out.extend(line.split("\n"))
        return out

    def line(self, e: Any) -> str | None:
        teller = self._tellers.get(type(e))
        return teller(e) if teller else None

    def _round_started(self, e: RoundStarted) -> str:
        return f"Round {e.round + 1}: {self.kind.starter} {self.who(e.start)}, pot {e.pot}"

    def _applied(self, e: Applied) -> str | None:
        a = e.action
        own = self.kind.narrate_actions.get(type(a))
        if own is not None:
            return own(self, e)
        if isinstance(a, Declare):
            if a.go:
                self.goer_order.setdefault(e.round, []).append(e.seat)
            return "  " + (self.does(e.seat, "goes") + " (出る)" if a.go else self.does(e.seat, "drops") + " (降りる)")
        if isinstance(a, Split):
            return f"  {self.does(e.seat, 'wants')} to " + ("split (山分け)" if a.want else "play (勝負)")
        if isinstance(a, Choose):
            return f"  {self.does(e.seat, 'chooses')} {a.option} ({a.question})"
        return f"  {self.who(e.seat)}: {a!r}"

    def _forced_out(self, e: ForcedOut) -> str:
        return f"  forced out (降ろされ): {', '.join(self.who(s) for s in e.seats)}"

    def _transfer(self, e: Transfer) -> str:
        times = f" ({e.base} x{e.multiplier})" if e.multiplier != 1 else ""
        why = f"{KIND_NAMES.get(e.kind, e.kind.value)}, {e.reason}"
        if e.source == POT:
            return f"  {self.does(e.target, 'takes')} {e.amount} from the pot: {why}"
        if e.target == POT:
            return f"  {self.does(e.source, 'pays')} {e.amount}{times} into the pot: {why}"
        return f"  {self.does(e.source, 'pays')} {self.who(e.target)} {e.amount}{times}: {why}"

    def _round_ended(self, e: RoundEnded) -> str:
        delta = ", ".join(f"{n} {d:+d}" for n, d in zip(self.names, e.delta))
        tricks = ", ".join(f"{self.who(s)} {n}" for s, n in e.tricks.items())
        tricks = f"; tricks {tricks}" if tricks else ""
        kind = f"{e.kind.value} " if Phase.DECLARATIONS in self.rules.round else ""
        return (f"  result: {kind}x{e.multiplier}{tricks}; {delta}; pot {e.pot_after}; "
                f"next {self.kind.next_starter} "
                f"{self.who(e.next_start)}")

    def _game_ended(self, e: GameEnded) -> str:
        final = ", ".join(f"{n} {c}" for n, c in zip(self.names, e.chips))
        won = ", ".join(self.who(s) for s in e.winners)
        text = f"Final: {final}; " + ("winner " if len(e.winners) == 1 else "shared win ") + won
        if e.leftover_pot:
            text += f"; the leftover pot of {e.leftover_pot} goes to nobody"
        return text
