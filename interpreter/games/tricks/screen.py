"""The terminal side of trick play (Hachi-Hachi Trick): suited cards in colour, the hand by suit
with trumps first, the indicator and the trick on the table, card answers, the ``?`` help."""

from __future__ import annotations

from typing import Any, Optional, Sequence


from ....cli.safeout import style

from ...engine.actions import ActionBase, Play, answer_of
from .actions import Deal
from ...engine.view import View
from ....ruleset.errors import CardError, shown
from ....ruleset.model import Ruleset
from ....cli.answers import BadAnswer
from ....cli.score_input import RoundQuestions
from ....cli.tui_input import YesNoWords, yes_no
from .explain import explain
from .rules import TrickPhase
from ...parts.go_drop.rules import GoDropPhase

# the words of the mizuten call's answers (T6): yes, then no
MIZUTEN_WORDS: YesNoWords = {True: "kind.tricks.answers.words.mizuten_yes",
                             False: "kind.tricks.answers.words.mizuten_no"}
SUIT_COLOURS = {"s": "white", "h": "red", "d": "blue", "c": "green"}
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def suit(screen: Any, s: Optional[int]) -> str:
    if s is None:
        return "-"
    letter = screen.rules.deck.suits[s]
    text = SUIT_SYMBOLS.get(letter, letter)
    return style(text, fg=SUIT_COLOURS.get(letter), bold=True) if screen.colour else text


def header(screen: Any, v: View) -> str:
    head = f"== {screen.t('round', n=v.round_index + 1, of=v.rounds)} | {screen.t('start')}: {screen.names[v.start]}"
    if v.play.indicator is not None:
        field = v.field.name(screen.lang) if v.field else ""
        head += (f" | {screen.t('indicator')} {screen.card(v.play.indicator)}, {screen.t('trump')} "
                 f"{suit(screen, v.play.trump)}, {field} x{v.multiplier}")
    return head + f" | {screen.t('pot')} {v.pot}" + "".join(f" | {name} {chips}" for name, chips in v.pots)


def tricks(screen: Any, v: View) -> str:
    won = ", ".join(f"{screen.names[s]} {n}" for s, n in v.play.tricks_won)
    text = f"{screen.t('tricks')}: {won}"
    if v.play.trick and v.play.trick_leader is not None:
        i = v.goers.index(v.play.trick_leader)
        order = v.goers[i:] + v.goers[:i]
        played = ", ".join(f"{screen.names[s]} {screen.card(c)}" for s, c in zip(order, v.play.trick))
        text += f" | {screen.t('trick')}: {played}"
    return text


