"""Game records (interfaces.md): read, write and replay them, checking every action.

A record names the ruleset, the players in seat order and, per round, the start player and the
deal, then the actions in order. Reading uses the bounded safe reader of :mod:`.recordfile`
(JSON is YAML), which also checks every field's type; every problem is one :class:`RecordError`
placed ``round R, action I`` (the deal is action 0). The shape of a round depends on the
ruleset's play kind, whose record codec (``Kind.record``; else the generic one of its actions,
:mod:`.actions_codec`) reads and writes its rounds; the two bundled ones:

``tricks`` (Hachi-Hachi Trick; see ``interpreter/games/tricks/record.py``)::

    - start: 0
      mizuten: false
      hands: [[As, Ks, Qs, Js, Ts, 9s, 8s], ...]   # one list per seat, as dealt
      indicator: 2h                                 # the turned card
      actions: [{seat: 0, declare: go}, {seat: 1, split: false}, {seat: 0, play: As}, ...]

``matching`` (hanafuda Hachi-Hachi; see ``interpreter/games/matching/record.py``)::

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
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence

import yaml

from ...ruleset.bundled import bundled_name_of, is_name
from ...ruleset.errors import HachiError, RecordError, shown
from ...ruleset.model import Ruleset
from ...ruleset.effects.actions.pots import pots_after_rounds
from ..engine.events import DealerDrawn, RoundEnded
from ..engine.gamestate import GameState
from ..engine.registry import plugin_for
from .actions_codec import codec_of
from .recordfile import read_record
from .replaying import RecordProblem, fail

@dataclass(frozen=True)
class Replay:
    """A replayed record: the game as far as the record goes, and the players' names."""

    game: GameState
    names: tuple[str, ...]



def load_record_ruleset(ref: str, path: str | Path, place: str | None = None) -> Ruleset:
    """The ruleset a record names: a bundled name, or a rule file by a path kept to the record's folder."""
    from ...ruleset.loader import load_named_ruleset

    place = place or f"{path}:1:1"
    try:
        return load_named_ruleset(ref, Path(path), place)
    except HachiError as e:
        inner = f" (at {e.place})" if e.place and e.place != place else ""
        raise RecordError(f"unknown or bad ruleset {shown(ref)}: {e.message.rstrip('.')}{inner}.", place) from None


def replay(path: str | Path, rules: str | Path | None = None) -> Replay:
    """Replay a record file; raise :class:`RecordError` at the first problem.

    ``rules`` (a bundled name or a path the user gave) replaces the ruleset the record names.
    """
    data, places = read_record(path)
    if rules is not None:
        from ...ruleset.loader import load_ruleset

        ruleset = load_ruleset(rules)
    else:
        ruleset = load_record_ruleset(data["ruleset"], path, places.of(("ruleset",)))
    try:
        return replay_data(data, ruleset)
    except RecordProblem as f:
        raise RecordError(f"{f.where}: {f.reason}", str(path)) from None


def replay_data(data: dict[str, Any], ruleset: Ruleset) -> Replay:
    names = tuple(str(n) for n in data["players"])
    rounds = data["rounds"]
    if not rounds:
        fail("rounds", "the record has no round")
    first = rounds[0] if isinstance(rounds[0], dict) else {}
    length = data.get("length", ruleset.rounds.standard)
    draw = None
    if "draw" in data:                  # first_dealer: draw (T5, H2): the cards each seat drew
        if not isinstance(data["draw"], (list, str)):
            fail("draw", "the draw for the first dealer is a list of cards, one per seat")
        try:
            draw = ruleset.deck.parse_list(data["draw"], unique=ruleset.first_dealer != "draw_again")
        except HachiError as e:
            fail("draw", e.message)
    try:
        game = GameState(ruleset, len(names), start=first.get("start"), rounds=length, draw=draw)
    except HachiError as e:
        raise RecordProblem("draw" if draw is not None else "players", e.message) from None
    codec = codec_of(plugin_for(ruleset))
    for r, rnd in enumerate(rounds, 1):
        codec.replay_round(game, r, rnd, r == len(rounds))
    return Replay(game, names)


