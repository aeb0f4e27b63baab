"""The terminal side of matching play (hanafuda): the screen (:mod:`.screen_matching`), the
answers (:mod:`.matching_input`) and the ``?`` help (:mod:`.matching_explain`)."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ...engine.actions import ActionBase, Play
from .phases import HanaDeal
from .play import ROLE_ANSWERS, Capture
from ...engine.view import View
from ....ruleset.model import Phase, Ruleset
from . import explain as matching_explain
from . import screen_input as matching_input
from . import score_questions as score_matching
from ....cli.score_input import RoundQuestions
from . import screen_table as hana


class MatchingScreen:
    kind = "matching"

    def card(self, screen: Any, c: int) -> str:
        return hana.card(screen, c)

    def hand(self, screen: Any, hand: Sequence[int], v: View) -> str:
        return hana.cards(screen, hand)

    def table(self, screen: Any, v: View) -> list[str]:
        return hana.table(screen, v)

    def question(self, screen: Any, v: View) -> Optional[str]:
        return hana.question(screen, v) if v.phase is Phase.PLAY else None

    def worth(self, screen: Any, game: Any, v: View) -> Optional[str]:
        return hana.worth(screen, game, v)

    def choice(self, screen: Any, a: Any, v: View) -> Optional[str]:
        return hana.choice(screen, a) if isinstance(a, (Play, Capture)) or a in ROLE_ANSWERS else None

    def dealt_line(self, screen: Any, game: Any, deal: Any) -> Optional[str]:
        return hana.dealt_line(screen, deal.field, len(deal.stock)) if isinstance(deal, HanaDeal) else None

    def numbered(self, v: View, rules: Ruleset) -> tuple[ActionBase, ...]:
        return matching_input.order(v, rules)

    def parse(self, answer: str, v: View, rules: Ruleset) -> ActionBase:
        return matching_input.parse(answer, v, rules)

    def explain(self, v: View, rules: Ruleset, lang: str) -> list[str]:
        return matching_explain.explain(v, rules, lang)

    def ask_result(self, questions: RoundQuestions) -> None:
        score_matching.ask_result(questions)


SCREEN = MatchingScreen()
