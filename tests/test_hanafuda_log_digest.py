"""Determinism of hanafuda play (H4-H22): many seeded rounds of random play, applied action by action
and played by random bots (:func:`~hachihachi.interpreter.runs.botgame.play_out`), under the bundled
hanafuda rule files and house variants give the final chips and event log recorded here (digests
of the log's ``repr``)."""

import hashlib
from pathlib import Path

import pytest

from hachihachi.interpreter import GameState
from hachihachi.interpreter.bots.random_bot import RandomBot
from hachihachi.interpreter.runs.botgame import play_out
from hachihachi.ruleset.loader import load_ruleset

from tests.interp_support import random_game

HOUSE = Path(__file__).parent / "house_rules" / "variants"

# (rule file, players): chips and log digest of 40 rounds applied action by action (seed 15),
# then of 40 rounds played by random bots (seed 16).
RECORDED = {
    ("hanafuda_hachihachi", 3): ((-1756, 1492, 264), "d4f727a4982eca09", (1636, -1451, -185), "2f565e26bd48e631"),
    ("hanafuda_go_drop", 5): ((757, -1694, 1313, 225, -601), "1689509a7430dac5",
                              (854, -765, -503, 252, 162), "f29b1c95ded6de96"),
    ("hanafuda_traditional", 3): ((519, 632, -1151), "8ffeb4d1cbc4a748", (1074, -1167, 93), "25d3fa6e8827bc19"),
    ("hanafuda_plain_willow", 3): ((-1432, 1276, 156), "502cdeac59a5c347", (1156, -1391, 235), "112e7a65e53af087"),
    ("h18_play_on", 3): ((-532, 3714, -3182), "48e9c809a1b54c32", (2288, -1261, -1027), "e3d35361a29fa244"),
    ("h11_settle_at_end", 3): ((-1756, 1492, 264), "4467bcc17c3c9ba1", (1636, -1451, -185), "3e59f95e63aa02d3"),
    ("h6_carry_brights", 3): ((-1795, 1533, 262), "4b01172a4db2946e", (1516, -1319, -197), "1208ff1f0f0afd02"),
}


def rules(name: str):
    house = HOUSE / f"{name}.yaml"
    return load_ruleset(str(house) if house.exists() else name)


def digest(game: GameState) -> str:
    h = hashlib.sha256()
    for e in game.events:
        h.update(repr(e).encode())
        h.update(b"\n")
    return h.hexdigest()[:16]


@pytest.mark.parametrize("name,players", list(RECORDED), ids=[n for n, _ in RECORDED])
def test_H14_seeded_hanafuda_rounds_end_with_the_recorded_chips_and_log(name, players):
    ruleset = rules(name)
    applied = random_game(ruleset, players, 15, 40)
    played = GameState(ruleset, players=players, seed=16, rounds=40)
    play_out(played, [RandomBot()] * players, 16)
    assert (applied.chips, digest(applied), played.chips, digest(played)) == RECORDED[name, players]


def test_H18_piles_without_a_key_are_judged_whole_and_play_the_same_games(monkeypatch):
    """Capture roles that read more than counts of known cards have no pile key (``role_key`` is
    None): the engine then judges the whole pile, with the same games as the keyed piles."""
    from hachihachi.ruleset.roles import RoleEvaluator

    asked = []
    monkeypatch.setattr(RoleEvaluator, "role_key", lambda self, trump=None, indicator=None: asked.append(self))
    name, players = "h18_play_on", 3
    ruleset = rules(name)           # a ruleset built anew, so its engine compiles the check anew
    game = GameState(ruleset, players=players, seed=16, rounds=40)
    play_out(game, [RandomBot()] * players, 16)
    assert asked and all(ev is ruleset.hanafuda.capture_evaluator for ev in asked)
    assert (game.chips, digest(game)) == RECORDED[name, players][2:]
