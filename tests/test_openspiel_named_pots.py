"""Named pots (``pots:``) through the OpenSpiel bridge: chips left in them at the game's end are
no seat's return (T27), and the observation tensor carries them beside the table's pot."""

from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from hachihachi.openspiel import MATCHING_GAME  # noqa: E402
from hachihachi.openspiel.observer import HachiObserver  # noqa: E402

JACKPOT = str(Path(__file__).resolve().parent / "house_rules" / "variants" / "fx_jackpot.yaml")


def _played(params, seed, stop_after=None):
    """A game played with seeded uniform choices (to its end, or ``stop_after`` actions)."""
    state = pyspiel.load_game(MATCHING_GAME, params).new_initial_state()
    rs, n = np.random.RandomState(seed), 0
    while not state.is_terminal() and (stop_after is None or n < stop_after):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rs.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
        n += 1
    return state


KEPT = """extends: hanafuda_hachihachi
name: kept_jackpot
pots:
  - {name: jackpot}
effects:
  - name: into the jackpot
    when: round_start
    do:
      - pay: {from: each seat, to: pot.jackpot, amount: hanafuda.kan}
"""


def test_T27_chips_left_in_a_named_pot_are_no_seats_return(tmp_path):
    """A jackpot every seat pays one kan into each round and nothing pays out: what is left in it
    at the end is nobody's, so every seat's return is its change of chips and the returns, the
    table's pot and the named pots sum to zero (the returns to minus what the pots hold)."""
    rules = tmp_path / "kept_jackpot.yaml"
    rules.write_text(KEPT, encoding="utf-8")
    seen = []
    for seed in range(3):
        state = _played({"rules": str(rules), "rounds": 2}, seed)
        start = state.engine.ruleset.chips.start
        assert state.returns() == [float(c - start) for c in state.engine.chips]
        assert sum(state.returns()) + state.leftover_pot + sum(state.leftover_pots.values()) == 0
        seen.append(state.leftover_pots["jackpot"])
    assert seen == [2 * 3 * 12] * 3


def test_the_observation_tensor_carries_each_named_pot_after_the_pot():
    """The tensor's last piece is the named pots (one slot each, the file's order); a game without
    them has no such piece, so its tensor keeps its size."""
    state = _played({"rules": JACKPOT, "rounds": 1}, 0, stop_after=60)
    game = state.get_game()
    obs = HachiObserver(state._shared)
    obs.set_from(state, 0)
    held = state.engine.pots[0][1]
    assert held > 0
    assert obs.dict["pots"].shape == (1,) and obs.dict["pots"][0] == held
    assert list(state.observation_tensor(0))[-1] == held
    assert f"pots jackpot {held}" in state.observation_string(0) and str(state).endswith(f", jackpot {held}")
    plain = pyspiel.load_game(MATCHING_GAME, {"rounds": 1})
    assert plain.observation_tensor_size() == game.observation_tensor_size() - 1
    assert "pots" not in plain.new_initial_state().observation_string(0)
