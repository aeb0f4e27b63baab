"""H4, H21, T7: the deal's sizes by the number of players (docs/house-rules.md, "The deal by the
number of players"): ``hand_size``, ``hanafuda.field_cards`` and ``hanafuda.par`` given for each
number of players (a mapping) or as an expression of ``table.players``, the deck checked for
every number of players the file allows, at the place of the number."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.ruleset.errors import HachiError
from hachihachi.ruleset.loader import check_file, load_ruleset

HANAAWASE = Path(__file__).parent / "variants" / "h4_hanaawase_by_players.yaml"


def first_deal(ruleset, players: int):
    game = GameState(ruleset, players=players, seed=1, rounds=1)
    while game.current_player != CHANCE:
        game.apply(game.legal_actions()[0])
    return game, game.sample_chance(random.Random(3))


@pytest.mark.parametrize(("players", "hand", "field", "par"), [
    (2, 10, 8, 132), (3, 7, 6, 88), (4, 5, 8, 66), (5, 4, 8, 53), (6, 3, 6, 44), (7, 3, 6, 38)])
def test_H4_hanaawase_deals_hand_and_field_by_the_number_of_players(players, hand, field, par):
    game, deal = first_deal(load_ruleset(HANAAWASE), players)
    assert [len(h) for h in deal.hands] == [hand] * players and len(deal.field) == field
    assert len(deal.stock) == 48 - players * hand - field
    assert game.ruleset.hand_size == hand and game.ruleset.kind_rules.par == par


def _played(ruleset, seed: int) -> list[object]:
    rng = random.Random(seed)
    game = GameState(ruleset, players=3, seed=seed, rounds=3)
    while not game.is_terminal:
        if game.current_player == CHANCE:
            game.deal_random(rng)
        else:
            game.apply(rng.choice(list(game.legal_actions())))
    return [e for e in game.events if type(e).__name__ in ("Transfer", "RoundEnded", "RoundScored")]


def test_H4_hanaawase_at_three_players_plays_the_standard_deal():
    house, base = load_ruleset(HANAAWASE), load_ruleset("hanafuda_hachihachi")
    for seed in (1, 2):
        assert _played(house, seed) == _played(base, seed)


def _problems(tmp_path, text: str) -> list[str]:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return [str(p).replace(str(tmp_path) + "/", "") for p in check_file(path)]


def test_H4_deck_must_suffice_for_every_number_of_players(tmp_path):
    problems = _problems(tmp_path, "extends: hanafuda_hachihachi\nname: big\nplayers: {min: 2, max: 7}\n"
                                   "hand_size: {2: 10, 3: 7, 4: 5, 5: 4, 6: 3, 7: 7}\n")
    assert problems == ["house.yaml:4:12: error: at 7 players: 7 players with hand_size (7) cards each and 6 field "
                        "cards need 55 cards, but the deck has 48."]


def test_T7_hand_size_as_an_expression_of_the_players_is_checked_for_each(tmp_path):
    problems = _problems(tmp_path, 'extends: hachihachi_trick\nname: big\nhand_size: "20 - table.players"\n')
    assert len(problems) == 1 and problems[0].startswith("house.yaml:3:12: error: at 4 players: 4 players with "
                                                         "hand_size (16) cards each and an indicator need 65 cards")
    ok = tmp_path / "ok.yaml"
    ok.write_text('extends: hachihachi_trick\nname: ok\nhand_size: "if(table.players <= 4, 8, 6)"\n'
                  "role_table: {examples: []}\n", encoding="utf-8")
    assert [first_deal(load_ruleset(ok), n)[0].ruleset.hand_size for n in (3, 4, 5, 7)] == [8, 8, 6, 6]


@pytest.mark.parametrize(("table", "message"), [
    ("{2: 10, 3: 7}", "hand_size gives no value for 4, 5, 6, 7 players; give one for every number of players "
                      "the file allows (2 to 7)."),
    ("{2: 10, 3: 7, 4: 5, 5: 4, 6: 3, 7: 3, 8: 3}", "hand_size gives a value for 8 players, but the file allows "
                                                    "2 to 7 (players.min, players.max)."),
])
def test_H4_a_hand_size_by_players_names_every_number_of_players_the_file_allows(tmp_path, table, message):
    problems = _problems(tmp_path, f"extends: hanafuda_hachihachi\nname: t\nplayers: {{min: 2, max: 7}}\n"
                                   f"hand_size: {table}\n")
    assert problems == [f"house.yaml:4:12: error: {message}"]


def test_only_the_deal_may_be_given_by_the_number_of_players(tmp_path):
    problems = _problems(tmp_path, "extends: hachihachi_trick\nname: t\nmizuten: {bonus: {3: 1}}\n")
    assert len(problems) == 1 and "mizuten.bonus" in problems[0]
    with pytest.raises(HachiError):
        load_ruleset(tmp_path / "house.yaml")
