"""The tables a server holds: a game session, who sits where, the seats' tokens, the save file.

A table is a :class:`~hachihachi.interpreter.runs.session.Session` (the engine's game, its bots and
its seeded randomness) with one or more people. Each person's seat has a token made by
:func:`secrets.token_urlsafe`; a token acts for its seat only. The server holds the game: a
person sends the index of one of the legal actions that the seat was shown together with the
game's ``turn`` (the number of events so far), so that a stale or repeated click changes nothing.

After a round ends the table waits until every person has seen the round's summary
(:meth:`Table.ready`), or until the summary's time has run out. A table may have a turn timer:
when a person has not chosen within it, a bot plays for the seat (a *stand-in*, shown as such)
until the person says they are back. The clock is read only through :meth:`Table.deadline` and
:meth:`Table.timeout`, which the server calls with the time now. A finished trick stays on the
table (:attr:`Table.last_trick`) until the next one starts. The game is saved after every
decision as ``hachi play`` saves it; the save names one person's seat as ``human`` (the others
are written as the heuristic bot, the one a terminal resume gives them) and the web's own seats,
tokens and timers go to a file beside it.
"""

from __future__ import annotations

import json
import math
import random
import re
import secrets
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Sequence

from ..interpreter.engine.actions import CHANCE, ActionBase
from ..interpreter.records.atomicfile import SaveInUse, SaveLock, write_atomic
from ..interpreter.engine.events import Applied, GameEnded, RoundEnded, RoundStarted
from ..interpreter.records.gamerecord import dump_record
from ..interpreter.records.recordfile import HUMAN, name_problem, twice_problem
from ..interpreter.runs.session import Session
from ..ruleset.errors import HachiError, IllegalAction, SetupError
from ..ruleset.effects.actions.pots import pots_after_rounds
from ..ruleset.model import Ruleset

LANGS = ("en", "ja")            # the languages of the pages: the narration is kept in each
SAVED_AS = "heuristic"          # how a save names a second person's seat, for `hachi play --resume`
MAX_TABLES = 500
LOG_LINES = 200                 # narration lines a table keeps
MAX_SUMMARY = 60                # lines of a round's summary
SUMMARY_SECONDS = 20.0          # a round's summary goes on by itself after this long
MAX_SECONDS = 3600.0            # the longest turn timer or summary time a table may set
STANDIN_BOTS = ("heuristic", "heuristic_matching", "random")   # the first that plays the rules stands in


class TableError(HachiError):
    """A request about a table that cannot be done; the message says why, the table is unchanged."""


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_id() -> str:
    return secrets.token_urlsafe(9)


