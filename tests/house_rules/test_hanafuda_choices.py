"""H18's other reading: the maker of a capture role chooses to stop the round or to play on
(``after_capture_role: choose``), an ordinary decision every path sees."""

from __future__ import annotations

import random

import pytest
from tests.house_rules.house_replay import HANAFUDA_RECORD, HERE, events, flows, replay, rules

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.bots.base import make_bot
from hachihachi.interpreter.engine.events import RolesShown
from hachihachi.interpreter.games.matching.heuristic import stop_or_play_on
from hachihachi.interpreter.games.matching.play import PLAY_ON, ROLE_ANSWERS, STOP, Stage
from hachihachi.interpreter.games.matching.rules import MatchingTransfer

CHOOSE = "h18_choose"


def _to_the_question(seed: int = 1) -> GameState:
    """A seeded 3-player game of random play, up to the first time a maker is asked."""
    game = GameState(rules(CHOOSE), 3, seed=seed)
    rng = random.Random(seed)
    while not game.is_terminal:
        if game.current_player == CHANCE:
            game.apply(game.sample_chance(rng))
            continue
        legal = tuple(game.legal_actions())
        if legal == ROLE_ANSWERS:
            return game
        game.apply(rng.choice(legal))
    raise AssertionError("no capture role was made in the seeded game")


def test_h18_choose_asks_the_maker_stop_or_play_on():
    game = _to_the_question()
    s = game.round.play
    assert s.stage is Stage.ROLE_CHOICE and game.current_player == s.seat
    assert tuple(game.view(s.seat).legal) == (STOP, PLAY_ON)


def test_h18_choose_stop_ends_the_round_and_pays_the_role():
    game = _to_the_question()
    index, seat = game.round_index, game.current_player
    game.apply(STOP)
    shown = [e for e in game.events if isinstance(e, RolesShown) and e.captured and e.round == index]
    assert shown and shown[-1].seat == seat
    assert game.round_index > index or game.is_terminal
    assert not [e for e in game.events if getattr(e, "kind", None) is MatchingTransfer.CARD_POINTS and e.round == index]


def test_h18_choose_play_on_pays_the_role_and_plays_on():
    game = _to_the_question()
    index, seat = game.round_index, game.current_player
    turn = game.round.play.turn
    game.apply(PLAY_ON)
    paid = [e for e in game.events if getattr(e, "kind", None) is MatchingTransfer.CAPTURE_ROLES and e.round == index]
    assert paid and all(e.target == seat for e in paid)
    assert game.round_index == index and game.round.play.turn == turn + 1
    assert game.round.play.stopped is None


def test_h18_choose_answered_stop_plays_as_the_seeds_rules():
    """Replayed with stop at every question (the replay's first legal answer), the record's
    game pays what the bundled rules (stop) pay."""
    base, chosen = replay("hanafuda_hachihachi", HANAFUDA_RECORD), replay(CHOOSE, HANAFUDA_RECORD)
    assert [e.roles for e in events(chosen, 2, RolesShown) if e.captured] == [("akatan",)]
    assert flows(chosen, 2) == flows(base, 2)
    assert list(chosen.chips) == list(base.chips)


def test_h18_choose_heuristic_plays_on_only_over_par():
    game = _to_the_question()
    seat = game.current_player
    view = game.view(seat)
    mine = dict(view.play.captures)[seat]
    points = game.ruleset.deck.points_of(mine)
    expected = PLAY_ON if view.hand and points >= game.ruleset.kind_rules.par else STOP
    assert stop_or_play_on(game.ruleset, view) == expected
    assert make_bot("heuristic_matching").choose(game, seat, random.Random(0)) == expected


def _played(seed: int = 3) -> GameState:
    game = GameState(rules(CHOOSE), 3, seed=seed, rounds=2)
    rng, bot = random.Random(seed), make_bot("heuristic_matching")
    while not game.is_terminal:
        seat = game.current_player
        game.apply(game.sample_chance(rng) if seat == CHANCE else bot.choose(game, seat, rng))
    return game


