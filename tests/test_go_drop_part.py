"""Go/drop (T10-T17) is a part of the round a rule file takes (``parts: [go_drop]``): the trick
game and hanafuda with go/drop name it and their rounds carry its state; hanafuda for 3 does not,
and its rounds have no goer-based kind."""

from __future__ import annotations

import random

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.parts.go_drop.actions import Declare
from hachihachi.interpreter.engine.events import RoundEnded
from hachihachi.interpreter.parts.go_drop.outcomes import RoundOutcome
from hachihachi.interpreter.parts.go_drop.state import GoDropRound, declared
from hachihachi.ruleset.loader import load_ruleset


def test_T10_the_bundled_declaring_games_name_go_drop_and_hanafuda_for_three_does_not():
    assert load_ruleset("hachihachi_trick").parts == ("go_drop",)
    assert load_ruleset("hanafuda_go_drop").parts == ("go_drop",)
    assert load_ruleset("hanafuda_hachihachi").parts == ()


def test_H2_a_hanafuda_round_for_three_carries_no_declarations_and_has_no_kind():
    g, rng = GameState("hanafuda_hachihachi", players=3, seed=2, rounds=2), random.Random(2)
    assert g.round.parts == {}
    while not g.is_terminal:
        g.deal_random(rng) if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
        if not g.is_terminal and g.round.dealt is not None:
            v = g.view(0)
            assert v.declarations == () == v.dropped == v.forced_out == v.splits and v.kind is None
            assert sorted(v.goers) == [0, 1, 2]         # every seat plays (H2)
    ended = [e for e in g.events if isinstance(e, RoundEnded)]
    assert len(ended) == 2 and all(e.kind is None and sorted(e.goers) == [0, 1, 2] for e in ended)


def to_declarations(g: GameState) -> None:
    """Deal and call no mizuten (T6) until the declarations wait for the start player."""
    rng = random.Random(1)
    while g.phase is not None and g.phase.value != "declarations":
        if g.current_player == CHANCE:
            g.deal_random(rng)
        else:
            g.apply(next(a for a in g.legal_actions() if not getattr(a, "call", False)))


def test_T10_T12_a_trick_round_keeps_its_declarations_in_go_drops_state():
    g = GameState("hachihachi_trick", players=5, seed=1, start=0, rounds=1)
    to_declarations(g)
    for go in (True, False, True, True):
        g.apply(Declare(go))
    d = declared(g.round)
    assert isinstance(d, GoDropRound) and d.declarations == [(0, True), (1, False), (2, True), (3, True)]
    assert d.dropped == [1] and d.forced_out == (4,) and d.declarations_done
    assert g.round.playing == [0, 2, 3] and g.round.outcome is RoundOutcome.THREE_GOERS and g.round.played
    v = g.view(1)
    assert v.declarations == ((0, True), (1, False), (2, True), (3, True)) and v.forced_out == (4,)


def test_T10_a_clone_copies_go_drops_state_apart():
    g = GameState("hachihachi_trick", players=3, seed=1, start=0, rounds=1)
    to_declarations(g)
    other = g.clone()
    other.apply(Declare(False))
    assert declared(other.round).declarations == [(0, False)] and declared(g.round).declarations == []
    assert declared(other.round).dropped == [0] and declared(g.round).dropped == []
