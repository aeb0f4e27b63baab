"""Helpers for the interpreter's tests: pinned deals, scripted play, the zero-sum check (T27)."""

from __future__ import annotations

import dataclasses
import random

from hachihachi.interpreter import CHANCE, POT, Deal, Declare, GameState, Play, Split
from hachihachi.interpreter.engine.events import Transfer
from hachihachi.ruleset.cards import STANDARD_52
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.interpreter.parts.go_drop.rules import with_go_drop

RULES = load_ruleset("hachihachi_trick")
GO, DROP = Declare(True), Declare(False)
SPLIT, PLAY = Split(True), Split(False)


def c(text: str) -> int:
    return STANDARD_52.parse(text)


def variant(**changes):
    """The standard ruleset with some sections replaced (go/drop's ``declaration=...`` etc. in its
    part; the trick game's own, ``trick_settlement``, ``mizuten`` and ``trick_play``, in its
    ``kind_rules``)."""
    own = {k: changes.pop(k) for k in ("trick_settlement", "mizuten", "trick_play") if k in changes}
    go_drop = {k: changes.pop(k) for k in ("declaration", "forced_out", "two_goers", "next_start") if k in changes}
    rules = with_go_drop(RULES, **go_drop) if go_drop else RULES        # go/drop's sections, in its part
    return dataclasses.replace(rules, kind_rules=dataclasses.replace(RULES.kind_rules, **own), **changes)


def new_game(players=3, start=0, rounds=1, rules=RULES, seed=0) -> GameState:
    return GameState(rules, players, seed=seed, start=start, rounds=rounds)


def deal(game: GameState, *hands: str, indicator: str = "2c", fill: bool = True):
    """Apply a pinned deal; seats not given get unused cards (in deck order) when ``fill``."""
    given = [STANDARD_52.parse_list(h) for h in hands]
    used = {x for h in given for x in h} | {c(indicator)}
    spare = [x for x in STANDARD_52.cards if x not in used]
    while fill and len(given) < game.players:
        given.append(tuple(spare[:7]))
        spare = spare[7:]
    return game.apply(Deal(tuple(given), c(indicator)))


def run(game: GameState, *actions) -> list:
    """Apply actions (cards may be given as text), returning all the events they produced."""
    out = []
    for a in actions:
        out.extend(game.apply(Play(c(a)) if isinstance(a, str) else a))
    return out


def play_first(game: GameState) -> None:
    """Play the round out with the first legal card every time (deterministic)."""
    r = game.round_index
    while not game.is_terminal and game.round_index == r and game.current_player != CHANCE:
        game.apply(game.legal_actions()[0])


def play_random(game: GameState, rng: random.Random, own_deals: bool = False) -> GameState:
    """Play ``game`` to its end by random legal choices drawn from ``rng``; the deals are drawn
    from ``rng`` too, or with ``own_deals`` from the game's own generator. Returns the game."""
    while not game.is_terminal:
        if game.current_player != CHANCE:
            game.apply(rng.choice(game.legal_actions()))
        elif own_deals:
            game.deal_random()
        else:
            game.deal_random(rng)
    return game


def random_game(rules, players: int, seed: int, rounds: int | None = None, own_deals: bool = False) -> GameState:
    """A new game of ``rules`` played to its end by random legal play seeded with ``seed``."""
    return play_random(GameState(rules, players, seed=seed, rounds=rounds), random.Random(seed), own_deals)


def play_bots(game: GameState, bots, rng: random.Random) -> GameState:
    """Play ``game`` to its end, seat ``s`` choosing with ``bots[s % len(bots)]`` (every choice
    checked legal), the deals drawn from ``rng``. Returns the game."""
    while not game.is_terminal:
        who = game.current_player
        if who == CHANCE:
            game.deal_random(rng)
            continue
        action = bots[who % len(bots)].choose(game, who, rng)
        assert action in game.legal_actions()
        game.apply(action)
    return game


def transfers(events, kind=None) -> list[Transfer]:
    return [e for e in events if isinstance(e, Transfer) and (kind is None or e.kind == kind)]


def flows(events, kind=None) -> list[tuple]:
    """(source, target, amount) of the transfers, ``"pot"`` for the pot."""
    name = lambda s: "pot" if s == POT else s  # noqa: E731
    return [(name(t.source), name(t.target), t.amount) for t in transfers(events, kind)]


def assert_zero_sum(game: GameState) -> None:
    """T27: replay every transfer of the log; chips plus pot stay constant after each one."""
    start = game.ruleset.chips.start
    chips = [start] * game.players
    pot = 0
    total = start * game.players
    for t in transfers(game.events):
        assert t.amount > 0
        for side, sign in ((t.source, -1), (t.target, 1)):
            if side == POT:
                pot += sign * t.amount
            else:
                chips[side] += sign * t.amount
        assert sum(chips) + pot == total, t
        assert pot >= 0, t
    assert tuple(chips) == game.chips and pot == game.pot
