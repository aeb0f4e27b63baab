"""Records of trick-play rounds (Hachi-Hachi Trick): reading, writing and the replay summary.

A trick round of a record holds the start player, whether mizuten was declared, the dealt hands
and the turned indicator, then the actions in order::

    - start: 0
      mizuten: false
      hands: [[As, Ks, Qs, Js, Ts, 9s, 8s], ...]   # one list per seat, as dealt
      indicator: 2h                                 # the turned card
      actions: [{seat: 0, declare: go}, {seat: 1, split: false}, {seat: 0, play: As}, ...]
"""

from __future__ import annotations

from typing import Any

from ....ruleset.errors import CardError
from .rules import TrickPhase
from ....ruleset.cards import Deck
from ...engine.actions import Action, ActionBase, Declare, Play, Split
from .actions import CallMizuten, Deal
from ...engine.events import Applied, RoundStarted
from ...records.choose import choose_item, parse_choose
from ...records.replaying import RecordProblem, answers_before_deal, apply_at, check_round_opening, check_turn

ROUND_KEYS = ("start", "mizuten", "hands", "indicator", "actions")


def replay_round(game: Any, r: int, rnd: Any, last: bool) -> None:
    """Replay round ``r`` (1-based) of a record onto ``game``."""
    where = f"round {r}"
    check_round_opening(game, where, rnd, "start, mizuten, hands, indicator and actions")
    deck = game.ruleset.deck
    actions = rnd.get("actions") or []
    if not isinstance(actions, list):
        raise RecordProblem(where, "actions must be a list")
    asked = answers_before_deal(game, where, actions, parse_action)     # a question before the deal
    if game.phase is TrickPhase.MIZUTEN_CALL:
        apply_at(game, f"{where}, action 0 (mizuten)", CallMizuten(bool(rnd.get("mizuten", False))))
    elif rnd.get("mizuten"):
        raise RecordProblem(where, "mizuten is declared, but this ruleset has no mizuten call")
    try:
        hands = tuple(deck.parse_list(h) for h in rnd.get("hands") or ())
        indicator = deck.parse(rnd.get("indicator"))
    except CardError as e:
        raise RecordProblem(f"{where}, action 0 (the deal)", e.message) from None
    apply_at(game, f"{where}, action 0 (the deal)", Deal(hands, indicator))
    for i, item in enumerate(actions[asked:], asked + 1):
        if game.round_index != r - 1 or game.is_terminal:
            raise RecordProblem(f"{where}, action {i}",
                                f"the round is over after action {i - 1}; this action is one too many")
        seat, action = parse_action(game, item, f"{where}, action {i}")
        check_turn(game, seat, action, f"{where}, action {i}")
        apply_at(game, f"{where}, action {i}", action)
    if not last and game.round_index == r - 1 and not game.is_terminal:
        raise RecordProblem(where, f"the round is not finished ({game.describe_state()}) but another round follows")


def parse_action(game: Any, item: Any, where: str) -> tuple[int, Action]:
    if not isinstance(item, dict) or not isinstance(item.get("seat"), int):
        raise RecordProblem(where, f"an action is a mapping with a seat and one of declare, split, play; "
                                   f"got {item!r}"[:300])
    answer = parse_choose(item, where)          # an answer to a house rule's question
    if answer is not None:
        return answer
    keys = [k for k in ("declare", "split", "play") if k in item]
    unknown = sorted(str(k) for k in item if k not in ("seat", "declare", "split", "play"))
    if unknown:
        raise RecordProblem(where, f"an action has a seat and one of declare, split, play; "
                                   f"'{unknown[0]}' is not known"[:300])
    if len(keys) != 1:
        raise RecordProblem(where, "an action needs exactly one of declare, split, play")
    value = item[keys[0]]
    if keys[0] == "declare":
        if value not in ("go", "drop"):
            raise RecordProblem(where, f"declare is 'go' or 'drop', not {value!r}")
        return item["seat"], Declare(value == "go")
    if keys[0] == "split":
        if not isinstance(value, bool):
            raise RecordProblem(where, f"split is true or false, not {value!r}")
        return item["seat"], Split(value)
    try:
        return item["seat"], Play(game.ruleset.deck.parse(value))
    except CardError as e:
        raise RecordProblem(where, e.message) from None


# -- writing ---------------------------------------------------------------------------------

def rounds_data(game: Any) -> list[dict[str, Any]]:
    """The rounds of a trick-play game as record data."""
    deck = game.ruleset.deck
    rounds: list[dict[str, Any]] = []
    for e in game.events:
        if isinstance(e, RoundStarted):
            rounds.append({"start": e.start, "mizuten": False, "actions": []})
        elif isinstance(e, Applied) and isinstance(e.action, CallMizuten):
            rounds[-1]["mizuten"] = e.action.call
        elif isinstance(e, Applied) and isinstance(e.action, Deal):
            rounds[-1]["hands"] = [[deck.name(c) for c in h] for h in e.action.hands]
            rounds[-1]["indicator"] = deck.name(e.action.indicator)
        elif isinstance(e, Applied):
            rounds[-1]["actions"].append({"seat": int(e.seat), **_item(e.action, deck)})
    return [{k: r[k] for k in ROUND_KEYS} for r in rounds if "hands" in r]



def _item(a: ActionBase, deck: Deck) -> dict[str, Any]:
    answer = choose_item(a)
    if answer is not None:
        return answer
    if isinstance(a, Declare):
        return {"declare": "go" if a.go else "drop"}
    if isinstance(a, Split):
        return {"split": a.want}
    assert isinstance(a, Play)              # the rest of the seats' actions in trick play
    return {"play": deck.name(a.card)}


# -- summaries -------------------------------------------------------------------------------

def round_extras(events: Any, names: Any) -> dict[int, dict[str, Any]]:
    """Nothing beyond the common fields of ``hachi replay --json``: trick rounds say it all there."""
    return {}
