"""The tables a server holds: a game session, who sits where, the seats' tokens, the save file.

A table is a :class:`~hachihachi.interpreter.runs.session.Session` (the engine's game, its bots and
its seeded randomness) with one or more people. Each person's seat has a token made by
:func:`secrets.token_urlsafe`; a token acts for its seat only. The server holds the game: a
person sends the index of one of the legal actions that the seat was shown together with the
game's ``turn`` (the number of events so far), so that a stale or repeated click changes nothing.

After a round ends the table waits until every person has seen the round's summary
(:meth:`Table.ready`). The game is saved after every decision as ``hachi play`` saves it; the
save names one person's seat as ``human`` (the others are written as the heuristic bot, the one a
terminal resume gives them) and the web's own seats and tokens go to a file beside it.
"""

from __future__ import annotations

import json
import secrets
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Sequence

from ..interpreter.engine.actions import CHANCE, ActionBase
from ..interpreter.engine.bounds import ValueBoundError
from ..interpreter.records.atomicfile import write_atomic
from ..interpreter.engine.events import Applied, GameEnded, RoundEnded, RoundStarted
from ..interpreter.records.gamerecord import dump_record
from ..interpreter.records.recordfile import HUMAN, name_problem, twice_problem
from ..interpreter.runs.session import Session
from ..ruleset.errors import HachiError, IllegalAction, SetupError
from ..ruleset.model import Ruleset

LANGS = ("en", "ja")            # the languages of the pages: the narration is kept in each
SAVED_AS = "heuristic"          # how a save names a second person's seat, for `hachi play --resume`
MAX_TABLES = 500
LOG_LINES = 200                 # narration lines a table keeps
MAX_SUMMARY = 60                # lines of a round's summary


class TableError(HachiError):
    """A request about a table that cannot be done; the message says why, the table is unchanged."""


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_id() -> str:
    return secrets.token_urlsafe(9)


