"""Roles typed by a person: an id, the English name or the Japanese name, in either case.

``hachi score`` asks which roles a player claimed; a table says them the way it knows them
(``karasu``, ``Crow``, ``からす``). :class:`RoleNames` finds the role of a word or of several words
(``three of a kind``), and for a near miss says which role was probably meant.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence

from ..ruleset.roletable import Name, RoleTable


def key(text: str) -> str:
    """The form in which two spellings of a role compare: width folded (NFKC), latin letters in
    lower case, ``_``, ``-`` and runs of spaces as one space.

    >>> key("Three_of a  KIND"), key("ｃｒｏｗ"), key("からす")
    ('three of a kind', 'crow', 'からす')
    """
    text = unicodedata.normalize("NFKC", text).lower()
    return " ".join(re.sub(r"[_\-]", " ", text).split())


class UnknownRole(ValueError):
    """A word that names no role; ``suggestion`` is the id of the nearest role name, if any."""

    def __init__(self, word: str, suggestion: Optional[str]):
        super().__init__(word)
        self.word, self.suggestion = word, suggestion


@dataclass(frozen=True)
class RoleNames:
    """The roles of some role tables by every name they have: id, English and Japanese."""

    names: dict[str, Name] = field(default_factory=dict)          # id -> its names
    by_key: dict[str, str] = field(default_factory=dict)           # any spelling's key -> id

    @classmethod
    def of(cls, tables: Iterable[Optional[RoleTable]]) -> RoleNames:
        names: dict[str, Name] = {}
        by_key: dict[str, str] = {}
        for table in tables:
            if table is None:
                continue
            for rid, name in [(r.id, r.name) for r in table.roles] + [(c.id, c.name) for c in table.combos]:
                names[rid] = name if name is not None else Name(rid, rid)
                for spelling in (rid, names[rid].en, names[rid].ja):
                    by_key.setdefault(key(spelling), rid)
        return cls(names, by_key)

    def label(self, role_id: str, lang: str = "en") -> str:
        """``からす crow (karasu)``: both names and the id, the language asked for first."""
        name = self.names.get(role_id)
        if name is None:
            return role_id
        first, second = (name.ja, name.en) if lang == "ja" else (name.en, name.ja)
        return f"{first} {second} ({role_id})"

    def find(self, word: str) -> str:
        """The id of the role ``word`` names; :class:`UnknownRole` (with the nearest name's role)
        when it names none."""
        rid = self.by_key.get(key(word))
        if rid is not None:
            return rid
        near = difflib.get_close_matches(key(word), list(self.by_key), n=1, cutoff=0.6)
        raise UnknownRole(word, self.by_key[near[0]] if near else None)

    def find_all(self, answer: str) -> list[str]:
        """The roles of an answer: names separated by commas (``,`` or ``、``) or spaces, a name of
        several words (``three of a kind``) taken whole.

        An :class:`UnknownRole` names the first word, or words, that name no role.
        """
        found: list[str] = []
        for part in re.split(r"[,、，]", answer):
            words = part.split()
            i = 0
            while i < len(words):
                j = next((j for j in range(len(words), i, -1) if key(" ".join(words[i:j])) in self.by_key), None)
                if j is None:
                    self.find(_unknown_run(words[i:], self.by_key))        # raises, with a suggestion
                    j = i + 1
                found.append(self.by_key[key(" ".join(words[i:j]))])
                i = j
        return found


def _unknown_run(words: Sequence[str], known: dict[str, str]) -> str:
    """The words from the first unknown one up to the next word that starts a known name (so that
    ``thre of a kind`` is judged, and a suggestion sought, as one name)."""
    for end in range(1, len(words)):
        if any(key(" ".join(words[end:k])) in known for k in range(end + 1, len(words) + 1)):
            return " ".join(words[:end])
    return " ".join(words)
