"""Go/drop's own event of the log (T12): the seats forced out once the goers were full.

>>> ForcedOut(0, (3, 4))
ForcedOut(round=0, seats=(3, 4))
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ForcedOut:
    """T12: ``seats`` did not declare because the goers were full; they are forced out."""

    round: int
    seats: tuple[int, ...]
