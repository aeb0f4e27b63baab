"""Property tests: random legal games of random valid variants (T27 zero-sum, T19 hands emptied)."""

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.ruleset.errors import IllegalAction
from hachihachi.interpreter.engine.events import Applied, RoundEnded
from hachihachi.interpreter.games.tricks.actions import Deal
from hachihachi.interpreter.games.tricks.events import TrickTaken
from hachihachi.interpreter.games.tricks.rules import TrickSettlement
from hachihachi.ruleset.model import Chips, Phase
from hachihachi.interpreter.parts.go_drop.rules import DropFee, GoDropPhase, go_drop_rules, with_go_drop
from hachihachi.interpreter.games.tricks.rules import TrickPhase
from tests.interp_support import RULES, assert_zero_sum, play_random

OPTIONAL = [TrickPhase.MIZUTEN_CALL, GoDropPhase.FORCED_OUT, GoDropPhase.TWO_GOER_CHOICE, GoDropPhase.ONE_GOER_POT,
            GoDropPhase.ROLE_SETTLEMENT, TrickPhase.TRICK_SETTLEMENT, Phase.POT, TrickPhase.MIZUTEN_BONUS]


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


@pytest.mark.parametrize("name, players", [("hachihachi_trick", 5), ("hanafuda_hachihachi", 3)])
def test_legal_actions_are_the_same_value_until_an_action_is_applied(name, players):
    """``legal_actions()`` is asked of the phase once a state: the same value until the next
    action, then what a game replayed to that point gives; a clone and the view agree."""
    game, rng = GameState(name, players=players, seed=3, rounds=1), random.Random(3)
    while not game.is_terminal:
        who, legal = game.current_player, game.legal_actions()
        assert game.legal_actions() is legal
        if who == CHANCE:
            game.deal_random(rng)
            continue
        assert game.view(who).legal == tuple(legal) == tuple(game.clone().legal_actions())
        game.apply(rng.choice(legal))
        again = GameState(name, players=players, seed=3, rounds=1)
        again.replay([e.action for e in game.events if isinstance(e, Applied)])
        if not game.is_terminal and game.current_player != CHANCE:
            assert tuple(again.legal_actions()) == tuple(game.legal_actions())
    assert game.legal_actions() == ()


def test_a_replay_past_the_end_of_the_game_is_refused_as_apply_refuses_it():
    game, rng = GameState("hachihachi_trick", players=3, seed=5, rounds=1), random.Random(5)
    play_random(game, rng)
    last = next(e.action for e in reversed(game.events) if isinstance(e, Applied))
    with pytest.raises(IllegalAction, match="the game is over") as replayed:
        game.replay([last])
    with pytest.raises(IllegalAction) as applied:
        game.apply(last)
    assert replayed.value.message == applied.value.message
