"""The search bots at Koi-Koi: the worlds they sample agree with a round still in play (K6)."""

from __future__ import annotations

import random

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.bots import make_bot
from hachihachi.interpreter.bots.determinize import determinize
from hachihachi.ruleset.loader import load_ruleset
from tests.interp_support import play_bots

RULES = load_ruleset("koikoi")


def _first_decision(seed: int) -> GameState:
    g = GameState(RULES, 2, seed=seed, rounds=1)
    rng = random.Random(seed)
    while g.current_player == CHANCE:
        g.deal_random(rng)
    return g


def test_K6_a_sampled_world_of_a_round_in_play_holds_no_hand_that_wins_at_the_deal():
    evaluate = RULES.evaluator.evaluate
    checked = 0
    for seed in range(40):
        g = _first_decision(seed)
        if g.is_terminal or g.current_player is None:
            continue                                # won at the deal: nothing to search
        seat = g.current_player
        rng = random.Random(seed)
        for _ in range(10):
            world = determinize(g, seat, rng).game()
            hands = world.round.dealt
            assert hands is not None
            assert all(evaluate(h).go == 0 for h in hands), (seed, hands)
            checked += 1
    assert checked >= 300


def test_K6_ismcts_and_mc_play_whole_koikoi_games_against_the_heuristic():
    for name, options in (("ismcts", {"iterations": 8}), ("mc", {"samples": 4})):
        g = GameState(RULES, 2, seed=3, rounds=2)
        play_bots(g, [make_bot(name, RULES, **options), make_bot("heuristic_matching", RULES)], random.Random(3))
        assert g.is_terminal
        assert sum(g.chips) == 2 * RULES.chips.start       # K18: what one pays the other takes
