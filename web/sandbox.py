"""An uploaded rule file checked in a child process bounded in time and memory, before the server
loads it.

The child (a fresh interpreter started by ``multiprocessing``'s forkserver, never a fork of the
server with its threads) limits its own address space, checks the file with the loader of
``hachi validate`` and, when it has no problems, plays one short seeded game of bots with it, so
that an effect that is costly or breaks its bound at the start of a game is found here. It answers
with the problems found, or the error of the trial game. A child that runs past the time is
killed; one that runs out of memory ends with an error: either way the upload is refused with one
line and the server never waited on it (it waits in a worker thread).
"""

from __future__ import annotations

import multiprocessing
import random
from pathlib import Path
from typing import Any, Optional

from .rulefiles import UploadError

TRIAL_SEED = 88


def _child(path: str, shown: str, root: str, max_bytes: int, answer: Any) -> None:
    import resource

    try:
        resource.setrlimit(resource.RLIMIT_AS, (max_bytes, max_bytes))
    except (ValueError, OSError):
        pass
    try:
        answer.send(check(Path(path), shown, Path(root)))
    except MemoryError:
        answer.send(("error", "checking the rule file needed more memory than the server allows"))
    except Exception as e:              # one line back, never a traceback
        answer.send(("error", f"the rule file cannot be played: {getattr(e, 'message', None) or type(e).__name__}"))
    finally:
        answer.close()


def check(path: Path, shown: str, root: Path) -> tuple[str, Any]:
    """``("problems", [...])``, ``("error", text)`` or ``("ok", None)``: what the server would find."""
    from ..interpreter.engine.actions import CHANCE
    from ..interpreter.engine.gamestate import GameState
    from ..ruleset.bundled import RULESET
    from ..ruleset.errors import HachiError
    from ..ruleset.loader import analyse
    from .rulefiles import problem_item

    analysis = analyse(path, shown, RULESET, root=str(root))
    if analysis.problems:
        return "problems", [problem_item(p) for p in analysis.problems[:20]]
    rules = analysis.built_ruleset()
    rng = random.Random(TRIAL_SEED)
    try:
        game = GameState(rules, rules.players.min, seed=TRIAL_SEED, rounds=rules.rounds.short)
        while not game.is_terminal:
            game.deal_random() if game.current_player == CHANCE else game.apply(rng.choice(game.legal_actions()))
    except HachiError as e:
        return "error", f"a trial game with the rule file stopped: {e.message}"
    return "ok", None


def check_in_child(path: Path, shown: str, root: Path, seconds: float, max_bytes: int) -> None:
    """Raise :class:`UploadError` when the file has problems, or its check runs past ``seconds`` or
    ``max_bytes`` (blocks: call it from a worker thread)."""
    context = multiprocessing.get_context("forkserver")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(str(path), shown, str(root), max_bytes, send), daemon=True)
    child.start()
    send.close()
    answer: Optional[tuple[str, Any]] = None
    late = False
    try:
        late = not receive.poll(seconds)
        if not late:
            try:
                answer = receive.recv()
            except EOFError:
                answer = None
    finally:
        receive.close()
        if child.is_alive():
            child.kill()
        child.join(5)
    if answer is None:
        if late:
            raise UploadError(f"checking the rule file took longer than {seconds:g} s; it is refused")
        raise UploadError("checking the rule file needed more memory than the server allows")
    outcome, detail = answer
    if outcome == "problems":
        raise UploadError("the rule file has problems", list(detail))
    if outcome == "error":
        raise UploadError(str(detail))
