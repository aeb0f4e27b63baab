"""``end_game``: the game ends after this round (docs/effects.md, "end_game")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..model import ActionBase, Run


@dataclass(frozen=True, slots=True)
class GameEndCalled:
    """The effect ``name`` ends the game after this round."""

    round: int
    name: str


def _told(n: Any, e: GameEndCalled) -> str:
    return f"  the game ends after this round ({e.name})"


def _told_ja(n: Any, e: GameEndCalled) -> str:
    return f"  この局でゲームは終わり (「{e.name}」)"


@dataclass(frozen=True)
class EndGame(ActionBase):
    """The game ends after this round (``game_end`` effects still run)."""

    key: ClassVar[str] = "end_game"
    summary: ClassVar[str] = "end the game after this round"
    schema: ClassVar[dict[str, Any]] = {"type": ["boolean", "object"], "description": "End the game after this round."}
    tellers = {GameEndCalled: (_told, _told_ja)}

    @classmethod
    def build(cls, body: Any, at: tuple[object, ...], b: Any, name: str) -> EndGame:
        return cls()

    def words(self) -> str:
        return "the game ends after this round"

    def words_ja(self) -> str:
        return "この局の後でゲームを終える"

    def run(self, r: Run) -> None:
        t = r.table
        t.ending = True
        t.emit(GameEndCalled(t.round.index, r.name))
        return None
