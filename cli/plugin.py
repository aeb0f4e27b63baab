"""The terminal side of a play kind: its screen, its answers and its ``?`` explanations.

``hachi play`` (:mod:`.screen`, :mod:`.tui_input`, :mod:`.play`) asks the plug-in of the
ruleset's play kind (:mod:`.plugins`) for everything particular to it and never names a play kind.
"""

from __future__ import annotations

from typing import Any, Optional, Protocol, Sequence

from ..interpreter.view import View
from ..ruleset.model import PlayKind, Ruleset


class ScreenPlugin(Protocol):
    kind: PlayKind

    def card(self, screen: Any, c: int) -> str:
        """One card as the screen shows it (coloured when the screen has colour)."""

    def hand(self, screen: Any, hand: Sequence[int], v: View) -> str:
        """The seat's hand, sorted and grouped as the play kind shows it."""

    def table(self, screen: Any, v: View) -> list[str]:
        """The status block shown before each of the human's decisions."""

    def question(self, screen: Any, v: View) -> Optional[str]:
        """The question of a play decision, or None for the common question of the phase."""

    def choice(self, screen: Any, a: Any, v: View) -> Optional[str]:
        """One of its own actions as a numbered choice, or None for the common ones."""

    def dealt_line(self, screen: Any, game: Any, deal: Any) -> Optional[str]:
        """What the human sees of a deal of this play kind (other hands hidden), or None."""

    def numbered(self, v: View, rules: Ruleset) -> tuple[Any, ...]:
        """The legal actions of a play decision in the order they are numbered."""

    def parse(self, answer: str, v: View, rules: Ruleset) -> Any:
        """The legal play action an answer names; a bad answer raises ``BadAnswer``."""

    def explain(self, v: View, rules: Ruleset, lang: str) -> list[str]:
        """The ``?`` explanation of the decision in front of the human."""

    def ask_result(self, questions: Any) -> None:
        """``hachi score``: ask how the play of a round ended and note it in ``questions.rnd``
        (``questions`` is a :class:`~.score_input.RoundQuestions`)."""
