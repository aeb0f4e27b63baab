"""Replay one recorded game under a ruleset, so a house rule's effect shows in its transfers.

The record (``records/``) fixes the deals and each seat's decisions. Under a variant some
decisions may no longer be asked (two goers who always split) or legal (a different trick);
each seat then takes its next recorded decision of the same kind that is legal, else the first
legal action, so the replay is deterministic and follows the record wherever the rules allow.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict, deque
from pathlib import Path

from hachihachi.interpreter import CHANCE, CallMizuten, Deal, Declare, GameState, Play, Split
from hachihachi.interpreter.engine.events import RoundEnded, Transfer
from hachihachi.interpreter.games.matching.phases import HanaDeal
from hachihachi.interpreter.games.matching.play import Capture
from hachihachi.ruleset.loader import load_ruleset

HERE = Path(__file__).parent
TRICK_RECORD = HERE / "records" / "hachihachi_trick_seed8.json"
HANAFUDA_RECORD = HERE / "records" / "hanafuda_hachihachi_seed27.json"


def rules(name: str):
    """A bundled ruleset by name, or a variant of ``variants/`` by file stem."""
    path = HERE / "variants" / f"{name}.yaml"
    return load_ruleset(path if path.exists() else name)


def _decisions(rnd: dict, deck) -> dict:
    queues: dict = defaultdict(deque)
    for item in rnd.get("actions") or ():
        seat = item["seat"]
        if "declare" in item:
            action = Declare(item["declare"] == "go")
        elif "split" in item:
            action = Split(item["split"])
        elif "turned" in item:
            action = Capture(deck.parse(item["turned"]), deck.parse(item["take"]))
        elif "take" in item:
            action = Capture(deck.parse(item["play"]), deck.parse(item["take"]))
        else:
            action = Play(deck.parse(item["play"]))
        kind = Play if isinstance(action, Capture) else type(action)
        queues[(seat, kind)].append(action)
    return queues


def _deal(rnd: dict, deck):
    hands = tuple(tuple(sorted(deck.parse_list(h))) for h in rnd["hands"])
    if "field" in rnd:
        return HanaDeal(hands, tuple(sorted(deck.parse_list(rnd["field"]))), deck.parse_list(rnd["stock"]))
    return Deal(hands, deck.parse(rnd["indicator"]))


def _choose(queue: deque, legal) -> object:
    for i, action in enumerate(queue):
        if action in legal:
            del queue[i]
            return action
    return legal[0]


def replay(ruleset, record: Path = TRICK_RECORD) -> GameState:
    """The recorded game replayed under ``ruleset`` (a Ruleset or a name for :func:`rules`)."""
    ruleset = rules(ruleset) if isinstance(ruleset, str) else ruleset
    data = json.loads(Path(record).read_text(encoding="utf-8"))
    rounds, deck = data["rounds"], ruleset.deck
    game = GameState(ruleset, len(data["players"]), start=rounds[0]["start"], rounds=len(rounds))
    for rnd in rounds:
        if game.is_terminal:
            break
        index, queues = game.round_index, _decisions(rnd, deck)
        while not game.is_terminal and game.round_index == index:
            seat = game.current_player
            if seat == CHANCE:
                game.apply(_deal(rnd, deck))
                continue
            legal = tuple(game.legal_actions())
            if isinstance(legal[0], CallMizuten):
                call = CallMizuten(bool(rnd.get("mizuten")) and seat == rnd["start"])
                game.apply(call if call in legal else legal[0])
                continue
            kind = Play if isinstance(legal[0], Capture) else type(legal[0])
            game.apply(_choose(queues[(seat, kind)], legal))
    return game


def flows(game: GameState, round_index: int, kind=None) -> list[tuple]:
    """(source, target, base, amount) of a round's transfers, of ``kind`` if given."""
    return [(t.source, t.target, t.base, t.amount) for t in game.events
            if isinstance(t, Transfer) and t.round == round_index and (kind is None or t.kind is kind)]


def ended(game: GameState, round_index: int) -> RoundEnded:
    return next(e for e in game.events if isinstance(e, RoundEnded) and e.round == round_index)


def events(game: GameState, round_index: int, cls) -> list:
    return [e for e in game.events if isinstance(e, cls) and getattr(e, "round", None) == round_index]


def played(ruleset, seed: int, players: int = 3, rounds=None, watch=None) -> GameState:
    """A game of random choices from ``seed``: the same deals and decisions under every ruleset
    whose legal actions are the same."""
    g, rng = GameState(ruleset, players, seed=seed, rounds=rounds), random.Random(seed)
    while not g.is_terminal:
        if g.current_player == CHANCE:
            g.deal_random()
            continue
        action = rng.choice(g.legal_actions())
        if watch is not None:
            watch(g, action)
        g.apply(action)
    return g
