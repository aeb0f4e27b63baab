"""What the go/drop declarations tell of the hidden hands (T10-T12), for sampling worlds.

A seat that went likely holds a hand worth going with, and one that dropped a weaker one. A
search that deals the hidden hands uniformly plays against opponents who went with anything.
:func:`declaration_checks` gives, for each other seat whose declaration was free (not a mizuten
start player's forced go, T6), a test of a candidate hand as dealt: would the heuristic
(:func:`.going.go_value` against :func:`.going.drop_cost`) have declared the same from
that seat's place at the time, with the declarations, drop fees and pot it saw then? The sampler
keeps a hand that passes, and one that fails with probability ``LEAK``: the other seats are not
the heuristic, and a hand the heuristic would have played otherwise is unlikely, not impossible.
"""

from __future__ import annotations

import random
from typing import Callable

from ....ruleset.model import Ruleset
from ...engine.view import View
from .going import Place, drop_cost, go_value
from ...parts.go_drop.rules import GoDropTransfer, go_drop_rules

LEAK = 0.15                     # chance of keeping a hand on which the heuristic would have declared otherwise

HandCheck = Callable[[tuple[int, ...], random.Random], bool]


def declaration_checks(ruleset: Ruleset, view: View, carried: int) -> dict[int, HandCheck]:
    """Per seat other than ``view.seat`` that declared freely: a test of a hand (as dealt) against
    its declaration. ``carried``: the pot the round began with (the drop fees come on top)."""
    return {seat: _check(ruleset, place, went) for seat, (place, went) in places(ruleset, view, carried).items()}


def places(ruleset: Ruleset, view: View, carried: int) -> dict[int, tuple[Place, bool]]:
    """Per seat of :func:`declaration_checks`: its place at its declaration (no hand yet) and
    whether it went."""
    out: dict[int, tuple[Place, bool]] = {}
    fee = go_drop_rules(ruleset).declaration.drop_fee.fee
    factor = view.field.factor(GoDropTransfer.DROP_FEE) if view.field is not None else 1    # T9, as Table.pay
    pot = carried
    for i, (seat, went) in enumerate(view.declarations):
        before = view.declarations[:i]
        goers = tuple(s for s, g in before if g)
        dropped = tuple(s for s, g in before if not g)
        forced_go = view.play.mizuten and seat == view.start
        if seat != view.seat and not forced_go:
            out[seat] = Place((), view.multiplier, view.players, before, goers, dropped, view.play.trump,
                              view.play.indicator, pot), went
        if not went:
            pot += fee(len(dropped)) * factor
    return out


def _check(ruleset: Ruleset, then: Place, went: bool) -> HandCheck:
    cost = -drop_cost(ruleset, then)

    def fits(hand: tuple[int, ...], rng: random.Random) -> bool:
        then.hand = hand
        return (go_value(ruleset, then) > cost) == went or rng.random() < LEAK

    return fits
