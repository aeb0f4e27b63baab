"""The simulation library: seeds, workers, zero-sum, bots per seat, statistics, comparison."""

import random
from collections import Counter
from pathlib import Path

import pytest

from hachihachi.interpreter.runs.compare import compare
from hachihachi.interpreter.engine.gamestate import GameState
from hachihachi.interpreter.runs.simstats import Moments, histogram
from hachihachi.interpreter.runs.simulate import game_seed, play_one, seat_bots, simulate
from hachihachi.ruleset.errors import HachiError
from hachihachi.ruleset.loader import load_ruleset
from tests.interp_support import RULES, play_random


def test_game_seed_depends_on_run_seed_and_index_only():
    assert game_seed(1, 5) == game_seed(1, 5)
    assert len({game_seed(1, i) for i in range(100)} | {game_seed(2, i) for i in range(100)}) == 200


@pytest.mark.slow
def test_same_seed_same_totals_for_one_and_two_workers():
    one = simulate(RULES, games=24, players=5, seed=11, workers=1)
    two = simulate(RULES, games=24, players=5, seed=11, workers=2)
    assert one.totals == two.totals
    assert one.as_json()["seats"] == two.as_json()["seats"]


def test_another_seed_gives_other_games():
    a = simulate(RULES, games=10, players=4, seed=1)
    b = simulate(RULES, games=10, players=4, seed=2)
    assert a.totals != b.totals


def test_T27_every_game_is_zero_sum():
    s = simulate(RULES, games=30, players=7, seed=5)
    assert s.zero_sum_violations == 0
    assert sum(s.final_chips) + s.leftover_pot.total == 30 * 7 * RULES.chips.start


def test_T27_a_broken_game_is_counted_as_a_violation(monkeypatch):
    from hachihachi.interpreter.runs import botgame as sim

    real = sim.play_out

    def broken(game, *args):
        real(game, *args)
        game._t.chips[0] += 1           # a point created from nothing

    monkeypatch.setattr(sim, "play_out", broken)
    assert simulate(RULES, games=3, players=3, seed=1).zero_sum_violations == 3


def test_T25_every_game_has_the_standard_length():
    s = simulate(RULES, games=5, players=3, seed=2)
    assert s.rounds == 5 * RULES.rounds.standard
    assert sum(s.kinds.values()) == s.rounds
    assert sum(s.fields.values()) == s.rounds


def test_T26_wins_add_up_to_the_number_of_games():
    s = simulate(RULES, games=40, players=3, seed=9)
    assert sum(seat.win_share for seat in s.seats) == pytest.approx(40)
    assert sum(seat.wins for seat in s.seats) <= 40


def test_a_shorter_bots_list_repeats_its_last_name():
    assert seat_bots(["random"], 4) == ("random",) * 4
    assert seat_bots(["a", "b"], 4) == ("a", "b", "b", "b")
    assert seat_bots([], 3) == ("random",) * 3


def test_bots_per_seat_are_reported():
    s = simulate(RULES, games=2, players=3, bots=["random", "random"], seed=1)
    assert [x.bot for x in s.seats] == ["random"] * 3


def test_unknown_bot_fails_before_any_game():
    with pytest.raises(HachiError, match="no bot 'nobody'"):
        simulate(RULES, games=2, players=3, bots=["random", "nobody"])


def test_T2_players_outside_the_ruleset_fail():
    with pytest.raises(HachiError) as e:
        simulate(RULES, games=2, players=8)
    assert e.value.argument == "players"


def test_roles_shown_are_counted_from_the_log():
    s = simulate(RULES, games=20, players=5, seed=4)
    known = {r.id for r in RULES.roles.roles}
    assert s.roles and set(s.roles) <= known


HOUSE = Path(__file__).parent / "house_rules" / "variants"


def test_H19_the_summary_counts_the_special_roles_made_as_the_log_tells_them():
    """素十六 and 二八 (and 総八) are counted from the rounds' scores, so a house rule about them can
    be checked by simulating."""
    from hachihachi.interpreter.bots import make_bot
    from hachihachi.interpreter.runs.botgame import play_out

    hana = load_ruleset("hanafuda_hachihachi")
    s = simulate(hana, games=6, players=3, seed=3)
    told: Counter = Counter()
    for i in range(6):
        game = GameState(hana, 3, seed=game_seed(3, i))
        play_out(game, [make_bot("random")] * 3, game_seed(3, i))
        told.update(role for e in game.events for role, _, _ in getattr(e, "specials", ()))
    assert s.specials == told and sum(told.values()) >= 2
    assert s.as_json()["special_roles"] == dict(sorted(told.items()))
    assert simulate(RULES, games=2, players=5, seed=1).specials == Counter()


def test_record_dir_holds_replayable_records(tmp_path):
    from hachihachi.interpreter.records.gamerecord import replay

    s = simulate("hachihachi_trick", games=2, players=3, seed=3, record_dir=tmp_path)
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == ["game-000001.yaml", "game-000002.yaml"]
    rep = replay(files[1])
    assert rep.game.is_terminal
    assert rep.game.chips == play_one(RULES, 3, ("random",) * 3, 3, 1).chips
    assert s.games == 2


