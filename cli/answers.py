"""What every play kind's answer parsing shares: the error a bad answer raises, and the words
that quit or ask for help at any question (``hachi play``, ``hachi score``)."""

from __future__ import annotations

from typing import Callable, Sequence, Union

from ..ruleset.catalog import LANGS, say

QUIT = frozenset({"q", "quit", "exit", "終了"})
HELP = frozenset({"?", "？", "help", "h"})


Value = Union[object, Callable[[str], str]]
"""A value of a message: as it is, or its words in a language (``lang -> text``: a list joined
by the language's "or")."""


class BadAnswer(Exception):
    """An answer that is not a legal choice; the message says why: the message ``msg_id`` of the
    catalogs (``answers.*``, a play kind's ``kind.PLAY.answers.*``) with its values. Its string
    is the English one.

    >>> BadAnswer("answers.not_allowed", answer="go").text("ja")
    "'go' は今は選べません。"
    """

    def __init__(self, msg_id: str, **values: Value):
        self.msg_id, self.values = msg_id, values
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (English for a language the catalogs lack)."""
        lang = lang if lang in LANGS else "en"
        return say(lang, self.msg_id, **{k: v(lang) if callable(v) else v for k, v in self.values.items()})


def joined(words: Sequence[str], joiner: str = "or") -> Callable[[str], str]:
    """``words`` as a list in a language's words (``joiner``: ``or`` or ``and``, ``answers.*``)."""
    return lambda lang: say(lang, f"answers.{joiner}").join(words)