@dataclass
class Table:
    """One game at the server: the session, the people's seats (seat -> token) and the save."""

    id: str
    session: Session
    tokens: dict[int, str]
    save_path: Optional[Path] = None
    waiting: set[int] = field(default_factory=set)      # people who have not yet seen the round's end
    connected: dict[int, int] = field(default_factory=dict)     # seat -> open connections
    save_error: Optional[str] = None
    stopped: Optional[str] = None       # why the game cannot go on (a number past the bound); the save kept
    log: list[str] = field(default_factory=list)         # the narration of what everyone saw
    log_ja: list[str] = field(default_factory=list)      # the same in Japanese
    summary: Optional[dict[str, Any]] = None            # the last round's end, for the summary
    _round_log: dict[str, list[str]] = field(default_factory=dict)
    _narrators: dict[str, Any] = field(default_factory=dict)
    _screens: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        from ..cli.screen import Screen
        from ..cli.narrate import Narrator

        for lang in LANGS:
            self._screens[lang] = Screen(self.ruleset, self.session.names, lang, False)
            self._narrators[lang] = Narrator(self.ruleset, self.session.names, lang)
            self._narrators[lang].lines(self.game.events)        # teaches it the goers' order
            self._round_log[lang] = []

    def logs(self, lang: str) -> list[str]:
        """The narration in ``lang`` ("ja", else English)."""
        return self.log_ja if lang == "ja" else self.log

    @property
    def game(self) -> Any:
        return self.session.game

    @property
    def ruleset(self) -> Ruleset:
        return self.session.game.ruleset

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(sorted(self.tokens))

    @property
    def turn(self) -> int:
        """The number of events so far: a person's action names the turn it answers."""
        return len(self.session.game.events)

    def seat_of(self, token: str) -> Optional[int]:
        """The seat ``token`` acts for, or None (compared in constant time)."""
        for seat, known in self.tokens.items():
            if secrets.compare_digest(known.encode(), token.encode()):
                return seat
        return None

    def bot_due(self) -> bool:
        """True when the deal or a bot is to act and nobody is reading a round's summary."""
        g = self.session.game
        if g.is_terminal or self.waiting or self.stopped:
            return False
        who = g.current_player
        return who == CHANCE or (who is not None and who not in self.tokens)

    def person_to_act(self) -> Optional[int]:
        g = self.session.game
        who = g.current_player
        if g.is_terminal or self.waiting or self.stopped or who is None or who not in self.tokens:
            return None
        return int(who)

    # -- changing the game ---------------------------------------------------------------

    def step(self, save: bool = True) -> tuple[object, ...]:
        """Deal or let the bot to act choose (call only when :meth:`bot_due`); ``save`` False
        leaves the save to the caller (the server saves once the bots have moved, before a person
        is asked: the bots' moves follow from the seed, so a save in between adds nothing)."""
        try:
            events = self.session.step()
        except ValueBoundError as e:
            self._stop(e)
            return ()
        self._after(events, save)
        return events

    def act(self, seat: int, turn: object, choice: object) -> tuple[object, ...]:
        """Apply the ``choice``-th legal action of ``seat`` at ``turn``; raise :class:`TableError`
        (the game unchanged) when it is not the seat's turn, the turn is stale or the index is bad."""
        if type(turn) is not int or type(choice) is not int:
            raise TableError("an action names the turn and the index of a legal choice, both whole numbers")
        if self.session.game.is_terminal:
            raise TableError("the game is over")
        if self.stopped:
            raise TableError(self.stopped)
        if self.waiting:
            raise TableError("the round is over: everyone first sees its summary")
        if self.person_to_act() != seat:
            raise TableError("it is not your turn")
        if turn != self.turn:
            raise TableError("the table has moved on since that choice was shown; choose again")
        legal = ordered_legal(self, seat)
        if not 0 <= choice < len(legal):
            raise TableError(f"there is no choice {choice}; choose 0 to {len(legal) - 1}")
        try:
            events = self.session.apply(legal[choice])
        except IllegalAction as e:         # cannot happen for a listed action; kept as a refusal
            raise TableError(e.message) from None
        except ValueBoundError as e:
            self._stop(e)
            raise TableError(self.stopped or e.message) from None
        self._after(events)
        return events

    def _stop(self, error: ValueBoundError) -> None:
        """The game cannot go on: say why in the log; the save keeps the game before that action."""
        self.stopped = f"{error.place}: {error.message}"
        for lang in LANGS:
            self.logs(lang).append(self.stopped)

    def ready(self, seat: int) -> bool:
        """``seat`` has seen the round's summary; True when that lets the game go on."""
        if seat not in self.waiting:
            return False
        self.waiting.discard(seat)
        return not self.waiting

    def _after(self, events: Sequence[object], save: bool = True) -> None:
        for e in events:
            self._tell(e)
        over = any(isinstance(e, GameEnded) for e in events)
        if any(isinstance(e, RoundEnded) for e in events) and not over:
            self.waiting = set(self.tokens)
        if save:
            self.save()

    def _tell(self, event: object) -> None:
        """Narrate ``event`` as the terminal does to a person: a deal only as a person at the
        table sees it (the other hands hidden), everything else as the narrator tells it."""
        for lang in LANGS:
            if isinstance(event, Applied) and event.seat == CHANCE:
                text = self._screens[lang].dealt_line(self.game, event.action)
            else:
                text = self._narrators[lang].line(event)
            lines = [] if text is None else [part.strip() for part in text.split("\n") if part.strip()]
            if isinstance(event, RoundStarted):
                self._round_log[lang] = []
            self._round_log[lang].extend(lines)
            log = self.logs(lang)
            log.extend(lines)
            del log[:-LOG_LINES]
        if isinstance(event, RoundEnded):
            self.summary = {"round": event.round, "kind": event.kind.value, "multiplier": event.multiplier,
                            "goers": list(event.goers), "tricks": {str(s): n for s, n in event.tricks.items()},
                            "pot_to": event.pot_to, "delta": list(event.delta), "pot_after": event.pot_after,
                            "next_start": event.next_start, "lines": list(self._round_log["en"][-MAX_SUMMARY:]),
                            "lines_ja": list(self._round_log["ja"][-MAX_SUMMARY:])}

    # -- saving --------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The save as ``hachi play`` writes it: one person is the save's human."""
        data = self.session.record(self.save_path)
        first = self.session.human
        data["bots"] = [SAVED_AS if name == HUMAN and seat != first else name
                        for seat, name in enumerate(self.session.bots)]
        return data

    def save(self) -> None:
        """Write the save and the seats file; a failure is kept in :attr:`save_error` (the game goes on)."""
        if self.save_path is None or self.stopped:
            return
        try:
            write_atomic(self.save_path, dump_record(self.record(), self.save_path))
            if not self.seats_path.exists():
                seats = {"table": self.id, "seats": {str(s): t for s, t in self.tokens.items()}}
                write_atomic(self.seats_path, json.dumps(seats) + "\n")
            self.save_error = None
        except (HachiError, OSError) as e:
            self.save_error = getattr(e, "message", None) or getattr(e, "strerror", None) or str(e)

    @property
    def seats_path(self) -> Path:
        assert self.save_path is not None
        return self.save_path.with_suffix(".seats.json")


