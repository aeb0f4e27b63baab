"""``hachi score`` asking round by round: the questions of one round of a score sheet.

Every question takes a number of a numbered choice or a word, cards as anywhere else; ``?``
explains the question, ``undo`` takes back the last answer (at a round's first question, the
last round), ``q`` (or the end of input) saves and stops. A bad answer gets one line and the
question again: a card told twice (in two hands, or a hand and the turned card) is refused as it
is typed. What the table tells is gathered into one round of the sheet; :mod:`.score` settles it
and asks the round again if the sheet still refuses it. The questions of the play's result are
the play kind's (:class:`~.screenkind.ScreenPlugin` ``ask_result``, and ``ask_before_deal``
where it has a call before the deal); the questions of a part's decisions are the part's (its
screen's ``score``, :class:`~.screen_registry.PartQuestions`). The words are in
:mod:`.score_text` (``--lang``).
"""

from __future__ import annotations

from typing import Any, Callable, Collection, Mapping, Optional, Sequence, TypeVar

from ..interpreter.engine.actions import Choose
from ..interpreter.engine.gamestate import GameState
from ..interpreter.engine.registry import plugin_for, told_for
from ..ruleset.errors import CardError, shown
from ..ruleset.model import Phase
from ..ruleset.safetext import escape
from .screenkind import AskBeforeDeal, ScreenPlugin, ToldBound
from .screen_registry import PartQuestions, part_screens
from .role_names import RoleNames, UnknownRole
from .score_text import say
from .answers import HELP, QUIT

T = TypeVar("T")

UNDO = frozenset({"undo", "u", "取消"})


class Quit(Exception):
    """Save and stop."""


class Undo(Exception):
    """Take back the last round."""


class Bad(Exception):
    """An answer that does not fit the question; the message says why."""


def safe(text: str) -> str:
    """A name from the sheet as it may reach the terminal (control characters escaped).

    >>> safe("ann"), safe("a\\x1b[2J")
    ('ann', 'a\\\\x1b[2J')
    """
    return escape(text, 40)


class Asker:
    """Asks questions through ``read`` (a line, or None at the end of input) and ``echo``.

    Each answer is checked as it is typed (a bad one gets one line and the question again). The
    answers a round took are kept (``typed``): ``undo`` in the middle of a round takes back the
    last of them, and the round's questions are asked again from its start with the others
    given back silently (``script``), so only the question taken back is asked again."""

    def __init__(self, read: Callable[[str], Optional[str]], echo: Callable[[str], None], lang: str = "en"):
        self.read, self._echo, self.lang = read, echo, lang
        self.typed: list[str] = []          # the answers the round in progress took, in order
        self.script: list[str] = []         # answers given back before asking again (after undo)

    def echo(self, text: str) -> None:
        if not self.script:                 # what was said while those answers were typed is not said again
            self._echo(text)

    def t(self, key: str, **values: Any) -> str:
        return say(self.lang, key, **values)

    def ask(self, prompt: str, parse: Callable[[str], T], help_key: str, **values: Any) -> T:
        while True:
            given = bool(self.script)
            line = self.script.pop(0) if given else self.read(prompt)
            if line is None:
                raise Quit
            answer = line.strip()
            if answer.lower() in QUIT:
                raise Quit
            if answer.lower() in UNDO:
                raise Undo
            if answer in HELP:
                for text in self.t(help_key, **values).split("\n"):
                    self.echo("  " + text)
                continue
            try:
                value = parse(answer)
            except Bad as e:
                self.echo(f"  {e}")
                continue
            self.typed.append(line)
            return value

    def choose(self, prompt: str, choices: Sequence[tuple[str, T]], help_key: str,
               words: Optional[Mapping[T, Collection[str]]] = None, **values: Any) -> T:
        """Numbered choices: answer with the number or the word (the label, or one of ``words``
        of its value: the words ``hachi play`` takes for the same decision)."""
        menu = "  ".join(f"{i}) {label}" for i, (label, _) in enumerate(choices, 1))

        def parse(answer: str) -> T:
            if answer.isdecimal() and len(answer) < 4 and 1 <= int(answer) <= len(choices):
                return choices[int(answer) - 1][1]
            for label, value in choices:
                if answer.lower() == label.lower() or (words is not None and answer.lower() in words.get(value, ())):
                    return value
            raise Bad(self.t("not_choice", answer=safe(answer[:20]) or "''", n=len(choices)))
        return self.ask(f"{prompt}  {menu}: ", parse, help_key, **values)

    def yes_no(self, prompt: str, help_key: str, **values: Any) -> bool:
        return self.choose(prompt, [(self.t("no"), False), (self.t("yes"), True)], help_key, None, **values)

    def number(self, prompt: str, lo: int, hi: int, help_key: str, **values: Any) -> int:
        def parse(answer: str) -> int:
            if answer.isdecimal() and len(answer) < 5 and lo <= int(answer) <= hi:
                return int(answer)
            raise Bad(self.t("not_number", lo=lo, hi=hi))
        return self.ask(f"{prompt} ({lo}-{hi}): ", parse, help_key, **values)


