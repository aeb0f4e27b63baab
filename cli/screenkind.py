"""The terminal side of a play kind: its screen, its answers and its ``?`` explanations.

``hachi play`` (:mod:`.screen`, :mod:`.tui_input`, :mod:`.play`) asks the screen of the
ruleset's play kind (:mod:`.screen_registry`, the module its ``Kind.screen`` names) for everything
particular to it and never names a play kind.
"""

from __future__ import annotations

from typing import Any, Optional, Protocol, Sequence, runtime_checkable

from ..interpreter.engine.actions import ActionBase
from ..interpreter.engine.view import View
from ..ruleset.model import PlayKind, Ruleset


class ScreenContext(Protocol):
    """What a play kind's screen reads of the :class:`~.screen.Screen` that calls it: the rules,
    the names at the table, the language and colour, and the screen's common texts and lines."""

    @property
    def rules(self) -> Ruleset: ...

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def lang(self) -> str: ...

    @property
    def colour(self) -> bool: ...

    def t(self, key: str, **kw: object) -> str: ...

    def card(self, c: int) -> str: ...

    def chips_line(self, v: View) -> str: ...

    def parts_line(self, v: View) -> str: ...


@runtime_checkable
class ScreenPlugin(Protocol):
    """A play kind's terminal screen: what every screen has. What only some have are the typed
    capabilities below (:class:`Worth`, :class:`SummaryLines`, :class:`Refusal`,
    :class:`AskBeforeDeal`, :class:`ToldBound`), each read where it is there (``isinstance``)."""

    kind: PlayKind

    def card(self, screen: ScreenContext, c: int) -> str:
        """One card as the screen shows it (coloured when the screen has colour)."""

    def hand(self, screen: ScreenContext, hand: Sequence[int], v: View) -> str:
        """The seat's hand, sorted and grouped as the play kind shows it."""

    def table(self, screen: ScreenContext, v: View) -> list[str]:
        """The status block shown before each of the human's decisions."""

    def question(self, screen: ScreenContext, v: View) -> Optional[str]:
        """The question of a play decision, or None for the common question of the phase."""

    def choice(self, screen: ScreenContext, a: ActionBase, v: View) -> Optional[str]:
        """One of its own actions as a numbered choice, or None for the common ones."""

    def dealt_line(self, screen: ScreenContext, game: Any, deal: Any) -> Optional[str]:
        """What the human sees of a deal of this play kind (other hands hidden), or None."""

    def numbered(self, v: View, rules: Ruleset) -> tuple[ActionBase, ...]:
        """The legal actions of a play decision in the order they are numbered."""

    def parse(self, answer: str, v: View, rules: Ruleset) -> ActionBase:
        """The legal play action an answer names; a bad answer raises ``BadAnswer``."""

    def explain(self, v: View, rules: Ruleset, lang: str) -> list[str]:
        """The ``?`` explanation of the decision in front of the human: the pieces of one paragraph
        (Japanese ones joined without a space), which the screen folds to its width."""

    def ask_result(self, questions: Any) -> None:
        """``hachi score``: ask how the play of a round ended and note it in ``questions.rnd``
        (``questions`` is a :class:`~.score_input.RoundQuestions`)."""


@runtime_checkable
class Worth(Protocol):
    """What each answer of the question in front of the seat is worth now (Koi-Koi's stop and
    koi, K15-K16), which :meth:`~.screen.Screen.worth` shows when the screen has it."""

    def worth(self, screen: Any, game: Any, v: View) -> Optional[str]: ...


@runtime_checkable
class SummaryLines(Protocol):
    """Its own lines of ``hachi simulate``'s summary, after the pot's (the trick game's calls, T6)."""

    def summary_lines(self, s: Any, ruleset: Optional[Ruleset]) -> list[str]: ...


@runtime_checkable
class Refusal(Protocol):
    """Why a yes-or-no answer whose action is not legal now is refused, when its rules forbid it
    (a ``BadAnswer``), before the parts' (:func:`.tui_input.refused_now`)."""

    def refusal(self, v: View) -> Optional[Any]: ...


@runtime_checkable
class AskBeforeDeal(Protocol):
    """``hachi score``: the questions of its own decisions before the deal (the trick game's
    mizuten call, T6); ``questions`` is a :class:`~.score_input.RoundQuestions`."""

    def ask_before_deal(self, questions: Any) -> None: ...


@runtime_checkable
class ToldBound(Protocol):
    """``hachi score``: the line that tells a seat its rules bind to play (``KindState.must_play``)
    where a part would ask its decision."""

    def told_bound(self, questions: Any, seat: int) -> str: ...


CAPABILITIES: tuple[type, ...] = (Worth, SummaryLines, Refusal, AskBeforeDeal, ToldBound)
"""The optional capabilities of a play kind's screen."""
