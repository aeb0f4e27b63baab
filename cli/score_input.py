"""``hachi score`` asking round by round: the questions of one round of a score sheet.

Every question takes a number of a numbered choice or a word, cards as anywhere else; ``?``
explains the question, ``undo`` takes back the last round, ``q`` (or the end of input) saves and
stops. A bad answer gets one line and the question again. What the table tells is gathered into
one round of the sheet; :mod:`.score` settles it and asks the whole round again if the sheet
refuses it.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from ..interpreter.actions import CallMizuten, Declare, Split
from ..interpreter.game import Game
from ..interpreter.kinds import PLAYED, RoundKind
from ..interpreter.told import Claim, ToldDeal
from ..ruleset.errors import CardError, shown
from ..ruleset.model import Phase, PlayKind
from .tui_input import HELP, QUIT

UNDO = frozenset({"undo", "u", "取消"})


class Quit(Exception):
    """Save and stop."""


class Undo(Exception):
    """Take back the last round."""


class Bad(Exception):
    """An answer that does not fit the question; the message says why."""


def safe(text: str) -> str:
    """A name from the sheet as it may reach the terminal (control characters escaped)."""
    return shown(str(text), 40)[1:-1]


class Asker:
    """Asks questions through ``read`` (a line, or None at the end of input) and ``echo``."""

    def __init__(self, read: Callable[[str], Optional[str]], echo: Callable[[str], None]):
        self.read, self.echo = read, echo

    def ask(self, prompt: str, parse: Callable[[str], object], help_text: str):
        while True:
            line = self.read(prompt)
            if line is None:
                raise Quit
            answer = line.strip()
            if answer.lower() in QUIT:
                raise Quit
            if answer.lower() in UNDO:
                raise Undo
            if answer in HELP:
                for text in help_text.split("\n"):
                    self.echo("  " + text)
                continue
            try:
                return parse(answer)
            except Bad as e:
                self.echo(f"  {e}")

    def choose(self, prompt: str, choices: Sequence[tuple[str, object]], help_text: str):
        """Numbered choices: answer with the number or the word."""
        menu = "  ".join(f"{i}) {label}" for i, (label, _) in enumerate(choices, 1))

        def parse(answer: str):
            if answer.isdecimal() and len(answer) < 4 and 1 <= int(answer) <= len(choices):
                return choices[int(answer) - 1][1]
            for label, value in choices:
                if answer.lower() == label.lower():
                    return value
            raise Bad(f"{shown(answer, 20)[1:-1] or 'nothing'} is not a choice: answer 1 to {len(choices)}, "
                      f"or ? for help.")
        return self.ask(f"{prompt}  {menu}: ", parse, help_text)

    def number(self, prompt: str, lo: int, hi: int, help_text: str) -> int:
        def parse(answer: str) -> int:
            if answer.isdecimal() and len(answer) < 5 and lo <= int(answer) <= hi:
                return int(answer)
            raise Bad(f"a number from {lo} to {hi}, please (? for help).")
        return self.ask(f"{prompt} ({lo}-{hi}): ", parse, help_text)


class RoundQuestions:
    """The questions of one round, in the order a table plays it; returns the sheet's round."""

    def __init__(self, asker: Asker, game: Game, names: Sequence[str]):
        self.a, self.names = asker, list(names)
        self.rules = game.ruleset
        self.deck = self.rules.deck
        self.hana = self.rules.play is PlayKind.MATCHING
        self.scratch = game.clone()           # learns who goes, who is forced out, who plays
        self.rnd: dict = {}

    def who(self, seat: int) -> str:
        return safe(self.names[seat])

    def ask(self) -> dict:
        g = self.scratch
        if g.phase is Phase.MIZUTEN_CALL:
            call = self.a.choose(f"Did {self.who(g.round.start)} call mizuten (ミズテン)?",
                                 [("no", False), ("yes", True)],
                                 "Mizuten: before the deal the start player may bind himself to go (T6).")
            if call:
                self.rnd["mizuten"] = True
            g.apply(CallMizuten(call))
        self.field()
        g.apply(ToldDeal((Claim(),) * g.players, indicator=self._indicator(), field=self.rnd.get("field"),
                         field_cards=self._field_cards()))
        self.declarations()
        self.splits()
        self.hands()
        if g.phase is Phase.PLAY:
            self.hana_result() if self.hana else self.tricks()
        return self.rnd

    # -- the deal ----------------------------------------------------------------------------

    def _indicator(self):
        return self.deck.parse(self.rnd["indicator"]) if "indicator" in self.rnd else None

    def _field_cards(self):
        return self.deck.parse_list(self.rnd["field_cards"]) if "field_cards" in self.rnd else ()

    def field(self) -> None:
        fields = [f.field.id for f in self.rules.hanafuda.fields] if self.hana else [f.id for f in self.rules.fields]
        n = self.rules.hanafuda.field_cards if self.hana else 1

        def parse(answer: str):
            if answer.lower() in fields:
                return {"field": answer.lower()}
            try:
                cards = self.deck.parse_list(answer)
            except CardError as e:
                raise Bad(f"{e.message} Or name the field: {', '.join(fields)}.") from None
            if len(cards) != n:
                raise Bad(f"{n} card{'s' if n > 1 else ''}, not {len(cards)} (or a field: {', '.join(fields)}).")
            names = [self.deck.name(c) for c in cards]
            return {"field_cards": names} if self.hana else {"indicator": names[0]}
        what = f"The {n} field cards" if self.hana else "The turned card (e.g. 5d)"
        help_text = ("The cards turned face up at the deal make the field (H5); if they were not noted,\n"
                     if self.hana else "The turned card sets trump and, by its rank, the field (T7, T8);\n"
                     "if it was not noted, ") + f"name the field instead: {', '.join(fields)}."
        self.rnd.update(self.a.ask(f"{what}, or the field's name: ", parse, help_text))

    # -- declarations -----------------------------------------------------------------------

    def declarations(self) -> None:
        g = self.scratch
        while g.phase is Phase.DECLARATIONS and not g.round.declarations_done:
            seat = g.current_player
            if g.round.mizuten and seat == g.round.start:
                go = True
                self.a.echo(f"  {self.who(seat)} goes (mizuten).")
            else:
                go = self.a.choose(f"{self.who(seat)}:", [("go", True), ("drop", False)],
                                   "Go to play the round, or drop and pay the drop fee into the pot (T10, T11).")
            self.rnd.setdefault("declare", []).append("go" if go else "drop")
            g.apply(Declare(go))
        if g.round.forced_out:
            self.a.echo(f"  forced out: {', '.join(self.who(s) for s in g.round.forced_out)}")

    def splits(self) -> None:
        g = self.scratch
        while g.phase is Phase.TWO_GOER_CHOICE:
            want = self.a.choose(f"{self.who(g.current_player)}, split the pot or play?",
                                 [("play", False), ("split", True)],
                                 "Two goers: the earlier says play or split; the later answers only if the "
                                 "earlier wants to split (T16).")
            self.rnd.setdefault("split", []).append(want)
            g.apply(Split(want))

    # -- hands shown or roles claimed -------------------------------------------------------

    def hands(self) -> None:
        r = self.scratch.round
        split = r.kind is RoundKind.TWO_GOERS_SPLIT and not self.hana and self.rules.two_goers.split_settles_roles
        if r.kind not in PLAYED and not split:
            return
        for seat in [s for s in r.seats_from_start() if s in r.goers or s in r.forced_out]:
            self.hand(seat, seat in r.forced_out)

    def hand(self, seat: int, forced: bool) -> None:
        size = self.rules.hand_size

        def parse(answer: str):
            if not answer:
                return None
            if answer.lower() in ("r", "roles", "claim"):
                return "claim"
            try:
                cards = self.deck.parse_list(answer)
            except CardError as e:
                raise Bad(e.message + " Or 'r' to claim roles, Enter for nothing.") from None
            if len(cards) != size:
                raise Bad(f"the whole hand: {size} cards, not {len(cards)}.")
            return [self.deck.name(c) for c in cards]
        what = "roles or aces" if forced and not self.hana else "roles"
        answer = self.a.ask(f"{self.who(seat)}'s hand if laid open for {what} ({size} cards), "
                            f"r to claim, Enter: none: ", parse,
                            "Type the whole hand as dealt (weak roles depend on every card), or r to say\n"
                            "which roles were claimed without showing. Enter: no role" +
                            (" and no aces." if forced else "."))
        if answer is None:
            return
        if answer != "claim":
            self.rnd.setdefault("show", {})[self.names[seat]] = answer
            return
        roles = self.a.ask(f"{self.who(seat)}'s roles (ids, comma separated; Enter: none): ",
                           self._roles, "Role ids as in `hachi table`, e.g. sanbon, teshi, karasu.")
        if roles:
            self.rnd.setdefault("roles", {})[self.names[seat]] = roles
        if forced and self.rules.forced_out.per_card:
            cls = next(iter(self.rules.forced_out.per_card))
            n = self.a.number(f"{self.who(seat)}'s cards of class {cls}", 0, size,
                              "A forced-out player is paid per card of this class (T14).")
            if n:
                self.rnd.setdefault("aces", {})[self.names[seat]] = n

    def _roles(self, answer: str) -> list:
        ids = {r.id for r in self.rules.roles.roles} | {c.id for c in self.rules.roles.combos}
        out = [w.strip() for w in answer.replace(",", " ").split()]
        bad = next((w for w in out if w not in ids), None)
        if bad is not None:
            raise Bad(f"{shown(bad, 20)} is not a role of {self.rules.name}; ? lists how to find them.")
        return out

    # -- the result of the play -------------------------------------------------------------

    def tricks(self) -> None:
        goers, size = list(self.scratch.round.goers), self.rules.hand_size
        won: dict = {}
        for seat in goers[:-1]:
            left = size - sum(won.values())
            won[self.names[seat]] = self.a.number(f"Tricks taken by {self.who(seat)}", 0, left,
                                                  f"The tricks this goer took; they add up to {size} (T19).")
        won[self.names[goers[-1]]] = size - sum(won.values())
        self.a.echo(f"  {self.who(goers[-1])} took {won[self.names[goers[-1]]]}.")
        self.rnd["tricks"] = won

    def hana_result(self) -> None:
        r = self.scratch.round
        order = [s for s in r.seats_from_start() if s in r.goers]
        how = self.a.choose("How did the round end?", [("points", "points"), ("capture", "capture")],
                            "points: played out, every player counts card points (H21);\n"
                            "capture: a capture role (出来役) stopped the round (H18).")
        if how == "capture":
            seat = self.a.choose("Who made it?", [(self.who(s), s) for s in order], "The player who made the role.")
            roles = [x.id for x in self.rules.hanafuda.capture_roles.roles]
            role = self.a.choose("Which role?", [(x, x) for x in roles], "The capture role made (H18).")
            self.rnd["capture_role"] = {"player": self.names[seat], "role": role}
            return
        total = sum(self.deck.points(c) for c in self.deck.cards)
        points: dict = {}
        for seat in order[:-1]:
            points[self.names[seat]] = self.a.number(f"Card points of {self.who(seat)}", 0, total,
                                                     f"The card points taken; all add up to {total} (H21).")
        last = order[-1]
        if Phase.DECLARATIONS in self.rules.round:
            points[self.names[last]] = self.a.number(f"Card points of {self.who(last)}", 0, total,
                                                     "The card points taken (H21).")
        else:
            points[self.names[last]] = total - sum(points.values())
            self.a.echo(f"  {self.who(last)} took {points[self.names[last]]}.")
        self.rnd["points"] = points
