"""``end_game``: the game ends after this round (docs/effects.md, "end_game")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...catalog import say
from ..model import ActionBase, Run


@dataclass(frozen=True, slots=True)
class GameEndCalled:
    """The effect ``name`` ends the game after this round."""

    round: int
    name: str


def _told(n: Any, e: GameEndCalled) -> str:
    return "  " + say(n.lang, "effects.game_ends", name=e.name)


@dataclass(frozen=True)
class EndGame(ActionBase):
    """The game ends after this round (``game_end`` effects still run)."""

    key: ClassVar[str] = "end_game"
    summary: ClassVar[str] = "end the game after this round"
    schema: ClassVar[dict[str, Any]] = {"type": ["boolean", "object"], "description": "End the game after this round."}
    tellers = {GameEndCalled: _told}

    @classmethod
    def build(cls, body: Any, at: tuple[object, ...], b: Any, name: str) -> EndGame:
        return cls()

    def words(self, lang: str = "en") -> str:
        return say(lang, "effects.end_game")

    def run(self, r: Run) -> None:
        t = r.table
        t.ending = True
        t.emit(GameEndCalled(t.round.index, r.name))
        return None
