"""Go/drop (T10-T17) is a part of the round a rule file takes (``parts: [go_drop]``): the trick
game and hanafuda with go/drop name it and their rounds carry its state; hanafuda for 3 does not,
and its rounds have no goer-based kind."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.parts.go_drop.actions import Declare
from hachihachi.interpreter.engine.events import RoundEnded
from hachihachi.interpreter.parts.go_drop.outcomes import RoundOutcome
from hachihachi.interpreter.parts.go_drop.force import DecisionForced, Force
from hachihachi.interpreter.parts.go_drop.names import NAME, GoDropPhase
from hachihachi.interpreter.parts.go_drop.state import GoDropGame, GoDropRound, declared
from hachihachi.ruleset.effects import SeatSet
from hachihachi.ruleset.errors import RuleFileError
from hachihachi.ruleset.loader import check_file, load_ruleset


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


HOUSE = Path(__file__).resolve().parent / "house_rules" / "variants"


def test_T10_a_forced_decision_is_kept_in_go_drops_state_of_the_game_and_a_clone_copies_it_apart():
    """The effect action ``force`` is go/drop's: what it forces is the part's own state of the
    game (``Table.parts["go_drop"]``, beside its state of the round), not a field of the core's table."""
    g = GameState(load_ruleset(str(HOUSE / "fx_start_player_goes.yaml")), players=4, seed=5, start=2, rounds=2)
    to_declarations(g)
    state = g._t.parts[NAME]
    assert isinstance(state, GoDropGame) and state.forced == {0: {2: True}} and not hasattr(g._t, "forced")
    assert [(e.round, e.seat, e.go, e.applies) for e in g.events if isinstance(e, DecisionForced)] == [(0, 2, True, 0)]
    assert tuple(g.legal_actions()) == (Declare(True),)        # the start player must go this round
    other = g.clone()
    assert other._t.parts[NAME] is not state and other._t.parts[NAME].forced == state.forced
    other._t.parts[NAME].forced[0][2] = False                    # the clone's own: the game's is untouched
    assert state.forced == {0: {2: True}} and tuple(g.legal_actions()) == (Declare(True),)
    assert GameState("hanafuda_hachihachi", players=3, seed=2)._t.parts == {}   # no go/drop: no state of it


def test_T10_a_file_without_go_drop_is_refused_force_in_one_line_at_its_place(tmp_path):
    path = tmp_path / "three.yaml"
    path.write_text("extends: hanafuda_hachihachi\nname: three\neffects:\n  - name: dealer goes\n"
                    "    when: round_start\n    do:\n      - force: {seats: dealer, decision: go, round: this}\n",
                    encoding="utf-8")
    (problem,) = check_file(path)
    assert str(problem).startswith(f"{path}:7:")
    assert str(problem).endswith("error: the action 'force' comes with go/drop declarations (T10-T17), which the "
                                 "file does not take: add parts: [go_drop], or take the action out.")
    with pytest.raises(RuleFileError, match=r"three\.yaml:7:\d+: the action 'force' comes with go/drop"):
        load_ruleset(path)


def test_T10_a_game_that_takes_go_drop_without_declarations_is_refused_force(tmp_path):
    """A file may take go/drop for another of its phases; force reads the part's own phase
    (``GoDropPhase.DECLARATIONS``) to tell that nobody declares there."""
    rules = load_ruleset("hachihachi_trick")
    no_declarations = tuple(p for p in rules.round if p is not GoDropPhase.DECLARATIONS)
    assert len(no_declarations) == len(rules.round) - 1
    found = Force(SeatSet("start player", start=True), True).check("round_end", replace(rules, round=no_declarations))
    assert found == ("nobody declares in this game (its round has no 'declarations' phase), so no decision can be "
                     "forced.", ())
    assert Force(SeatSet("start player", start=True), True).check("round_end", rules) is None
