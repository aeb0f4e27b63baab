"""Effects: rules of the form *when* (a point of the round or game), *if* (a condition), *do*
(payments, a multiplier, counters, questions, the end of the game, and the actions a part brings:
go/drop's forced decisions), read from a rule file's ``effects:`` and ``counters:`` sections and
its ``settlement:`` (docs/effects.md).

One module a concern: the facts an effect may read (:mod:`.facts`), the frozen model of an
effect (:mod:`.model`), the actions, one module each (:mod:`.actions`: each its schema, how it
is built and checked, its words, its events and what it does when it runs; a part's in its own
package, ``RulePart.effect_actions``), building and
checking (:mod:`.build`), words (:mod:`.words`) and the settings folded in (:mod:`.fold`). The
interpreter runs them (``interpreter/engine/phases/effects.py``), giving each action the table
it acts on (:class:`.model.Run`).

>>> from hachihachi.ruleset.loader import load_ruleset
>>> rules = load_ruleset("hachihachi_trick")
>>> data = {"counters": [], "effects": [{"name": "shutout", "when": "after_play",
...          "do": [{"pay": {"from": "each seat", "to": "each goer where tricks == 7", "amount": 5}}]}]}
>>> (e,) = build_effects(data, rules)
>>> e.when, e.actions[0].receivers.group, e.actions[0].receivers.where.text
('after_play', 'goer', 'tricks == 7')
"""

from __future__ import annotations

from .actions import ACTIONS, Action, Ask, EndGame, Multiply, Pay, SetCounter, every_action
from .build import EffectErrors, build_counters, build_effects, build_pots, build_settlement, can_hold
from .facts import (GROUPS, SEAT_FACTS, SETTINGS, TABLE_FACTS, base_facts, kind_facts, multiplied_by_default, setting,
                    table_vocabulary, vocabulary)
from .fold import specialize
from .model import (AFTER_PLAY, DOC, GAME_END, ROUND_END, ROUND_START, WHENS, ActionBase, Counter,
                    Effect, SeatSet)
from .whens import points
from .words import describe

__all__ = ["WHENS", "ROUND_START", "AFTER_PLAY", "ROUND_END", "GAME_END", "ACTIONS", "every_action", "GROUPS",
           "Ask", "Counter", "EffectErrors", "SeatSet", "Pay", "Multiply", "SetCounter", "EndGame", "Effect",
           "Action", "ActionBase", "kind_facts", "specialize", "SETTINGS", "SEAT_FACTS", "TABLE_FACTS", "setting",
           "vocabulary", "describe", "base_facts", "points",
           "build_effects", "build_pots", "build_settlement", "build_counters",
           "can_hold", "multiplied_by_default", "table_vocabulary", "DOC"]