ID = re.compile(r"[A-Za-z0-9_-]{12}")          # a table's id, as new_id makes them


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
    log: list[str] = field(default_factory=list)         # the narration of what everyone saw
    log_ja: list[str] = field(default_factory=list)      # the same in Japanese
    summary: Optional[dict[str, Any]] = None            # the last round's end, for the summary
    turn_seconds: Optional[float] = None                # the turn timer (None: a person may take all the time)
    summary_seconds: float = SUMMARY_SECONDS
    host: Optional[str] = None                          # the token of the table's creator (sees every link)
    standins: set[int] = field(default_factory=set)     # people's seats a bot plays after their timer ran out
    last_trick: Optional[dict[str, Any]] = None         # the last finished trick: cards, their seats, winner
    since: float = field(default_factory=time.monotonic)    # when the table began to wait for its people
    _trick_now: list[list[int]] = field(default_factory=list)  # the trick in play: [seat, card] in order
    _standin: Any = None
    _trick_seat: Optional[int] = None                   # who moves now, and the card if known
    _trick_card: Optional[int] = None
    _won_before: dict[int, int] = field(default_factory=dict)
    stopped: Optional[str] = None                       # why the game cannot go on (an effect broke its bound)
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

    def is_host(self, token: object) -> bool:
        return (isinstance(token, str) and self.host is not None
                and secrets.compare_digest(self.host.encode(), token[:100].encode()))

    def seat_of(self, token: str) -> Optional[int]:
        """The seat ``token`` acts for, or None (compared in constant time)."""
        for seat, known in self.tokens.items():
            if secrets.compare_digest(known.encode(), token.encode()):
                return seat
        return None

    def bot_due(self) -> bool:
        """True when the deal or a bot is to act and nobody is reading a round's summary."""
        g = self.session.game
        if g.is_terminal or self.waiting:
            return False
        who = g.current_player
        return who == CHANCE or (who is not None and (who not in self.tokens or who in self.standins))

    def person_to_act(self) -> Optional[int]:
        g = self.session.game
        who = g.current_player
        if g.is_terminal or self.waiting or who is None or who not in self.tokens or who in self.standins:
            return None
        return int(who)

    def awaited(self) -> list[int]:
        """The seats the table waits for now: the people yet to see the round's summary, else the
        seat to act (a bot's too), else nobody."""
        if self.waiting:
            return sorted(self.waiting)
        who = self.session.game.current_player
        if self.session.game.is_terminal or who is None or who == CHANCE:
            return []
        return [int(who)]

    # -- the clock -------------------------------------------------------------------------

    def wait_key(self) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """What the table waits for: a timer set for one key is void once the key has changed."""
        return self.turn, tuple(sorted(self.waiting)), tuple(sorted(self.standins))

    def deadline(self) -> Optional[float]:
        """When (``time.monotonic``) the table stops waiting: the round's summary goes on, or a
        bot stands in for the person to act; None when nothing is timed."""
        if self.session.game.is_terminal:
            return None
        if self.waiting:
            return self.since + self.summary_seconds
        if self.turn_seconds is not None and self.person_to_act() is not None:
            return self.since + self.turn_seconds
        return None

    def timeout(self, now: float) -> bool:
        """Act on a deadline that has passed (True when that changed the table): the summary is
        taken as seen by everyone, or a bot stands in for the seat to act."""
        when = self.deadline()
        if when is None or now < when:
            return False
        if self.waiting:
            self.waiting.clear()
            self.since = now
            return True
        seat = self.person_to_act()
        if seat is None:
            return False
        self.standins.add(seat)
        return True

    def back(self, seat: int) -> bool:
        """The person of ``seat`` is back: the stand-in bot stops playing for them."""
        if seat not in self.standins:
            return False
        self.standins.discard(seat)
        self.since = time.monotonic()
        return True

    # -- changing the game ---------------------------------------------------------------

    def step(self, save: bool = True) -> tuple[object, ...]:
        """Deal or let the bot to act choose (call only when :meth:`bot_due`); ``save`` False
        leaves the save to the caller (the server saves once the bots have moved, before a person
        is asked: the bots' moves follow from the seed, so a save in between adds nothing)."""
        g = self.session.game
        who = g.current_player
        if who is not None and who in self.standins:        # a bot plays for a person who is away
            bot = self.standin_bot()
            action = bot.choose(g, who, random.Random(f"hachi/{self.session.seed}/{len(g.events)}"))
            self._watch_trick(who, action)
            events = g.apply(action)
        else:
            if who is not None and who != CHANCE:
                self._watch_trick(int(who), None)
            events = self.session.step()
        self._after(events, save)
        return events

    def standin_bot(self) -> Any:
        """The bot that plays for a person who is away: the first of :data:`STANDIN_BOTS` that
        plays these rules."""
        if self._standin is None:
            from ..interpreter.bots import make_bot

            for name in STANDIN_BOTS:
                try:
                    self._standin = make_bot(name, self.ruleset)
                    break
                except HachiError:
                    continue
        return self._standin

    def act(self, seat: int, turn: object, choice: object, save: bool = True) -> tuple[object, ...]:
        """Apply the ``choice``-th legal action of ``seat`` at ``turn``; raise :class:`TableError`
        (the game unchanged) when it is not the seat's turn, the turn is stale or the index is bad.
        ``save`` False leaves the save to the caller (the server saves behind its answer)."""
        if type(turn) is not int or type(choice) is not int:
            raise TableError("an action names the turn and the index of a legal choice, both whole numbers")
        if self.session.game.is_terminal:
            raise TableError("the game is over")
        if self.waiting:
            raise TableError("the round is over: everyone first sees its summary")
        if self.person_to_act() != seat:
            raise TableError("it is not your turn")
        if turn != self.turn:
            raise TableError("the table has moved on since that choice was shown; choose again")
        legal = ordered_legal(self, seat)
        if not 0 <= choice < len(legal):
            raise TableError(f"there is no choice {choice}; choose 0 to {len(legal) - 1}")
        before = len(self._trick_now)
        self._watch_trick(seat, legal[choice])
        try:
            events = self.session.apply(legal[choice])
        except IllegalAction as e:
            del self._trick_now[before:]         # cannot happen for a listed action; kept as a refusal
            raise TableError(e.message) from None
        self._after(events, save)
        return events

    def _watch_trick(self, seat: int, action: Optional[ActionBase]) -> None:
        """Note the card ``seat`` plays into the trick (``action`` None: the bot's, read back
        from the trick after it)."""
        card = getattr(action, "card", None)
        self._trick_seat, self._trick_card = seat, card if isinstance(card, int) else None

    def _trick_after(self, events: Sequence[object]) -> None:
        """After a move of the trick game: the trick in play, and the finished trick kept."""
        seat = self._trick_seat
        if self.ruleset.play != "tricks" or seat is None:
            return
        self._trick_seat = None
        for e in events:
            card = getattr(e.action, "card", None) if isinstance(e, Applied) and e.seat == seat else None
            if isinstance(card, int):
                self._trick_card = card
        v = self.game.view(seat)
        trick = list(v.own("trick", ()))
        won = dict(v.own("tricks_won", ()))
        played = self._trick_card
        if trick and len(trick) == len(self._trick_now) + 1:
            self._trick_now.append([seat, int(trick[-1])])
        elif not trick and isinstance(played, int) and self._trick_now:
            played_by = self._trick_now + [[seat, played]]
            winner = next((s for s, n in won.items() if n > self._won_before.get(s, 0)), None)
            self.last_trick = {"cards": [c for _, c in played_by], "seats": [s for s, _ in played_by],
                               "winner": winner, "round": v.round_index + 1}
            self._trick_now = []
        elif not trick:
            self._trick_now = []
        self._won_before = won

    def ready(self, seat: int) -> bool:
        """``seat`` has seen the round's summary; True when that lets the game go on."""
        if seat not in self.waiting:
            return False
        self.waiting.discard(seat)
        return not self.waiting

    def _after(self, events: Sequence[object], save: bool = True) -> None:
        for e in events:
            self._tell(e)
        self._trick_after(events)
        if any(isinstance(e, RoundStarted) for e in events):
            self.last_trick, self._trick_now = None, []
        over = any(isinstance(e, GameEnded) for e in events)
        if any(isinstance(e, RoundEnded) for e in events) and not over:
            self.waiting = set(self.tokens)       # a person a bot stands in for too: their summary's time runs
        self.since = time.monotonic()
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
            kind = event.kind.value if event.kind is not None else None     # None: a game without declarations
            self.summary = {"round": event.round, "kind": kind, "multiplier": event.multiplier,
                            "goers": list(event.goers), "tricks": {str(s): n for s, n in event.tricks.items()},
                            "pot_to": event.pot_to, "delta": list(event.delta), "pot_after": event.pot_after,
                            "next_start": event.next_start, "lines": list(self._round_log["en"][-MAX_SUMMARY:]),
                            "lines_ja": list(self._round_log["ja"][-MAX_SUMMARY:])}
            if self.ruleset.pots:                   # the named pots (pots:) after the round
                log = self.game.events
                at = next(i for i in range(len(log) - 1, -1, -1) if log[i] is event)
                after = pots_after_rounds(self.ruleset.pots, log[:at + 1], RoundEnded)[-1]
                self.summary["pots_after"] = [[name, chips] for name, chips in after.items()]

    # -- saving --------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The save as ``hachi play`` writes it: one person is the save's human."""
        data = self.session.record(self.save_path)
        first = self.session.human
        data["bots"] = [SAVED_AS if name == HUMAN and seat != first else name
                        for seat, name in enumerate(self.session.bots)]
        return data

    def save(self, record: Optional[dict[str, Any]] = None) -> None:
        """Write the save (``record``, else the game now) and the seats file; a failure is kept in
        :attr:`save_error` (the game goes on)."""
        if self.save_path is None:
            return
        try:
            write_atomic(self.save_path, dump_record(record or self.record(), self.save_path))
            if not self.seats_path.exists():
                seats = {"table": self.id, "seats": {str(s): t for s, t in self.tokens.items()},
                         "host": self.host, "turn_seconds": self.turn_seconds,
                         "summary_seconds": self.summary_seconds}
                write_atomic(self.seats_path, json.dumps(seats) + "\n")
            self.save_error = None
        except (HachiError, OSError) as e:
            self.save_error = getattr(e, "message", None) or getattr(e, "strerror", None) or str(e)

    @property
    def seats_path(self) -> Path:
        assert self.save_path is not None
        return self.save_path.with_suffix(".seats.json")


