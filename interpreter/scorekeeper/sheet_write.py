"""A played game written as a score sheet: only what the table sees (scorekeeper.md).

Used to check the scorekeeper against the engine: a game played card by card and the sheet a
table would have written of it must settle to the same chips. The hands of role holders are laid
open (``show``) or claimed (``roles``/``aces``); the play is told by its result. The play kind's
:attr:`~.told.ToldKind.write_events` write its own fields.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..engine.actions import Choose
from ..parts.go_drop.actions import Declare, Split
from ..engine.events import Applied, RoundStarted
from ..engine.gamestate import GameState
from ..engine.registry import told_for

SHOW, CLAIM, MIXED = "show", "claim", "mixed"


def sheet_from_game(game: GameState, names: Sequence[str], ruleset_ref: str, hands: str = SHOW) -> dict[str, Any]:
    """The score sheet of ``game`` as plain data. ``hands``: lay role holders' hands open
    (``show``), claim their roles (``claim``), or alternate by round and seat (``mixed``)."""
    w = SheetWriter(game, list(names), hands)
    for e in game.events:
        w.event(e)
    data: dict[str, Any] = {"ruleset": ruleset_ref, "players": list(names), "start": names[w.first],
                            "rounds": w.rounds}
    if game.rounds != game.ruleset.rounds.standard:
        data["length"] = game.rounds
    return data


class SheetWriter:
    """Writes a game's events into sheet rounds; ``cur`` is the round being written, ``dealt`` its
    hands, ``notes`` what the play kind keeps while writing it."""

    def __init__(self, game: GameState, names: list[str], hands: str):
        self.rules, self.names, self.mode = game.ruleset, names, hands
        self.deck = self.rules.deck
        self.kind = told_for(self.rules)
        self.rounds: list[dict[str, Any]] = []
        self.first = 0
        self.dealt: tuple[Any, ...] = ()
        self.notes: dict[str, Any] = {}
        self.questions = {c.name for c in self.rules.counters}     # the questions effects ask, by counter

    def event(self, e: Any) -> None:
        if isinstance(e, RoundStarted):
            self.round_started(e)
            return
        if isinstance(e, Applied):
            if isinstance(e.action, Choose) and e.action.question in self.questions:
                answers = self.cur.setdefault("answers", {}).setdefault(e.action.question, {})
                answers[self.names[e.seat]] = e.action.option       # a house rule's question (effects' ask)
                return
            if self.common(e.action):
                return
            handler = self.kind.write_events.get(type(e.action))
        else:
            handler = self.kind.write_events.get(type(e))
        if handler is not None:
            handler(self, e)

    @property
    def cur(self) -> dict[str, Any]:
        return self.rounds[-1]

    def round_started(self, e: RoundStarted) -> None:
        if not self.rounds:
            self.first = e.start
        self.rounds.append({self.kind.starter_keys[0]: self.names[e.start]})
        self.dealt = ()
        self.notes = {}

    def common(self, a: Any) -> bool:
        """Write an action every play kind may have; False when it is not one."""
        cur = self.cur
        if isinstance(a, Declare):
            cur.setdefault("declare", []).append("go" if a.go else "drop")
        elif isinstance(a, Split):
            cur.setdefault("split", []).append(a.want)
        else:
            return False
        return True

    def reveal(self, seat: int, roles: Sequence[str], aces: int) -> None:
        """A seat shows roles (and aces): its hand laid open, or its claim, as the mode says."""
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


def sheet_difference(game: GameState, names: Sequence[str], hands: str = SHOW) -> str | None:
    """Write ``game`` as a sheet, settle the sheet, and say where the two first differ (None: they
    agree on every round's kind, multiplier, goers, tricks, pot and chips)."""
    from ..records.gamerecord import Replay, summary
    from .sheet import SheetError, settle, sheet_from_data

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
