"""Go/drop at the terminal (``hachi play``; the screen, ``cli/screen.py``, asks each part of the
round as it asks the play kind): the question of each of its decisions, the words of its choices
(go, or drop and its fee; split or play) and its status line (who declared what, who is forced
out), in the words of its catalog files (``screen.*``). It reads the screen it is given
(``Screen.t``, ``names``, ``rules``) and imports nothing of the terminal."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Optional

from ....ruleset.catalog import say
from ....ruleset.model import PhaseName
from .actions import Declare, Split
from .rules import GoDropPhase, go_drop_rules
from .score_questions import QUESTIONS


class GoDropScreen:
    questions: Mapping[PhaseName, str] = {GoDropPhase.DECLARATIONS: "q_declare",
                                          GoDropPhase.TWO_GOER_CHOICE: "q_split"}
    """The ``screen.*`` id of the question of each of its phases."""
    score = QUESTIONS
    """Its questions of ``hachi score`` (:mod:`.score_questions`)."""
    roles_shown: str = "roles shown by goers and forced-out players"
    """Whose roles a round shows, in ``hachi simulate``'s summary (T14, T15)."""

    def choice(self, screen: Any, a: object, v: Any) -> Optional[str]:
        """A choice of one of its decisions in words (the drop with its fee now, T11), or None."""
        if isinstance(a, Declare):
            fee = go_drop_rules(screen.rules).declaration.drop_fee.fee(len(v.dropped)) * v.multiplier
            return str(screen.t("a_go") if a.go else screen.t("a_drop", fee=fee))
        if isinstance(a, Split):
            return str(screen.t("a_split" if a.want else "a_play"))
        return None

    def status_line(self, screen: Any, v: Any) -> str:
        """The declarations so far and the seats forced out (T10-T12)."""
        said = [f"{screen.names[s]} {screen.t('go') if go else screen.t('drop')}" for s, go in v.declarations]
        text = f"{screen.t('declared')}: " + (", ".join(said) or screen.t("none"))
        if v.own("mizuten", False):             # the trick game's call (T6), in its part of the view
            text += f" ({screen.names[v.start]}: ミズテン mizuten)"
        if v.forced_out:
            text += f"; {screen.t('forced')}: " + ", ".join(screen.names[s] for s in v.forced_out)
        return text

    def refusal(self, v: Any, refused: Callable[..., Exception]) -> Optional[Exception]:
        """A go or a drop typed when the other alone is legal: an effect of the rule file forces
        the decision (docs/effects.md, ``force``); ``refused`` makes the refusal (``BadAnswer``)."""
        if v.phase is not GoDropPhase.DECLARATIONS:
            return None
        must = "go" if v.legal[0] == Declare(True) else "drop"
        return refused("answers.house_rule_forces", must=lambda lang: say(lang, f"effects.decision.{must}"))


SCREEN = GoDropScreen()
