"""The scorekeeper page's server side: the score sheets of ``hachi score``, kept on the server.

A sheet is the same file ``hachi score SHEET`` reads and settles (:mod:`~hachihachi.interpreter.scorekeeper.sheet`).
A new round is asked by the terminal's own questions (:class:`~hachihachi.cli.score_input.RoundQuestions`)
driven by the answers the page has given so far: the questions stop at the first one that has no
answer yet, and the page shows that one (choices as buttons, counts as steppers whose last value
is worked out, so that tricks and points always add up). A finished round is settled with every
round before it; a sheet that refuses it changes nothing. A past round is corrected by replacing
only the fields that were wrong, checked the same way.
"""

from __future__ import annotations

import random
import re
import secrets
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Collection, Mapping, Optional, Sequence, TypeVar

from ..interpreter.records.atomicfile import SaveLock, write_atomic
from ..interpreter.engine.events import RoundEnded
from ..interpreter.records.gamerecord import dump_record
from ..interpreter.scorekeeper.sheet import Sheet, SheetError, read_sheet, settle, sheet_from_data
from ..cli.errors_ja import error_message
from ..ruleset.catalog import LANGS, maybe
from ..ruleset.effects.actions.pots import pots_after_rounds
from ..ruleset.errors import HachiError, RecordError
from ..ruleset.model import Ruleset
from .cards import card_label, card_title
from .messages import text
from .rulefiles import Uploads

T = TypeVar("T")
MAX_RULESETS = 64               # rulesets of sheets kept in memory, for their card pictures
SHEET_ID = re.compile(r"^[A-Za-z0-9_-]{6,20}$")
MAX_ANSWERS = 200
EXAMPLE_TRIES = 20_000          # random hands looked at to find a picture of each role


class NeedAnswer(Exception):
    """The question the answers given so far stop at."""

    def __init__(self, question: dict[str, Any]):
        super().__init__(question.get("prompt", ""))
        self.question = question


class BadAnswer(Exception):
    def __init__(self, index: int, message: str):
        super().__init__(message)
        self.index, self.message = index, message


def _asker_class() -> Any:
    from ..cli.score_input import Asker, Bad

    class ScriptedAsker(Asker):
        """The terminal's questions, answered from a list; the first unanswered one is raised."""

        def __init__(self, answers: Sequence[Any], lang: str):
            self.notes: list[str] = []
            super().__init__(lambda prompt: None, self.notes.append, lang)
            self.answers, self.used = list(answers), 0

        def t(self, key: str, **values: Any) -> str:
            # the page's own words for the questions whose terminal words speak of typing (``r to
            # claim``, ``Enter: none``, numbers of a menu), which the page answers with taps
            said = maybe(self.lang if self.lang in LANGS else "en", f"web.score.{key}")
            return said.format(**values) if said is not None else super().t(key, **values)

        def _next(self, question: dict[str, Any], help_key: str, values: dict[str, Any]) -> Any:
            if self.used >= len(self.answers):
                try:
                    question["help"] = self.t(help_key, **values)
                except (KeyError, IndexError, ValueError):
                    question["help"] = ""
                question["key"] = help_key
                question["notes"] = list(self.notes)
                raise NeedAnswer(question)
            self.used += 1
            return self.answers[self.used - 1]

        def bad(self, message: str) -> BadAnswer:
            return BadAnswer(self.used - 1, message)

        def ask(self, prompt: str, parse: Callable[[str], T], help_key: str, **values: Any) -> T:
            if help_key == "which_role?":           # the menu of numbers is the page's list of buttons
                prompt = self.t("which_role")
            answer = self._next({"kind": "text", "prompt": prompt.rstrip(": ")}, help_key, values)
            try:
                return parse(str(answer)[:200].strip())
            except Bad as e:
                raise self.bad(str(e)) from None

        def choose(self, prompt: str, choices: Sequence[tuple[str, T]], help_key: str,
                   words: Optional[Mapping[T, Collection[str]]] = None, **values: Any) -> T:
            # the page answers with a button's number; ``words`` are for typed answers
            answer = self._next({"kind": "choose", "prompt": prompt.rstrip(": "),
                                 "choices": [label for label, _ in choices]}, help_key, values)
            if type(answer) is not int or not 0 <= answer < len(choices):
                raise self.bad(f"choose one of the {len(choices)} answers")
            return choices[answer][1]

        def number(self, prompt: str, lo: int, hi: int, help_key: str, **values: Any) -> int:
            answer = self._next({"kind": "number", "prompt": prompt.rstrip(": "), "lo": lo, "hi": hi},
                                help_key, values)
            if type(answer) is not int or not lo <= answer <= hi:
                raise self.bad(f"a number from {lo} to {hi}")
            return answer

    return ScriptedAsker


