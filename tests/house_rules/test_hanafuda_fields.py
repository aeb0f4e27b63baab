"""Hanafuda house rules of the field and of who pays, each on a constructed round: H6's other
reading of 二代しばり (``bound_round: exactly``), 総八 paid by the dealer (H19), fields that
multiply some payments only (``applies_to``, H7)."""

from __future__ import annotations

import pytest
from tests.house_rules.house_replay import rules

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.events import FieldMade, Transfer
from hachihachi.interpreter.games.matching.phases import CardScoring, HanaDeal
from hachihachi.ruleset.loader import check_file

PLAIN = ["1c1 2a 3r 4c1 5c1 6c1 10c1", "3c1 4a 5r 6c2 2c1 10c2 12c1", "8c1 5a 6r 4c2 1c2 12c2 11c"]


def _deal(ruleset, hands, field):
    deck = ruleset.deck
    hs = tuple(tuple(sorted(deck.parse_list(h))) for h in hands)
    f = tuple(sorted(deck.parse_list(field)))
    used = {c for h in hs for c in h} | set(f)
    return HanaDeal(hs, f, tuple(c for c in deck.cards if c not in used))


def _fields_of_two_rounds(name: str) -> list[tuple[str, int, bool]]:
    """Round 0 deals two 大場 brights (1b 3b: the next round is bound to 大場, H6), round 1 deals
    the rain man (11b, 絶場); each round is played with the first legal action."""
    ruleset = rules(name)
    game = GameState(ruleset, 3, seed=0, rounds=2, start=0)
    game.apply(_deal(ruleset, PLAIN, "1b 3b 7c1 7c2 9c1 9c2"))
    while game.round_index == 0:
        game.apply(tuple(game.legal_actions())[0])
    assert game.current_player == CHANCE
    game.apply(_deal(ruleset, PLAIN, "11b 7c1 7c2 9c1 9c2 3c2"))
    return [(e.field, e.multiplier, e.bound) for e in game.events if isinstance(e, FieldMade)]


def test_h6_bound_round_is_at_least_its_field_by_default():
    assert _fields_of_two_rounds("hanafuda_hachihachi") == [("ooba", 2, False), ("zetsuba", 4, False)]


def test_h6_bound_round_exactly_its_field_plays_big_field_over_a_dealt_peak():
    assert _fields_of_two_rounds("h6_bound_exactly") == [("ooba", 2, False), ("ooba", 2, True)]


def _sohachi_round(name: str) -> list[int]:
    """A round whose every player takes exactly par (総八, H19), dealer seat 1: the chips moved."""
    ruleset = rules(name)
    game = GameState(ruleset, 3, seed=0, rounds=1, start=1)
    game.apply(_deal(ruleset, PLAIN, "7c1 7c2 8c2 9c1 9c2 3c2"))
    t = game._t
    scoring = CardScoring(ruleset)
    scoring.card_points = lambda s: {0: 88, 1: 88, 2: 88}
    before = list(t.chips)
    scoring.enter(t)
    return [a - b for a, b in zip(t.chips, before)]


def test_h19_sohachi_the_dealer_gets_from_each_by_default():
    assert _sohachi_round("hanafuda_hachihachi") == [-120, 240, -120]


def test_h19_sohachi_paid_by_the_dealer():
    assert _sohachi_round("h19_sohachi_dealer_pays") == [120, -240, 120]


def _big_field_round(name: str) -> dict[str, set[int]]:
    """A big-field round (1b on the field, x2) with a hand role (seat 0's 三本, three 4s):
    the multiplier each kind of payment got."""
    ruleset = rules(name)
    game = GameState(ruleset, 3, seed=0, rounds=1, start=0)
    hands = ["4a 4r 4c1 2r 6a 10a 11a", "3c1 5r 6c2 2c1 10c2 12c1 8a", "8c1 5a 6r 4c2 1c2 12c2 11c"]
    game.apply(_deal(ruleset, hands, "1b 7c1 7c2 9c1 9c2 3b"))
    while not game.is_terminal:
        game.apply(tuple(game.legal_actions())[0])
    out: dict[str, set[int]] = {}
    for e in game.events:
        if isinstance(e, Transfer):
            out.setdefault(e.kind.value, set()).add(e.multiplier)
    return out


def test_h7_a_field_multiplies_every_payment_by_default():
    made = _big_field_round("hanafuda_hachihachi")
    assert made["roles"] == {2} and made["card_points"] == {2}


def test_h7_field_applies_to_card_points_only():
    made = _big_field_round("h7_big_field_card_points_only")
    assert made["roles"] == {1} and made["card_points"] == {2}


@pytest.mark.parametrize("setting, line", [
    ("hanafuda:\n  after_capture_role: ask\n", 4),
    ("hanafuda:\n  bound_round: mostly\n", 4),
    ("hanafuda:\n  special_roles:\n    sohachi: {value: 10, dealer: nobody}\n", 5),
    ("hanafuda:\n  fields:\n    - {id: koba, multiplier: 1}\n"
     "    - {id: ooba, multiplier: 2, cards: [1b], applies_to: [tricks]}\n", 6),
])
def test_h6_h7_h18_h19_bad_settings_are_named_at_their_place(tmp_path, setting, line):
    path = tmp_path / "house.yaml"
    path.write_text("extends: hanafuda_hachihachi\nname: h\n" + setting, encoding="utf-8")
    found = [str(p) for p in check_file(path)]
    assert found and all(f"house.yaml:{line}:" in p for p in found), found
