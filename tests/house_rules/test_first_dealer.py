"""The first dealer chosen by drawing cards (``first_dealer: draw``, T5, H2): a chance event in
the log, kept in records and replayed."""

from __future__ import annotations

import random

import pytest
from tests.house_rules.house_replay import rules

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.events import DealerDrawn, RoundStarted
from hachihachi.interpreter.records.gamerecord import record_data, replay_data
from hachihachi.interpreter.records.replaying import RecordProblem


def _played(name: str, players: int, seed: int) -> GameState:
    game = GameState(rules(name), players, seed=seed, rounds=2)
    rng = random.Random(seed)
    while not game.is_terminal:
        game.apply(game.sample_chance(rng) if game.current_player == CHANCE
                   else rng.choice(tuple(game.legal_actions())))
    return game


@pytest.mark.parametrize("name, players", [("h2_first_dealer_draw", 3), ("t5_first_dealer_draw", 5)])
def test_t5_h2_the_lowest_card_drawn_deals_first(name, players):
    for seed in range(6):
        game = GameState(rules(name), players, seed=seed)
        drawn, started = game.events[0], game.events[1]
        assert isinstance(drawn, DealerDrawn) and isinstance(started, RoundStarted)
        assert len(set(drawn.cards)) == players
        assert started.start == drawn.start == drawn.cards.index(min(drawn.cards))


def test_t5_the_first_start_player_is_random_by_default():
    game = GameState(rules("hachihachi_trick"), 5, seed=1)
    assert not [e for e in game.events if isinstance(e, DealerDrawn)]


@pytest.mark.parametrize("name, players", [("h2_first_dealer_draw", 3), ("t5_first_dealer_draw", 5)])
def test_t5_h2_the_draw_is_kept_in_records_and_replayed(name, players):
    game = _played(name, players, seed=5)
    data = record_data(game)
    assert len(data["draw"]) == players
    again = replay_data(data, game.ruleset).game
    assert again.events[0] == game.events[0] and list(again.chips) == list(game.chips)
    shifted = data["draw"][-1:] + data["draw"][:-1]      # the lowest card drawn by the next seat
    with pytest.raises(RecordProblem, match="first dealer"):
        replay_data(dict(data, draw=shifted), game.ruleset)


def test_h2_the_draw_is_told_in_both_languages():
    from hachihachi.cli.narrate import Narrator

    game = GameState(rules("h2_first_dealer_draw"), 3, seed=2)
    drawn = game.events[0]
    names = ["ann", "bo", "cy"]
    en = Narrator(game.ruleset, names).lines([drawn])
    ja = Narrator(game.ruleset, names, lang="ja").lines([drawn])
    assert en == [f"Drawing for the first dealer: "
                  f"{', '.join(f'{n} {game.ruleset.deck.name(c)}' for n, c in zip(names, drawn.cards))}; "
                  f"{names[drawn.start]} deals first"]
    assert ja[0].startswith("親決め: ") and ja[0].endswith(f"{names[drawn.start]} が親")
    seated = ["you" if s == drawn.start else n for s, n in enumerate(names)]     # hachi play's own seat
    assert Narrator(game.ruleset, seated).lines([drawn])[0].endswith("; you deal first")
