"""Game records (interfaces.md): read, write and replay them, checking every action.

A record names the ruleset, the players in seat order and, per round, the start player and the
deal, then the actions in order. Reading uses the bounded safe reader of :mod:`.recordfile`
(JSON is YAML), which also checks every field's type; every problem is one :class:`RecordError`
placed ``round R, action I`` (the deal is action 0). The shape of a round depends on the
ruleset's ``play``:

``tricks`` (Hachi-Hachi Trick)::

    - start: 0
      mizuten: false
      hands: [[As, Ks, Qs, Js, Ts, 9s, 8s], ...]   # one list per seat, as dealt
      indicator: 2h                                 # the turned card
      actions: [{seat: 0, declare: go}, {seat: 1, split: false}, {seat: 0, play: As}, ...]

``matching`` (hanafuda Hachi-Hachi; see :mod:`.record_matching`)::

    - start: 0
      hands: [[4c2, 5a, 6r, 6c1, 10r, 10c1, 12b], ...]
      field: [1b, 6a, 7a, 7c2, 8b, 11r]             # the six field cards
      stock: [12c2, 3b, 10a, ...]                   # top first: turned cards are chance
      actions:
        - {seat: 0, play: 5a}
        - {seat: 1, play: 3c1, take: 3b}            # two field cards match: the one taken
        - {seat: 0, turned: 7c1, take: 7c2}         # the turned card matches two
        - {seat: 3, declare: go}                    # go/drop variants only

Top level, for both: ``ruleset`` (a bundled name or a path), ``players`` (names in seat order),
``rounds``, and ``length`` when the game is not of the ruleset's standard length.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence

import yaml

from ..ruleset.errors import CardError, HachiError, IllegalAction, RecordError
from ..ruleset.model import Phase, PlayKind, Ruleset
from .actions import CallMizuten, Deal, Declare, Play, Split
from .events import Applied, RoundEnded, RoundStarted
from .game import Game
from .recordfile import read_record_data

@dataclass(frozen=True)
class Replay:
    """A replayed record: the game as far as the record goes, and the players' names."""

    game: Game
    names: tuple[str, ...]


class _Fail(Exception):
    def __init__(self, where: str, reason: str):
        self.where, self.reason = where, reason


def load_record_ruleset(ref: str, path: str | Path) -> Ruleset:
    from ..ruleset.loader import load_ruleset

    base = Path(path).parent
    candidate = base / ref if ("/" in ref or ref.endswith((".yaml", ".yml"))) else ref
    try:
        return load_ruleset(candidate if Path(str(candidate)).exists() else ref)
    except HachiError as e:
        raise RecordError(f"unknown or bad ruleset '{ref}': {e}", str(path)) from None


def replay(path: str | Path) -> Replay:
    """Replay a record file; raise :class:`RecordError` at the first problem."""
    data = read_record_data(path)
    ruleset = load_record_ruleset(data["ruleset"], path)
    try:
        return replay_data(data, ruleset)
    except _Fail as f:
        raise RecordError(f"{f.where}: {f.reason}", str(path)) from None


def replay_data(data: dict, ruleset: Ruleset) -> Replay:
    names = tuple(str(n) for n in data["players"])
    rounds = data["rounds"]
    if not rounds:
        raise _Fail("rounds", "the record has no round")
    first = rounds[0] if isinstance(rounds[0], dict) else {}
    length = data.get("length", ruleset.rounds.standard)
    try:
        game = Game(ruleset, len(names), start=first.get("start"), rounds=length)
    except HachiError as e:
        raise _Fail("players", e.message) from None
    for r, rnd in enumerate(rounds, 1):
        if ruleset.play is PlayKind.MATCHING:
            from .record_matching import replay_round

            replay_round(game, r, rnd, r == len(rounds), _fail, _apply, _check_turn)
        else:
            _replay_round(game, r, rnd, last=(r == len(rounds)))
    return Replay(game, names)


def _fail(where: str, reason: str) -> None:
    raise _Fail(where, reason)


def _replay_round(game: Game, r: int, rnd: Any, last: bool) -> None:
    where = f"round {r}"
    if not isinstance(rnd, dict):
        raise _Fail(where, "a round is a mapping with start, mizuten, hands, indicator and actions")
    if game.is_terminal:
        raise _Fail(where, f"the game is already over after {game.rounds} rounds")
    if rnd.get("start") != game.round.start:
        raise _Fail(where, f"the start player is {rnd.get('start')!r}, but the rules make it seat {game.round.start}")
    deck = game.ruleset.deck
    if game.phase is Phase.MIZUTEN_CALL:
        _apply(game, f"{where}, action 0 (mizuten)", CallMizuten(bool(rnd.get("mizuten", False))))
    elif rnd.get("mizuten"):
        raise _Fail(where, "mizuten is declared, but this ruleset has no mizuten call")
    try:
        hands = tuple(deck.parse_list(h) for h in rnd.get("hands") or ())
        indicator = deck.parse(rnd.get("indicator"))
    except CardError as e:
        raise _Fail(f"{where}, action 0 (the deal)", e.message) from None
    _apply(game, f"{where}, action 0 (the deal)", Deal(hands, indicator))
    actions = rnd.get("actions") or []
    if not isinstance(actions, list):
        raise _Fail(where, "actions must be a list")
    for i, item in enumerate(actions, 1):
        if game.round_index != r - 1 or game.is_terminal:
            raise _Fail(f"{where}, action {i}", f"the round is over after action {i - 1}; this action is one too many")
        seat, action = _parse_action(game, item, f"{where}, action {i}")
        _check_turn(game, seat, action, f"{where}, action {i}")
        _apply(game, f"{where}, action {i}", action)
    if not last and game.round_index == r - 1 and not game.is_terminal:
        raise _Fail(where, f"the round is not finished ({game.describe_state()}) but another round follows")


