"""``hanafuda.sit_out`` (H2's setting) through the OpenSpiel bridge: chance deals the round's
cards only to the seats that play it, a sitter's return moves only in rounds it plays, and a
resampled world keeps what the seat knows."""

from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from hachihachi.interpreter.games.matching.phases import SatOut  # noqa: E402
from hachihachi.openspiel import MATCHING_GAME  # noqa: E402

SITTING = str(Path(__file__).resolve().parent / "house_rules" / "variants" / "h_sitting_out.yaml")
PARAMS = {"rules": SITTING, "players": 4, "rounds": 2}


@pytest.mark.slow
def test_H2_openspiels_own_checks_pass_with_a_seat_sitting_out():
    pyspiel.random_sim_test(pyspiel.load_game(MATCHING_GAME, PARAMS), num_sims=2, serialize=True, verbose=False)


def test_H2_chance_deals_no_card_to_the_seat_sitting_out_and_it_sees_none():
    state = pyspiel.load_game(MATCHING_GAME, PARAMS).new_initial_state()
    rs, worlds = np.random.RandomState(2), 0
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    while not state.is_terminal():
        if state.is_chance_node():
            layout = state.deal_layout()
            sitter = (state.engine.round.start - 1) % 4          # the seat before the dealer
            assert layout.sitting == (sitter,) and sitter not in {layout.owner(i) for i in range(48)}
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rs.choice(outcomes, p=probs)))
            if not state.is_chance_node():                       # the deal is done
                assert state.engine.round.hands[sitter] == [] and "mine=[]" in state.information_state_string(sitter)
        else:
            seat = state.current_player()
            if worlds < 6:
                world = state.resample_from_infostate(seat, sampler)
                assert world.information_state_string(seat) == state.information_state_string(seat)
                assert world.legal_actions() == state.legal_actions()
                worlds += 1
            state.apply_action(int(rs.choice(state.legal_actions())))
    sat = [e for e in state.engine.events if isinstance(e, SatOut)]
    assert len(sat) == 2 and state.returns() == [float(c) for c in state.engine.chips]
