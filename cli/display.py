"""Display width of text in a terminal, and wrapping by it (Japanese characters take two columns).

>>> columns("ab"), columns("出る")
(2, 4)
>>> wrap("one two three", 8)
['one two', 'three']
>>> wrap("同じ月の札が四枚", 8)
['同じ月の', '札が四枚']
>>> wrap("出た人から光1枚につき12点をもらいます", 16)
['出た人から', '光1枚につき', '12点をもらいます']
>>> wrap("続きは: hachi play --resume x.yaml", 20)
['続きは:', 'hachi play --resume x.yaml']
>>> wrap("saved in /tmp/a/long/path.yaml ok", 12)
['saved in', '/tmp/a/long/path.yaml', 'ok']
"""

from __future__ import annotations

import re
import unicodedata


def columns(text: str) -> int:
    """Display width of plain text: East Asian wide characters take two columns."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


_OPENS = "(（「『【[<〈《"                 # a line may break before these
_CLOSES = "、。，．）」』】〉》)]>！？!?：:・"     # and after these, never before them
_KEEP = "\x1f"                         # stands for a space inside a command kept whole
_COMMAND = re.compile(r"(?<![\w-])hachi [ -&(-_a-~]*[^ .,;:'`\x00-\x1f]")   # 'hachi play --resume FILE'


def _kana(ch: str) -> bool:
    return "\u3041" <= ch <= "\u309f"


# the particles and endings a Japanese phrase ends with, before the next phrase's word
_PARTICLES = ("から", "まで", "より", "ので", "には", "では", "とは", "につき", "ずつ", "を", "に", "は", "が",
              "で", "と", "へ", "も", "の", "や", "て", "ば")


def _breaks_between(text: str, k: int) -> int:
    """How good a break between ``text[k - 1]`` and ``text[k]`` is: 2 at a space, 1 at a Japanese
    phrase's edge (after punctuation, after a particle before the next word, before an opening
    bracket), 0 where the line may break only when nothing better is near (between two Japanese
    characters), -1 where it never does (inside a word of ASCII, before 、 and 。)."""
    a, b = text[k - 1], text[k]
    if a == " " or b == " ":
        return 2
    if a.isascii() and b.isascii():
        return -1
    if b in _CLOSES or b in "ーっゃゅょぁぃぅぇぉ":
        return -1
    if a in _CLOSES or b in _OPENS:
        return 1
    if not _kana(b) and text[:k].endswith(_PARTICLES):
        return 1
    return 0


def _cut(text: str, indent: int, width: int) -> int:
    """Where ``text`` (one column too wide) breaks: the index its first line ends at, else -1. The
    rightmost space or phrase edge wins; a break between any two Japanese characters only when no
    edge lies in the line's right half."""
    half = (width + 1) // 2
    edge = anywhere = -1
    for k in range(len(text) - 1, indent, -1):
        good = _breaks_between(text, k)
        if good >= 1:
            if columns(text[:k]) >= half or good == 2:
                return k
            edge = k if edge < 0 else edge
        elif good == 0 and anywhere < 0 and columns(text[:k]) >= half:
            anywhere = k
    return anywhere if anywhere > 0 else edge


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken at spaces where there are any, each
    line after the first beginning with ``indent``. A word of ASCII longer than a line (a file's
    path) stays whole on a line of its own, so it can be copied, and so does a command (``hachi
    play --resume FILE``); Japanese text, which has no spaces, breaks at the edges of its phrases
    (after 、 and 。, after the kana that end a phrase), else between two of its characters."""
    text = _COMMAND.sub(lambda m: m[0].replace(" ", _KEEP), text)
    lines: list[str] = []
    line = ""
    for ch in text:
        if line.strip() and columns(line + ch) > width:
            at = _cut(line + ch, len(indent) if lines else len(line) - len(line.lstrip(" ")), width)
            if at > 0 and (line + ch)[:at].strip():
                whole = line + ch
                lines.append(whole[:at].rstrip())
                line = indent + whole[at:].lstrip(" ")
                continue
        line += ch
    out = lines + [line] if line.strip() or not lines else lines
    return [x.replace(_KEEP, " ") for x in out]
