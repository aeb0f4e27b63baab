"""What ``hachi play`` shows: the table for one seat in a plain 80x24 terminal, in en or ja.

Everything here returns text; ``cli/play.py`` prints it with ``click.echo``. Colour is one of
two palettes chosen once: suits coloured (four-colour deck) or plain text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import click

from ..interpreter.engine.actions import ActionBase, Choose, Declare, Split, YesNo
from ..interpreter.engine.view import View
from .display import columns, wrap
from ..ruleset.model import Phase, PhaseName, Ruleset
from .screenkind import ScreenPlugin
from .screen_registry import screen_plugin

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



TEXT = {
    "en": {
        "round": "Round {n}/{of}", "start": "start", "indicator": "indicator", "trump": "trump",
        "pot": "pot", "chips": "Chips", "declared": "Declared", "go": "go", "drop": "drop",
        "forced": "forced out", "none": "none yet", "tricks": "Tricks", "trick": "On the table",
        "hand": "Your hand", "empty": "(empty)", "your_turn": "Your turn",
        "q_mizuten": "Declare mizuten before the deal?", "q_declare": "Go or drop?",
        "q_split": "Two goers: play or split the pot?", "q_play": "Play a card:",
        "q_choose": "A house rule asks you to choose:",
        "a_no": "no", "a_yes": "mizuten", "a_go": "go", "a_drop": "drop (pay {fee})",
        "a_play": "play", "a_split": "split",
        "hint": "(number or name; ? explains; q saves and quits)",
        "standings": "Final standings", "winner": "Winner", "draw": "Shared win",
        "saved": "Game saved to {path}. Continue it with: hachi play --resume {path}",
        "over_saved": "The game's record is in {path}.",
        "dealt": "Cards are dealt. Indicator {ind}: trump {trump}, {field} x{mult}.",
        "resumed": "Resuming the game saved in {path}: round {n}.",
        "over": "The game in {path} is already over.",
        "next_round": "Press Enter for the next round (q saves and quits)",
        "saves_here": "Games in progress saved here, the last played first:",
        "which_save": "Which game? (number; Enter for 1)",
        "no_saves": "no game in progress is saved in this folder (hachi-save-*.yaml, hachi-web/tables/); "
                    "start one with 'hachi play', or name a save: --resume FILE",
        "not_listed": "{n} is not a game of the list (1 to {count})",
        "save_retried": "The game goes on; the save is tried again after every decision.",
        "saved_again": "saved again; no decision was lost.",
        "save_lost": "the game could not be saved; the decisions since the last good save are lost.",
        "only_card": ", the only legal card",
        "hint_head": "Expected change of your score this round (95% interval), best first:",
        "hint_range": "{low} to {high}", "hint_few": "too few play-outs",
        "not_saved": "Stopped; the game was not saved (use --save FILE to keep it).",
        "record_failed": "cannot write the game's record ({reason}){kept}.", "kept_in": "; the game is in {path}",
        "record_written": "Record written to {path}",
        "save_folder": "this is a folder; give a file name to --save.",
        "save_not_a_save": "this file exists and is not a saved game; it is left alone. Choose another --save FILE.",
        "save_in_progress": "this file holds a game in progress; continue it with 'hachi play --resume {path}', "
                            "or choose another --save FILE.",
    },
    "ja": {
        "round": "第{n}局/{of}", "start": "スタP", "indicator": "めくり札", "trump": "切り札",
        "pot": "場代", "chips": "持ち点", "declared": "宣言", "go": "出る", "drop": "降りる",
        "forced": "降ろされ", "none": "まだなし", "tricks": "トリック", "trick": "場の札",
        "hand": "手札", "empty": "(なし)", "your_turn": "あなたの番",
        "q_mizuten": "配る前にミズテンを宣言しますか?", "q_declare": "出ますか、降りますか?",
        "q_split": "二人プレイ: 勝負しますか、山分けしますか?", "q_play": "札を出してください:",
        "q_choose": "ハウスルールの選択:",
        "a_no": "しない", "a_yes": "ミズテン", "a_go": "出る", "a_drop": "降りる (降り賃 {fee})",
        "a_play": "勝負", "a_split": "山分け",
        "hint": "(番号か名前; ?で説明; qで保存して終了)",
        "standings": "最終成績", "winner": "勝者", "draw": "同点の勝者",
        "saved": "{path} に保存しました。続きは: hachi play --resume {path}",
        "over_saved": "このゲームの記録は {path} にあります。",
        "dealt": "札が配られました。めくり札 {ind}: 切り札 {trump}、{field} x{mult}。",
        "resumed": "{path} の続きから: 第{n}局。",
        "over": "{path} のゲームはもう終わっています。",
        "next_round": "Enterで次の局へ (qで保存して終了)",
        "saves_here": "このフォルダに保存された続きのゲーム (新しい順):",
        "which_save": "どのゲームを続けますか? (番号; Enterで1)",
        "no_saves": "このフォルダに続きのゲームは保存されていません (hachi-save-*.yaml, hachi-web/tables/)。"
                    "'hachi play' で始めるか、--resume FILE で保存ファイルを指定してください",
        "not_listed": "{n} は一覧の番号ではありません (1 から {count})",
        "save_retried": "ゲームは続きます。保存は決めるたびにやり直します。",
        "saved_again": "保存できました。失われた手はありません。",
        "save_lost": "保存できませんでした。最後に保存できた後の手は失われます。",
        "only_card": "、出せる札はこれだけ",
        "hint_head": "この局での持ち点の変化の見込み (95% 区間)、良い順:",
        "hint_range": "{low} から {high}", "hint_few": "試行が少なすぎます",
        "not_saved": "中断しました。ゲームは保存されていません (--save FILE で保存できます)。",
        "record_failed": "ゲームの記録を書けません ({reason}){kept}。", "kept_in": "。ゲームは {path} にあります",
        "record_written": "記録を {path} に書きました",
        "save_folder": "これはフォルダです。--save にはファイル名を指定してください。",
        "save_not_a_save": "このファイルは保存されたゲームではないので、そのままにします。"
                           "別の --save FILE を選んでください。",
        "save_in_progress": "このファイルには続きのゲームがあります。'hachi play --resume {path}' で続けるか、"
                            "別の --save FILE を選んでください。",
    },
}


@dataclass(frozen=True)
class Screen:
    """Renders one seat's view; ``colour`` False gives plain text."""

    rules: Ruleset
    names: Sequence[str]
    lang: str = "en"
    colour: bool = False

    def t(self, key: str, **kw: object) -> str:
        return TEXT.get(self.lang, TEXT["en"])[key].format(**kw)

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

    def declarations_line(self, v: View) -> str:
        said = [f"{self.names[s]} {self.t('go') if go else self.t('drop')}" for s, go in v.declarations]
        text = f"{self.t('declared')}: " + (", ".join(said) or self.t("none"))
        if v.own("mizuten", False):             # the trick game's call (T6), in its part of the view
            text += f" ({self.names[v.start]}: ミズテン mizuten)"
        if v.forced_out:
            text += f"; {self.t('forced')}: " + ", ".join(self.names[s] for s in v.forced_out)
        return text

    # -- the question ----------------------------------------------------------------------

    def question(self, v: View) -> str:
        keys: dict[Optional[PhaseName], str] = {Phase.DECLARATIONS: "q_declare", Phase.TWO_GOER_CHOICE: "q_split",
                                                Phase.EFFECTS: "q_choose"}
        own = self.kind.question(self, v) if v.phase not in keys else None      # the play, a kind's own phase
        if own is not None:
            return own
        key = keys.get(v.phase, "q_play")
        return f"{self.t('your_turn')}: {self.t(key)}"

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
        if isinstance(a, Declare):
            fee = self.rules.declaration.drop_fee.fee(len(v.dropped)) * v.multiplier
            return self.t("a_go") if a.go else self.t("a_drop", fee=fee)
        if isinstance(a, Split):
            return self.t("a_split" if a.want else "a_play")
        if isinstance(a, YesNo):                # a play kind's own yes or no (the mizuten call, T6)
            return self.t("a_yes" if a.yes else "a_no")
        if isinstance(a, Choose):               # an answer to a house rule's question (docs/effects.md)
            return a.option
        own = self.kind.choice(self, a, v)
        return own if own is not None else repr(a)

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
