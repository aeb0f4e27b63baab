"""An action whose fields do not hold what they are typed as (a card that is not an int, a ``go``
that is not a bool) is refused before the engine reads it, naming the field, with the same words on
every build of the engine (the pure package and the compiled one, docs/compiled.md, whose compiled
code would otherwise read such a field as a machine int)."""

import random

import pytest

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.actions import Play
from hachihachi.interpreter.parts.go_drop.actions import Declare
from hachihachi.interpreter.games.tricks.actions import Deal
from hachihachi.interpreter.games.matching.phases import HanaDeal
from hachihachi.interpreter.games.matching.play import Capture
from hachihachi.ruleset.errors import IllegalAction


def at_phase(name: str, players: int, phase: str, seed: int = 3) -> GameState:
    """A seeded random game of ``name`` played up to the first time ``phase`` waits."""
    game, rng = GameState(name, players, seed=seed), random.Random(seed)
    while game.phase.value != phase:
        game.deal_random() if game.current_player == CHANCE else game.apply(rng.choice(game.legal_actions()))
    return game


CASES = [
    ("hachihachi_trick", 5, "play", Play("x"), "its card must be an int, not 'x' (round 1, phase play, seat 1 to act)"),
    ("hachihachi_trick", 5, "play", Play(True), "its card must be an int, not True"),
    ("hachihachi_trick", 5, "play", Capture(1, "b"), "its target must be an int, not 'b'"),
    ("hachihachi_trick", 5, "declarations", Declare("yes"), "its go must be a bool, not 'yes'"),
    ("hachihachi_trick", 5, "deal", Deal(((1, "2"),), 0),
     "its hands must be a tuple of tuples of ints, not ((1, '2'),)"),
    ("hanafuda_hachihachi", 3, "play", Play(None),
     "its card must be an int, not None (round 1, phase play, seat 0 to act)"),
    ("hanafuda_hachihachi", 3, "play", Capture("a", 3), "its card must be an int, not 'a'"),
    ("hanafuda_hachihachi", 3, "hanafuda_deal", HanaDeal(((), (), ()), ("a",), ()),
     "its field must be a tuple of ints, not ('a',)"),
]


@pytest.mark.parametrize("name, players, phase, action, words", CASES,
                         ids=[f"{c[0]}-{c[2]}-{c[3]!r}" for c in CASES])
def test_an_action_whose_fields_are_not_of_their_types_is_refused_naming_the_field(name, players, phase, action,
                                                                                   words):
    game = at_phase(name, players, phase)
    before = game.events
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert str(refused.value).startswith(f"illegal action {action!r}: ")
    assert words in str(refused.value)
    assert game.events == before                # nothing changed


def test_t10_a_declaration_is_go_or_drop_not_any_true_value():
    game = at_phase("hachihachi_trick", 5, "declarations")
    with pytest.raises(IllegalAction, match="its go must be a bool, not 1"):
        game.apply(Declare(1))                  # type: ignore[arg-type]
    game.apply(Declare(True))                   # a well-formed declaration is taken
    assert game.round.playing
