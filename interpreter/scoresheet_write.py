"""A played game written as a score sheet: only what the table sees (scorekeeper.md).

Used to check the scorekeeper against the engine: a game played card by card and the sheet a
table would have written of it must settle to the same chips. The hands of role holders are laid
open (``show``) or claimed (``roles``/``aces``); the play is told by its result.
"""

from __future__ import annotations

from types import SimpleNamespace

from ..ruleset.model import Phase, PlayKind
from .actions import CallMizuten, Deal, Declare, Split
from .events import Applied, RolesShown, RoundEnded, RoundStarted
from .game import Game
from .phases.hanafuda import CardScoring, HanaDeal, HandRolesShown, RoundScored
from .play.matching import CaptureRoleMade, Captured

SHOW, CLAIM, MIXED = "show", "claim", "mixed"


def sheet_from_game(game: Game, names, ruleset_ref: str, hands: str = SHOW) -> dict:
    """The score sheet of ``game`` as plain data. ``hands``: lay role holders' hands open
    (``show``), claim their roles (``claim``), or alternate by round and seat (``mixed``)."""
    w = _Writer(game, list(names), hands)
    for e in game.events:
        w.event(e)
    data = {"ruleset": ruleset_ref, "players": list(names), "start": names[w.first], "rounds": w.rounds}
    if game.rounds != game.ruleset.rounds.standard:
        data["length"] = game.rounds
    return data


class _Writer:
    def __init__(self, game: Game, names: list, hands: str):
        self.rules, self.names, self.mode = game.ruleset, names, hands
        self.deck = self.rules.deck
        self.hana = self.rules.play is PlayKind.MATCHING
        self.rounds: list[dict] = []
        self.first = 0

    def event(self, e) -> None:
        handler = getattr(self, "_" + type(e).__name__, None)
        if handler:
            handler(e)

    @property
    def cur(self) -> dict:
        return self.rounds[-1]

    def _RoundStarted(self, e: RoundStarted) -> None:
        if not self.rounds:
            self.first = e.start
        self.rounds.append({"dealer" if self.hana else "start": self.names[e.start]})
        self.dealt: tuple = ()
        self.captures: dict[int, list[int]] = {}

    def _Applied(self, e: Applied) -> None:
        a, cur = e.action, self.cur
        if isinstance(a, CallMizuten) and a.call:
            cur["mizuten"] = True
        elif isinstance(a, Deal):
            cur["indicator"] = self.deck.name(a.indicator)
            self.dealt = a.hands
        elif isinstance(a, HanaDeal):
            cur["field_cards"] = [self.deck.name(c) for c in a.field]
            self.dealt = a.hands
        elif isinstance(a, Declare):
            cur.setdefault("declare", []).append("go" if a.go else "drop")
        elif isinstance(a, Split):
            cur.setdefault("split", []).append(a.want)

    def _reveal(self, seat: int, roles, aces: int) -> None:
        if not roles and not aces:
            return
        name, cur = self.names[seat], self.cur
        claim = self.mode == CLAIM or (self.mode == MIXED and (len(self.rounds) + seat) % 2)
        if not claim:
            cur.setdefault("show", {})[name] = [self.deck.name(c) for c in self.dealt[seat]]
            return
        if roles:
            cur.setdefault("roles", {})[name] = list(roles)
        if aces:
            cur.setdefault("aces", {})[name] = aces

    def _RolesShown(self, e: RolesShown) -> None:
        self._reveal(e.seat, e.roles, e.aces)

    def _HandRolesShown(self, e: HandRolesShown) -> None:
        if self.names[e.seat] not in self.cur.get("show", {}) and self.names[e.seat] not in self.cur.get("roles", {}):
            self._reveal(e.seat, e.roles, 0)

    def _Captured(self, e: Captured) -> None:
        if e.taken:
            self.captures.setdefault(e.seat, []).extend((e.card,) + e.taken)

    def _points(self) -> dict:
        return {self.names[s]: sum(self.deck.points(c) for c in cs) for s, cs in self.captures.items()}

    def _CaptureRoleMade(self, e: CaptureRoleMade) -> None:
        self.cur["capture_role"] = {"player": self.names[e.seat], "role": list(e.roles)}
        if Phase.POT in self.rules.round:
            self.cur["points"] = self._points()

    def _RoundScored(self, e: RoundScored) -> None:
        order = [s for s in range(len(self.names)) if s in self.captures or e.points[s]]
        played = self._played()
        self.cur["points"] = {self.names[s]: e.points[s] for s in played or order}
        scoring = CardScoring(self.rules)
        state = SimpleNamespace(captures={s: self.captures.get(s, []) for s in played}, order=played)
        table = SimpleNamespace(round=SimpleNamespace(dealt=self.dealt))
        if "sujuroku" in self.rules.hanafuda.specials:
            chaff = {self.names[s]: scoring.chaff(state, s) for s in played}
            least = self.rules.hanafuda.specials["sujuroku"].chaff
            if any(n >= least for n in chaff.values()):
                self.cur["chaff"] = {k: n for k, n in chaff.items() if n >= least}
        took = [self.names[s] for s in played if scoring.took_three(table, state, s)]
        if took:
            self.cur["tobikomi"] = took

    def _played(self) -> list[int]:
        said = self.cur.get("declare")
        seats = [(self.names.index(self.cur["dealer"]) + i) % len(self.names) for i in range(len(self.names))]
        if said is None:
            return seats
        return [s for s, go in zip(seats, said) if go == "go"]

    def _RoundEnded(self, e: RoundEnded) -> None:
        if e.tricks and not self.hana:
            self.cur["tricks"] = {self.names[s]: n for s, n in e.tricks.items()}


def sheet_difference(game: Game, names, hands: str = SHOW) -> str | None:
    """Write ``game`` as a sheet, settle the sheet, and say where the two first differ (None: they
    agree on every round's kind, multiplier, goers, tricks, pot and chips)."""
    from .record import Replay, summary
    from .scoresheet import SheetError, settle, sheet_from_data

    data = sheet_from_game(game, names, game.ruleset.name, hands)
    try:
        told = summary(settle(sheet_from_data(data, lambda ref: game.ruleset)))
    except SheetError as e:
        return f"the sheet is refused: {e.message}"
    played = summary(Replay(game, tuple(names)))
    for i, (a, b) in enumerate(zip(played["rounds"], told["rounds"]), 1):
        if a != b:
            return f"round {i}: played {a}, told {b}"
    for key in ("final", "pot", "complete", "winners"):
        if played[key] != told[key] or len(played["rounds"]) != len(told["rounds"]):
            return f"{key}: played {played[key]}, told {told[key]}"
    return None
