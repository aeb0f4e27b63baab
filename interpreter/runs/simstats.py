"""Small statistics for simulations: running moments, 95% intervals, text histograms.

>>> m = Moments()
>>> for x in (1, 2, 3, 4):
...     m.add(x)
>>> m.mean, round(m.stdev, 3), round(m.ci95, 3)
(2.5, 1.291, 1.265)
>>> histogram([1, 1, 2, 9], bins=2, width=4)
['   1 ..    5 | #### 3', '   6 ..   10 | #    1']
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

Z95 = 1.959963984540054     # the two-sided 95% quantile of the normal distribution


@dataclass
class Moments:
    """Count, sum and sum of squares of integer (or float) samples; exact for integers."""

    n: int = 0
    total: float = 0
    sq: float = 0

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.sq += x * x

    def add_many(self, xs: Sequence[int]) -> None:
        """:meth:`add` each of the integers ``xs``, summed at once (the same sums: integers add exactly)."""
        self.n += len(xs)
        self.total += sum(xs)
        self.sq += sum([x * x for x in xs])

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def stdev(self) -> float:
        """The sample standard deviation (0 for fewer than two samples)."""
        if self.n < 2:
            return 0.0
        var = (self.sq - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(var, 0.0))

    @property
    def ci95(self) -> float:
        """Half the width of the normal-approximation 95% confidence interval of the mean."""
        return Z95 * self.stdev / math.sqrt(self.n) if self.n else 0.0


def histogram(values: Sequence[int], bins: int = 12, width: int = 40) -> list[str]:
    """Lines of a text histogram of integer ``values``: range, bar, count."""
    if not values:
        return []
    lo, hi = min(values), max(values)
    step = max(1, math.ceil((hi - lo + 1) / bins))
    counts = [0] * ((hi - lo) // step + 1)
    for v in values:
        counts[(v - lo) // step] += 1
    top = max(counts)
    lines = []
    for i, k in enumerate(counts):
        a, b = lo + i * step, lo + (i + 1) * step
        bar = "#" * (round(width * k / top) if top else 0)
        lines.append(f"{a:4d} .. {b - 1:4d} | {bar:<{width}s} {k}")
    return lines
