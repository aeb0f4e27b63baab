"""``hachi play``: one person against bots in the terminal, or bots alone (``--auto``).

The game is saved as a record after every decision (atomically); ``--resume FILE`` continues
it. End of input, ``q`` and Ctrl-C leave cleanly with a message saying how to resume. While a
game runs its save is locked (a second ``hachi play`` on it is refused); a save that fails is
tried again after every decision and at exit, and the exit code is 1 if it never worked again.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

import click

from ..ruleset.catalog import LANGS, say
from ..ruleset.errors import HachiError, RecordError
from .errors_ja import error_word, LangCommand, LangUsageError, error_line
from .screen import fold
from .answers import QUIT
from .saves import USERS, candidates, claim_new_save, saved_games

if TYPE_CHECKING:
    from ..interpreter.records.atomicfile import SaveLock
    from ..interpreter.engine.actions import ActionBase
    from ..interpreter.runs.session import Session
    from ..interpreter.engine.view import View


HINT = frozenset({"hint", "ヒント"})


class _Quit(Exception):
    """The human asked to save and quit."""


@click.command(cls=LangCommand)
@click.option("--players", type=click.IntRange(2, 12),
              help="Seats at the table.  [default: 5, or what the ruleset allows nearest to it]")
@click.option("--bots", default="heuristic", show_default=True,
              help="Bot names for the bot seats, comma separated; a short list repeats its last name.")
@click.option("--seed", type=click.IntRange(-(2**63), 2**63 - 1),
              help="Seed of the deals and the bots (random when not given).")
@click.option("--rules", "rules_ref", default="hachihachi_trick", show_default=True,
              help="A bundled ruleset's name or a rule file (with --resume: the rule file of a save "
                   "that lies outside the save's folder).")
@click.option("--short", is_flag=True, help="Play the short game (T25).")
@click.option("--lang", type=click.Choice(["en", "ja"]), default="en", show_default=True)
@click.option("--name", help="Your name at the table.  [default: you; あなた with --lang ja]")
@click.option("--save", "save_path", type=click.Path(dir_okay=False),
              help="Save file, rewritten after every decision [default: a new hachi-save-RULES-TIME.yaml "
                   "per game; none with --auto].")
@click.option("--resume", "resume_path", is_flag=False, flag_value="", default=None, metavar="[FILE|N]",
              help="Continue a saved game; without FILE, list the games in progress saved here and choose "
                   "one (N: the N-th of that list).")
@click.option("--auto", is_flag=True, help="Bots take every seat; print the game.")
@click.option("--pause/--no-pause", default=None,
              help="Wait for Enter after a round in which you had no decision, so that it can be read. "
                   "[default: --pause when the input is a terminal]")
@click.option("--json", "as_json", is_flag=True, help="With --auto: print the summary object of 'hachi replay --json'.")
@click.option("--record", "record_dir", type=click.Path(file_okay=False), help="Write the game's record into DIR.")
def play(players: Optional[int], bots: str, seed: Optional[int], rules_ref: str, short: bool, lang: str,
         name: Optional[str],
         save_path: Optional[str], resume_path: Optional[str], auto: bool, pause: Optional[bool], as_json: bool,
         record_dir: Optional[str]) -> None:
    """Play Hachi-Hachi against bots in the terminal."""
    ctx = click.get_current_context()
    given = {p: ctx.get_parameter_source(p) is not click.core.ParameterSource.DEFAULT
             for p in ("players", "bots", "seed", "short", "name", "auto", "lang")}
    _check_options(ctx, given, lang, resume_path, auto, as_json)
    name = _player_name(name, lang)
    if resume_path == "" or (resume_path is not None and resume_path.isdigit() and not Path(resume_path).exists()):
        resume_path = _choose_save(resume_path, lang)     # --resume alone, or --resume N: of the list
    given_save = save_path is not None
    claimed = None if save_path is not None or resume_path is not None or auto else _claim_save(rules_ref, lang)
    save_path = claimed.save if claimed is not None else (save_path or resume_path)
    lock = claimed or _lock_for(save_path)      # the server locks its saves too
    try:
        opened = _Opened(resume_path, rules_ref, lang, save_path)
        session = opened.session(ctx, given["lang"], lock if claimed is None else None,
                                 lambda: _new_session(players, bots, seed, rules_ref, short, name, auto),
                                 given_save, record_dir)
        colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
        pause = sys.stdin.isatty() if pause is None else pause
        game = TerminalGame(session, opened.lang, colour, save_path, quiet=as_json, resumed=resume_path,
                            pause=pause and not auto)
        game.run(record_dir, as_json)
    finally:
        if lock is not None:
            lock.release()                          # also on a usage error after the lock was taken


def _check_options(ctx: click.Context, given: dict[str, bool], lang: str, resume_path: Optional[str], auto: bool,
                   as_json: bool) -> None:
    """Refuse options that cannot go together: one that changes the game with ``--resume``,
    ``--json`` without ``--auto``."""
    if resume_path is not None:
        changing = next((p for p in ("players", "bots", "seed", "short", "name", "auto") if given[p]), None)
        if changing is not None:
            said = say(lang if lang in LANGS else "en", "screen.resume_changes", flag=f"--{changing}")
            if lang in LANGS and lang != "en":
                raise LangUsageError(said, ctx, lang)
            raise click.UsageError(said, ctx)
    if as_json and not auto:
        raise click.UsageError("--json needs --auto (it prints the summary of a bots-only game)")


def _player_name(name: Optional[str], lang: str) -> str:
    """The human's name at the table: as given (checked), or "you" in the game's language."""
    from ..interpreter.records.recordfile import name_problem

    name = ("あなた" if lang == "ja" else "you") if name is None else name
    problem = name_problem(name)
    if problem:
        raise click.BadParameter(problem, param_hint="--name")
    return name


def _claim_save(rules_ref: str, lang: str) -> SaveLock:
    """A new save file of its own for a new game: no older save, nor a game of the same second."""
    try:
        return claim_new_save(rules_ref)
    except HachiError as e:
        click.echo(error_line(e.place or "--save", e.message, lang), err=True)
        raise SystemExit(1) from None


def _lock_for(save_path: Optional[str]) -> Optional[SaveLock]:
    from ..interpreter.records.atomicfile import SaveLock

    return SaveLock(save_path, USERS) if save_path else None


class _Opened:
    """The session ``hachi play`` plays: its save locked, resumed from it or new, and saved once
    before the first decision (an unwritable save file fails now, not mid-game)."""

    def __init__(self, resume_path: Optional[str], rules_ref: str, lang: str, save_path: Optional[str]):
        self.resume_path, self.rules_ref, self.lang, self.save_path = resume_path, rules_ref, lang, save_path

    def session(self, ctx: click.Context, lang_given: bool, lock: Optional[SaveLock], new: Callable[[], Session],
                given_save: bool, record_dir: Optional[str]) -> Session:
        from ..interpreter.records.recordfile import ensure_folder

        try:
            if lock is not None:
                lock.acquire()                      # before reading: another game may be writing it
            session = self._resumed(ctx, lang_given) if self.resume_path else new()
            session.lang = self.lang
            if given_save and self.save_path and Path(self.save_path) != Path(self.resume_path or ""):
                _check_save_target(self.save_path, self.lang)
            if record_dir:
                ensure_folder(record_dir)
            if self.save_path:
                session.save(self.save_path)
            return session
        except HachiError as e:
            click.echo(error_line(e.place or self.resume_path or self.rules_ref, e.message, self.lang), err=True)
            raise SystemExit(1) from None

    def _resumed(self, ctx: click.Context, lang_given: bool) -> Session:
        from ..interpreter.runs.session import Session

        assert self.resume_path
        source = ctx.get_parameter_source("rules_ref")
        explicit = source is not None and source.name != "DEFAULT"
        session = Session.resume(self.resume_path, self.rules_ref if explicit else None)
        if session.lang is not None and not lang_given:
            self.lang = session.lang                # the game goes on in the language it was played in
        return session


def _choose_save(given: str, lang: str) -> str:
    """The save ``--resume`` continues when it names no file: the games in progress saved here,
    listed (``given`` empty: the person picks one; a number: that one of the list)."""
    def t(key: str, **kw: object) -> str:
        return say(lang if lang in LANGS else "en", f"screen.{key}", **kw)

    games = saved_games(candidates())
    if not games:
        raise click.UsageError(t("no_saves"))
    if given:
        if not 1 <= int(given) <= len(games):
            raise click.BadParameter(t("not_listed", n=given, count=len(games)), param_hint="--resume")
        return str(games[int(given) - 1].path)
    click.echo(t("saves_here"))
    for i, game in enumerate(games, 1):
        click.echo(fold(f"  {i}) {game.line(lang == 'ja')}"))
    if len(games) == 1:
        return str(games[0].path)
    while True:
        answer = click.prompt(t("which_save"), default="1", show_default=False, prompt_suffix=" ").strip()
        if answer.lower() in QUIT:
            raise SystemExit(0)
        if answer.isdigit() and 1 <= int(answer) <= len(games):
            return str(games[int(answer) - 1].path)
        click.echo("  " + t("not_listed", n=answer, count=len(games)))


def _check_save_target(path: str, lang: str = "en") -> None:
    """Refuse to start a new game over ``path`` unless it is missing or holds a finished game."""
    from ..interpreter.runs.session import SaveTarget, save_target
    held = save_target(path)
    keys = {SaveTarget.FOLDER: "save_folder", SaveTarget.NOT_A_SAVE: "save_not_a_save",
            SaveTarget.IN_PROGRESS: "save_in_progress"}
    if held in keys:
        raise RecordError(say(lang if lang in LANGS else "en", f"screen.{keys[held]}", path=path), path)


def _new_session(players: Optional[int], bots: str, seed: Optional[int], rules_ref: str, short: bool, name: str,
                 auto: bool) -> Session:
    from ..interpreter.bots import bot_names, is_bot
    from ..interpreter.runs.botgame import open_rules
    from ..interpreter.runs.session import Session

    names = [b.strip() for b in bots.split(",") if b.strip()] or ["heuristic"]
    unknown = [b for b in names if not is_bot(b)]
    if unknown:
        raise click.BadParameter(f"there is no bot '{unknown[0]}'; bots are {', '.join(bot_names())}",
                                 param_hint="--bots")
    ruleset, spec = open_rules(rules_ref)
    lo, hi = ruleset.players.min, ruleset.players.max
    players = min(max(5, lo), hi) if players is None else players
    if not lo <= players <= hi:
        raise click.BadParameter(f"{ruleset.name} is for {lo} to {hi} players", param_hint="--players")
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    rounds = ruleset.rounds.short if short else None
    return Session.new(ruleset, spec.ref, players, names, seed, rounds, None if auto else 0, name)


class TerminalGame:
    """Runs a session: prints what happens, asks the human, saves after every decision."""

    def __init__(self, session: Session, lang: str, colour: bool, save_path: Optional[str], quiet: bool,
                 resumed: Optional[str], pause: bool = False):
        from .narrate import Narrator
        from .screen import Screen

        self.s, self.save_path, self.quiet, self.lang = session, save_path, quiet, lang
        self.unsaved = False            # the last save failed; it is tried again after every decision
        self.pause = pause              # wait for Enter after a round without a decision of the human
        self.decided = False            # the human was asked something in the current round
        self.rules = session.game.ruleset
        self.screen = Screen(self.rules, session.names, lang, colour)
        self.narrator = Narrator(self.rules, session.names, lang)
        past = self.narrator.lines(session.game.events)       # also teaches it the goers' order
        if resumed:
            key = "over" if session.game.is_terminal else "resumed"
            self.echo(self.screen.t(key, path=resumed, n=session.game.round_index + 1))
        else:
            for line in past:
                self.echo(line)

    def echo(self, text: str = "") -> None:
        if not self.quiet:
            click.echo(fold(text))

    def run(self, record_dir: Optional[str], as_json: bool) -> None:
        try:
            self.loop()
        except (click.Abort, EOFError, _Quit):
            raise SystemExit(self.leave(0)) from None
        except KeyboardInterrupt:
            raise SystemExit(self._leave_interrupted()) from None
        except HachiError as e:                 # the game cannot go on (a number past the bound)
            click.echo(error_line(e.place or "play", e.message, self.lang), err=True)
            self.save_at_exit()                 # the save keeps the game before that action
            raise SystemExit(1) from None
        g = self.s.game
        for line in self.screen.standings(g.chips, g.winners):
            self.echo(line)
        saved = self.save_at_exit()
        if saved and self.save_path and not self.quiet:
            self.echo(self.screen.t("over_saved", path=self.save_path))
        written = self.write_record(record_dir) if record_dir else True
        if as_json:
            from ..interpreter.records.gamerecord import Replay, summary

            click.echo(json.dumps(summary(Replay(g, self.s.names)), ensure_ascii=False))
        if not (saved and written):
            raise SystemExit(1)

    def loop(self) -> None:
        from ..interpreter.engine.events import RoundEnded

        s = self.s
        while not s.game.is_terminal:
            events = s.apply(self.ask()) if s.human_to_act else s.step()
            self.save()
            for e in events:
                self.show(e)
                if isinstance(e, RoundEnded):
                    if self.pause and not self.decided and not s.game.is_terminal:
                        self.wait()
                    self.decided = False

    def wait(self) -> None:
        """After a round that passed without a question to the human: wait for Enter, so that the
        round's account can be read before the next one scrolls it away (``q`` saves and quits)."""
        text = click.prompt(self.screen.t("next_round"), default="", show_default=False, prompt_suffix=" ")
        if text.strip().lower() in QUIT:
            raise _Quit

    def save(self) -> bool:
        """Save after a decision. A failure is said once and retried after every decision (the
        game goes on in memory); the first save that works again says so. True when saved."""
        if not self.save_path:
            return True
        try:
            self.s.save(self.save_path)
        except RecordError as e:
            if not self.unsaved:
                retried = self.screen.t("save_retried")
                click.echo(f"{error_line(str(e.place), e.message, self.lang)} {retried}", err=True)
            self.unsaved = True
            return False
        if self.unsaved:
            click.echo(f"{self.save_path}: {self.screen.t('saved_again')}", err=True)
            self.unsaved = False
        return True

    def save_at_exit(self) -> bool:
        """The last try of a save that failed; say plainly when the game is not saved."""
        if not self.unsaved or self.save():
            return True
        click.echo(f"{self.save_path}: {error_word(self.lang)}: {self.screen.t('save_lost')}", err=True)
        return False

    def show(self, event: object) -> None:
        from ..interpreter.engine.events import Applied

        if self.s.human is not None and isinstance(event, Applied):    # the other hands stay hidden
            dealt = self.screen.dealt_line(self.s.game, event.action)
            if dealt is not None:
                self.echo(dealt)
                return
        line = self.narrator.line(event)
        if line is not None:
            for part in line.split("\n"):
                self.echo(part)

    def ask(self) -> ActionBase:
        from ..ruleset.model import Phase
        from .tui_input import HELP, BadAnswer, explain, parse_answer

        assert self.s.human is not None, "asked only when the human is to act"
        v = self.s.game.view(self.s.human)
        if len(v.legal) == 1 and v.phase is Phase.PLAY:
            self.echo(f"  ({self.s.names[v.seat]}: {self.screen.choice(v.legal[0], v)}{self.screen.t('only_card')})")
            return v.legal[0]
        self.decided = True
        self.echo()
        for line in self.screen.table(v):
            self.echo(line)
        self.echo(f"{self.screen.question(v)}  {self.screen.t('hint')}")
        worth = self.screen.worth(self.s.game, v)           # Koi-Koi: what stop and koi are worth now
        if worth is not None:
            self.echo(f"  {worth}")
        for line in self.screen.pack(self.screen.choices(v)):
            self.echo(line)
        while True:
            text = click.prompt(">", default="", show_default=False, prompt_suffix=" ")
            word = text.strip().lower()
            if word in QUIT:
                raise _Quit
            if word in HELP:
                for line in explain(v, self.rules, self.lang):
                    self.echo("  " + line)
                continue
            if word in HINT:
                for line in self.hint_lines(v):
                    self.echo("  " + line)
                continue
            try:
                return parse_answer(text, v, self.rules)
            except BadAnswer as e:
                self.echo(f"  {e.text(self.lang)}")

    def hint_lines(self, v: View) -> list[str]:
        """``hint``: the search's expected change of the human's chips this round, per legal action."""
        from ..interpreter.bots.hint import hints

        rng = random.Random(f"{self.s.seed}:{len(self.s.game.events)}")       # the same hint on resume
        out = [self.screen.t("hint_head")]
        for h in hints(self.s.game, v.seat, rng):
            spread = (self.screen.t("hint_range", low=f"{h.low:+.1f}", high=f"{h.high:+.1f}") if h.samples > 1
                      else self.screen.t("hint_few"))
            out.append(fold(f"{self.screen.choice(h.action, v)}: {h.mean:+.1f} ({spread})"))
        return out

    def _leave_interrupted(self) -> int:
        """Ctrl-C: save and say how to resume, a second Ctrl-C meanwhile ignored (exit status 130)."""
        import signal

        try:
            previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        except ValueError:                  # not the main thread: the handler is not ours to change
            return self.leave(130)
        try:
            return self.leave(130)
        finally:
            signal.signal(signal.SIGINT, previous)

    def leave(self, code: int) -> int:
        """Say how to resume (after a last try of a failed save); return the exit code."""
        click.echo()
        if not self.save_path:
            click.echo(self.screen.t("not_saved"))
        elif self.save_at_exit():
            click.echo(fold(self.screen.t("saved", path=self.save_path)))
        else:
            return code or 1
        return code

    def write_record(self, folder: str) -> bool:
        """Write the game's record into ``folder``; on failure say so in one line (no half file)."""
        from ..interpreter.records.atomicfile import WriteFailed, write_atomic
        from ..interpreter.records.gamerecord import dump_record

        out = Path(folder)
        path = out / f"hachi-{self.s.seed}.yaml"
        n = 2
        while path.exists():
            path, n = out / f"hachi-{self.s.seed}-{n}.yaml", n + 1
        try:
            out.mkdir(parents=True, exist_ok=True)
            write_atomic(path, dump_record(self.s.record(path), path))
        except (WriteFailed, OSError) as e:
            reason = getattr(e, "reason", None) or getattr(e, "strerror", None) or str(e)
            kept = self.screen.t("kept_in", path=self.save_path) if self.save_path and not self.unsaved else ""
            click.echo(f"{path}: {error_word(self.lang)}: {self.screen.t('record_failed', reason=reason, kept=kept)}",
                       err=True)
            return False
        self.echo(self.screen.t("record_written", path=path))
        return True


