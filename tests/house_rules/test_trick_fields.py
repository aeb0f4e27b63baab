"""Fields of the trick game beyond a multiplier (T7, T8): a field without trump, and an
indicator that goes into the start player's hand, each on a constructed deal."""

from __future__ import annotations

import random

from tests.house_rules.house_replay import rules

from hachihachi.interpreter import CHANCE, CallMizuten, Deal, GameState


def _dealt(name: str, indicator: str, start: int = 0) -> GameState:
    """Five hands of seven cards from the top of the deck in order, then ``indicator`` turned."""
    ruleset = rules(name)
    deck = ruleset.deck
    game = GameState(ruleset, 5, seed=0, rounds=1, start=start)
    while game.current_player != CHANCE:
        game.apply(CallMizuten(False))
    turned = deck.parse(indicator)
    cards = [c for c in deck.cards if c != turned]
    hands = tuple(tuple(sorted(cards[i * 7:(i + 1) * 7])) for i in range(5))
    game.apply(Deal(hands, turned))
    return game


def test_t8_the_indicators_suit_is_trump_by_default():
    game = _dealt("hachihachi_trick", "2h")
    assert game.round.kind_state.trump == game.ruleset.deck.suits.index("h")


def test_t8_a_field_without_trump():
    game = _dealt("t8_no_trump_on_a_two", "2h")
    assert game.round.field.id == "no_trump" and game.round.kind_state.trump is None
    assert game.view(0).play.trump is None
    assert _dealt("t8_no_trump_on_a_two", "3h").round.kind_state.trump == game.ruleset.deck.suits.index("h")


def test_t7_the_indicator_stays_out_by_default():
    game = _dealt("hachihachi_trick", "Ah")
    assert all(game.ruleset.deck.parse("Ah") not in h for h in game.round.hands)


def test_t7_indicator_into_the_start_players_hand_for_its_weakest_card():
    base, game = _dealt("hachihachi_trick", "Ah", start=2), _dealt("t7_indicator_to_the_dealer", "Ah", start=2)
    deck = game.ruleset.deck
    before, after = set(base.round.hands[2]), set(game.round.hands[2])
    assert len(after) == len(before) and deck.parse("Ah") in after
    (out,) = before - after
    trump = game.round.kind_state.trump
    plain = [c for c in before if deck.suit(c) != trump]
    assert out == min(plain, key=lambda c: (deck.rank(c), deck.suit(c)))
    assert game.round.dealt[2] == tuple(sorted(after))             # the hand roles read this hand
    assert [game.round.hands[s] for s in (0, 1, 3, 4)] == [base.round.hands[s] for s in (0, 1, 3, 4)]


def test_t7_t8_seeded_games_of_the_new_fields_stay_zero_sum():
    for name in ("t8_no_trump_on_a_two", "t7_indicator_to_the_dealer"):
        game = GameState(rules(name), 5, seed=4, rounds=3)
        rng = random.Random(4)
        while not game.is_terminal:
            game.apply(game.sample_chance(rng) if game.current_player == CHANCE
                       else rng.choice(tuple(game.legal_actions())))
        fresh = GameState(rules(name), 5, seed=4)
        assert sum(game.chips) + game.pot == sum(fresh.chips) + fresh.pot


def test_t7_worlds_sampled_for_search_bots_hold_the_indicator_in_the_start_hand():
    from hachihachi.interpreter.games.tricks.determinize import sample_trick_deal

    game = _dealt("t7_indicator_to_the_dealer", "Ah", start=2)
    rng = random.Random(3)
    for _ in range(8):                      # the declarations, then a few cards played
        if game.is_terminal or game.round_index > 0 or game.current_player == CHANCE:
            break
        game.apply(rng.choice(tuple(game.legal_actions())))
    indicator = game.ruleset.deck.parse("Ah")
    for seat in range(5):
        deal = sample_trick_deal(game, seat, game.events, random.Random(seat))
        assert indicator in deal.hands[2]
        assert not any(indicator in h for s, h in enumerate(deal.hands) if s != 2)
        assert set(game.round.hands[seat]) <= set(deal.hands[seat])
