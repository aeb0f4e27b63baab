"""Go/drop in ``hachi score`` (the scorekeeper's questions, ``cli/score_input.py``, ask each part
of the round through its screen's ``score``): each seat's go or drop in order from the start
player (T10, T11), the seats forced out (T12), the two goers' split or play (T16), which hands a
round shows beside those of the seats that played (the forced-out players', T14; a split's when
it settles the roles) and a forced-out player's cards of the class paid per card (T14). It reads
the questions it is given (``RoundQuestions``: ``a``, ``t``, ``who``, ``scratch``, ``rnd``) and
imports nothing of the terminal."""

from __future__ import annotations

from typing import Any

from ....ruleset.catalog import decision_words
from .actions import Declare, Split
from .outcomes import RoundOutcome
from .part import PART
from .rules import GoDropPhase, go_drop_rules
from .state import declared, declared_or_none


def _typed(phase: GoDropPhase) -> dict[bool, frozenset[str]]:
    """The words a typed answer of the decision may be, in any language (as ``hachi play`` takes them)."""
    return decision_words(PART.answer_words[phase])


def _forced(r: Any) -> tuple[int, ...]:
    d = declared_or_none(r)
    return tuple(d.forced_out) if d is not None else ()


class GoDropQuestions:
    def ask(self, q: Any) -> None:
        """The declarations, the questions house rules ask after them, the two goers' choice."""
        self.declarations(q)
        q.answers()
        self.splits(q)

    def declarations(self, q: Any) -> None:
        g = q.scratch
        while g.phase is GoDropPhase.DECLARATIONS and not declared(g.round).declarations_done:
            seat = q.to_act()
            if q.bound(seat):                   # the play kind's rules bind it to go (T6's mizuten caller)
                go = True
            else:
                go = q.a.choose(f"{q.who(seat)}:", [(q.t("go"), True), (q.t("drop"), False)], "declare?",
                                words=_typed(GoDropPhase.DECLARATIONS))
            q.rnd.setdefault("declare", []).append("go" if go else "drop")
            g.apply(Declare(go))
        forced = _forced(g.round)
        if forced:
            q.a.echo(q.t("forced_out", who=", ".join(q.who(s) for s in forced)))

    def splits(self, q: Any) -> None:
        g = q.scratch
        while g.phase is GoDropPhase.TWO_GOER_CHOICE:
            want = q.a.choose(q.t("split_q", who=q.who(q.to_act())),
                              [(q.t("play"), False), (q.t("split"), True)], "split?",
                              words=_typed(GoDropPhase.TWO_GOER_CHOICE))
            q.rnd.setdefault("split", []).append(want)
            g.apply(Split(want))

    def shows_hands(self, q: Any) -> bool:
        """T16: two goers who split show their hands when the split still settles the roles."""
        return bool(q.scratch.round.outcome is RoundOutcome.TWO_GOERS_SPLIT and q.told.split_shows_roles(q.rules))

    def shown_by(self, q: Any) -> tuple[int, ...]:
        """T14: the seats forced out show their hands too (they are paid for their roles)."""
        return _forced(q.scratch.round)

    def after_roles(self, q: Any, seat: int) -> None:
        """T14: a forced-out player who claimed roles is asked for its cards of the class paid per card."""
        per_card = go_drop_rules(q.rules).forced_out.per_card
        if seat in _forced(q.scratch.round) and per_card:
            cls = next(iter(per_card))
            n = q.a.number(q.t("class", who=q.who(seat), cls=cls), 0, q.rules.hand_size, "class?")
            if n:
                q.rnd.setdefault("aces", {})[q.names[seat]] = n


QUESTIONS = GoDropQuestions()
