"""The name of how a round went (``RoundEnded.kind``, ``kind`` in ``hachi replay --json``).

The core names no outcome of a round: a part of the round that decides who plays declares its own
(go/drop's ``RoundOutcome``: skipped, one goer, two goers split or playing, three goers; T13, T16,
T17), an enum of :class:`RoundOutcomeName`. A game without such a part has no outcome (None).
"""

from __future__ import annotations

from ...ruleset.model import _Named


class RoundOutcomeName(_Named):
    """An outcome of a round declared by a part (its own enum of this base). Every one reads as
    ``RoundKind.NAME``: the event log's ``repr`` (and so its digests) keeps the name it has
    always printed, whatever the Python class is called."""

    @classmethod
    def label(cls) -> str:
        return "RoundKind"
