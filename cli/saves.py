"""Where ``hachi play`` saves a game, and the saved games ``hachi play --resume`` offers.

Each new game has its own save in the current folder, named by its ruleset and the time it
started (``hachi-save-hachihachi_trick-20260101-201500.yaml``), so an older save never stands in
the way of a new game. ``--resume`` without a file lists the games in progress saved here (those
files, an older ``hachi-save.yaml``, and the tables of ``hachi serve`` in ``hachi-web/tables/``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

if TYPE_CHECKING:
    from ..interpreter.records.atomicfile import SaveLock

PREFIX = "hachi-save"
USERS = "hachi play' or 'hachi serve"          # the commands that lock saves, for a lock in use
WEB_TABLES = Path("hachi-web") / "tables"          # hachi serve's default --data, its tables


def new_save_path(rules_ref: str, folder: Path = Path("."), now: Optional[datetime] = None) -> Path:
    """A file name no save in ``folder`` has: the ruleset's name and the start time.

    >>> new_save_path("rules/our table.yaml", Path("."), datetime(2026, 1, 2, 3, 4, 5)).name
    'hachi-save-our_table-20260102-030405.yaml'
    """
    stem = re.sub(r"[^A-Za-z0-9_-]+", "_", Path(rules_ref).stem).strip("_") or "game"
    base = f"{PREFIX}-{stem}-{(now or datetime.now()):%Y%m%d-%H%M%S}"
    path, n = folder / f"{base}.yaml", 2
    while path.exists():
        path, n = folder / f"{base}-{n}.yaml", n + 1
    return path


def claim_new_save(rules_ref: str, folder: Path = Path("."), now: Optional[datetime] = None) -> "SaveLock":
    """The lock, held, of a new save's file (:func:`new_save_path`) that no other game holds: a
    game started in the same second (the same name) makes the next name free, ``-2``, ``-3``...
    (a lock held, or a save written meanwhile, moves on to the next)."""
    from ..interpreter.records.atomicfile import SaveInUse, SaveLock

    first = new_save_path(rules_ref, folder, now)
    base = first.name[:-len(".yaml")]
    for n in range(1, 1000):
        path = first if n == 1 else folder / f"{base}-{n}.yaml"
        if path.exists():
            continue
        lock = SaveLock(path, USERS)
        try:
            lock.acquire()
        except SaveInUse as e:
            if not e.held:
                raise
            continue
        if path.exists():               # written by a game that held it a moment ago
            lock.release()
            continue
        return lock
    raise SaveInUse("a thousand new saves of this second are in use; give one with --save FILE.", str(first))


@dataclass(frozen=True)
class SavedGame:
    """A save of a game in progress, as the list of ``--resume`` shows it."""

    path: Path
    ruleset: str
    round: int                      # the round it stopped in, from 1
    rounds: int
    names: tuple[str, ...]
    modified: float

    def line(self, ja: bool = False) -> str:
        when = datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")
        at = f"第{self.round}局/{self.rounds}" if ja else f"round {self.round}/{self.rounds}"
        return f"{self.path}  {self.ruleset}, {at}, {', '.join(self.names)} ({when})"


def candidates(folder: Path = Path(".")) -> list[Path]:
    """The files that may hold a saved game: this folder's saves and the web server's tables."""
    found = set(folder.glob(f"{PREFIX}*.yaml")) | set((folder / WEB_TABLES).glob("*.yaml"))
    return sorted(p for p in found if not p.name.endswith(".rules.yaml"))


def saved_games(paths: Sequence[Path]) -> list[SavedGame]:
    """The games in progress among ``paths``, the last saved first; finished games and files that
    are not saves are left out (and left alone)."""
    from ..interpreter.runs.session import Session
    from ..ruleset.errors import HachiError

    games = []
    for path in paths:
        try:
            g = Session.resume(path)
            modified = path.stat().st_mtime
        except (HachiError, OSError):
            continue
        if not g.game.is_terminal:
            games.append(SavedGame(path, g.game.ruleset.name, g.game.round_index + 1, g.game.rounds,
                                   g.names, modified))
    return sorted(games, key=lambda s: (-s.modified, str(s.path)))