def test_h18_choose_answers_kept_in_records_and_replayed():
    from hachihachi.interpreter.games.matching.record import replay_round, rounds_data

    game = _played()
    rounds = rounds_data(game)
    answers = [a for r in rounds for a in r["actions"] if "choose" in a]
    assert answers and {a["question"] for a in answers} == {"capture_role"}
    again = GameState(rules(CHOOSE), 3, start=rounds[0]["start"], rounds=2)
    for i, rnd in enumerate(rounds, 1):
        replay_round(again, i, rnd, i == len(rounds))
    assert list(again.chips) == list(game.chips)


def test_h18_choose_has_action_ids_in_the_openspiel_bridge():
    pytest.importorskip("pyspiel", reason="the OpenSpiel bridge needs the [openspiel] extra")
    from hachihachi.openspiel.encoding import ActionCodec, answers_of
    from hachihachi.interpreter.games.matching.spiel import BRIDGE

    ruleset = rules(CHOOSE)
    codec = ActionCodec(ruleset.deck.size, BRIDGE, answers_of(ruleset, BRIDGE))
    ids = [codec.encode(a) for a in ROLE_ANSWERS]
    assert len(set(ids)) == 2 and [codec.decode(i) for i in ids] == list(ROLE_ANSWERS)
    assert answers_of(rules("hanafuda_hachihachi"), BRIDGE) == ()


def test_h18_choose_answered_in_words_in_hachi_play():
    from hachihachi.cli.tui_input import explain, numbered, parse_answer

    game = _to_the_question()
    view, ruleset = game.view(game.current_player), game.ruleset
    assert numbered(view, ruleset) == (STOP, PLAY_ON)
    assert parse_answer("1", view, ruleset) == STOP
    assert parse_answer("play on", view, ruleset) == PLAY_ON
    assert parse_answer("下げる", view, ruleset) == PLAY_ON
    assert any("Play on" in line for line in explain(view, ruleset, "en"))
    assert any("下げる" in line for line in explain(view, ruleset, "ja"))


def test_h18_choose_told_rounds_settle_as_played():
    """A game played under ``choose``, written as a scoresheet (a stopped round as its
    capture_role, a round played on with the roles paid while playing on) settles the same."""
    from hachihachi.interpreter.scorekeeper.sheet_write import sheet_difference, sheet_from_game

    for seed in (3, 5, 8):
        game = _played(seed)
        names = ["ann", "bob", "cy"]
        assert sheet_difference(game, names) is None, seed
    sheet = sheet_from_game(_played(3), names, CHOOSE)
    assert any("played_on" in r for r in sheet["rounds"]) or any("capture_role" in r for r in sheet["rounds"])


def test_h18_choose_hachi_score_asks_the_roles_played_on(tmp_path):
    import yaml
    from click.testing import CliRunner

    from hachihachi.cli.score import score

    path = tmp_path / "sheet.yaml"
    variant = tmp_path / f"{CHOOSE}.yaml"           # a sheet names rule files under its own folder
    variant.write_text((HERE / "variants" / f"{CHOOSE}.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    answers = ["1b 2a 3r 4c1 5c1 6c1", "", "", "",      # the field cards; nobody claims hand roles
               "1",                                     # played out: card points
               "cy akatan", "",                         # cy made 赤タン and played on
               "120", "70",                             # card points: ann 120, bob 70 (cy 74)
               "", "q"]
    out = CliRunner().invoke(score, ["--new", str(path), "--players", "ann,bob,cy", "--start", "ann",
                                     "--rules", str(variant)],
                             input="\n".join(answers) + "\n")
    assert out.exit_code == 0, out.output
    assert "Capture roles paid while play went on" in out.output
    (rnd,) = yaml.safe_load(path.read_text())["rounds"]
    assert rnd["played_on"] == [{"player": "cy", "role": "akatan"}] and rnd["points"]["cy"] == 74


@pytest.mark.slow
def test_h18_choose_is_an_openspiel_game_with_its_decision():
    pyspiel = pytest.importorskip("pyspiel")
    from hachihachi.openspiel import MATCHING_GAME

    game = pyspiel.load_game(MATCHING_GAME, {"rules": str(HERE / "variants" / f"{CHOOSE}.yaml"), "rounds": 2})
    asked = 0
    for seed in range(6):
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            legal = state.legal_actions()
            named = {state.action_to_string(state.current_player(), a) for a in legal}
            asked += any("stop" in n for n in named)
            state.apply_action(rng.choice(legal))
    assert asked > 0
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
