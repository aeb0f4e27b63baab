"""The OpenSpiel bridge (``hachihachi.openspiel``), tested through pyspiel itself."""

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from hachihachi.interpreter.engine.actions import Play  # noqa: E402
from hachihachi.interpreter.parts.go_drop.actions import Declare  # noqa: E402
from hachihachi.interpreter.engine.events import RoundStarted  # noqa: E402
from hachihachi.interpreter.games.matching.play import Capture  # noqa: E402
from hachihachi.interpreter.games.tricks.actions import CallMizuten  # noqa: E402
from hachihachi.ruleset.errors import HachiError  # noqa: E402
from hachihachi.openspiel import MATCHING_GAME, TRICK_GAME  # noqa: E402
from hachihachi.openspiel.encoding import ActionCodec  # noqa: E402
from hachihachi.openspiel.bridge_registry import BY_NAME  # noqa: E402

GAMES = [(TRICK_GAME, {"rounds": 1}), (MATCHING_GAME, {"rounds": 1})]


def play_random(state, seed: int):
    """Play ``state`` to its end with seeded uniform choices; the states met on the way."""
    rs, seen = np.random.RandomState(seed), []
    while not state.is_terminal():
        seen.append(state.clone())
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rs.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
    return seen


@pytest.mark.parametrize("name,params", GAMES)
def test_random_sim_test_passes(name, params):
    """OpenSpiel's own consistency checks, serialization round trips included."""
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name,params", GAMES)
def test_T27_returns_are_the_chips_won_and_with_the_pot_sum_to_zero(name, params):
    game = pyspiel.load_game(name, {**params, "rounds": 2})
    for seed in range(3):
        state = game.new_initial_state()
        play_random(state, seed)
        start = state.engine.ruleset.chips.start
        assert state.returns() == [float(c - start) for c in state.engine.chips]
        assert sum(state.returns()) + state.leftover_pot == 0


@pytest.mark.parametrize("name,params", GAMES)
def test_deal_card_by_card_builds_the_engine_deal(name, params):
    """T7, H4: uniform chance over the undealt cards; the blocks of cards become the hands."""
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    rs = np.random.RandomState(4)
    while not state.is_chance_node():
        state.apply_action(int(rs.choice(state.legal_actions())))
    layout, dealt = state._shared.layout, []
    deck = state.engine.ruleset.deck.size
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [c for c, _ in outcomes] == sorted(set(range(deck)) - set(dealt))
        assert all(p == pytest.approx(1 / (deck - len(dealt))) for _, p in outcomes)
        dealt.append(int(rs.choice([c for c, _ in outcomes])))
        state.apply_action(dealt[-1])
        if len(dealt) == layout.length and state.is_chance_node():
            dealt = []                                  # dealt again (H4: a whole month in the field)
    n = state.engine.ruleset.hand_size
    for seat in range(game.num_players()):
        assert sorted(state.engine.round.hands[seat]) == sorted(dealt[seat * n:(seat + 1) * n])


def test_action_ids_are_stable_and_round_trip():
    codec = ActionCodec(48, BY_NAME[MATCHING_GAME])
    assert codec.encode(Declare(False)) == 2 and codec.encode(Declare(True)) == 3
    assert codec.encode(Play(0)) == 6 and codec.encode(Play(47)) == 53
    assert codec.encode(Capture(1, 2)) == 6 + 48 + 1 * 48 + 2
    assert codec.size == 6 + 48 + 48 * 48
    assert all(codec.encode(codec.decode(i)) == i for i in range(2, codec.size))


def test_ids_0_and_1_are_the_play_kinds_own_yes_or_no():
    """The trick game's mizuten call (T6) keeps ids 0 and 1; a kind without a yes-or-no of its own
    has no action of those ids."""
    tricks = ActionCodec(48, BY_NAME[TRICK_GAME])
    assert tricks.decode(0) == CallMizuten(False) and tricks.decode(1) == CallMizuten(True)
    assert tricks.encode(CallMizuten(True)) == 1 and tricks.encode(Declare(False)) == 2
    assert all(tricks.encode(tricks.decode(i)) == i for i in range(tricks.capture_base))
    matching = ActionCodec(48, BY_NAME[MATCHING_GAME])
    with pytest.raises(HachiError, match="not an action of this play kind"):
        matching.decode(0)
    with pytest.raises(HachiError, match="no id"):
        matching.encode(CallMizuten(False))


@pytest.mark.parametrize("name,params", GAMES)
def test_legal_action_ids_are_the_engine_legal_actions(name, params):
    game = pyspiel.load_game(name, params)
    for state in play_random(game.new_initial_state(), 7):
        if not state.is_chance_node():
            codec = state._shared.codec
            assert {codec.decode(a) for a in state.legal_actions()} == set(state.engine.legal_actions())


