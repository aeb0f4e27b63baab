"""Matching play's own event: a card placed (H14-H16)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Captured:
    """``seat`` put ``card`` (played or turned) to the field, or took it with ``taken``."""

    round: int
    seat: int
    card: int
    turned: bool
    taken: tuple[int, ...]