class RoundQuestions:
    """The questions of one round, in the order a table plays it; returns the sheet's round.

    The questions of the play's result are the play kind's (``screen.ask_result``), those of a
    part's decisions the part's (:class:`~.screen_registry.PartQuestions`).
    """

    def __init__(self, asker: Asker, game: GameState, names: Sequence[str], screen: ScreenPlugin):
        self.a, self.t, self.names = asker, asker.t, list(names)
        self.rules = game.ruleset
        self.deck = self.rules.deck
        self.told = told_for(self.rules)
        self.screen = screen
        self.scratch = game.clone()           # learns the parts' decisions and who plays
        self.parts: tuple[PartQuestions, ...] = tuple(p.score for p in part_screens(self.rules) if p.score is not None)
        self.rnd: dict[str, Any] = {}
        self.seen: dict[str, str] = {}        # each card told so far: where it was told

    def who(self, seat: int) -> str:
        return safe(self.names[seat])

    def to_act(self) -> int:
        """The seat whose answer the scratch game waits for."""
        seat = self.scratch.current_player
        if seat is None:
            raise RuntimeError("no seat is to act")     # the questions only ask while a seat is
        return int(seat)

    def ask(self) -> dict[str, Any]:
        g = self.scratch
        self.answers()                          # a question before the deal (ask at round_start)
        if isinstance(self.screen, AskBeforeDeal):     # the play kind's call (the trick game's, T6)
            self.screen.ask_before_deal(self)
        self.field()
        deal: Any = self.told.scratch_deal(self.rules, self.rnd, g.players)     # a told action, as the sheet's
        g.apply(deal)
        for part in self.parts:                 # the parts' decisions (go/drop's declarations)
            part.ask(self)
        self.answers()
        self.hands()
        if g.phase is Phase.PLAY:
            self.screen.ask_result(self)
        return self.rnd

    # -- the deal ----------------------------------------------------------------------------

    def _example(self) -> str:
        return " ".join(self.deck.name(c) for c in self.deck.cards[:: max(1, self.deck.size // 3)][:2])

    def cards(self, answer: str, n: int, bad: str, **values: Any) -> list[str]:
        """The ``n`` cards of ``answer``, by their canonical names."""
        try:
            cards = self.deck.parse_list(answer)
        except CardError:
            raise Bad(self.t(bad, answer=shown(answer, 20), example=self._example(), n=n, **values)) from None
        if len(cards) != n:
            raise Bad(self.t("n_cards", n=n, got=len(cards)))
        return [self.deck.name(c) for c in cards]

    def field(self) -> None:
        """The cards turned at the deal (one card is written as a card, several as a list), or the
        field; nothing when the rules have one field (Koi-Koi: the field cards make no field)."""
        if len(self.rules.fields) == 1:
            return
        named: dict[str, str] = {}              # a field by its id, or its name in either language
        for f in self.rules.fields:
            named[f.id] = f.id
            if f.name is not None:
                named.update({f.name.ja: f.id, f.name.en.lower(): f.id})
        ja = self.a.lang == "ja"
        listed = ", ".join(f"{f.id} ({f.name.ja})" if ja and f.name is not None else f.id for f in self.rules.fields)
        n, key = self.rules.dealt_beside_hands, self.told.turned_key

        def parse(answer: str) -> dict[str, Any]:
            word = " ".join(answer.split()).lower()
            if word in named:
                return {"field": named[word]}
            names = self.cards(answer, n, "not_field", fields=listed)
            self.once(names, self.t("where_" + key))
            return {key: names if n > 1 else names[0]}
        self.rnd.update(self.a.ask(self.t(key, n=n), parse, key + "?", fields=listed))

    def once(self, cards: Sequence[str], where: str) -> None:
        """Refuse a card told before (in another hand, or turned), as it is typed; else note them."""
        if len(set(cards)) != len(cards):
            twice = next(c for c in cards if cards.count(c) > 1)
            raise Bad(self.t("card_twice", card=twice, where=where))
        before = next((c for c in cards if c in self.seen), None)
        if before is not None:
            raise Bad(self.t("card_told", card=before, where=self.seen[before]))
        self.seen.update(dict.fromkeys(cards, where))

    # -- the parts' decisions -------------------------------------------------------------

    def bound(self, seat: int) -> bool:
        """Whether the play kind's rules bind ``seat`` to play the round (``KindState.must_play``),
        which its screen tells (``told_bound``) instead of asking a part's decision."""
        if seat not in plugin_for(self.rules).state.must_play(self.scratch.round):
            return False
        if isinstance(self.screen, ToldBound):
            self.a.echo(self.screen.told_bound(self, seat))
        return True

    def answers(self) -> None:
        """The questions house rules ask while the round waits for them (docs/effects.md, ``ask``):
        each answer kept in the round's ``answers`` (those asked after the play are asked when
        the round is settled, :mod:`.score`)."""
        g = self.scratch
        while g.phase is Phase.EFFECTS and not g.is_terminal:
            legal = g.legal_actions()
            if not legal or not all(isinstance(a, Choose) for a in legal):
                return
            seat = self.to_act()
            choice = self.a.choose(self.t("answer_q", who=self.who(seat), question=legal[0].question),
                                   [(a.option, a) for a in legal], "answer?")
            self.rnd.setdefault("answers", {}).setdefault(choice.question, {})[self.names[seat]] = choice.option
            g.apply(choice)

    # -- hands shown or roles claimed -------------------------------------------------------

    def hands(self) -> None:
        """The hands of the seats that played (and of those a part shows: go/drop's forced out),
        when the round was played or a part shows them anyway."""
        r = self.scratch.round
        if not r.played and not any(part.shows_hands(self) for part in self.parts):
            return
        also = {s for part in self.parts for s in part.shown_by(self)}
        for seat in [s for s in r.seats_from_start() if s in r.playing or s in also]:
            self.hand(seat)

    def hand(self, seat: int) -> None:
        size = self.rules.hand_size

        def parse(answer: str) -> Any:
            if not answer:
                return None
            if answer.lower() in ("r", "roles", "claim"):
                return "claim"
            cards = self.cards(answer, size, "not_hand")
            self.once(cards, self.t("where_hand", who=self.who(seat)))
            return cards
        answer = self.a.ask(self.t("hand", who=self.who(seat), n=size), parse, "hand?")
        if answer is None:
            return
        if answer != "claim":
            self.rnd.setdefault("show", {})[self.names[seat]] = answer
            return
        names = RoleNames.of([self.rules.roles])
        table = "\n".join(f"  {names.label(r, self.a.lang)}" for r in names.names)
        roles = self.a.ask(self.t("roles", who=self.who(seat)), self._roles, "roles?", rules=self.rules.name,
                           table=table)
        if roles:
            self.rnd.setdefault("roles", {})[self.names[seat]] = roles
        for part in self.parts:                 # go/drop's forced-out player's cards paid per card (T14)
            part.after_roles(self, seat)

    def _roles(self, answer: str) -> list[str]:
        """The roles claimed, each by its id, English or Japanese name."""
        return self.find_roles(RoleNames.of([self.rules.roles]), answer, many=True)

    def find_roles(self, names: RoleNames, answer: str, many: bool) -> list[str]:
        """The roles ``answer`` names (one unless ``many``); a near miss is answered with the role
        it probably meant."""
        try:
            found = names.find_all(answer) if many else [names.find(answer)]
        except UnknownRole as e:
            if e.suggestion is None:
                raise Bad(self.t("not_role", answer=shown(e.word, 20), rules=self.rules.name)) from None
            raise Bad(self.t("near_role", answer=shown(e.word, 20), rules=self.rules.name,
                             role=names.label(e.suggestion, self.a.lang))) from None
        return found

    # -- the result of the play, for the play kinds' questions -------------------------------

    def playing(self) -> list[int]:
        """The seats that play the round, in order from the start player."""
        r = self.scratch.round
        return [s for s in r.seats_from_start() if s in r.playing]
