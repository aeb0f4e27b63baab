"""What replaying any record needs, whatever the play kind: the error a record problem raises
(placed ``round R, action I``), applying an action there, and the turn check."""

from __future__ import annotations

from typing import Any, Callable, NoReturn

from ...ruleset.errors import IllegalAction
from ...ruleset.model import Phase
from ..engine.actions import CHANCE, Declare
from ..parts.go_drop.state import declared


class RecordProblem(Exception):
    """A problem of a record at ``where``; :func:`~.record.replay` turns it into a ``RecordError``."""

    def __init__(self, where: str, reason: str):
        super().__init__(f"{where}: {reason}")
        self.where, self.reason = where, reason


def fail(where: str, reason: str) -> NoReturn:
    raise RecordProblem(where, reason)


def check_round_opening(game: Any, where: str, rnd: Any, shape: str) -> None:
    """Refuse a round of a record that is not a mapping (``shape`` says what it holds), that
    follows the game's end, or whose start player is not the one the rules make."""
    if not isinstance(rnd, dict):
        fail(where, f"a round is a mapping with {shape}")
    if game.is_terminal:
        fail(where, f"the game is already over after {game.rounds} rounds")
    if rnd.get("start") != game.round.start:
        fail(where, f"the start player is {rnd.get('start')!r}, but the rules make it seat {game.round.start}")


def check_turn(game: Any, seat: int, action: object, where: str) -> None:
    """Refuse an action of a seat that is not to act (a declaration after the goers are full is
    left to the game, which names the reason)."""
    if seat == game.current_player:
        return
    if isinstance(action, Declare) and game.ruleset.parts and declared(game.round).declarations_done:
        return                                  # the game names the reason (a fourth goer)
    phase = game.phase.value if game.phase else "none"
    fail(where, f"out of turn: seat {seat} acts, but seat {game.current_player} is to act (phase {phase})")


def apply_at(game: Any, where: str, action: object) -> None:
    """Apply ``action``; an illegal one is a record problem at ``where``."""
    try:
        game.apply(action)
    except IllegalAction as e:
        raise RecordProblem(where, e.message) from None


def answers_before_deal(game: Any, where: str, actions: Any,
                        parse: Callable[[Any, Any, str], tuple[int, Any]]) -> int:
    """Apply the answers to the questions a house rule asks at the start of the round, before its
    deal (``ask`` at ``round_start``, docs/effects.md): the first items of ``actions`` (parsed by
    ``parse``, placed ``action 1``, ``action 2``...) while a seat is asked before the deal. How
    many were applied."""
    done = 0
    while (isinstance(actions, list) and done < len(actions) and not game.is_terminal
           and game.phase is Phase.EFFECTS and game.current_player not in (CHANCE, None)):
        at = f"{where}, action {done + 1}"
        seat, action = parse(game, actions[done], at)
        check_turn(game, seat, action, at)
        apply_at(game, at, action)
        done += 1
    return done
