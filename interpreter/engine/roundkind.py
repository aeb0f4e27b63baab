"""The name of how a round went (``RoundEnded.kind``, ``kind`` in ``hachi replay --json``).

The core names no kind of round: a part of the round that decides who plays declares its own
(go/drop's ``RoundKind``: skipped, one goer, two goers split or playing, three goers; T13, T16,
T17), an enum of :class:`RoundKindName`. A game without such a part has no kind of round (None).
"""

from __future__ import annotations

from ...ruleset.model import _Named


class RoundKindName(_Named):
    """A kind of round declared by a part (its own enum of this base). Every one reads as
    ``RoundKind.NAME`` (in the event log's ``repr`` too)."""

    @classmethod
    def label(cls) -> str:
        return "RoundKind"