class TrickScreen:
    kind = "tricks"

    def card(self, screen: Any, c: int) -> str:
        name: str = screen.rules.deck.name(c)
        if not screen.colour:
            return name
        return style(name, fg=SUIT_COLOURS.get(name[-1]), bold=True)

    def hand(self, screen: Any, hand: Sequence[int], v: View) -> str:
        """The hand sorted by suit (trump first), high to low, with the suits marked."""
        if not hand:
            empty: str = screen.t("empty")
            return empty
        deck = screen.rules.deck
        groups: dict[int, list[int]] = {}
        for c in sorted(hand, key=lambda c: deck.sort_key(c, v.play.trump)):
            groups.setdefault(deck.suit(c), []).append(c)
        return "  ".join(suit(screen, s) + " " + " ".join(screen.card(c) for c in cs) for s, cs in groups.items())

    def table(self, screen: Any, v: View) -> list[str]:
        lines = [header(screen, v), screen.chips_line(v)]
        if GoDropPhase.DECLARATIONS in screen.rules.round:
            lines.append(screen.parts_line(v))
        if v.play.tricks_won:
            lines.append(tricks(screen, v))
        lines.append(f"{screen.t('hand')}: {self.hand(screen, v.hand, v)}")
        return lines

    def question(self, screen: Any, v: View) -> Optional[str]:
        if v.phase is TrickPhase.MIZUTEN_CALL:
            return f"{screen.t('your_turn')}: {screen.t('q_mizuten')}"
        return None

    def choice(self, screen: Any, a: Any, v: View) -> Optional[str]:
        return screen.card(a.card) if isinstance(a, Play) else None

    def dealt_line(self, screen: Any, game: Any, deal: Any) -> Optional[str]:
        if not isinstance(deal, Deal):
            return None
        r = game.round
        field = r.field.name(screen.lang) if r.field else ""
        line: str = screen.t("dealt", ind=screen.card(deal.indicator), trump=suit(screen, r.kind_state.trump),
                             field=field, mult=r.multiplier)
        return line

    def numbered(self, v: View, rules: Ruleset) -> tuple[ActionBase, ...]:
        plays = [a for a in v.legal if isinstance(a, Play)]                # all of them in trick play
        return tuple(sorted(plays, key=lambda a: rules.deck.sort_key(a.card, v.play.trump)))

    def parse(self, answer: str, v: View, rules: Ruleset) -> ActionBase:
        if v.phase is TrickPhase.MIZUTEN_CALL:
            return yes_no(answer, MIZUTEN_WORDS, v, rules)
        deck = rules.deck
        try:
            card = deck.parse(answer)
        except CardError as e:
            raise BadAnswer("kind.tricks.answers.not_a_card", message=e.message, answer=shown(answer)) from None
        if Play(card) in v.legal:
            return Play(card)
        if card not in v.hand:
            raise BadAnswer("kind.tricks.answers.not_held", card=deck.name(card), hand=deck.format(v.hand))
        led = deck.suit(v.play.trick[0])
        follow = [c for c in v.hand if deck.suit(c) == led]
        raise BadAnswer("kind.tricks.answers.follow_suit", led=deck.suits[led], follow=deck.format(follow))

    def explain(self, v: View, rules: Ruleset, lang: str) -> list[str]:
        return explain(v, rules, lang)

    def refusal(self, v: View) -> Optional[BadAnswer]:
        """T6: the start player who called mizuten may not drop."""
        if v.phase is GoDropPhase.DECLARATIONS and v.own("mizuten", False) and v.to_act == v.start:
            return BadAnswer("answers.mizuten_goes")
        return None

    def summary_lines(self, s: Any, ruleset: Optional[Ruleset]) -> list[str]:
        """``hachi simulate``: how often the start player called mizuten (T6), where the round has
        the call (every game when no ruleset is given) or a call was counted."""
        if ruleset is not None and TrickPhase.MIZUTEN_CALL not in ruleset.round and not s.mizuten:
            return []
        return [f"mizuten declared in {s.mizuten} rounds ({100 * s.mizuten / max(1, s.rounds):.1f}%)"]

    def ask_before_deal(self, q: RoundQuestions) -> None:
        """``hachi score``: whether the start player called mizuten before the deal (T6)."""
        g = q.scratch
        if g.phase is not None and g.phase is q.told.call:
            call = q.a.yes_no(q.t("mizuten", who=q.who(g.round.start)), "mizuten?")
            if call:
                q.rnd["mizuten"] = True
            g.apply(answer_of(g.legal_actions(), call))

    def told_bound(self, q: RoundQuestions, seat: int) -> str:
        """``hachi score``: the start player who called mizuten goes without being asked (T6)."""
        line: str = q.t("goes_mizuten", who=q.who(seat))
        return line

    def ask_result(self, questions: RoundQuestions) -> None:
        """The tricks each goer took; the last goer's follow (they add up to the hand size, T19)."""
        q = questions
        goers, size = list(q.scratch.round.playing), q.rules.hand_size
        won: dict[str, int] = {}
        for seat in goers[:-1]:
            left = size - sum(won.values())
            won[q.names[seat]] = q.a.number(q.t("tricks", who=q.who(seat)), 0, left, "tricks?", n=size)
        won[q.names[goers[-1]]] = size - sum(won.values())
        q.a.echo(q.t("took", who=q.who(goers[-1]), n=won[q.names[goers[-1]]]))
        q.rnd["tricks"] = won


SCREEN = TrickScreen()
