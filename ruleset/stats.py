"""How many hands (or deals) have each role: exact counts, or seeded estimates.

Exact counts come from :mod:`.exact` (a transfer over the ranks; no hand is visited) while its
states stay few, and otherwise from :mod:`.planes` (every hand a bit of a big integer; card sets
scattered over the ranks cost it nothing more). Both count the same things. What is counted:
every hand of the deck; with an indicator card given, the hands of the other cards.
When the table reads the trump or the indicator and they are not given, every *deal* is counted
instead: each indicator card with each hand of the other cards (the trump is the indicator's
suit, T7), 52 x C(51, 7) = 133,784,560 x 45 = 6,020,305,200 deals for 7 of 52. Counts are
integers, always.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from math import comb, sqrt
from typing import Iterable, Optional, Sequence

from .cards import Deck
from .errors import HachiError
from .compiler import TableCompiler
from .exact import OverBudget, PassCounts, RankTransfer
from .planes import PlaneCounter
from .model import Ruleset
from .roles import RoleEvaluator, _ids_with_parts

HANDS, DEALS = "hands", "deals"
AUTO, RANKS, PLANES = "auto", "ranks", "planes"     # how exact counts are made
TRANSFER_BUDGET = 150_000       # steps of the transfer (a fraction of a second) before the planes take over
PLANE_WORK = 60_000_000_000     # planned word operations of the planes: at most about 55 s of CPU (1.1e9-5.5e9 a s)
PLANE_BYTES = 960 * 1024 ** 2   # peak memory of the planes, as planned before they start


@dataclass(frozen=True)
class Limits:
    """How much exact counting may take: steps of the transfer (None: no bound, the transfer
    alone), and the planes' word operations and peak bytes (None: the planes are not tried)."""

    transfer: int | None = TRANSFER_BUDGET
    work: int | None = PLANE_WORK
    memory: int = PLANE_BYTES


STATS = Limits()                                    # hachi roles --stats, hachi table
QUICK = Limits(transfer=TRANSFER_BUDGET, work=None)  # hachi validate --warnings: the transfer only


class TooCostly(HachiError):
    """Exact counts of this table would take more time or memory than allowed; the message says
    how much, and that ``--samples`` estimates them instead."""


@dataclass(frozen=True)
class RoleCounts:
    """Hands (or deals) with each role, after groups; a combo counts for itself and its roles."""

    hands: int                      # how many were counted: hands, or deals when unit is "deals"
    exact: bool
    roles: dict[str, int]
    none: int
    samples: int | None = None
    unit: str = HANDS
    method: str | None = field(default=None, compare=False)     # RANKS or PLANES when exact

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {self.unit: self.hands, "exact": self.exact, "roles": dict(self.roles),
                                  "none": self.none}
        if self.samples is not None:
            out["samples"] = self.samples
        return out

    def probability(self, role_id: str) -> float:
        return self.roles[role_id] / self.hands if self.hands else 0.0

    def margin(self, count: int) -> int:
        """Half the width of a 99.9% confidence interval around a sampled count (0 when exact)."""
        if self.exact or not self.samples:
            return 0
        p = count / self.hands if self.hands else 0.0
        return round(3.29 * sqrt(max(p * (1 - p), 1 / self.samples) / self.samples) * self.hands)


def uses_context(compiler: TableCompiler) -> tuple[bool, bool]:
    """Whether the table reads the trump suit, and whether it reads the indicator."""
    return compiler.reads_context()


def counts_deals(compiler: TableCompiler, trump: int | None, indicator: int | None) -> bool:
    """Deals are counted when the table reads a context that the caller did not fix."""
    reads_trump, reads_indicator = uses_context(compiler)
    return indicator is None and (reads_indicator or (reads_trump and trump is None))


def _deal_indicators(deck: Deck, trump: int | None) -> list[int]:
    return [c for c in deck.cards if trump is None or deck.suit(c) == trump]


def exact_counts(evaluator: RoleEvaluator, hand_size: int, trump: int | None = None,
                 indicator: int | None = None, method: str = AUTO, limits: Limits = STATS) -> RoleCounts:
    """Exact role counts over every hand of ``hand_size`` cards, or every deal (module docstring).

    ``method``: RANKS (the transfer over the ranks), PLANES (bit-sliced enumeration), or AUTO: the
    transfer within ``limits.transfer`` steps, else the planes. The planes' cost is planned before
    they start (:meth:`PlaneCounter.cost`); over ``limits`` (or with no planes allowed), raises
    :class:`TooCostly` without counting."""
    compiler, deck = evaluator.compiler, evaluator.deck
    deals = counts_deals(compiler, trump, indicator)
    weighted = _trump_passes(compiler, hand_size, trump) if deals else None
    if deals:
        unit, total = DEALS, len(_deal_indicators(deck, trump)) * comb(deck.size - 1, hand_size)
    else:
        unit, total = HANDS, comb(deck.size - (indicator is not None), hand_size)
    passes: list[tuple[PassCounts, int]] | None = None
    used = RANKS
    if method != PLANES:
        budget = (limits.transfer or 0) // len(weighted or [None]) if method == AUTO else None
        try:
            if weighted is not None:
                passes = [(RankTransfer(compiler, hand_size, suit, None, True).run(budget), weight)
                          for suit, weight in weighted]
            else:
                passes = [(RankTransfer(compiler, hand_size, trump, indicator, False).run(budget), 1)]
        except OverBudget:
            passes = None
    if passes is None:
        counter = PlaneCounter(compiler, hand_size, trump, indicator, weighted)
        _within(counter, limits, unit, total)
        passes, used = [(counter.run(), 1)], PLANES
    counted = sum(p.total * w for p, w in passes)
    if counted != total:                                  # a bug, never the user's input
        raise RuntimeError(f"exact counts cover {counted} {unit}, not {total}")
    ids = [r.id for r in evaluator.table.roles] + [c.id for c in evaluator.table.combos]
    roles = {i: sum(p.outputs[i] * w for p, w in passes) for i in ids}
    return RoleCounts(total, True, roles, sum(p.none * w for p, w in passes), unit=unit, method=used)


