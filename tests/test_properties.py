"""Property tests: random legal games of random valid variants (T27 zero-sum, T19 hands emptied)."""

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hachihachi.interpreter import GameState
from hachihachi.interpreter.engine.events import Applied, RoundEnded
from hachihachi.interpreter.games.tricks.actions import Deal
from hachihachi.interpreter.games.tricks.events import TrickTaken
from hachihachi.interpreter.games.tricks.rules import TrickSettlement
from hachihachi.ruleset.model import Chips, Phase
from hachihachi.interpreter.parts.go_drop.rules import DropFee, go_drop_rules, with_go_drop
from hachihachi.interpreter.games.tricks.rules import TrickPhase
from tests.interp_support import RULES, assert_zero_sum, play_random

OPTIONAL = [TrickPhase.MIZUTEN_CALL, Phase.FORCED_OUT, Phase.TWO_GOER_CHOICE, Phase.ONE_GOER_POT,
            Phase.ROLE_SETTLEMENT, TrickPhase.TRICK_SETTLEMENT, Phase.POT, TrickPhase.MIZUTEN_BONUS]


@st.composite
def variants(draw):
    dropped = draw(st.sets(st.sampled_from(OPTIONAL), max_size=3))
    fields = tuple(dataclasses.replace(f, multiplier=draw(st.integers(1, 5))) for f in RULES.fields)
    go_drop = go_drop_rules(RULES)
    return dataclasses.replace(
        with_go_drop(
            RULES,
            declaration=dataclasses.replace(go_drop.declaration, max_goers=draw(st.integers(1, 4)),
                                            drop_fee=DropFee(draw(st.integers(0, 5)), draw(st.integers(0, 3)))),
            two_goers=dataclasses.replace(go_drop.two_goers, split_settles_roles=draw(st.booleans()),
                                          odd_chip=draw(st.sampled_from(["earlier_goer", "later_goer"])))),
        chips=Chips(start=draw(st.integers(0, 60)), allow_negative=draw(st.booleans())),
        kind_rules=dataclasses.replace(
            RULES.kind_rules, trick_settlement=TrickSettlement(per_trick=draw(st.integers(0, 4))),
            mizuten=dataclasses.replace(RULES.kind_rules.mizuten, enabled=draw(st.booleans()),
                                        min_tricks=draw(st.integers(0, 7)), bonus=draw(st.integers(0, 3)))),
        fields=fields,
        round=tuple(p for p in RULES.round if p not in dropped),
    )


def check_hands_emptied(game: GameState) -> None:
    """Every goer played exactly the hand dealt to it, one card per trick, 7 tricks (T19)."""
    dealt, played = {}, {}
    for e in game.events:
        if isinstance(e, Applied) and isinstance(e.action, Deal):
            dealt[e.round] = e.action.hands
        elif isinstance(e, TrickTaken):
            played.setdefault(e.round, []).append(e)
        elif isinstance(e, RoundEnded) and e.tricks:
            tricks = played[e.round]
            assert len(tricks) == game.ruleset.hand_size and sum(e.tricks.values()) == len(tricks)
            cards = [c for t in tricks for c in t.cards]
            assert sorted(cards) == sorted(c for g in e.goers for c in dealt[e.round][g])


def play(rules, players, seed, rounds):
    game = GameState(rules, players, seed=seed, rounds=rounds)
    play_random(game, random.Random(seed))
    return game


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variants(), players=st.integers(3, 7), seed=st.integers(0, 2**32), rounds=st.integers(1, 4))
def test_T27_random_variants_are_zero_sum_and_empty_every_hand(rules, players, seed, rounds):
    game = play(rules, players, seed, rounds)
    assert game.is_terminal
    assert_zero_sum(game)
    check_hands_emptied(game)
    if not rules.chips.allow_negative:
        assert min(game.chips) >= 0                 # T3 as a house rule: nobody below zero


def test_T27_seeded_standard_games_3_to_7_players():
    for seed in range(40):
        players = 3 + seed % 5
        game = play(RULES, players, seed, None)
        assert_zero_sum(game)
        check_hands_emptied(game)
        assert len([e for e in game.events if isinstance(e, RoundEnded)]) == 12


def test_same_seed_same_game():
    for seed in range(5):
        a, b = play(RULES, 5, seed, 6), play(RULES, 5, seed, 6)
        assert a.events == b.events
    assert play(RULES, 5, 1, 6).events != play(RULES, 5, 2, 6).events


def test_clone_is_independent():
    game = GameState(RULES, 4, seed=9, rounds=2)
    game.apply(game.legal_actions()[0])         # the mizuten call
    copy = game.clone()
    play_random(copy, random.Random(1))
    assert copy.is_terminal and not game.is_terminal and len(game.events) < len(copy.events)
