"""Score sheets (scorekeeper.md): read a sheet of games played with real cards and settle it.

A sheet names the ruleset, the players, the first start player and, per round, only what the
table saw (see :mod:`.told`; a play kind's own fields are read by its :class:`~.told.ToldKind`).
Every round is settled by the ruleset's own phases on a :func:`~.told_game.told_game`; anything
that cannot be a legal game is one :class:`SheetError` whose message starts with the round and
the field (``round 2, tricks: ...``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

from ...ruleset.errors import HachiError, IllegalAction, RecordError, shown
from ...ruleset.model import Phase, Ruleset
from ...ruleset.safetext import MAX_LINE, escape
from ...ruleset.yamlfile import Limits, read_yaml
from ..engine.actions import Choose, Declare, Split, answer_of
from ..engine.events import RoundEnded
from ..engine.gamestate import GameState
from ..parts.go_drop.kinds import RoundKind
from ..engine.registry import plugin_for, told_for
from ..records.gamerecord import Replay, load_record_ruleset
from .claims import claim_problem
from ..records.recordfile import MAX_ROUNDS, name_problem, twice_problem
from .sheetround import FieldProblem, RoundReader
from .told import Claim, ToldDeal
from .told_game import told_game
from ..parts.go_drop.rules import NAME, go_drop_rules
from ..parts.go_drop.state import declared

SHEET = Limits(kind="score sheet", shape="a score sheet is a mapping with ruleset, players, start and rounds",
               merge_hint="", error=RecordError, max_bytes=1024 * 1024, max_depth=16, max_nodes=200_000,
               max_number_chars=20, max_string_chars=1_000)


class SheetError(RecordError):
    """A score sheet that cannot be read or cannot be a legal game."""


class Unanswered(FieldProblem):
    """A house rule asks ``seat`` the question ``question`` (its ``options``) and the round's
    ``answers`` do not say what it chose."""

    def __init__(self, reason: str, question: str, seat: int, options: tuple[str, ...]):
        super().__init__("answers", reason)
        self.question, self.seat, self.options = question, seat, options


class UnansweredError(SheetError):
    """:class:`Unanswered` as the sheet's error: ``hachi score`` asks the question and settles again."""

    def __init__(self, message: str, place: Optional[str], question: str, seat: int, options: tuple[str, ...]):
        super().__init__(message, place)
        self.question, self.seat, self.options = question, seat, options


@dataclass(frozen=True)
class Sheet:
    """A score sheet as read: the ruleset, the players' names, the first start player, the rounds."""

    ruleset: Ruleset
    ruleset_ref: str
    names: tuple[str, ...]
    start: int
    rounds: tuple[dict[str, Any], ...]
    length: Optional[int] = None

    def data(self) -> dict[str, Any]:
        """The sheet as plain data, ready for YAML or JSON."""
        out: dict[str, Any] = {"ruleset": self.ruleset_ref, "players": list(self.names),
                               "start": self.names[self.start]}
        if self.length is not None:
            out["length"] = self.length
        out["rounds"] = [dict(r) for r in self.rounds]
        return out


# -- reading ---------------------------------------------------------------------------------

def read_sheet(path: str | Path, rules: str | None = None) -> Sheet:
    """Read a sheet file (YAML or JSON) safely; raise :class:`SheetError` at the first problem.

    The sheet's ``ruleset`` is named as a record's is (a bundled name, or a rule file kept to the
    sheet's folder); ``rules`` (a bundled name or a path the user gave) replaces it.
    """
    p = Path(path)
    if not p.is_file():
        raise SheetError("there is no such file." if not p.exists() else "this is not a regular file.", str(path))
    doc = read_yaml(p, str(path), SHEET)
    place = doc.places.of(("ruleset",))
    if rules is not None:
        from ...ruleset.loader import load_ruleset

        return sheet_from_data(doc.data, lambda ref: load_ruleset(rules), str(path))
    return sheet_from_data(doc.data, lambda ref: load_record_ruleset(ref, path, place), str(path))


