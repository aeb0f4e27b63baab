"""Round outcomes of go/drop (T13, T16, T17): how a round went by its goers."""

from __future__ import annotations

from ...engine.roundoutcome import RoundOutcomeName


class RoundOutcome(RoundOutcomeName):
    """How a round went (``kind`` in records and ``hachi replay --json``).

    >>> RoundOutcome.THREE_GOERS, RoundOutcome("one_goer")
    (<RoundKind.THREE_GOERS: 'three_goers'>, <RoundKind.ONE_GOER: 'one_goer'>)
    """

    SKIPPED = "skipped"                     # T13: nobody went
    ONE_GOER = "one_goer"                   # T17
    TWO_GOERS_SPLIT = "two_goers_split"     # T16: both wanted to split
    TWO_GOERS_PLAY = "two_goers_play"       # T16: at least one wanted to play
    THREE_GOERS = "three_goers"             # three (or, in a variant, more) goers


# the outcomes in which the goers play (T19)
PLAYED = frozenset({RoundOutcome.TWO_GOERS_PLAY, RoundOutcome.THREE_GOERS})

RoundKind = RoundOutcome
"""The name ``hachihachi.interpreter`` exported before the class was renamed, kept for callers."""
