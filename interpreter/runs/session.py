"""A game session: a game, who sits where (bots or the one human), and its save file.

The session's randomness is derived from its seed alone: the deal of round R from
``(seed, "deal", R)`` and a bot's choice from ``(seed, number of events so far)``. So a game
resumed from its record continues exactly as it would have without the interruption.

The record (interfaces.md) gets four optional fields, ignored by ``hachi replay``:
``seed``, ``bots`` (one name per seat, ``human`` for the person), ``human`` (that seat) and
``lang`` (``en`` or ``ja``: the language the game is played in, which a resumed game keeps).
Saving replaces the file atomically (:func:`~.atomicfile.write_atomic`). A save of a game that
stopped before its first deal (at the first mizuten call) has no round; resuming it starts the
same game again from its seed, which is where it stopped.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Sequence

from ...ruleset.bounds import ValueBoundError
from ...ruleset.errors import HachiError, RecordError
from ...ruleset.model import Ruleset
from ..engine.actions import CHANCE, ActionBase
from ..records.atomicfile import WriteFailed, write_atomic
from ..bots import Bot, make_bot
from ..engine.gamestate import GameState
from .botgame import named_by, named_in, open_rules
from ..records.gamerecord import Replay, dump_record, load_record_ruleset, record_data, replay
from ..records.recordfile import read_record_data
from ..records.recordfile import HUMAN, name_key

BOT_NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal")


def seat_bots(players: int, bots: Sequence[str], human: Optional[int]) -> tuple[str, ...]:
    """One bot name per seat (``human`` at the human's seat); a short list repeats its last name
    (as in ``hachi simulate``: :func:`~.simulate.seat_bots`)."""
    from .simulate import seat_bots as per_seat

    names = iter(per_seat(list(bots) or ["heuristic"], players - (human is not None)))
    return tuple(HUMAN if seat == human else next(names) for seat in range(players))


def seat_names(players: int, human: Optional[int], human_name: str) -> tuple[str, ...]:
    others = [n for n in BOT_NAMES if name_key(n) != name_key(human_name)]
    names, i = [], 0
    for seat in range(players):
        if seat == human:
            names.append(human_name)
        else:
            names.append(others[i % len(others)] + ("" if i < len(others) else str(i)))
            i += 1
    return tuple(names)


@dataclass
class Session:
    game: GameState
    names: tuple[str, ...]
    bots: tuple[str, ...]
    seed: int
    rules_ref: str
    human: Optional[int] = None
    lang: Optional[str] = None                  # the language the game is played in (en, ja)
    _players: dict[int, Bot] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for seat, name in enumerate(self.bots):
            if name != HUMAN:
                self._players[seat] = make_bot(name, self.game.ruleset)

    # -- starting --------------------------------------------------------------------------

    @classmethod
    def new(cls, ruleset: Ruleset, rules_ref: str, players: int, bots: Sequence[str], seed: int,
            rounds: Optional[int] = None, human: Optional[int] = 0, human_name: str = "you") -> "Session":
        game = GameState(ruleset, players, seed=seed, rounds=rounds)
        return cls(game, seat_names(players, human, human_name), seat_bots(players, bots, human),
                   seed, rules_ref, human)

    @classmethod
    def resume(cls, path: str | Path, rules: str | None = None) -> "Session":
        """The session saved in ``path``, replayed to where it stopped.

        ``rules`` (a bundled name or a path the user gave) replaces the ruleset the save names,
        for a save whose rule file lies outside the save's folder (which a save may not name).
        """
        data = read_record_data(path)
        missing = [key for key in ("seed", "bots") if key not in data]
        if missing:
            raise RecordError(f"this record has no '{missing[0]}', so it is not a save of 'hachi play', or it "
                              "was cut short; it is left alone. 'hachi replay' shows what it holds.", str(path))
        try:
            ref = _rules_ref(rules, str(data["ruleset"]), path)
            if not data["rounds"]:         # saved before the first deal
                return cls(_undealt(data, path, rules), tuple(data["players"]), tuple(data["bots"]), data["seed"],
                           ref, data.get("human"), data.get("lang"))
            rep: Replay = replay(path, rules)
            _check_deals(rep.game, data["seed"], data.get("length"), path)
            return cls(rep.game, rep.names, tuple(data["bots"]), data["seed"], ref, data.get("human"),
                       data.get("lang"))
        except RecordError:
            raise
        except HachiError as e:
            said = f"{e.place}: {e.message}" if isinstance(e, ValueBoundError) else e.message    # its round kept
            raise RecordError(said, str(path)) from None

    # -- playing ---------------------------------------------------------------------------

    @property
    def to_act(self) -> Optional[int]:
        return self.game.current_player

    @property
    def human_to_act(self) -> bool:
        return self.human is not None and self.game.current_player == self.human

    def step(self) -> tuple[object, ...]:
        """Deal, or let the bot to act choose; return the events produced."""
        g = self.game
        who = g.current_player
        if who == CHANCE:
            return g.deal_random(random.Random(f"hachi/{self.seed}/deal/{g.round_index}"))
        assert who is not None, "a step is taken while the game is on"
        bot = self._players[who]
        return g.apply(bot.choose(g, who, random.Random(f"hachi/{self.seed}/{len(g.events)}")))

    def apply(self, action: ActionBase) -> tuple[object, ...]:
        """Apply the human's action (``IllegalAction`` if it is not legal)."""
        return self.game.apply(action)

    # -- saving ----------------------------------------------------------------------------

    def record(self, path: str | Path | None = None) -> dict[str, Any]:
        """The save as a record; a rule file's path is written relative to the save at ``path``."""
        data = record_data(self.game, self.names, ruleset=named_in(self.rules_ref, path))
        data.update({"seed": self.seed, "bots": list(self.bots)})
        if self.human is not None:
            data["human"] = self.human
        if self.lang is not None:
            data["lang"] = self.lang
        return data

    def save(self, path: str | Path) -> None:
        """Write the save file; a :class:`RecordError` (the game goes on) when it cannot be written."""
        try:
            write_atomic(path, dump_record(self.record(path), path))
        except WriteFailed as e:
            raise RecordError(f"cannot write the save file ({e.reason}).", str(path)) from None
        except OSError as e:
            raise RecordError(f"cannot write the save file ({e.strerror or e}).", str(path)) from None


def _check_deals(game: GameState, seed: Any, length: Any, path: str | Path) -> None:
    """Refuse a save whose deals (or first start player) are not those its seed makes: a save
    changed by hand (a hand swapped with a bot's) is not resumed as if it had been dealt so. The
    game is played again beside the replayed one, each deal drawn as :meth:`Session.step` draws it."""
    from ..engine.events import Applied

    if type(seed) is not int:
        raise RecordError(f"seed: a save's seed is a whole number, not {str(seed)[:20]!r}.", str(path))
    events = game.events
    fresh = GameState(game.ruleset, game.players, seed=seed, rounds=length if type(length) is int else None)
    if fresh.events != events[:len(fresh.events)]:
        raise RecordError("seed: the first start player is not the one the save's seed draws, so the save was "
                          "changed since it was written; it is left alone.", str(path))
    for e in events[len(fresh.events):]:
        if not isinstance(e, Applied):
            continue
        if e.seat == CHANCE:
            dealt = fresh.sample_chance(random.Random(f"hachi/{seed}/deal/{fresh.round_index}"))
            if dealt != e.action:
                raise RecordError(f"round {e.round + 1}: the deal is not the one the save's seed makes, so the save "
                                  "was changed since it was written; it is left alone.", str(path))
        fresh.apply(e.action)


def _rules_ref(rules: str | None, saved: str, path: str | Path) -> str:
    """The rule file a resumed session plays: the one the user gave, else the save's, as the
    front door (:func:`.botgame.open_rules`) names it."""
    return open_rules(rules)[1].ref if rules is not None else named_by(saved, path)


def _undealt(data: dict[str, Any], path: str | Path, rules: str | None = None) -> GameState:
    """The game of a save written before its first deal: the same seed gives the same start."""
    if rules is not None:
        ruleset = open_rules(rules)[0]
    else:
        ruleset = load_record_ruleset(str(data["ruleset"]), path)
    return GameState(ruleset, len(data["players"]), seed=data["seed"],
                rounds=data.get("length", ruleset.rounds.standard))


class SaveTarget(enum.Enum):
    """What a path a new game is to be saved to holds. Only a ``FREE`` one may take the new save:
    a save of a game in progress, or any file that is no record, is never overwritten."""

    FREE = "free"                   # nothing, or a finished game
    FOLDER = "folder"
    NOT_A_SAVE = "not a save"
    IN_PROGRESS = "in progress"


def save_target(path: str | Path) -> SaveTarget:
    """What ``path`` holds, as a place to save a new game to."""
    p = Path(path)
    if not p.exists():
        return SaveTarget.FREE
    if p.is_dir():
        return SaveTarget.FOLDER
    try:
        finished = Session.resume(p).game.is_terminal
    except HachiError:
        return SaveTarget.NOT_A_SAVE
    return SaveTarget.FREE if finished else SaveTarget.IN_PROGRESS
