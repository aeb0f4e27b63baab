"""H2's setting ``hanafuda.sit_out``: 八八 for four without go/drop, three playing each round and
the seat just before the dealer sitting it out (tests/house_rules/variants/h_sitting_out.yaml).
A sitter holds no cards, shows and pays no role, captures nothing and is paid nothing; the three
players' card points add up to the deck's 264 (H1, H21); play, simulate, records and replay, and
the scorekeeper all read the one setting."""

from __future__ import annotations

import random

import pytest

from tests.house_rules.house_replay import rules

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.events import RolesShown, RoundEnded, RoundStarted, Transfer
from hachihachi.interpreter.games.matching.phases import RoundScored, SatOut
from hachihachi.ruleset.errors import HachiError
from hachihachi.ruleset.loader import load_ruleset


def _play(ruleset, players: int, seed: int, rounds: int = 8) -> GameState:
    g, rng = GameState(ruleset, players, seed=seed, rounds=rounds), random.Random(seed)
    while not g.is_terminal:
        g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
    return g


def _rounds(g: GameState):
    """Each round's events, with its dealer (the start player)."""
    out, start, now = [], None, []
    for e in g.events:
        if isinstance(e, RoundStarted):
            start, now = e.start, []
        now.append(e)
        if type(e) is RoundEnded:
            out.append((start, list(now)))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_H2_the_seat_before_the_dealer_sits_each_round_out_and_is_neither_paid_nor_pays(seed):
    g = _play(rules("h_sitting_out"), 4, seed)
    sat = set()
    for start, events in _rounds(g):
        sitter = (start - 1) % 4                        # the dealer's right neighbour (play goes left)
        sat.add(sitter)
        (out,) = [e for e in events if isinstance(e, SatOut)]
        assert out.seats == (sitter,)
        end = events[-1]
        assert sitter not in end.goers and sorted(end.goers) == sorted({0, 1, 2, 3} - {sitter})
        assert end.delta[sitter] == 0
        assert not any(isinstance(e, Transfer) and sitter in (e.source, e.target) for e in events)
        assert not any(isinstance(e, RolesShown) and e.seat == sitter for e in events)
        for scored in (e for e in events if isinstance(e, RoundScored)):
            assert scored.points[sitter] == 0 and sum(scored.points) == 264
    assert sat == {0, 1, 2, 3}                          # the deal passes left: each sits out in turn
    assert sum(g.chips) == 0


def test_H2_with_three_players_nobody_sits_out_and_the_game_is_the_base_games():
    house, base = _play(rules("h_sitting_out"), 3, 5, 4), _play(load_ruleset("hanafuda_hachihachi"), 3, 5, 4)
    assert not any(isinstance(e, SatOut) for e in house.events)
    assert house.events == base.events


def test_H2_a_sitter_is_dealt_no_cards_and_the_stock_is_a_three_player_rounds():
    from hachihachi.interpreter.games.matching.phases import HanaDeal

    g = GameState(rules("h_sitting_out"), 4, seed=7, rounds=1)
    sitter = (g.round.start - 1) % 4
    legal = g.legal_actions()
    deal = legal.sample(random.Random(1))
    assert deal.hands[sitter] == () and all(len(h) == 7 for s, h in enumerate(deal.hands) if s != sitter)
    assert len(deal.stock) == 48 - 3 * 7 - 6
    cards = [c for h in deal.hands for c in h]
    seven = HanaDeal(tuple(tuple(cards[:7]) if s == sitter else h for s, h in enumerate(deal.hands)),
                     deal.field, deal.stock[7:])
    assert "none to the seats sitting out" in legal.problem(seven)
    g.apply(deal)
    assert g.round.hands[sitter] == [] and g.view(sitter).hand == () and sitter not in g.round.playing


def test_H2_the_dealer_sits_out_under_who_dealer(tmp_path):
    path = tmp_path / "dealer_sits.yaml"
    path.write_text("extends: hanafuda_hachihachi\nname: dealer_sits\nplayers: {min: 4, max: 5}\n"
                    "hanafuda:\n  sit_out: {count: {4: 1, 5: 2}, who: dealer}\n", encoding="utf-8")
    g = _play(load_ruleset(path), 5, 4, 3)
    for start, events in _rounds(g):
        (out,) = [e for e in events if isinstance(e, SatOut)]
        assert out.seats == tuple(sorted({start, (start - 1) % 5}))
        assert len(events[-1].goers) == 3


@pytest.mark.parametrize(("body", "message"), [
    ("players: {min: 3, max: 4}\nhanafuda:\n  sit_out: {count: 2}\n",
     "hanafuda.sit_out.count (2) leaves 1 of 3 players to play a round; at least 2 must play."),
    ("players: {min: 3, max: 4}\nhanafuda:\n  sit_out: {count: {3: 0}}\n",
     "hanafuda.sit_out.count gives no value for 4 players"),
])
def test_H2_a_sit_out_that_leaves_too_few_players_is_refused_at_its_place(tmp_path, body, message):
    path = tmp_path / "bad.yaml"
    path.write_text("extends: hanafuda_hachihachi\nname: bad\n" + body, encoding="utf-8")
    with pytest.raises(HachiError) as caught:
        load_ruleset(path)
    assert message in str(caught.value)