def _within(counter: PlaneCounter, limits: Limits, unit: str, total: int) -> None:
    """Refuse, before counting, planes that would pass ``limits``."""
    if limits.work is None:
        raise TooCostly(f"exact counts of this table are not made here: its card sets call for counting every one "
                        f"of the {total:,} {unit} (hachi roles --stats counts them, or estimates them with "
                        f"--samples N).")
    work, peak = counter.cost()
    if work > limits.work or peak > limits.memory:
        why = (f"about {peak / 1024 ** 3:.1f} GB of memory" if peak > limits.memory
               else f"about {work / limits.work:,.0f} times the work allowed (a minute)")
        raise TooCostly(f"exact counts of this table over {total:,} {unit} would take {why}; "
                        f"estimate them with hachi roles --stats --samples N instead.")


def _trump_passes(compiler: TableCompiler, hand_size: int, trump: int | None) -> list[tuple[int, int]]:
    """One pass per class of suits that the table's own card sets do not tell apart, weighted."""
    if trump is not None:
        return [(trump, 1)]
    classes = RankTransfer(compiler, hand_size, None, None, False).classes
    return [(cls[0], len(cls)) for cls in classes]


def sampled_counts(evaluator: RoleEvaluator, hand_size: int, samples: int, seed: int,
                   trump: int | None = None, indicator: int | None = None) -> RoleCounts:
    """Estimated role counts from ``samples`` seeded random hands (or deals), scaled to all of them."""
    deck = evaluator.deck
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    none = 0
    if counts_deals(evaluator.compiler, trump, indicator):
        indicators = _deal_indicators(deck, trump)
        unit, total = DEALS, len(indicators) * comb(deck.size - 1, hand_size)
        left = samples
        while left:                                   # in chunks, grouped by indicator
            chunk = min(left, 50_000)
            left -= chunk
            by_indicator: dict[int, list[list[int]]] = {}
            for _ in range(chunk):
                ind = rng.choice(indicators)
                by_indicator.setdefault(ind, []).append(rng.sample([c for c in deck.cards if c != ind], hand_size))
            for ind, hands in sorted(by_indicator.items()):
                none += _tally(evaluator, hands, deck.suit(ind), ind, counts)
    else:
        cards = [c for c in deck.cards if c != indicator]
        unit, total = HANDS, comb(len(cards), hand_size)
        none = _tally(evaluator, (rng.sample(cards, hand_size) for _ in range(samples)), trump, indicator, counts)
    ids = [r.id for r in evaluator.table.roles] + [c.id for c in evaluator.table.combos]
    scale = (lambda x: round(x * total / samples)) if samples else (lambda x: 0)
    return RoleCounts(total, False, {i: scale(counts.get(i, 0)) for i in ids}, scale(none), samples=samples,
                      unit=unit)


def _tally(evaluator: RoleEvaluator, hands: Iterable[Sequence[int]], trump: int | None, indicator: int | None,
           counts: Counter[str]) -> int:
    none = 0
    for res in evaluator.evaluate_many(hands, trump, indicator):
        counts.update(_ids_with_parts(evaluator.table, res))
        none += not res.hits
    return none


_IMPOSSIBLE: dict[tuple[str, object, int], Optional[frozenset[str]]] = {}    # by table, deck, hand size


def impossible_roles(ruleset: Ruleset) -> Optional[frozenset[str]]:
    """The ids of the roles no hand can have (their exact count is 0), counted by the transfer over
    the ranks within its budget only (:data:`QUICK`); None when the table is too costly to count
    so. Counted once per table, deck and hand size (``--warnings``' roles that can never occur and
    the effects that need one, ``ruleset/idle.py``)."""
    key = (repr(ruleset.roles), ruleset.deck, ruleset.hand_size)
    if key not in _IMPOSSIBLE:
        try:
            counts = exact_counts(ruleset.evaluator, ruleset.hand_size, limits=QUICK)
            _IMPOSSIBLE[key] = frozenset(r.id for r in ruleset.roles.roles if counts.roles[r.id] == 0)
        except TooCostly:
            _IMPOSSIBLE[key] = None
    return _IMPOSSIBLE[key]


def warnings(ruleset: Ruleset) -> list[str]:
    """``PLACE: warning: ...`` for every role no hand can have (:func:`impossible_roles`); a table
    too costly to count so is named in one warning instead (``hachi roles --stats`` counts it)."""
    impossible = impossible_roles(ruleset)
    if impossible is None:
        return [f"{ruleset.source}: warning: roles that no hand can have are not looked for in this table: "
                f"its card sets are too costly to count here (hachi roles --stats --rules FILE counts them, "
                f"or estimates them with --samples N)."]
    return [f"{role.place or ruleset.source}: warning: the role '{role.id}' can never occur: no hand of "
            f"{ruleset.hand_size} cards matches '{role.pattern}'." for role in ruleset.roles.roles
            if role.id in impossible]