def test_json_has_the_interface_keys():
    data = simulate(RULES, games=3, players=5, seed=1).as_json()
    for key in ("games", "rounds", "seed", "workers", "elapsed_s", "rounds_per_s", "seats", "kinds",
                "zero_sum_violations"):
        assert key in data
    assert set(data["seats"][0]) >= {"seat", "bot", "mean", "stdev", "wins"}
    assert set(data["kinds"]) <= {"skipped", "one_goer", "two_goers_split", "two_goers_play", "three_goers"}


def test_moments_match_the_textbook_formulas():
    rng = random.Random(1)
    xs = [rng.randint(-50, 150) for _ in range(50)]
    m, at_once = Moments(), Moments()
    for x in xs:
        m.add(x)
    at_once.add_many(xs[:20])
    at_once.add_many(xs[20:])
    assert at_once == m                                    # the same sums, added at once
    assert len(set(xs)) > 10
    mean = sum(xs) / len(xs)
    var = sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)
    assert m.mean == pytest.approx(mean)
    assert m.stdev == pytest.approx(var ** 0.5)
    assert m.ci95 == pytest.approx(1.96 * var ** 0.5 / len(xs) ** 0.5, rel=1e-3)


def test_histogram_counts_every_value():
    lines = histogram(list(range(-20, 80)), bins=5)
    assert sum(int(line.split()[-1]) for line in lines) == 100


def test_compare_of_a_ruleset_with_itself_finds_no_difference():
    c = compare(RULES, RULES, games=10, players=4, seed=2)
    assert c.same_deals == c.rounds == 10 * RULES.rounds.standard
    assert all(m.diff.total == 0 and m.diff.ci95 == 0 for m in c.measures)


def test_compare_plays_the_same_deals_and_sees_a_cheaper_drop_fee():
    from hachihachi.interpreter.parts.go_drop.rules import Declaration, DropFee, with_go_drop

    cheap = with_go_drop(RULES, declaration=Declaration(3, DropFee(0, 0)))
    c = compare(RULES, cheap, games=20, players=5, seed=1)
    assert c.same_deals == c.rounds
    taken = next(m for m in c.measures if m.name.startswith("pot taken"))
    assert taken.b.total == 0 and taken.diff.mean < -taken.diff.ci95


@pytest.mark.slow
def test_doctests_of_the_simulation_modules():
    import doctest

    from hachihachi.interpreter.runs import simstats
    from hachihachi.interpreter.runs import simulate as sim

    for module in (sim, simstats):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_T1_T27_the_hand_written_baseline_ends_every_game_like_the_interpreter():
    from tests.oracles.baseline_engine import evaluator_roles, play_game

    roles = evaluator_roles(RULES)
    for players in (3, 5, 7):
        for i in range(8):
            g = play_one(RULES, players, ("random",) * players, 21, i)
            chips, pot, _ = play_game(game_seed(21, i), players, 12, roles)
            assert (tuple(chips), pot) == (g.chips, g.leftover_pot)


def test_an_action_outside_the_legal_ones_is_still_refused_after_legal_actions():
    from hachihachi.interpreter import CHANCE, GameState, Play
    from hachihachi.ruleset.errors import IllegalAction
    from hachihachi.ruleset.model import Phase

    game = GameState(RULES, 3, seed=4, rounds=1)
    while game.phase is not Phase.PLAY:             # no mizuten, everybody goes: trick play
        game.apply(game.sample_chance() if game.current_player == CHANCE else game.legal_actions()[0])
    legal = game.legal_actions()
    outside = next(c for c in range(52) if Play(c) not in legal)
    before = game.chips, len(game.events)
    with pytest.raises(IllegalAction):
        game.apply(Play(outside))
    assert (game.chips, len(game.events)) == before


def test_role_evaluations_are_shared_by_clones_of_a_deal(monkeypatch):
    from hachihachi.interpreter import CHANCE, GameState

    calls = []
    real = type(RULES.evaluator).values
    monkeypatch.setattr(type(RULES.evaluator), "values",
                        lambda self, *a, **k: calls.append(tuple(a[0])) or real(self, *a, **k))
    game = GameState(RULES, 5, seed=8, rounds=1)
    game.deal_random() if game.current_player == CHANCE else game.apply(game.legal_actions()[0])
    if game.current_player == CHANCE:
        game.deal_random()
    for s in range(10):
        copy, rng = game.clone(), random.Random(s)
        while not copy.is_terminal:
            copy.apply(rng.choice(copy.legal_actions()))
    assert calls and len(calls) == len(set(calls))      # each hand evaluated once over all clones


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
def test_compare_columns_equal_plain_runs_of_a_and_b_past_64_games(workers):
    from hachihachi.interpreter.parts.go_drop.rules import Declaration, DropFee, with_go_drop

    cheap = with_go_drop(RULES, declaration=Declaration(3, DropFee(0, 0)))
    games = 70                          # more than one chunk of 64 games
    c = compare(RULES, cheap, games=games, players=3, seed=4, workers=workers)
    plain_a = simulate(RULES, games=games, players=3, seed=4, workers=workers)
    plain_b = simulate(cheap, games=games, players=3, seed=4, workers=workers)
    for s in range(3):
        seat = c.measures[s]
        assert seat.name == f"seat {s} chips"
        assert (seat.a.n, seat.a.total, seat.a.sq) == (games, plain_a.seats[s].chips.total, plain_a.seats[s].chips.sq)
        assert (seat.b.n, seat.b.total, seat.b.sq) == (games, plain_b.seats[s].chips.total, plain_b.seats[s].chips.sq)
    assert plain_a.totals != plain_b.totals         # the two columns are really different rules
    taken = next(m for m in c.measures if m.name.startswith("pot taken"))
    assert taken.b.total == 0 and taken.a.total > 0


