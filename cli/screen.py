"""What ``hachi play`` shows: the table for one seat in a plain 80x24 terminal, in en or ja.

Everything here returns text; ``cli/play.py`` prints it with ``click.echo``. Colour is one of
two palettes chosen once: suits coloured (four-colour deck) or plain text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import click

from ..interpreter.engine.actions import ActionBase, Choose, YesNo
from ..interpreter.engine.view import View
from .display import columns, wrap
from ..ruleset.catalog import LANGS, say
from ..ruleset.model import Phase, PhaseName, Ruleset
from .screenkind import ScreenPlugin, Worth
from .screen_registry import part_screens, screen_plugin

WIDTH = 79     # columns of an 80-column terminal that a line may fill
WIDEST = 160   # a wider terminal still gets lines of at most this many columns


def terminal_width() -> int:
    """The columns a line may fill: the terminal's less one (``COLUMNS`` when set), 79 when the
    output is not a terminal, never fewer than 40 nor more than :data:`WIDEST`."""
    import shutil

    return max(40, min(WIDEST, shutil.get_terminal_size((WIDTH + 1, 24)).columns - 1))


def fold(text: str, width: Optional[int] = None) -> str:
    """Fold text, line by line, at spaces (Japanese at the edges of its phrases, :func:`.display.wrap`)
    to ``width`` columns (by default the terminal's, :func:`terminal_width`); continuation lines
    are indented two more than the line. Text is folded once, here: it is written in whole
    sentences, never split by hand.

    >>> print(fold("  one two three four", 14))
      one two
        three four
    """
    width = width or terminal_width()
    if "\n" in text:
        return "\n".join(fold(line, width) for line in text.split("\n"))
    if columns(click.unstyle(text)) <= width:
        return text
    if "\x1b" in text:
        return _fold_words(text, width)
    return "\n".join(wrap(text, width, " " * (len(text) - len(text.lstrip(" ")) + 2)))


def _fold_words(text: str, width: int) -> str:
    """``fold`` for coloured text: break only at spaces, measuring words without their colour codes."""
    lead = len(text) - len(text.lstrip(" "))
    indent = " " * (lead + 2)
    out, line, used = [], " " * lead, lead
    for word in text[lead:].split(" "):
        w = columns(click.unstyle(word))
        if line.strip() and used + 1 + w > width:
            out.append(line.rstrip())
            line, used = indent + word, len(indent) + w
        else:
            line, used = (line + " " + word, used + 1 + w) if line.strip() else (line + word, used + w)
    out.append(line)
    return "\n".join(out)





@dataclass(frozen=True)
class Screen:
    """Renders one seat's view; ``colour`` False gives plain text."""

    rules: Ruleset
    names: Sequence[str]
    lang: str = "en"
    colour: bool = False

    def t(self, key: str, **kw: object) -> str:
        return say(self.lang if self.lang in LANGS else "en", f"screen.{key}", **kw)

    @property
    def kind(self) -> ScreenPlugin:
        """The terminal plug-in of the ruleset's play kind."""
        return screen_plugin(self.rules)

    def card(self, c: int) -> str:
        return self.kind.card(self, c)

    def hand(self, hand: Sequence[int], v: View) -> str:
        """The seat's hand as its play kind shows it."""
        return self.kind.hand(self, hand, v)

    def table(self, v: View) -> list[str]:
        """The status block shown before each of the human's decisions (at most 8 lines)."""
        return self.kind.table(self, v)

    def dealt_line(self, game: object, deal: object) -> Optional[str]:
        """What the human sees of a deal, or None when the narration tells it."""
        return self.kind.dealt_line(self, game, deal)

    def chips_line(self, v: View) -> str:
        parts = []
        for seat, chips in enumerate(v.chips):
            mark = "*" if seat == v.seat else ""
            parts.append(f"{mark}{self.names[seat]} {chips}")
        return f"{self.t('chips')}: " + "  ".join(parts)

    def parts_line(self, v: View) -> str:
        """The status of the round's parts (go/drop's declarations so far), each part's own line."""
        return "; ".join(part.status_line(self, v) for part in part_screens(self.rules))

    # -- the question ----------------------------------------------------------------------

    def question(self, v: View) -> str:
        keys: dict[Optional[PhaseName], str] = {**{phase: key for part in part_screens(self.rules)
                                                   for phase, key in part.questions.items()},
                                                Phase.EFFECTS: "q_choose"}      # a part's decisions, a question
        own = self.kind.question(self, v) if v.phase not in keys else None      # the play, a kind's own phase
        if own is not None:
            return own
        key = keys.get(v.phase, "q_play")
        return f"{self.t('your_turn')}: {self.t(key)}"

    def worth(self, game: object, v: View) -> Optional[str]:
        """What each answer of the question is worth now, when the play kind tells it (Koi-Koi's
        stop and koi, K15-K16), or None."""
        return self.kind.worth(self, game, v) if isinstance(self.kind, Worth) else None

    def choices(self, v: View) -> list[str]:
        """The legal actions, numbered from 1 (see ``tui_input.numbered``)."""
        from .tui_input import numbered

        return [f"{i}) {self.choice(a, v)}" for i, a in enumerate(numbered(v, self.rules), 1)]

    @staticmethod
    def pack(items: Sequence[str], indent: str = "   ", width: int = WIDTH) -> list[str]:
        """Items two spaces apart on as few lines as fit ``width``, never splitting an item."""
        lines, line = [], indent
        for item in items:
            if line.strip() and columns(click.unstyle(line + "  " + item)) > width:
                lines.append(line)
                line = indent
            line += ("  " if line.strip() else "") + item
        return lines + [line]

    def choice(self, a: ActionBase, v: View) -> str:
        for part in part_screens(self.rules):   # a part's decision (go or drop, split or play)
            said = part.choice(self, a, v)
            if said is not None:
                return said
        if isinstance(a, YesNo):                # a play kind's own yes or no (the mizuten call, T6)
            return self.t("a_yes" if a.yes else "a_no")
        own = self.kind.choice(self, a, v)      # the play kind's own (H18's and K15's answers in words)
        if own is not None:
            return own
        if isinstance(a, Choose):               # an answer to a house rule's question (docs/effects.md)
            return a.option
        return repr(a)

    def standings(self, chips: Sequence[int], winners: Sequence[int]) -> list[str]:
        order = sorted(range(len(chips)), key=lambda s: (-chips[s], s))
        lines = [f"== {self.t('standings')}"]
        wide = max(8, *(columns(self.names[s]) for s in order))      # names line up by their columns
        for place, seat in enumerate(order, 1):
            name = self.names[seat]
            lines.append(f"  {place}. {name}{' ' * (wide - columns(name))} {chips[seat]:>4}")
        label = self.t("winner") if len(winners) == 1 else self.t("draw")
        lines.append(f"{label}: " + ", ".join(self.names[s] for s in winners))
        return lines
