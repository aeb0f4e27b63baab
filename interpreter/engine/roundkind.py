"""Round kinds (T13, T16, T17): how a round went."""

from __future__ import annotations

import enum


class RoundKind(str, enum.Enum):
    """How a round went (``kind`` in records and ``hachi replay --json``)."""

    SKIPPED = "skipped"                     # T13: nobody went
    ONE_GOER = "one_goer"                   # T17
    TWO_GOERS_SPLIT = "two_goers_split"     # T16: both wanted to split
    TWO_GOERS_PLAY = "two_goers_play"       # T16: at least one wanted to play
    THREE_GOERS = "three_goers"             # three (or, in a variant, more) goers


# the kinds of round in which the goers play (T19)
PLAYED = frozenset({RoundKind.TWO_GOERS_PLAY, RoundKind.THREE_GOERS})