def test_a_watched_game_hands_over_its_emitted_events_and_transfers_but_its_clones_do_not():
    from hachihachi.interpreter.engine.events import Applied, Transfer

    game, seen = GameState(RULES, 5, seed=3, rounds=2), []
    game.watch(seen.append)
    copy = game.clone()
    rng = random.Random(1)
    play_random(copy, rng, own_deals=True)
    assert seen == []
    play_random(game, rng, own_deals=True)
    assert seen == [e for e in game.events[1:] if type(e) is not Applied]     # all from the first round on
    assert any(type(e) is Transfer for e in seen)


def test_a_game_watched_without_transfers_keeps_the_amounts_taken_from_the_pot():
    from hachihachi.interpreter.engine.actions import POT
    from hachihachi.interpreter.engine.events import Applied, Transfer

    game, seen = GameState(RULES, 5, seed=8, rounds=6), []
    game.watch(seen.append, transfers=False)
    play_random(game, random.Random(2), own_deals=True)
    assert seen == [e for e in game.events[1:] if type(e) not in (Applied, Transfer)]
    taken = tuple(e.amount for e in game.events if type(e) is Transfer and e.source == POT and e.target != POT)
    assert taken and game.pot_taken == taken


@pytest.mark.parametrize("name", ["hachihachi_trick", "hanafuda_hachihachi"])
def test_a_watcher_gets_the_events_of_play_unless_it_declines_them(name):
    """``watch(..., play=False)`` leaves out the play kind's events of play (tricks taken, cards
    placed); by default they are handed over as logged."""
    from hachihachi.interpreter import CHANCE
    from hachihachi.interpreter.engine.events import Applied, Transfer
    from hachihachi.interpreter.games.matching.play import Captured
    from hachihachi.interpreter.games.tricks.play import TrickTaken

    play_kinds = (TrickTaken, Captured)
    for play in (True, False):
        game, seen = GameState(load_ruleset(name), 3, seed=5, rounds=4), []
        game.watch(seen.append, transfers=False, play=play)
        rngs = [random.Random(10 + s) for s in range(3)]
        while not game.is_terminal:
            if game.current_player == CHANCE:
                game.deal_random()
            else:
                game.apply(rngs[game.current_player].choice(game.legal_actions()))
        logged = [e for e in game.events[1:] if type(e) not in (Applied, Transfer)]
        if play:
            assert any(type(e) in play_kinds for e in seen)
            assert seen == logged
        else:
            assert seen == [e for e in logged if type(e) not in play_kinds]


def test_a_local_worker_freezes_what_it_holds_once_its_rules_are_loaded():
    """A worker's inherited heap and loaded rules are moved out of the cyclic collector's way
    (gc.freeze), so a full collection in the middle of its games does not walk them."""
    import gc

    from hachihachi.interpreter.runs.backends import local
    from hachihachi.interpreter.runs.botgame import Job, spec_of

    job = Job(None, (spec_of(RULES),), 4, ("random",) * 4, 1)
    gc.unfreeze()
    try:
        local._init_worker(job)
        assert gc.get_freeze_count() > 1000
        alone = simulate(RULES, games=1, players=4, bots=["random"], seed=1)
        assert list(local._run_task((0, [0]))[0].chips) == alone.final_chips        # the same game
    finally:
        gc.unfreeze()
        local._WORKER_JOB.clear()


def test_a_watcher_sees_effects_and_hanafudas_special_roles_in_the_order_of_the_log():
    """Events written while the watchers are held back (an effect's, told after it fired; H19's
    special roles, told after the round's score) reach a watcher in the log's order."""
    from hachihachi.interpreter.engine.effect_events import EffectFired
    from hachihachi.interpreter.engine.events import Applied
    from hachihachi.interpreter.games.matching.phases import RoundScored

    rules = Path(__file__).parent / "house_rules" / "variants" / "fx_capture_role_carried.yaml"
    game, seen = GameState(load_ruleset(str(rules)), 3, seed=3, rounds=12), []
    game.watch(seen.append)
    play_random(game, random.Random(3), own_deals=True)
    assert seen == [e for e in game.events[1:] if type(e) is not Applied]
    assert any(type(e) is EffectFired for e in seen)
    assert any(type(e) is RoundScored and e.specials for e in seen)