def next_question(sheet: Sheet, answers: Sequence[Any], lang: str) -> tuple[Optional[dict[str, Any]], dict[str, Any]]:
    """The question after ``answers`` (None when they make a whole round) and the round so far."""
    from ..cli.screen_registry import screen_plugin
    from ..cli.score_input import RoundQuestions

    rep = settle(sheet)
    if rep.game.is_terminal:
        raise SheetError("the game on this sheet is over")
    asker = _asker_class()(answers, lang)
    questions = RoundQuestions(asker, rep.game, sheet.names, screen_plugin(sheet.ruleset))
    try:
        rnd = questions.ask()
    except NeedAnswer as need:
        return need.question, questions.rnd
    return None, rnd


class Sheets:
    """The score sheets in ``folder``, by random id (the page never names a file)."""

    def __init__(self, folder: Path, uploads: Uploads):
        self.folder, self.uploads = folder, uploads
        folder.mkdir(parents=True, exist_ok=True)
        self._examples: dict[tuple[object, ...], dict[str, list[int]]] = {}
        self._rulesets: dict[str, Ruleset] = {}       # sheet id -> its ruleset, for the card pictures

    def path(self, sheet_id: str) -> Path:
        if not SHEET_ID.match(sheet_id) or not (self.folder / f"{sheet_id}.yaml").is_file():
            raise RecordError("there is no such score sheet")
        return self.folder / f"{sheet_id}.yaml"

    def read(self, sheet_id: str) -> Sheet:
        return read_sheet(self.path(sheet_id))

    def ruleset(self, sheet_id: str) -> Ruleset:
        """The sheet's ruleset, read once: a sheet's rule file never changes (an upload is copied
        beside it), so its card pictures are served without reading the sheet again."""
        known = self._rulesets.get(sheet_id)
        if known is None:
            known = self.read(sheet_id).ruleset
            self._keep(sheet_id, known)
        return known

    def _keep(self, sheet_id: str, rules: Ruleset) -> None:
        if len(self._rulesets) >= MAX_RULESETS:
            self._rulesets.pop(next(iter(self._rulesets)))
        self._rulesets[sheet_id] = rules

    def deck_key(self, sheet_id: str, sheet: Sheet) -> str:
        """The card pictures' deck: the bundled ruleset's own (``b.NAME``, shared by every sheet
        and table of it) or the sheet's (``s.ID``)."""
        from ..ruleset.bundled import bundled_files

        self._keep(sheet_id, sheet.ruleset)
        return f"b.{sheet.ruleset_ref}" if sheet.ruleset_ref in bundled_files() else f"s.{sheet_id}"

    def create(self, data: dict[str, Any]) -> dict[str, Any]:
        """A new sheet: ``rules`` (a bundled name or ``upload:ID``), ``players``, ``start``."""
        names, start = data.get("players"), data.get("start")
        rules, ref = self.uploads.get(str(data.get("rules", "")))
        sheet_id = secrets.token_urlsafe(9)
        path = self.folder / f"{sheet_id}.yaml"
        if Path(ref).is_file():             # an upload: copied beside the sheet, which names it
            shutil.copyfile(ref, self.folder / f"{sheet_id}.rules.yaml")
            ref = f"{sheet_id}.rules.yaml"
        if data.get("short"):
            length: Optional[int] = rules.rounds.short
        else:
            length = None
        body: dict[str, Any] = {"ruleset": ref, "players": names, "start": start}
        if length is not None:
            body["length"] = length
        body["rounds"] = []
        sheet_from_data(body, lambda r: rules)          # checks the names, the start and the ruleset
        write_atomic(path, dump_record(body, path))
        return {"sheet": sheet_id}

    def locked(self, sheet_id: str) -> SaveLock:
        """The sheet's lock, the one ``hachi score --add`` takes: while a terminal adds rounds to
        the sheet the page is refused, and the other way round."""
        return SaveLock(self.path(sheet_id), "hachi score --add", "sheet")

    def handle(self, sheet_id: str, what: str, data: dict[str, Any]) -> dict[str, Any]:
        lang = "ja" if data.get("lang") == "ja" else "en"
        if what == "":
            return self.overview(sheet_id, self.read(sheet_id), lang)
        if what not in ("ask", "edit", "undo", "restore"):
            raise SheetError("unknown request")
        with self.locked(sheet_id):         # read and written under the lock
            return self._change(sheet_id, self.read(sheet_id), what, data, lang)

    def _change(self, sheet_id: str, sheet: Sheet, what: str, data: dict[str, Any], lang: str) -> dict[str, Any]:
        if what == "ask":
            return self.ask(sheet_id, sheet, data.get("answers", []), lang)
        if what == "edit":
            return self.edit(sheet_id, sheet, data.get("round"), data.get("fields"), lang)
        if what == "undo":
            if not sheet.rounds:
                raise SheetError("the sheet has no round to take back")
            self.write(sheet_id, replace(sheet, rounds=sheet.rounds[:-1]))
            out = self.overview(sheet_id, self.read(sheet_id), lang)
            out["taken_back"] = dict(sheet.rounds[-1])          # for the page to put it back
            return out
        if what == "restore":
            return self.restore(sheet_id, sheet, data.get("round"), lang)
        raise SheetError("unknown request")     # not reached: handle() knows the requests

    def restore(self, sheet_id: str, sheet: Sheet, rnd: Any, lang: str) -> dict[str, Any]:
        """Put back a round that was taken back (or add any whole round): it must settle after
        every round before it, else nothing changes."""
        if not isinstance(rnd, dict) or not rnd:
            raise SheetError("round: the round to put back, as the sheet keeps it")
        candidate = replace(sheet, rounds=sheet.rounds + (dict(rnd),))
        try:
            settle(candidate)
        except SheetError as e:
            raise SheetError(error_message(e.message, lang)) from None
        self.write(sheet_id, candidate)
        return self.overview(sheet_id, self.read(sheet_id), lang)

    def write(self, sheet_id: str, sheet: Sheet) -> None:
        path = self.path(sheet_id)
        write_atomic(path, dump_record(sheet.data(), path))

    def ask(self, sheet_id: str, sheet: Sheet, answers: Any, lang: str) -> dict[str, Any]:
        if not isinstance(answers, list) or len(answers) > MAX_ANSWERS:
            raise SheetError("answers: a list")
        try:
            question, rnd = next_question(sheet, answers, lang)
        except BadAnswer as bad:
            question, _ = next_question(sheet, answers[:bad.index], lang)
            return {"question": question, "answers": answers[:bad.index], "error": text(bad.message)}
        if question is not None:
            return {"question": question, "answers": answers}
        candidate = replace(sheet, rounds=sheet.rounds + (rnd,))
        try:
            settle(candidate)
        except SheetError as e:
            question, _ = next_question(sheet, [], lang)
            return {"question": question, "answers": [], "error": text(error_message(e.message, lang))}
        self.write(sheet_id, candidate)
        return self.overview(sheet_id, self.read(sheet_id), lang)

    def edit(self, sheet_id: str, sheet: Sheet, index: Any, fields: Any, lang: str) -> dict[str, Any]:
        """Replace fields of past round ``index`` (0-based); the whole sheet must still settle."""
        if type(index) is not int or not 0 <= index < len(sheet.rounds):
            raise SheetError("round: the number of a round on the sheet")
        if not isinstance(fields, dict):
            raise SheetError("fields: the round's fields to replace")
        rnd = dict(sheet.rounds[index])
        for key, value in fields.items():
            if value is None:
                rnd.pop(str(key), None)
            else:
                rnd[str(key)] = value
        rounds = sheet.rounds[:index] + (rnd,) + sheet.rounds[index + 1:]
        candidate = replace(sheet, rounds=rounds)
        settle(candidate)               # a SheetError names the round and the field; nothing is written
        self.write(sheet_id, candidate)
        return self.overview(sheet_id, self.read(sheet_id), lang)

    def overview(self, sheet_id: str, sheet: Sheet, lang: str) -> dict[str, Any]:
        """The sheet as the page shows it: the players' running totals after every round."""
        from ..cli.told_narrate import ToldNarrator

        rep = settle(sheet)
        g = rep.game
        start = sheet.ruleset.chips.start
        running, totals = [], [start] * g.players
        for e in g.events:
            if isinstance(e, RoundEnded):
                totals = [t + d for t, d in zip(totals, e.delta)]
                running.append({"delta": list(e.delta), "totals": list(totals), "kind": e.kind and e.kind.value,
                                "multiplier": e.multiplier, "pot": e.pot_after})
        for result, pots in zip(running, pots_after_rounds(sheet.ruleset.pots, g.events, RoundEnded)):
            result["pots"] = [[name, chips] for name, chips in pots.items()]      # named pots (pots:)
        out: dict[str, Any] = {
            "sheet": sheet_id, "deck": self.deck_key(sheet_id, sheet), "names": [text(n) for n in sheet.names],
            "title": text(sheet.ruleset.title(lang)), "play": sheet.ruleset.play,
            "rounds": [dict(r) for r in sheet.rounds], "results": running, "chips": list(g.chips), "pot": g.pot,
            **({"pots": [[name, chips] for name, chips in g.pots]} if g.pots else {}),
            "round": g.round_index + 1, "of": g.rounds, "over": g.is_terminal,
            "hand_size": sheet.ruleset.hand_size,
            "cards": [sheet.ruleset.deck.name(c) for c in sheet.ruleset.deck.cards],
            "card_labels": [text(card_label(sheet.ruleset.deck, c, lang)) for c in sheet.ruleset.deck.cards],
            "card_titles": [text(card_title(sheet.ruleset.deck, c, lang)) for c in sheet.ruleset.deck.cards],
            "capture_roles": self.capture_roles(sheet.ruleset, lang),
            "roles": self.roles(sheet.ruleset), "turned": sheet.ruleset.dealt_beside_hands,
            "fields": [{"id": f.id, "name": text(f.name(lang))} for f in sheet.ruleset.fields],
            "lines": [text(line) for line in ToldNarrator(sheet.ruleset, sheet.names, lang).lines(g.events)][-80:],
        }
        if not g.is_terminal:
            out["question"] = next_question(sheet, [], lang)[0]
        return out

    def capture_roles(self, rules: Ruleset, lang: str) -> list[dict[str, Any]]:
        """Matching play: the capture roles (H18) a round may end on, for the page's list."""
        table = getattr(getattr(rules, "kind_rules", None), "capture_roles", None)
        if table is None:
            return []
        from ..cli.role_names import RoleNames

        names = RoleNames.of([table])
        return [{"id": rid, "label": text(names.label(rid, lang))} for rid in names.names]

    def roles(self, rules: Ruleset) -> list[dict[str, Any]]:
        """Every role a hand can claim: its id, both names, and an example hand as its picture."""
        examples = self.examples(rules)
        out = [{"id": r.id, "ja": text(r.name.ja), "en": text(r.name.en), "example": examples.get(r.id, [])}
               for r in rules.roles.roles]
        out += [{"id": c.id, "ja": text(c.name.ja if c.name else c.id), "en": text(c.name.en if c.name else c.id),
                 "example": examples.get(c.id, [])} for c in rules.roles.combos]
        return out

    def examples(self, rules: Ruleset) -> dict[str, list[int]]:
        """A hand that makes each role, found among seeded random hands (a role too rare to be
        found has none)."""
        key = _roles_key(rules)
        known = self._examples.get(key)
        if known is not None:
            return known
        rng, cards = random.Random(88), list(rules.deck.cards)
        wanted = {r.id for r in rules.roles.roles} | {c.id for c in rules.roles.combos}
        found: dict[str, list[int]] = {}
        for _ in range(EXAMPLE_TRIES):
            if len(found) == len(wanted):
                break
            hand = sorted(rng.sample(cards, rules.hand_size))
            try:
                result = rules.evaluator.evaluate(hand)
            except HachiError:
                continue
            for held in result.roles:
                found.setdefault(held.id, hand)
        if len(self._examples) >= 32:
            self._examples.clear()
        self._examples[key] = found
        return found


def _roles_key(rules: Ruleset) -> tuple[object, ...]:
    """What the examples of a ruleset's roles depend on: its deck, hand size and role patterns."""
    roles = tuple((r.id, r.pattern) for r in rules.roles.roles)
    combos = tuple((c.id, repr(c)) for c in rules.roles.combos)
    return (rules.name, repr(rules.deck), rules.hand_size, roles, combos)