@pytest.mark.parametrize("name,params", GAMES)
def test_observation_tensor_shows_the_own_hand_and_the_chips(name, params):
    game = pyspiel.load_game(name, params)
    n, d = game.num_players(), game.max_chance_outcomes()
    states = [s for s in play_random(game.new_initial_state(), 11) if not s.is_chance_node()]
    state = states[len(states) // 2]
    seat = state.current_player()
    obs = game.make_py_observer()
    obs.set_from(state, seat)
    view = state.engine.view(seat)
    assert sorted(np.flatnonzero(obs.dict["hand"])) == sorted(view.hand)
    assert list(obs.dict["chips"]) == list(view.chips)
    assert obs.dict["taken"].shape == (n, d)
    assert len(state.observation_tensor(seat)) == obs.tensor.size


@pytest.mark.parametrize("name,params", GAMES)
def test_information_state_hides_the_other_hands(name, params):
    """Two states differing only in another seat's hand look the same to a seat."""
    game = pyspiel.load_game(name, params)
    states = [s for s in play_random(game.new_initial_state(), 3) if not s.is_chance_node()]
    state = states[len(states) // 2]
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(8)]
    assert all(w.information_state_string(seat) == state.information_state_string(seat) for w in worlds)
    assert all(w.engine.round.hands[seat] == state.engine.round.hands[seat] for w in worlds)
    other = (seat + 1) % game.num_players()
    assert any(w.engine.round.hands[other] != state.engine.round.hands[other] for w in worlds)
    assert any(w.information_state_string(other) != state.information_state_string(other) for w in worlds)


@pytest.mark.parametrize("name,params", GAMES)
def test_openspiel_ismcts_plays_a_full_game(name, params):
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    game = pyspiel.load_game(name, params)
    rs = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=8,
                           random_state=rs)
    state, decisions = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rs.choice(outcomes, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions > game.num_players()
    assert sum(state.returns()) + state.leftover_pot == 0


HOUSE_RULE = """\
extends: hachihachi_trick
name: short_hands
title: {ja: 六枚, en: Six-card hands}
hand_size: 6
chips:
  start: 30
rounds:
  standard: 2
  short: 1
"""


def test_a_house_rule_file_is_an_openspiel_game(tmp_path):
    path = tmp_path / "short_hands.yaml"
    path.write_text(HOUSE_RULE, encoding="utf-8")
    game = pyspiel.load_game(TRICK_GAME, {"rules": str(path), "players": 4})
    state = game.new_initial_state()
    assert state._shared.layout.length == 4 * 6 + 1          # six cards each and the indicator
    play_random(state, 2)
    assert sum(isinstance(e, RoundStarted) for e in state.engine.events) == 2
    assert sum(state.engine.chips) + state.leftover_pot == 4 * 30
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_bad_parameters_get_one_clear_error(tmp_path):
    with pytest.raises(ValueError, match="hanafuda_hachihachi.*load them as python_hanafuda_hachihachi"):
        pyspiel.load_game(TRICK_GAME, {"rules": "hanafuda_hachihachi"})
    with pytest.raises(ValueError, match="3 to 3 players, not 5"):
        pyspiel.load_game(MATCHING_GAME, {"players": 5})
    with pytest.raises(ValueError, match=TRICK_GAME):
        pyspiel.load_game(TRICK_GAME, {"rules": str(tmp_path / "missing.yaml")})


def test_plain_install_does_not_import_openspiel():
    import subprocess
    import sys

    code = ("import sys, hachihachi.interpreter, hachihachi.cli.main, hachihachi.interpreter.bots; "
            "print('pyspiel' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_without_openspiel_the_import_names_the_extra():
    import subprocess
    import sys

    code = ("import sys; sys.modules['pyspiel'] = None\n"
            "try:\n    import hachihachi.openspiel\nexcept ImportError as e:\n    print(e)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'hachihachi[openspiel]'" in out.stdout


@pytest.mark.parametrize("name,params", GAMES)
def test_resampled_states_have_the_same_legal_actions(name, params):
    """What a seat may do follows from what it knows (ISMCTS keys its tree by information state);
    a turned card waiting for a capture choice is part of it (H15)."""
    game = pyspiel.load_game(name, params)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = turned = 0
    for seed in range(6):
        for state in play_random(game.new_initial_state(), seed):
            if state.is_chance_node():
                continue
            seat = state.current_player()
            waiting = state.engine.view(seat).own("turned") is not None
            if not waiting and checked % 5:
                checked += 1
                continue
            turned += waiting
            for _ in range(12 if waiting else 2):
                assert state.resample_from_infostate(seat, sampler).legal_actions() == state.legal_actions()
            checked += 1
    assert checked > 20
    assert name != MATCHING_GAME or turned > 0
