"""How ``hachi validate`` prints problems: text lines, a JSON list, or GitHub workflow annotations.

An annotation's ``::error`` is the one workflow command this program writes: it is marked
:func:`~.safeout.trusted`, and all the rest of the line passes the safe streams like any text.
"""

from __future__ import annotations

import json

from hachihachi.ruleset.problems import Problem
from hachihachi.ruleset.safetext import MAX_LINE, escape, escape_lines

from .safeout import trusted


def _github_escape(text: str, prop: bool = False) -> str:
    shown = escape(text, MAX_LINE) if prop else escape_lines(text, MAX_LINE)     # a message keeps its lines
    text = shown.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


def format_problems(problems: list[Problem], style: str = "text", lang: str = "en") -> str:
    """The problems as ``text`` lines (in Japanese with ``lang="ja"``), a ``json`` list, or ``github``
    workflow commands.

    >>> print(format_problems([Problem("a,b.yaml", 2, 3, "50% bad")], "github"))
    ::error file=a%2Cb.yaml,line=2,col=3::50%25 bad
    """
    if style == "json":
        return json.dumps([p.to_dict() for p in problems], ensure_ascii=False, indent=2)
    if style == "github":
        return "\n".join(f"{trusted('::error')} file={_github_escape(p.file, True)},line={p.line},col={p.col}::"
                         f"{_github_escape(p.message)}" for p in problems)
    if lang == "ja":
        from .errors_ja import error_line

        return "\n".join(escape_lines(error_line(p.place, p.message, "ja"), MAX_LINE) for p in problems)
    return "\n".join(str(p) for p in problems)
