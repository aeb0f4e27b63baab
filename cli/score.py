"""``hachi score``: the scorekeeper for games played with real cards (scorekeeper.md).

``hachi score SHEET [--json]`` settles a score sheet and prints who paid whom and why, then the
standings; ``hachi score --new SHEET --players ann,bob,cy`` asks round by round and saves the sheet
after every round; ``hachi score SHEET --add`` (or answering yes at a terminal) goes on with it.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import click

from ..ruleset.errors import HachiError
from ..ruleset.safetext import MAX_LINE, escape
from .errors_ja import error_word, LangCommand, error_line, error_message
from .score_text import say
from .display import columns

if TYPE_CHECKING:
    from ..interpreter.records.atomicfile import SaveLock
    from ..interpreter.records.gamerecord import Replay
    from ..interpreter.scorekeeper.sheet import Sheet
    from .screenkind import ScreenPlugin
    from .score_input import Asker


@click.command(cls=LangCommand)
@click.argument("sheet", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object (as hachi replay --json).")
@click.option("--new", "new", is_flag=True, help="Start a new sheet and ask round by round.")
@click.option("--players", help="With --new: the players' names in seat order, comma separated.")
@click.option("--rules", "rules", default=None,
              help="A bundled ruleset's name or a rule file: with --new, the sheet's; else settle with it instead of "
                   "the one the sheet names (a sheet may only name files in its own folder).")
@click.option("--start", "start", default=None, help="With --new: the first start player (else asked).")
@click.option("--add", "add", is_flag=True, help="After settling the sheet, ask for more rounds.")
@click.option("--lang", type=click.Choice(["en", "ja"]), default="en", help="Language of the questions.")
def score(sheet: str, as_json: bool, new: bool, players: Optional[str], rules: Optional[str],
          start: Optional[str], add: bool, lang: str) -> None:
    """Settle a score sheet of games played with real cards, or keep one round by round."""
    from ..interpreter.scorekeeper.sheet import read_sheet

    try:
        if new:
            with _locked(sheet):
                path = _new_sheet(sheet, players, rules, start, lang)
                _keep(path, lang)
            return
        if players or start:
            raise click.UsageError("--players and --start go with --new")
        loaded = read_sheet(sheet, rules)
        _print(loaded, sheet, as_json, lang)
        if add or (not as_json and _interactive() and _asker(lang).yes_no(say(lang, "add"), "add?")):
            with _locked(sheet):
                _keep(sheet, lang, rules)
    except HachiError as e:
        click.echo(escape(error_line(e.place or sheet, e.message, lang), MAX_LINE), err=True)
        raise SystemExit(1) from None


def _locked(path: str) -> SaveLock:
    """The sheet's lock, as ``hachi play`` locks its save: a second ``hachi score`` adding rounds
    to the same sheet is refused (reading and settling it is not)."""
    from ..interpreter.records.atomicfile import SaveLock

    return SaveLock(path, "hachi score --add' or 'hachi serve", "sheet")     # the server locks its sheets too


def _interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _asker(lang: str) -> Asker:
    from .score_input import Asker

    def read(prompt: str) -> Optional[str]:
        click.echo(prompt, nl=False)
        line = sys.stdin.readline()
        if not line:
            click.echo()
            return None
        return line.rstrip("\n")
    return Asker(read, _echo, lang)


def _echo(text: str) -> None:
    """A line for an 80-column terminal, escaped and folded at spaces."""
    from .screen import fold

    click.echo(fold(escape(text, MAX_LINE)))


def _print(sheet: Sheet, place: str, as_json: bool, lang: str = "en") -> None:
    from ..interpreter.records.gamerecord import summary
    from ..interpreter.scorekeeper.sheet import settle
    from .told_narrate import ToldNarrator

    rep = settle(sheet, place)
    if as_json:
        click.echo(json.dumps(summary(rep), ensure_ascii=False))
        return
    for line in ToldNarrator(sheet.ruleset, sheet.names, lang).lines(told_events(rep)) + standings(rep, lang):
        click.echo(escape(line, MAX_LINE))


def told_events(rep: Replay) -> list[object]:
    """The events of the rounds the sheet tells: a game in progress has begun the next round,
    which the sheet holds nothing of yet (its start is left out of the account)."""
    from ..interpreter.engine.events import RoundEnded

    events = list(rep.game.events)
    if rep.game.is_terminal:
        return events
    last = max((i for i, e in enumerate(events) if isinstance(e, RoundEnded)), default=-1)
    return events[:last + 1]


def _no_pot(g: Any) -> str:
    """The suffix of a text told without the pot, for a game that has none (Koi-Koi)."""
    from ..interpreter.engine.registry import plugin_for

    return "" if g.pot or plugin_for(g.ruleset).shown(g.ruleset).pot else "_no_pot"


def standings(rep: Replay, lang: str = "en") -> list[str]:
    """The players by chips, highest first, with their change since the start."""
    from ..interpreter.engine.events import RoundEnded

    g, names = rep.game, rep.names
    order = sorted(range(g.players), key=lambda s: -g.chips[s])
    n = sum(1 for e in g.events if isinstance(e, RoundEnded))
    unit = say(lang, "round_one" if n == 1 else "rounds")
    key = ("standings_final" if g.is_terminal else "standings") + _no_pot(g)
    out = [say(lang, key, n=n, unit=unit, of=g.rounds, pot=g.pot)]
    if g.pots:                                  # the named pots (pots:), kept across rounds
        out.append(say(lang, "standings_pots", pots=", ".join(f"{name} {chips}" for name, chips in g.pots)))
    wide = max(12, *(columns(names[s]) for s in order))         # names line up by their columns
    out += [f"  {i}. {names[s]}{' ' * (wide - columns(names[s]))} {g.chips[s]:>5} ({g.returns[s]:+d})"
            for i, s in enumerate(order, 1)]
    return out


def _new_sheet(path: str, players: Optional[str], rules: Optional[str], start: Optional[str], lang: str) -> str:
    from ..interpreter.records.atomicfile import write_atomic
    from ..interpreter.records.gamerecord import dump_record, load_record_ruleset
    from ..interpreter.runs.botgame import named_in, open_rules
    from ..interpreter.scorekeeper.sheet import sheet_from_data
    from ..ruleset.loader import load_ruleset

    if not players:
        raise click.UsageError("--new needs --players NAME,NAME,...")
    if Path(path).exists():
        raise click.ClickException(f"{path} exists; go on with it: hachi score {path} --add")
    names = [n.strip() for n in players.split(",")]
    ref = named_in(open_rules(rules or "hachihachi_trick")[1].ref, path)   # kept to the sheet's folder
    if rules is not None:           # the sheet names it as records do: kept to the sheet's folder
        load_record_ruleset(ref, path, "--rules")
    if start is None:
        from ..interpreter.engine.registry import told_for
        from .score_input import Quit, safe

        dealer = told_for(load_ruleset(rules or ref)).starter_word == "dealer"     # hanafuda's 親 (H2)
        first = "first_dealer" if dealer else "first"
        try:
            start = _asker(lang).choose(say(lang, first), [(safe(n), n) for n in names], f"{first}?")
        except Quit:
            raise SystemExit(0) from None
    data = {"ruleset": ref, "players": names, "start": start, "rounds": []}
    sheet_from_data(data, lambda r: load_ruleset(rules or r))     # checks names, start, ruleset
    write_atomic(path, dump_record(data, path))
    return path


def _keep(path: str, lang: str, rules: Optional[str] = None) -> None:
    """Ask round after round, saving the sheet after each, until q, the end of input or the game's end.

    A save that fails (a full disk) is said once; the rounds stay in memory and the save is tried
    again after every round and at the end. If it never works again, the sheet is printed on
    standard output at the end, so that no round typed is lost, and the exit code is 1."""
    from ..interpreter.engine.registry import told_for
    from ..interpreter.scorekeeper.sheet import read_sheet, settle
    from .screen_registry import screen_plugin

    sheet = read_sheet(path, rules)
    asker = _asker(lang)
    starter = told_for(sheet.ruleset).starter_keys[0]
    screen = screen_plugin(sheet.ruleset)
    rep = settle(sheet, path)
    saver = _Saver(path, lang)
    try:
        _ask_rounds(sheet, rep, path, lang, asker, starter, screen, saver)
    finally:
        saver.last_try()


def _ask_rounds(sheet: Sheet, rep: Replay, path: str, lang: str, asker: Asker, starter: str, screen: ScreenPlugin,
                saver: _Saver) -> None:
    from ..interpreter.engine.events import GameEnded, RoundStarted
    from ..interpreter.scorekeeper.sheet import SheetError, UnansweredError, settle
    from .told_narrate import ToldNarrator
    from .score_input import Quit, RoundQuestions, Undo, safe

    _echo(say(lang, "intro"))
    while not rep.game.is_terminal:
        g = rep.game
        if not asker.script:            # asked again after an answer was taken back: the same round
            _echo(say(lang, "header" + _no_pot(g), n=g.round_index + 1, of=g.rounds, pot=g.pot,
                      who=safe(sheet.names[g.round.start]), role=say(lang, starter)))
        try:
            rnd = RoundQuestions(asker, g, sheet.names, screen).ask()
        except Undo:
            if asker.typed:             # in the middle of a round: its last answer
                asker.script, asker.typed = asker.typed[:-1], []
                _echo(say(lang, "answer_back"))
                continue
            if sheet.rounds:
                sheet = replace(sheet, rounds=sheet.rounds[:-1])
                saver.save(sheet)
                _echo(say(lang, "taken_back", n=len(sheet.rounds) + 1))
                rep = settle(sheet, path)
            else:
                _echo(say(lang, "nothing_back"))
            continue
        except Quit:
            if saver.saved():
                _echo(say(lang, "saved", path=path))
            return
        candidate = replace(sheet, rounds=sheet.rounds + (rnd,))
        typed = asker.typed             # the round's answers, for an undo of a house rule's answer
        before = len(g.events)          # the rounds before are settled again to the same events
        try:
            while True:
                try:
                    rep = settle(candidate, path)
                    break
                except UnansweredError as q:    # a house rule asks a seat (effects' ask): ask the table
                    option = asker.choose(say(lang, "answer_q", who=safe(sheet.names[q.seat]), question=q.question),
                                          [(o, o) for o in q.options], "answer?")
                    rnd.setdefault("answers", {}).setdefault(q.question, {})[sheet.names[q.seat]] = option
                    candidate = replace(sheet, rounds=sheet.rounds + (rnd,))
        except Quit:
            if saver.saved():
                _echo(say(lang, "saved", path=path))
            return
        except Undo:                    # asked while answering a house rule: its last answer is taken back
            asker.script, asker.typed = typed[:-1], []
            _echo(say(lang, "answer_back"))
            continue
        except SheetError as e:
            asker.typed = []
            _echo(say(lang, "asked_again", why=error_message(e.message, lang)))
            continue
        asker.typed = []
        sheet = candidate
        saver.save(sheet)
        told = [e for e in rep.game.events[before:] if not isinstance(e, (RoundStarted, GameEnded))]
        for line in ToldNarrator(sheet.ruleset, sheet.names, lang).lines(told) + standings(rep, lang):
            _echo(line)
    if saver.saved():
        _echo(say(lang, "over", path=path))


class _Saver:
    """Writes the sheet after every round; a failure is said once and retried with the next round."""

    def __init__(self, path: str, lang: str = "en"):
        self.path, self.lang = path, lang
        self.unsaved: Optional[Sheet] = None        # the sheet not yet written

    def save(self, sheet: Sheet) -> bool:
        from ..interpreter.records.atomicfile import WriteFailed, write_atomic
        from ..interpreter.records.gamerecord import dump_record

        try:
            write_atomic(self.path, dump_record(sheet.data(), self.path))
        except WriteFailed as e:
            if self.unsaved is None:
                said = say(self.lang, 'save_failed', reason=e.reason)
                click.echo(escape(f"{self.path}: {error_word(self.lang)}: {said}", MAX_LINE), err=True)
            self.unsaved = sheet
            return False
        if self.unsaved is not None:
            click.echo(escape(f"{self.path}: {say(self.lang, 'saved_again')}", MAX_LINE), err=True)
        self.unsaved = None
        return True

    def saved(self) -> bool:
        """True when the sheet on disk holds every round (after one more try of a failed save)."""
        return self.unsaved is None or self.save(self.unsaved)

    def last_try(self) -> None:
        """At the end: if the sheet is still not written, try once more, else print it whole."""
        from ..interpreter.records.gamerecord import dump_record

        if self.unsaved is None or self.save(self.unsaved):
            return
        click.echo(escape(f"{self.path}: {error_word(self.lang)}: {say(self.lang, 'save_lost')}", MAX_LINE), err=True)
        click.echo(dump_record(self.unsaved.data(), self.path), nl=False)
        raise SystemExit(1)