def seconds(value: object, what: str, default: Optional[float]) -> Optional[float]:
    """A table's timer setting: None or a number of seconds above 0 up to :data:`MAX_SECONDS`."""
    if value is None:
        return default
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value) \
            or not 0 < value <= MAX_SECONDS:
        raise TableError(f"{what}: a number of seconds above 0 and up to {MAX_SECONDS:.0f}, or none")
    return float(value)


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
        self.locks: dict[str, SaveLock] = {}    # a table's save, locked as `hachi play` locks it
        if folder is not None:
            (folder / "tables").mkdir(parents=True, exist_ok=True)

    def get(self, table_id: str) -> Table:
        """The table ``table_id``; one whose save a terminal held when the server started is taken
        up now, or refused while the terminal still holds it."""
        table = self.tables.get(table_id)
        if table is None and self.folder is not None and ID.fullmatch(table_id):
            seats_file = self.folder / "tables" / f"{table_id}.seats.json"
            if seats_file.is_file() and len(self.tables) < MAX_TABLES:
                table = self._load(seats_file, refuse=True)
        if table is None:
            raise TableError("there is no such table (it may have ended when the server stopped)")
        return table

    def _lock(self, table_id: str, save: Path) -> None:
        lock = SaveLock(save).acquire()        # refused while `hachi play --resume` plays it
        self.locks[table_id] = lock

    def drop(self, table_id: str, delete: bool = False) -> None:
        """Let go of a table: its save unlocked, and with ``delete`` its files removed."""
        table = self.tables.pop(table_id, None)
        lock = self.locks.pop(table_id, None)
        if delete and table is not None and table.save_path is not None:
            for path in (table.save_path, table.seats_path, table.save_path.with_suffix(".rules.yaml")):
                path.unlink(missing_ok=True)
        if lock is not None:
            lock.release()

    def close(self) -> None:
        """Unlock every save (the server stops)."""
        for table_id in list(self.locks):
            self.locks.pop(table_id).release()

    def create(self, ruleset: Ruleset, rules_ref: str, seats: Sequence[str], names: Sequence[str],
               rounds: Optional[int], seed: Optional[int] = None, turn_seconds: Optional[float] = None,
               summary_seconds: float = SUMMARY_SECONDS) -> Table:
        """A new table; ``seats`` holds ``human`` or a bot name per seat, ``names`` the seats' names;
        ``turn_seconds`` is the turn timer (None: none), ``summary_seconds`` how long a round's
        summary waits for its people."""
        from ..interpreter.bots import bot_names

        if len(self.tables) >= MAX_TABLES:
            raise TableError(f"the server holds {MAX_TABLES} tables already")
        lo, hi = ruleset.players.min, ruleset.players.max
        if not lo <= len(seats) <= hi:
            raise SetupError(f"{ruleset.name} is for {lo} to {hi} players, not {len(seats)}")
        known = bot_names()
        for player in seats:
            if player != HUMAN and player not in known:
                raise TableError(f"there is no bot '{player[:20]}'; bots are {', '.join(known)}")
        people = [s for s, player in enumerate(seats) if player == HUMAN]
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
        if save is not None:
            self._lock(table_id, save)
        try:
            if save is not None and Path(rules_ref).is_file():      # an upload: kept beside the save, which names it
                copy = save.with_suffix(".rules.yaml")
                shutil.copyfile(rules_ref, copy)
                session.rules_ref = str(copy.resolve())
            table = Table(table_id, session, {s: new_token() for s in people}, save, turn_seconds=turn_seconds,
                          summary_seconds=summary_seconds, host=new_token())
            table.save()
        except BaseException:
            self.drop(table_id)
            raise
        self.tables[table_id] = table
        return table

    def load(self) -> list[Table]:
        """The tables saved in the folder by an earlier run whose game is not over, back at their
        seats (the same tokens); a save that cannot be read is left alone."""
        if self.folder is None:
            return []
        out = []
        for seats_file in sorted((self.folder / "tables").glob("*.seats.json"))[:MAX_TABLES]:
            table = self._load(seats_file)
            if table is not None:
                out.append(table)
        return out

    def _load(self, seats_file: Path, refuse: bool = False) -> Optional[Table]:
        """The table saved beside ``seats_file``, its save locked first (as ``hachi play`` locks it
        before reading); None when it cannot be read or its game is over. A save another program
        holds is left alone (with ``refuse``, a :class:`TableError` says so)."""
        table_id = seats_file.name[:-len(".seats.json")]
        save = seats_file.with_name(table_id + ".yaml")
        try:
            self._lock(table_id, save)
        except SaveInUse as e:
            if refuse:
                raise TableError(f"this table is being played elsewhere: {e.message}") from None
            return None
        try:
            seats = json.loads(seats_file.read_text(encoding="utf-8"))
            tokens = {int(s): str(t) for s, t in seats["seats"].items()}
            saved = Session.resume(save)
            if saved.game.is_terminal or not tokens or str(seats["table"]) != table_id:
                raise ValueError("over")
        except (HachiError, OSError, ValueError, KeyError, TypeError, AttributeError):
            self.locks.pop(table_id).release()
            return None
        bots = tuple(HUMAN if seat in tokens else name for seat, name in enumerate(saved.bots))
        session = Session(saved.game, saved.names, bots, saved.seed, saved.rules_ref, min(tokens))
        host = seats.get("host")
        table = Table(table_id, session, tokens, save, host=host if isinstance(host, str) else None)
        try:
            table.turn_seconds = seconds(seats.get("turn_seconds"), "turn_seconds", None)
            table.summary_seconds = seconds(seats.get("summary_seconds"), "summary_seconds", SUMMARY_SECONDS) \
                or SUMMARY_SECONDS
        except TableError:
            pass
        self.tables[table.id] = table
        return table