# -- writing ---------------------------------------------------------------------------------

def record_data(game: GameState, names: Optional[Sequence[str]] = None,
                ruleset: Optional[str] = None) -> dict[str, Any]:
    """The record of a game (played so far) as plain data, ready for YAML or JSON."""
    names = list(names or [f"p{s}" for s in range(game.players)])
    return _top(game, names, ruleset, codec_of(plugin_for(game.ruleset)).rounds_data(game))


def record_ref(ref: str, folder: str | Path) -> str:
    """How a record written into ``folder`` names the ruleset ``ref`` (a bundled name or a rule
    file's path), so that ``hachi replay`` can read it back: a bundled name as it is, a bundled
    file (or an unchanged copy of one, as ``rules/variants/X.yaml`` of a clone) by its bundled
    name, any other file by its path relative to ``folder`` (a file outside that folder is given
    again with ``replay --rules``, since a record may only name files under its own folder)."""
    if is_name(ref):
        return ref
    name = bundled_name_of(ref)
    if name is not None:
        return name
    return Path(os.path.relpath(Path(ref).resolve(), Path(folder).resolve())).as_posix()


def _top(game: GameState, names: list[str], ruleset: Optional[str], rounds: list[dict[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {"ruleset": ruleset or game.ruleset.name, "players": names, "rounds": rounds}
    if game.rounds != game.ruleset.rounds.standard:
        data["length"] = game.rounds
    drawn = next((e for e in game.events[:2] if isinstance(e, DealerDrawn)), None)
    if drawn is not None:               # first_dealer: draw (T5, H2)
        data["draw"] = [game.ruleset.deck.name(c) for c in drawn.cards]
    return data


def dump_record(data: dict[str, Any], path: str | Path) -> str:
    """A record as text: JSON for ``.json`` paths, YAML otherwise."""
    if str(path).endswith(".json"):
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)      # libyaml's writes the same text, faster
    return yaml.dump(data, Dumper=dumper, allow_unicode=True, sort_keys=False, default_flow_style=None)


def write_record(path: str | Path, data: dict[str, Any]) -> None:
    """Write a record as JSON (``.json``) or YAML (anything else), atomically."""
    from .atomicfile import write_atomic

    write_atomic(path, dump_record(data, path))


# -- summaries -------------------------------------------------------------------------------

def summary(rep: Replay) -> dict[str, Any]:
    """The object ``hachi replay --json`` prints (interfaces.md)."""
    g, names = rep.game, rep.names
    rounds = []
    for e in g.events:
        if isinstance(e, RoundEnded):
            rounds.append({
                **({"kind": e.kind.value} if e.kind is not None else {}),     # go/drop's kind of round
                "multiplier": e.multiplier, "goers": list(e.goers),
                "tricks": {str(s): n for s, n in e.tricks.items()}, "pot_to": e.pot_to,
                "delta": dict(zip(names, e.delta)), "pot_after": e.pot_after, "next_start": e.next_start,
            })
    for rnd, pots in zip(rounds, pots_after_rounds((name for name, _ in g.pots), g.events, RoundEnded)):
        rnd["pots_after"] = pots                    # the named pots (pots:), only in a game that has them
    extras = codec_of(plugin_for(g.ruleset)).round_extras(g.events, names)
    ended = [e.round for e in g.events if isinstance(e, RoundEnded)]
    for rnd, index in zip(rounds, ended):
        rnd.update(extras.get(index, {}))
    return {"players": list(names), "final": dict(zip(names, g.chips)), "pot": g.pot,
            **({"pots": dict(g.pots)} if g.pots else {}), "rounds": rounds,
            "complete": g.is_terminal, "winners": list(g.winners) if g.is_terminal else []}
