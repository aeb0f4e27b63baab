"""What a table shows of a matching game beside the cards (:class:`~...engine.kindplugin.Shown`):
the field kind only when the rule file has more than one or one that multiplies (H5; Koi-Koi
has one field x1), the pot only when something can put chips in it (declarations, or an
effect naming it) or it holds some, card points only when the round scores them (H21: the
phase ``card_scoring``; Koi-Koi K1 does not), role values in kan unless a kan is one point
(``hanafuda.kan: 1``: the values are points, as Koi-Koi's)."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...engine.kindplugin import Shown
from ....ruleset.effects.model import SeatSet
from ....ruleset.expressions import Expression
from ....ruleset.model import Phase, Ruleset
from .rules import MatchingPhase


_MADE: dict[int, tuple[Ruleset, Shown]] = {}      # by the ruleset's id, made once (narration asks often)


def shown(ruleset: Ruleset) -> Shown:
    made = _MADE.get(id(ruleset))
    if made is not None and made[0] is ruleset:
        return made[1]
    if len(_MADE) > 64:
        _MADE.clear()
    out = _MADE[id(ruleset)] = ruleset, _shown(ruleset)
    return out[1]


def _shown(ruleset: Ruleset) -> Shown:
    fields = ruleset.kind_rules.fields
    return Shown(field=len(fields) > 1 or any(f.field.multiplier != 1 for f in fields),
                 pot=Phase.DECLARATIONS in ruleset.round or _names_the_pot(ruleset.effects),
                 card_points=MatchingPhase.CARD_SCORING in ruleset.round,
                 kan=ruleset.kind_rules.kan != 1)


def _names_the_pot(node: Any) -> bool:
    """Whether an effect (or anything inside it) names the pot as a seat set."""
    if isinstance(node, SeatSet):
        return node.pot
    if isinstance(node, Expression):
        return False                    # an amount or a condition: no seat set inside
    if isinstance(node, (tuple, list)):
        return any(_names_the_pot(x) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return any(_names_the_pot(getattr(node, f.name)) for f in dataclasses.fields(node))
    return False
