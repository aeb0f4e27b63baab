"""Issue 15: a game of uniform bots played phase by phase (drive.py) is the game played action by
action through ``GameState``: the same chips, pot and log (so the same record and summary), for
every bundled rule file, every house-rule variant of the tests and settings no file names."""

import random
from pathlib import Path

import pytest

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.actions import Play
from hachihachi.interpreter.bots import make_bot
from hachihachi.interpreter.bots.random_bot import RandomBot
from hachihachi.interpreter.drive import is_uniform
from hachihachi.interpreter.events import Applied
from hachihachi.interpreter.games import game_seed, play_out
from hachihachi.ruleset.bundled import bundled_names
from hachihachi.ruleset.loader import load_ruleset, load_variant

HOUSE = Path(__file__).parent / "house_rules" / "variants"
SETTINGS = [
    ("hachihachi_trick", (("trick_play.must_trump", True),)),
    ("hachihachi_trick", (("trick_settlement.pot_tie", "split"),)),
    ("hachihachi_trick", (("rounds.leftover_pot", "split"),)),
    ("hachihachi_trick", (("trick_play.must_follow_suit", False),)),
]


class StepBot(RandomBot):
    """The random bot's choices, made through the per-action API (``GameState.apply``)."""

    uniform = False


def rulesets():
    out = [pytest.param(load_ruleset(n), id=n) for n in bundled_names()]
    out += [pytest.param(load_ruleset(str(p)), id=p.stem) for p in sorted(HOUSE.glob("*.yaml"))]
    out += [pytest.param(load_variant(ref, pairs), id="+".join(f"{k}={v}" for k, v in pairs))
            for ref, pairs in SETTINGS]
    return out


def played(rules, players, gseed, bot):
    game = GameState(rules, players, seed=gseed)
    play_out(game, [bot] * players, gseed)
    return game


@pytest.mark.parametrize("rules", rulesets())
def test_issue15_driven_games_equal_games_played_action_by_action(rules):
    lo, hi = rules.players.min, rules.players.max
    for i in range(4):
        players, gseed = lo + i % (hi - lo + 1), game_seed(15, i)
        fast, step = played(rules, players, gseed, make_bot("random")), played(rules, players, gseed, StepBot())
        assert fast.is_terminal and step.is_terminal
        assert (fast.chips, fast.pot, fast.rounds) == (step.chips, step.pot, step.rounds)
        assert fast.events == step.events
        assert fast.current_player is None and fast.legal_actions() == ()


class LowestBot(RandomBot):
    """Inherits the random bot's ``uniform`` but chooses its own way."""

    def choose(self, game, seat, rng):
        return game.legal_actions()[0]


def test_issue15_only_uniform_bots_are_driven():
    assert is_uniform([make_bot("random")] * 3)
    assert not is_uniform([make_bot("random"), make_bot("heuristic")])
    assert not is_uniform([StepBot()])
    assert not is_uniform([LowestBot()])


def test_issue15_a_bot_with_its_own_choose_is_asked_action_by_action():
    rules = load_ruleset("hachihachi_trick")
    game = played(rules, 3, game_seed(15, 0), LowestBot())
    assert game.events != played(rules, 3, game_seed(15, 0), make_bot("random")).events


@pytest.mark.parametrize("name", ["hachihachi_trick", "hanafuda_hachihachi"])
def test_issue15_a_driven_game_longer_than_the_interned_rounds_equals_the_game_applied(name):
    """Uniform play logs shared Applied events kept for the first rounds only (events.InternedApplied):
    a game of 70 rounds logs the same as played action by action, and so does a second one."""
    rules = load_ruleset(name)
    for gseed in (7, 8):
        fast, step = GameState(rules, 3, seed=gseed, rounds=70), GameState(rules, 3, seed=gseed, rounds=70)
        play_out(fast, [make_bot("random")] * 3, gseed)
        play_out(step, [StepBot()] * 3, gseed)
        assert fast.rounds == 70 and fast.events == step.events and fast.chips == step.chips


def driven_and_applied(game):
    """Two copies of ``game`` played to the end with the same draws: one driven phase by phase
    (``GameState.drive``), one action by action (``GameState.apply``)."""
    driven, applied = game.clone(), game.clone()
    draws, again = random.Random(99), random.Random(99)

    def pick(seat, options):
        return options.sample(driven.rng) if seat == CHANCE else options[draws.randrange(len(options))]

    driven.drive(pick)
    while not applied.is_terminal:
        if applied.current_player == CHANCE:
            applied.apply(applied.sample_chance())
        else:
            legal = applied.legal_actions()
            applied.apply(legal[again.randrange(len(legal))])
    return driven, applied


def test_issue15_trick_play_driven_from_the_middle_of_a_trick_equals_it_applied():
    """T19: the driven trick loop splits each hand by suit when it starts; started with cards
    already played (mid-trick, after some tricks), it plays what applying every card plays."""
    for gseed in range(6):
        game = GameState("hachihachi_trick", players=5, seed=gseed, rounds=3)
        rng = random.Random(gseed)
        cards = 0                           # cards played before the drive: 4 to 9, mid-trick or not
        while cards < 4 + gseed:
            game.apply(game.sample_chance() if game.current_player == CHANCE else rng.choice(game.legal_actions()))
            cards += isinstance(game.events[-1], Applied) and isinstance(game.events[-1].action, Play)
        driven, applied = driven_and_applied(game)
        assert driven.events == applied.events and driven.chips == applied.chips
        assert game.round.play.done or game.round.play.current      # the drive began inside the play


@pytest.mark.parametrize("name", ["hanafuda_hachihachi", "hanafuda_go_drop"])
def test_h14_h15_matching_play_driven_from_the_middle_of_play_equals_it_applied(name):
    """H14, H15: the driven matching loop started after some turns, among them while a turned card
    waits for its seat's choice, plays what applying every action plays."""
    rules, waited, checked = load_ruleset(name), 0, 0
    for gseed in range(16):
        game = GameState(rules, players=3, seed=gseed, rounds=4)
        rng = random.Random(gseed)
        actions = 0         # actions of play before the drive: 3 to 18, or (odd seeds) until a choice waits
        while actions < (3 + gseed if gseed % 2 == 0 else 40) and not game.is_terminal:
            game.apply(game.sample_chance() if game.current_player == CHANCE else rng.choice(game.legal_actions()))
            actions += game.phase is not None and game.phase.value == "play"
            if gseed % 2 and game.phase is not None and getattr(game.round.play, "pending", None) is not None:
                break
        if game.is_terminal:
            continue
        waited += game.round.play.pending is not None
        driven, applied = driven_and_applied(game)
        assert driven.events == applied.events and driven.chips == applied.chips
        checked += 1
    assert checked >= 10 and waited >= 1       # some drives began while a turned card waited


def test_t23_the_driven_round_loop_equals_stepping_phase_by_phase_on_many_seeds():
    """GameState.drive runs a round's phases in one loop (no _advance stepping), with the seats'
    draws made inline (draws.seat_bits): 40 games of the standard rules at 3 to 7 seats log
    every event as the same games applied action by action."""
    rules = load_ruleset("hachihachi_trick")
    for i in range(40):
        players, gseed = 3 + i % 5, game_seed(23, i)
        fast, step = played(rules, players, gseed, make_bot("random")), played(rules, players, gseed, StepBot())
        assert fast.events == step.events and fast.chips == step.chips and fast.pot == step.pot