def _parse_action(game: Game, item: Any, where: str):
    if not isinstance(item, dict) or not isinstance(item.get("seat"), int):
        raise _Fail(where, f"an action is a mapping with a seat and one of declare, split, play; got {item!r}"[:300])
    keys = [k for k in ("declare", "split", "play") if k in item]
    unknown = sorted(str(k) for k in item if k not in ("seat", "declare", "split", "play"))
    if unknown:
        raise _Fail(where, f"an action has a seat and one of declare, split, play; '{unknown[0]}' is not known"[:300])
    if len(keys) != 1:
        raise _Fail(where, "an action needs exactly one of declare, split, play")
    value = item[keys[0]]
    if keys[0] == "declare":
        if value not in ("go", "drop"):
            raise _Fail(where, f"declare is 'go' or 'drop', not {value!r}")
        return item["seat"], Declare(value == "go")
    if keys[0] == "split":
        if not isinstance(value, bool):
            raise _Fail(where, f"split is true or false, not {value!r}")
        return item["seat"], Split(value)
    try:
        return item["seat"], Play(game.ruleset.deck.parse(value))
    except CardError as e:
        raise _Fail(where, e.message) from None


def _check_turn(game: Game, seat: int, action, where: str) -> None:
    if seat == game.current_player:
        return
    if isinstance(action, Declare) and game.round.declarations_done:
        return                                  # the game names the reason (a fourth goer)
    phase = game.phase.value if game.phase else "none"
    raise _Fail(where, f"out of turn: seat {seat} acts, but seat {game.current_player} is to act "
                       f"(phase {phase})")


def _apply(game: Game, where: str, action) -> None:
    try:
        game.apply(action)
    except IllegalAction as e:
        raise _Fail(where, e.message) from None


# -- writing ---------------------------------------------------------------------------------

def record_data(game: Game, names: Optional[Sequence[str]] = None, ruleset: Optional[str] = None) -> dict:
    """The record of a game (played so far) as plain data, ready for YAML or JSON."""
    deck = game.ruleset.deck
    names = list(names or [f"p{s}" for s in range(game.players)])
    if game.ruleset.play is PlayKind.MATCHING:
        from .record_matching import rounds_data

        return _top(game, names, ruleset, rounds_data(game))
    rounds: list[dict] = []
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
    keys = ("start", "mizuten", "hands", "indicator", "actions")
    rounds = [{k: r[k] for k in keys} for r in rounds if "hands" in r]
    return _top(game, names, ruleset, rounds)


def _top(game: Game, names: list, ruleset: Optional[str], rounds: list) -> dict:
    data = {"ruleset": ruleset or game.ruleset.name, "players": names, "rounds": rounds}
    if game.rounds != game.ruleset.rounds.standard:
        data["length"] = game.rounds
    return data


def _item(a, deck) -> dict:
    if isinstance(a, Declare):
        return {"declare": "go" if a.go else "drop"}
    if isinstance(a, Split):
        return {"split": a.want}
    return {"play": deck.name(a.card)}


def dump_record(data: dict, path: str | Path) -> str:
    """A record as text: JSON for ``.json`` paths, YAML otherwise."""
    if str(path).endswith(".json"):
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None)


def write_record(path: str | Path, data: dict) -> None:
    """Write a record as JSON (``.json``) or YAML (anything else), atomically."""
    from .atomicfile import write_atomic

    write_atomic(path, dump_record(data, path))


# -- summaries -------------------------------------------------------------------------------

def summary(rep: Replay) -> dict:
    """The object ``hachi replay --json`` prints (interfaces.md)."""
    g, names = rep.game, rep.names
    rounds = []
    for e in g.events:
        if isinstance(e, RoundEnded):
            rounds.append({
                "kind": e.kind.value, "multiplier": e.multiplier, "goers": list(e.goers),
                "tricks": {str(s): n for s, n in e.tricks.items()}, "pot_to": e.pot_to,
                "delta": dict(zip(names, e.delta)), "pot_after": e.pot_after, "next_start": e.next_start,
            })
    if g.ruleset.play is PlayKind.MATCHING:
        from .record_matching import round_extras

        extras = round_extras(g.events, names)
        ended = [e.round for e in g.events if isinstance(e, RoundEnded)]
        for rnd, index in zip(rounds, ended):
            rnd.update(extras.get(index, {}))
    return {"players": list(names), "final": dict(zip(names, g.chips)), "pot": g.pot, "rounds": rounds,
            "complete": g.is_terminal, "winners": [names[s] for s in g.winners] if g.is_terminal else []}
