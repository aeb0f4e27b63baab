"""Records of matching-play rounds (hanafuda): reading, writing and the replay summary.

A hanafuda round of a record holds the start player, the dealt hands, the six field cards and
the stock (top card first: the turned cards are chance, so their order is part of the record),
then the actions in order::

    - start: 0
      hands: [[4c2, 5a, 6r, 6c1, 10r, 10c1, 12b], [...], [...]]   # one list per seat
      field: [1b, 6a, 7a, 7c2, 8b, 11r]
      stock: [12c2, 3b, 10a, ...]                                  # top first
      actions:
        - {seat: 0, play: 5a}                # a card from the hand
        - {seat: 1, play: 3c1, take: 3b}     # two field cards match: the one taken
        - {seat: 0, turned: 7c1, take: 7c2}  # the turned card matches two: the one taken
        - {seat: 3, declare: go}             # go/drop variants only

The matching play kind's record codec (its ``Kind.record``, :mod:`.kind`).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from ....ruleset.cards import Deck
from ....ruleset.errors import CardError
from ...engine.actions import ActionBase, Play
from ...parts.go_drop.actions import Declare
from ...engine.events import Applied, FieldMade, RolesShown, RoundStarted
from .phases import HanaDeal, RoundScored
from .play import Capture, Captured, Stage
from ...records.choose import choose_item, parse_choose
from ...records.replaying import answers_before_deal, apply_at, check_round_opening, check_turn, fail

ROUND_KEYS = ("start", "hands", "field", "stock", "actions")


def replay_round(game: Any, r: int, rnd: Any, last: bool) -> None:
    """Replay round ``r`` (1-based) of a record onto ``game``."""
    where = f"round {r}"
    check_round_opening(game, where, rnd, "start, hands, field, stock and actions")
    deck = game.ruleset.deck
    dealing = f"{where}, action 0 (the deal)"
    for key in ("hands", "field", "stock"):
        if not isinstance(rnd.get(key), (list, str)):
            fail(dealing, f"the round needs '{key}', a list of cards")
    if not all(isinstance(h, (list, str)) for h in rnd["hands"]):
        fail(dealing, "'hands' holds one list of cards per seat")
    try:
        deal = HanaDeal(tuple(tuple(deck.parse_list(h)) for h in rnd["hands"]),     # in the order written
                        tuple(sorted(deck.parse_list(rnd["field"]))), deck.parse_list(rnd["stock"]))
    except CardError as e:
        fail(dealing, e.message)
    actions = rnd.get("actions") or []
    if not isinstance(actions, list):
        fail(where, "actions must be a list")
    asked = answers_before_deal(game, where, actions, parse_action)     # a question before the deal
    apply_at(game, dealing, deal)
    for i, item in enumerate(actions[asked:], asked + 1):
        at = f"{where}, action {i}"
        if game.round_index != r - 1 or game.is_terminal:
            fail(at, "the round is already over")
        seat, action = parse_action(game, item, at)
        check_turn(game, seat, action, at)
        apply_at(game, at, action)
    if not last and game.round_index == r - 1 and not game.is_terminal:
        fail(where, f"the round is not finished ({game.describe_state()}) but another round follows")


def parse_action(game: Any, item: Any, where: str) -> tuple[int, Any]:
    """The seat and action of one record item (``declare``, ``play`` [+ ``take``], ``turned`` + ``take``)."""
    if not isinstance(item, dict) or not isinstance(item.get("seat"), int):
        fail(where, f"an action is a mapping with a seat and one of declare, play, turned; got {item!r}"[:300])
    answer = parse_choose(item, where)          # an answer to a house rule's question
    if answer is not None:
        return answer
    keys = [k for k in ("declare", "play", "turned") if k in item]
    if len(keys) != 1:
        fail(where, "an action needs exactly one of declare, play, turned")
    key, seat = keys[0], item["seat"]
    unknown = set(item) - {"seat", key, "take"}
    if unknown or (key == "declare" and "take" in item):
        fail(where, f"unknown key(s) in the action: {', '.join(sorted(map(str, unknown or {'take'})))}")
    if key == "declare":
        if item["declare"] not in ("go", "drop"):
            fail(where, f"declare is 'go' or 'drop', not {item['declare']!r}")
        return seat, Declare(item["declare"] == "go")
    return seat, _card_action(game, item, key, seat, where)


def _card_action(game: Any, item: Mapping[str, Any], key: str, seat: int, where: str) -> Any:
    """A ``play`` (with ``take`` when its card matches two field cards) or a ``turned`` card's
    ``take``, checked against the turned card waiting for its choice (H15)."""
    deck = game.ruleset.deck
    try:
        card = deck.parse(item[key])
        take = deck.parse(item["take"]) if "take" in item else None
    except CardError as e:
        fail(where, e.message)
    state = game.round.play
    waiting = state is not None and state.stage is Stage.TURN_CHOICE
    if key == "turned":
        if not waiting:
            fail(where, "no turned card waits for a choice of capture now")
        if card != state.pending:
            fail(where, f"the turned card is {deck.name(state.pending)}, not {deck.name(card)}")
        if take is None:
            fail(where, f"the turned card {deck.name(card)} matches two field cards: name the one taken with 'take'")
    elif waiting and seat == game.current_player:
        fail(where, f"the turned card {deck.name(state.pending)} waits for its choice of capture: "
                    f"write {{seat: {seat}, turned: {deck.name(state.pending)}, take: CARD}}")
    return Play(card) if take is None else Capture(card, take)


# -- writing ---------------------------------------------------------------------------------

def rounds_data(game: Any) -> list[dict[str, Any]]:
    """The rounds of a matching-play game as record data."""
    deck = game.ruleset.deck
    events = list(game.events)
    rounds: list[dict[str, Any]] = []
    for i, e in enumerate(events):
        if isinstance(e, RoundStarted):
            rounds.append({"start": e.start, "actions": []})
        elif isinstance(e, Applied) and isinstance(e.action, HanaDeal):
            a = e.action
            rounds[-1].update(hands=[[deck.name(c) for c in h] for h in a.hands],
                              field=[deck.name(c) for c in a.field], stock=[deck.name(c) for c in a.stock])
        elif isinstance(e, Applied):
            rounds[-1]["actions"].append({"seat": int(e.seat), **_item(e.action, events, i, deck)})
    return [{k: r[k] for k in ROUND_KEYS} for r in rounds if "hands" in r]


def _item(action: ActionBase, events: list[object], i: int, deck: Deck) -> dict[str, str]:
    answer = choose_item(action)
    if answer is not None:
        return answer
    if isinstance(action, Declare):
        return {"declare": "go" if action.go else "drop"}
    if isinstance(action, Capture):
        after = events[i + 1] if i + 1 < len(events) else None
        key = "turned" if isinstance(after, Captured) and after.turned else "play"
        return {key: deck.name(action.card), "take": deck.name(action.target)}
    assert isinstance(action, Play)         # the rest of the seats' actions in matching play
    return {"play": deck.name(action.card)}


# -- summaries -------------------------------------------------------------------------------

def round_extras(events: Iterable[object], names: Sequence[str]) -> dict[int, dict[str, Any]]:
    """Per round index, the hanafuda fields of ``hachi replay --json``: field, hand roles, the
    capture roles shown in the order they were made (``capture_roles``; under ``play_on`` (下げ) a
    round may have several, each with the value paid for it) and the last of them
    (``capture_role``: the one that stopped the round unless play goes on), card points, special
    roles and 吹き消し. Seats are named by their index, as keys in decimal (docs/interfaces.md)."""
    out: dict[int, dict[str, Any]] = {}

    def of(r: int) -> dict[str, Any]:
        return out.setdefault(r, {"field": None, "hand_roles": {}, "capture_role": None,
                                  "capture_roles": [], "points": None, "specials": [], "fukikeshi": False})

    for e in events:
        if isinstance(e, FieldMade):
            of(e.round).update(field=e.field, field_bound=e.bound)
        elif isinstance(e, RolesShown) and e.captured:
            shown = {"seat": e.seat, "roles": list(e.roles), "value": e.value}
            of(e.round)["capture_role"] = shown
            of(e.round)["capture_roles"].append(shown)
        elif isinstance(e, RolesShown):
            of(e.round)["hand_roles"][str(e.seat)] = {"roles": list(e.roles), "value": e.value}
        elif isinstance(e, RoundScored):
            of(e.round).update(points={str(s): p for s, p in enumerate(e.points)}, fukikeshi=e.fukikeshi,
                               specials=[{"role": k, "seat": s, "value": v} for k, s, v in e.specials])
    return out