def sheet_from_data(data: Any, load: Callable[[str], Ruleset], place: str = "<sheet>") -> Sheet:
    """A :class:`Sheet` from plain data; ``load(ref)`` loads the ruleset a sheet names."""
    if not isinstance(data, dict):
        raise SheetError(SHEET.shape + ".", place)
    for key in ("ruleset", "players", "start", "rounds"):
        if key not in data:
            raise SheetError(f"the sheet has no '{key}'.", place)
    unknown = sorted(str(k) for k in data if k not in ("ruleset", "players", "start", "rounds", "length"))
    if unknown:
        raise SheetError(f"{shown(unknown[0])} is not a field of a score sheet.", place)
    if not isinstance(data["ruleset"], str):
        raise SheetError(f"ruleset: a ruleset's name or path, not {shown(data['ruleset'])}.", place)
    names = data["players"]
    if not isinstance(names, list) or not names:
        raise SheetError("players: a list of names.", place)
    for i, name in enumerate(names):
        problem = name_problem(name) or twice_problem(names, i)
        if problem:
            raise SheetError(f"players: {problem}", place)
    if data["start"] not in names:
        raise SheetError(f"start: {shown(data['start'])} is not one of the players.", place)
    length = data.get("length")
    if length is not None and (type(length) is not int or not 1 <= length <= MAX_ROUNDS):
        raise SheetError(f"length: a number of rounds from 1 to {MAX_ROUNDS}, not {shown(length)}.", place)
    if not isinstance(data["rounds"], list) or not all(isinstance(r, dict) for r in data["rounds"]):
        raise SheetError("rounds: a list of rounds, each a mapping.", place)
    ruleset = load(data["ruleset"])
    lo, hi = ruleset.players.min, ruleset.players.max
    if not lo <= len(names) <= hi:
        raise SheetError(f"players: {ruleset.name} is for {lo} to {hi} players, not {len(names)}.", place)
    return Sheet(ruleset, data["ruleset"], tuple(names), names.index(data["start"]),
                 tuple(data["rounds"]), length)


# -- settling --------------------------------------------------------------------------------

def settle(sheet: Sheet, place: str = "<sheet>") -> Replay:
    """Settle every round of ``sheet``; raise :class:`SheetError` naming the round and the field."""
    game = new_game(sheet)
    for r, rnd in enumerate(sheet.rounds, 1):
        settle_round(game, sheet, r, rnd, place)
    return Replay(game, sheet.names)


def new_game(sheet: Sheet) -> GameState:
    return told_game(sheet.ruleset, len(sheet.names), sheet.start, sheet.length)


def settle_round(game: GameState, sheet: Sheet, r: int, rnd: dict[str, Any], place: str = "<sheet>") -> None:
    """Settle round ``r`` (1-based) of the sheet onto ``game``."""
    try:
        if game.is_terminal:
            raise FieldProblem("rounds", f"the game is already over after {game.rounds} rounds")
        _Round(game, sheet, rnd).settle()
    except Unanswered as bad:
        raise UnansweredError(f"round {r}, {bad.field}: {bad.reason}", place, bad.question, bad.seat,
                              bad.options) from None
    except FieldProblem as bad:
        raise SheetError(f"round {r}, {bad.field}: {bad.reason}", place) from None