def test_H2_sit_out_is_refused_with_go_drop(tmp_path):
    path = tmp_path / "both.yaml"
    path.write_text("extends: hanafuda_go_drop\nname: both\nhanafuda:\n  sit_out: {count: 1}\n", encoding="utf-8")
    with pytest.raises(HachiError) as caught:
        load_ruleset(path)
    assert "with go/drop the declarations decide who plays" in str(caught.value)


def test_H2_a_record_keeps_the_sitters_empty_hand_and_replays_bit_for_bit(tmp_path):
    """The record writes a sitter's hand as [] and replays to the same log; ``hachi replay
    --json`` names the three players of each round as its goers."""
    from hachihachi.interpreter.records.gamerecord import Replay, record_data, replay, summary, write_record

    g = _play(rules("h_sitting_out"), 4, 6, 4)
    data = record_data(g, ["ann", "bob", "cy", "dee"], "h_sitting_out.yaml")
    for rnd in data["rounds"]:
        assert sorted(len(h) for h in rnd["hands"]) == [0, 7, 7, 7]
    import shutil

    shutil.copy(_variant("h_sitting_out"), tmp_path / "h_sitting_out.yaml")
    write_record(tmp_path / "game.yaml", data)
    again = replay(tmp_path / "game.yaml")
    assert again.game.events == g.events
    names = ("ann", "bob", "cy", "dee")
    rounds = summary(Replay(g, names))["rounds"]
    sitters = [(start - 1) % 4 for start, _ in _rounds(g)]
    assert [sorted(r["goers"]) for r in rounds] == [sorted({0, 1, 2, 3} - {s}) for s in sitters]
    assert all(r["delta"][names[s]] == 0 for r, s in zip(rounds, sitters))


def _variant(name: str):
    from pathlib import Path

    return Path(__file__).parent / "variants" / f"{name}.yaml"


def test_H2_the_scorekeeper_settles_a_sit_out_game_and_asks_no_sitters_cards(tmp_path):
    """A sheet written from a played game settles to the same chips (scorekeeper.md); ``hachi
    score`` asks the three players' hands and card points, never the sitter's (dee, before ann)."""
    import shutil

    import yaml
    from click.testing import CliRunner

    from hachihachi.cli.score import score
    from hachihachi.interpreter.scorekeeper.sheet import settle, sheet_from_data
    from hachihachi.interpreter.scorekeeper.sheet_write import sheet_from_game

    path = _variant("h_sitting_out")
    for seed in (1, 2):
        g = _play(load_ruleset(path), 4, seed, 6)
        sheet = sheet_from_data(sheet_from_game(g, ["a", "b", "c", "d"], str(path)), load_ruleset)
        assert settle(sheet).game.chips == g.chips
    shutil.copy(path, tmp_path / "h_sitting_out.yaml")
    answers = ["1", "ooba", "", "", "", "1", "120", "70", "", "q"]       # ann deals; dee sits out
    out = CliRunner().invoke(score, ["--new", str(tmp_path / "s.yaml"), "--players", "ann,bob,cy,dee",
                                     "--rules", str(tmp_path / "h_sitting_out.yaml")],
                             input="\n".join(answers) + "\n")
    assert out.exit_code == 0, out.output
    assert "ann's hand" in out.output and "cy's hand" in out.output and "dee's hand" not in out.output
    assert "Card points of dee" not in out.output and "cy took 74." in out.output
    assert "dee: out of this round" in out.output
    (rnd,) = yaml.safe_load((tmp_path / "s.yaml").read_text(encoding="utf-8"))["rounds"]
    assert rnd["points"] == {"ann": 120, "bob": 70, "cy": 74}


def test_H2_H4_the_deck_is_checked_for_the_seats_that_play(tmp_path):
    """Seven players, three playing a round: 21 cards in hand and 6 on the field fit the deck
    although seven hands would not (55 cards); six hands of eight do not, told at the place."""
    path = tmp_path / "seven.yaml"
    path.write_text("extends: hanafuda_hachihachi\nname: seven\nplayers: {min: 3, max: 7}\n"
                    "hanafuda:\n  sit_out: {count: \"table.players - 3\"}\n", encoding="utf-8")
    g = _play(load_ruleset(path), 7, 1, 2)
    assert all(len(e.goers) == 3 for e in g.events if type(e) is RoundEnded)
    path.write_text("extends: hanafuda_hachihachi\nname: seven\nplayers: {min: 3, max: 7}\nhand_size: 8\n"
                    "role_table: {examples: []}\n"
                    "hanafuda:\n  sit_out: {count: {3: 0, 4: 1, 5: 2, 6: 3, 7: 1}}\n", encoding="utf-8")
    with pytest.raises(HachiError) as caught:
        load_ruleset(path)
    assert ("at 7 players: the 6 of 7 players who play a round with hand_size (8) cards each and "
            "6 field cards need 54 cards, but the deck has 48.") in str(caught.value)
