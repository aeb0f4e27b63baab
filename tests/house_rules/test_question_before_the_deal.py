"""A house rule's question before the deal (``ask`` at ``round_start``, docs/effects.md): a
blind go (みずてん) in hanafuda with go/drop, decided before any card is dealt. The question
waits before the chance of the deal on every path: the engine, the bots, records, OpenSpiel."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.bots.base import make_bot
from hachihachi.interpreter.engine.actions import Choose, Declare
from hachihachi.interpreter.engine.events import Applied
from hachihachi.interpreter.records.gamerecord import record_data, replay_data
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.model import Phase

BLIND = Path(__file__).parent / "variants" / "fx_blind_go.yaml"
LOOK, GO_BLIND = Choose("blind", "look"), Choose("blind", "blind")


def test_T10_blind_go_is_asked_of_the_dealer_before_the_deal():
    game = GameState(load_ruleset(BLIND), players=4, seed=1, rounds=2)
    assert game.phase is Phase.EFFECTS and game.current_player == game.round.start
    assert tuple(game.legal_actions()) == (LOOK, GO_BLIND)
    assert game.round.dealt is None and game.view(game.round.start).hand == ()
    game.apply(GO_BLIND)
    assert game.current_player == CHANCE                       # the deal comes after the answer
    game.deal_random(random.Random(2))
    assert tuple(game.legal_actions()) == (Declare(True),)          # the blind dealer must go
    # the round's payments are doubled: the multiply action of the effect that followed the answer
    assert any(type(e).__name__ == "Multiplied" and e.by == 2 for e in game.events)


def test_T10_a_dealer_who_looks_declares_freely():
    game = GameState(load_ruleset(BLIND), players=4, seed=1, rounds=1)
    game.apply(LOOK)
    game.deal_random(random.Random(2))
    assert set(game.legal_actions()) == {Declare(True), Declare(False)}
    assert not any(type(e).__name__ == "Multiplied" for e in game.events)


def _played(ruleset, seed: int, bot: str = "random") -> GameState:
    rng, player = random.Random(seed), make_bot(bot, ruleset)
    game = GameState(ruleset, players=4, seed=seed, rounds=4)
    while not game.is_terminal:
        if game.current_player == CHANCE:
            game.deal_random(rng)
        else:
            game.apply(player.choose(game, game.current_player, rng))
    return game


def test_a_record_of_answers_before_the_deal_replays_them():
    ruleset = load_ruleset(BLIND)
    game = _played(ruleset, 3)
    answers = [e.action for e in game.events if isinstance(e, Applied) and isinstance(e.action, Choose)]
    assert GO_BLIND in answers and LOOK in answers
    data = record_data(game)
    assert data["rounds"][0]["actions"][0]["choose"] in ("look", "blind")      # kept first, before the deal
    again = replay_data(data, ruleset).game
    assert again.events == game.events


def test_the_heuristic_bot_answers_a_question_with_its_first_option():
    game = _played(load_ruleset(BLIND), 5, "heuristic")
    answers = {e.action for e in game.events if isinstance(e, Applied) and isinstance(e.action, Choose)}
    assert answers == {LOOK}


def test_openspiel_asks_the_blind_go_before_the_chance_of_the_deal():
    pyspiel = pytest.importorskip("pyspiel")
    from hachihachi.openspiel import MATCHING_GAME

    game = pyspiel.load_game(MATCHING_GAME, {"rules": str(BLIND), "rounds": 2, "players": 4})
    state = game.new_initial_state()
    assert not state.is_chance_node() and state.current_player() == 0
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == [repr(LOOK), repr(GO_BLIND)]
    state.apply_action(state.legal_actions()[1])
    assert state.is_chance_node()


@pytest.mark.slow
def test_openspiel_plays_games_with_a_question_before_the_deal():
    pyspiel = pytest.importorskip("pyspiel")
    from hachihachi.openspiel import MATCHING_GAME

    game = pyspiel.load_game(MATCHING_GAME, {"rules": str(BLIND), "rounds": 2, "players": 4})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