class _Round(RoundReader):
    """One round of a sheet, told to the game in the order the table plays it."""

    def __init__(self, game: GameState, sheet: Sheet, rnd: dict[str, Any]):
        super().__init__(game.ruleset, sheet.names, rnd, game)
        self.kind = told_for(self.rules)
        known = (*self.kind.round_keys, "answers")
        self.used: set[tuple[str, str]] = set()       # the answers read: (question, player)
        for key in rnd:
            if key not in known:
                raise FieldProblem(escape(key, 20), f"not a field of a round (known: {', '.join(known)})")

    def settle(self) -> None:
        g = self.game
        index = g.round_index
        self.check_start()
        self.answer(index)                      # a question before the deal (ask at round_start)
        mizuten = self.flag("mizuten")
        if g.phase is not None and g.phase is self.kind.call:     # the trick game's mizuten call (T6)
            try:
                call = answer_of(g.legal_actions(), mizuten)
            except IllegalAction as e:
                raise FieldProblem("mizuten", e.message) from None
            self.apply("mizuten", call)
        elif mizuten:
            raise FieldProblem("mizuten", f"{self.rules.name} has no mizuten")
        self.apply("show", self.deal())
        self.answer(index)
        self.declare(mizuten)
        self.answer(index)
        self.split()
        self.play()
        self.answer(index)
        if not g.is_terminal and g.round_index == index:
            raise FieldProblem("rounds", f"the round is not finished ({g.describe_state()})")
        self.unused()

    def answer(self, index: int) -> None:
        """The answers to the questions house rules ask now (docs/effects.md, ``ask``), from the
        round's ``answers: {QUESTION: {PLAYER: OPTION}}``, while the game waits for one."""
        g = self.game
        while not g.is_terminal and g.round_index == index and g.phase is Phase.EFFECTS:
            legal = g.legal_actions()
            if not legal or not all(isinstance(a, Choose) for a in legal):
                return
            seat, question = int(g.current_player), legal[0].question
            options = tuple(a.option for a in legal)
            name = self.names[seat]
            given = self.told_answers().get(question, {}).get(name)
            if given is None:
                raise Unanswered(f"a house rule asks {name} '{question}' ({', '.join(options)}); write answers: "
                                 f"{{{question}: {{{name}: OPTION}}}}", question, seat, options)
            if isinstance(given, bool):         # YAML reads an unquoted yes, no, on, off as true or false
                given = _spelt(given, options, name, question)
            if given not in options:
                raise FieldProblem("answers", f"{name} answers '{question}' with {shown(given)}, not one of "
                                              f"{', '.join(options)}")
            self.used.add((question, name))
            self.apply("answers", Choose(question, given))

    def told_answers(self) -> dict[Any, Any]:
        """The round's ``answers``, checked to be questions each with {player: option}."""
        told = self.rnd.get("answers") or {}
        if not isinstance(told, dict) or not all(isinstance(v, dict) for v in told.values()):
            raise FieldProblem("answers", f"a mapping of questions to {{player: option}}, not {shown(told)}")
        return told

    def unused(self) -> None:
        """An answer no house rule asked for is refused (the sheet and the rules disagree)."""
        for question, by in self.told_answers().items():
            for name in by:
                if (question, name) not in self.used:
                    raise FieldProblem("answers", f"no house rule asked {shown(name)} {shown(question)} this round")

    def apply(self, field: str, action: Any) -> None:
        try:
            self.game.apply(action)
        except IllegalAction as e:
            raise FieldProblem(field, e.message) from None

    def check_start(self) -> None:
        field = next((k for k in self.kind.starter_keys if k in self.rnd), None)
        if field is None:
            return
        seat, want = self.seat(field, self.rnd[field]), self.game.round.start
        if seat != want:
            raise FieldProblem(field, f"{self.names[seat]}, but the rules make {self.names[want]} "
                                      f"the {self.kind.starter_word}: {start_reason(self.game, self.names)}")

    def deal(self) -> ToldDeal:
        open_hands = self.shown_hands()
        roles, aces = self.by_name("roles"), self.by_name("aces")
        ids = {role.id for role in self.rules.roles.roles} | {c.id for c in self.rules.roles.combos}
        for seat, claim in roles.items():
            if seat in open_hands:
                raise FieldProblem("roles", f"{self.names[seat]} laid the hand open; claims are for hands not shown")
            if isinstance(claim, str):
                claim = roles[seat] = [claim]
            if not isinstance(claim, list) or any(c not in ids for c in claim):
                bad = next((c for c in claim if c not in ids), claim) if isinstance(claim, list) else claim
                raise FieldProblem("roles", f"{self.names[seat]}: {shown(bad)} is not a role of {self.rules.name}")
            problem = claim_problem(self.rules, claim)
            if problem:
                raise FieldProblem("roles", f"{self.names[seat]} claims what one hand cannot hold: {problem}")
        for seat, n in aces.items():
            if seat in open_hands:
                raise FieldProblem("aces", f"{self.names[seat]} laid the hand open; claims are for hands not shown")
            self.count("aces", seat, n, self.rules.hand_size)
        hands = tuple(open_hands.get(s) or Claim(tuple(roles.get(s, ())), aces.get(s, 0))
                      for s in range(len(self.names)))
        return self.kind.read_deal(self, hands, open_hands)

    def declare(self, mizuten: bool) -> None:
        g = self.game
        said = self.answers("declare", {"go": True, "drop": False})
        if NAME not in self.rules.parts:
            if said:
                raise FieldProblem("declare", f"{self.rules.name} has no declarations: everyone plays")
            return
        if mizuten and said and not said[0]:
            raise FieldProblem("declare", f"{self.names[g.round.start]} called mizuten and must go, not drop (T6)")
        for i, go in enumerate(said):
            if g.phase is not Phase.DECLARATIONS or declared(g.round).declarations_done:
                self.too_many(said[i:])
            self.apply("declare", Declare(go))
        if g.phase is Phase.DECLARATIONS and not declared(g.round).declarations_done:
            raise FieldProblem("declare", f"{len(said)} declarations, but {self.names[g.current_player]} must "
                                          f"still say go or drop")

    def too_many(self, rest: list[Any]) -> None:
        most = go_drop_rules(self.rules).declaration.max_goers
        forced = declared(self.game.round).forced_out
        out = ", ".join(self.names[s] for s in forced)
        if True in rest:
            raise FieldProblem("declare", f"{_ordinal(most + 1)} goer, but at most {most} may go (T12)"
                                          + (f"; {out} {'is' if len(forced) == 1 else 'are'} forced out "
                                             f"and say{'s' if len(forced) == 1 else ''} nothing" if out else ""))
        raise FieldProblem("declare", f"{len(rest)} declaration(s) too many: everyone has declared"
                                      + (f" ({out} forced out, T12)" if out else ""))

    def split(self) -> None:
        g, said = self.game, self.answers("split")
        for i, want in enumerate(said):
            if g.phase is not Phase.TWO_GOER_CHOICE:
                goers = len(g.round.playing)
                if i == 0:
                    raise FieldProblem("split", f"split answers are given only with exactly two goers; this round "
                                                f"has {goers}" if goers != 2 else
                                                f"{self.rules.name} does not let two goers split")
                raise FieldProblem("split", f"{self.names[g.round.playing[1]]} answers only when "
                                            f"{self.names[g.round.playing[0]]} wants to split")
            self.apply("split", Split(want))
        if g.phase is Phase.TWO_GOER_CHOICE:
            raise FieldProblem("split", f"two goers: {self.names[g.current_player]} must say whether to split "
                                        f"(true) or play (false)")

    def play(self) -> None:
        g = self.game
        result = self.kind.result_keys
        given = [k for k in result if self.rnd.get(k) is not None]
        if g.phase is not Phase.PLAY:
            if given:
                kind = g.round.kind or RoundKind.SKIPPED
                raise FieldProblem(given[0], f"nobody played this round ({kind.value.replace('_', ' ')})")
            return
        self.apply(given[0] if given else result[-1], self.kind.read_result(self))