def ordered_legal(table: Table, seat: int) -> tuple[ActionBase, ...]:
    """The seat's legal actions in the order the terminal numbers them (empty when not its turn)."""
    from ..cli.tui_input import numbered

    if table.person_to_act() != seat:
        return ()
    return numbered(table.game.view(seat), table.ruleset)


class Tables:
    """Every table of the server, by id; saves go to ``folder`` (None: nothing is saved)."""

    def __init__(self, folder: Optional[Path]):
        self.folder = folder
        self.tables: dict[str, Table] = {}
        if folder is not None:
            (folder / "tables").mkdir(parents=True, exist_ok=True)

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("there is no such table (it may have ended when the server stopped)")
        return table

    def create(self, ruleset: Ruleset, rules_ref: str, seats: Sequence[str], names: Sequence[str],
               rounds: Optional[int], seed: Optional[int] = None) -> Table:
        """A new table; ``seats`` holds ``human`` or a bot name per seat, ``names`` the seats' names."""
        from ..interpreter.bots import bot_names

        if len(self.tables) >= MAX_TABLES:
            raise TableError(f"the server holds {MAX_TABLES} tables already")
        lo, hi = ruleset.players.min, ruleset.players.max
        if not lo <= len(seats) <= hi:
            raise SetupError(f"{ruleset.name} is for {lo} to {hi} players, not {len(seats)}")
        known = bot_names()
        for kind in seats:
            if kind != HUMAN and kind not in known:
                raise TableError(f"there is no bot '{kind[:20]}'; bots are {', '.join(known)}")
        people = [s for s, kind in enumerate(seats) if kind == HUMAN]
        if not people:
            raise TableError("a table needs at least one person")
        if len(names) != len(seats):
            raise TableError("one name per seat")
        for i, name in enumerate(names):
            problem = name_problem(name) or twice_problem(names, i)     # names that print alike too
            if problem:
                raise TableError(f"seat {i + 1}: {problem}")
        seed = secrets.randbelow(2**31) if seed is None else seed
        from ..interpreter.engine.gamestate import GameState

        game = GameState(ruleset, len(seats), seed=seed, rounds=rounds)
        session = Session(game, tuple(names), tuple(seats), seed, rules_ref, people[0])
        table_id = new_id()
        save = self.folder / "tables" / f"{table_id}.yaml" if self.folder is not None else None
        if save is not None and Path(rules_ref).is_file():      # an upload: kept beside the save, which names it
            copy = save.with_suffix(".rules.yaml")
            shutil.copyfile(rules_ref, copy)
            session.rules_ref = str(copy.resolve())
        table = Table(table_id, session, {s: new_token() for s in people}, save)
        table.save()
        self.tables[table_id] = table
        return table

    def load(self) -> list[Table]:
        """The tables saved in the folder by an earlier run whose game is not over, back at their
        seats (the same tokens); a save that cannot be read is left alone."""
        if self.folder is None:
            return []
        out = []
        for seats_file in sorted((self.folder / "tables").glob("*.seats.json"))[:MAX_TABLES]:
            save = seats_file.with_name(seats_file.name[:-len(".seats.json")] + ".yaml")
            try:
                seats = json.loads(seats_file.read_text(encoding="utf-8"))
                tokens = {int(s): str(t) for s, t in seats["seats"].items()}
                saved = Session.resume(save)
            except (HachiError, OSError, ValueError, KeyError, TypeError, AttributeError):
                continue
            if saved.game.is_terminal or not tokens:
                continue
            bots = tuple(HUMAN if seat in tokens else name for seat, name in enumerate(saved.bots))
            session = Session(saved.game, saved.names, bots, saved.seed, saved.rules_ref, min(tokens))
            table = Table(str(seats["table"]), session, tokens, save)
            self.tables[table.id] = table
            out.append(table)
        return out
