"""Koi-Koi through the OpenSpiel bridge: a seeded engine game, its deals and its koi / stop
answers given to the bridge one id at a time, ends with the same returns (K15-K18)."""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from hachihachi.interpreter import CHANCE, GameState  # noqa: E402
from hachihachi.interpreter.engine.events import Applied  # noqa: E402
from hachihachi.interpreter.games.matching.play import PLAY_ON, STOP  # noqa: E402
from hachihachi.openspiel import MATCHING_GAME  # noqa: E402
from hachihachi.ruleset.loader import load_ruleset  # noqa: E402

RULES = load_ruleset("koikoi")
ROUNDS = 4


def _engine_game(seed):
    """A seeded engine game from seat 0 (the bridge's start): the first rise of a round calls
    koi, a later one stops; the other choices at random."""
    rng = random.Random(seed)
    g = GameState(RULES, players=2, seed=seed, rounds=ROUNDS, start=0)
    koi_in = set()
    while not g.is_terminal:
        if g.current_player == CHANCE:
            g.deal_random(rng)
            continue
        legal = list(g.legal_actions())
        if STOP in legal:
            first = g.round.index not in koi_in
            koi_in.add(g.round.index)
            g.apply(PLAY_ON if first else STOP)
        else:
            g.apply(rng.choice(legal))
    return g


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_K15_K18_koikoi_played_through_the_bridge_returns_the_engines_chips_zero_sum(seed):
    engine = _engine_game(seed)
    game = pyspiel.load_game(MATCHING_GAME, {"rules": "koikoi", "players": 2, "rounds": ROUNDS})
    state = game.new_initial_state()
    layout, codec = state._shared.layout, state._shared.codec
    answers = []
    for e in engine.events:
        if not isinstance(e, Applied):
            continue
        if e.seat == CHANCE:
            for card in layout.cards_of(e.action):
                assert state.is_chance_node()
                state.apply_action(card)
        else:
            assert state.current_player() == e.seat
            action_id = codec.encode(e.action)
            assert action_id in state.legal_actions()
            if e.action in (STOP, PLAY_ON):
                answers.append(e.action)
            state.apply_action(action_id)
    assert PLAY_ON in answers and STOP in answers           # koi and stop were answered through ids
    assert state.is_terminal()
    assert state.returns() == [float(c) for c in engine.chips] and sum(state.returns()) == 0
    assert any(state.returns())                             # somebody won something
    assert list(state.engine.chips) == list(engine.chips)


def test_K1_koikoi_passes_openspiels_own_checks():
    """OpenSpiel's consistency checks (serialization round trips included) on a Koi-Koi round."""
    game = pyspiel.load_game(MATCHING_GAME, {"rules": "koikoi", "players": 2, "rounds": 1})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    assert game.num_players() == 2