def _ordinal(n: int) -> str:
    return {2: "a second", 3: "a third", 4: "a fourth", 5: "a fifth", 6: "a sixth"}.get(n, f"goer number {n} as a")


def start_reason(game: GameState, names: Sequence[str]) -> str:
    """Why the rules make the current start player (T5, T24), in words."""
    ended = [e for e in game.events if isinstance(e, RoundEnded)]
    if not ended:
        return "the sheet's start player begins (T5)"
    e = ended[-1]
    who = names[e.next_start]
    rules = go_drop_rules(game.ruleset).next_start if NAME in game.ruleset.parts else None
    by_kind: dict[object, str] = {} if rules is None else {
        RoundKind.ONE_GOER: rules.after_one_goer, RoundKind.TWO_GOERS_SPLIT: rules.after_split,
        RoundKind.SKIPPED: rules.after_skip}
    rule = "left_of_start" if rules is None else by_kind.get(e.kind, rules.after_tricks)
    starter = told_for(game.ruleset).starter_word
    if rule == "goer":
        return f"{who} went alone last round (T24)"
    if rule in ("earlier_goer", "later_goer"):
        return f"{who} is the {rule.replace('_', ' ')} of last round's split (T24)"
    if rule == "same_start":
        return f"{who} starts again, as last round's {starter} (T24)"
    if rule == "right_of_start":
        return f"{who} sits right of last round's {starter} (T24)"
    plugin = plugin_for(game.ruleset)
    if e.pot_to == e.next_start and e.tricks and rule == "pot_taker":
        return f"{who} took the pot with the most {plugin.engine(game.ruleset).standing_unit} last round (T24)"
    return f"{who} sits left of last round's {starter} (T24)"


def error_line(e: HachiError, fallback: str) -> str:
    """One line for the terminal: ``PLACE: error: MESSAGE``, escaped."""
    return escape(f"{e.place or fallback}: error: {e.message}", MAX_LINE)


_SPELLINGS = {True: ("yes", "on", "true"), False: ("no", "off", "false")}


def _spelt(given: bool, options: tuple[str, ...], name: str, question: str) -> str:
    """The option an unquoted YAML truth value was written as (``no`` read as false: the option
    ``no``), when exactly one option is spelt so; else a problem saying to quote it."""
    spelt = [o for o in options if o.lower() in _SPELLINGS[given]]
    if len(spelt) == 1:
        return spelt[0]
    raise FieldProblem("answers", f"{name} answers '{question}' with {str(given).lower()} (YAML reads yes, no, on "
                                  f"and off unquoted as true and false); quote the option: one of {', '.join(options)}")
