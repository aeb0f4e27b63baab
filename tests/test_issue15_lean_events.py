"""Issue 15: the hot events are frozen values with slots (no dict each), built by their own class,
that copy and pickle as the values they are."""

import copy
import dataclasses
import pickle
import random

import pytest

from hachihachi.interpreter import GameState
from hachihachi.interpreter.actions import POT, Play
from hachihachi.interpreter.events import (Applied, FieldMade, ForcedOut, RolesShown, RoundEnded, RoundStarted,
                                           TrickTaken, Transfer)
from hachihachi.interpreter.kinds import RoundKind
from hachihachi.interpreter.play.matching import Captured
from hachihachi.ruleset.model import TransferKind

HOT = [
    Applied(0, 1, Play(5)),
    Transfer(0, TransferKind.POT, POT, 2, 10, "pot", 10, 1),
    Transfer(1, TransferKind.TRICKS, 0, 2, 4, "tricks 3 against 1"),          # base and multiplier defaulted
    TrickTaken(0, 0, 1, (5, 9, 13), 2),
    RoundStarted(0, 2, 7),
    FieldMade(0, "small", 2),
    ForcedOut(0, (3, 4)),
    RolesShown(0, 3, ("karasu",), 2, aces=1),
    RoundEnded(0, RoundKind.THREE_GOERS, 2, (0, 1, 2), {0: 3, 1: 2, 2: 2}, 0, (4, -2, -2, 0, 0), 0, 1),
    Captured(0, 1, 4, True, (5,)),                                            # H14, the matching play's
]


@pytest.mark.parametrize("event", HOT, ids=lambda e: type(e).__name__)
def test_issue15_hot_events_have_slots_and_no_dict(event):
    assert not hasattr(event, "__dict__") and type(event).__slots__
    assert type(event) is dataclasses.replace(event).__class__
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(event, dataclasses.fields(event)[1].name, 99)


@pytest.mark.parametrize("event", HOT, ids=lambda e: type(e).__name__)
def test_issue15_hot_events_copy_and_pickle_as_values(event):
    for again in (copy.copy(event), copy.deepcopy(event), pickle.loads(pickle.dumps(event))):
        assert again == event and type(again) is type(event)
        assert repr(again) == repr(event)


def test_issue15_hot_events_built_by_keyword_and_default_as_before():
    t = Transfer(round=2, kind=TransferKind.ROLES, source=1, target=0, amount=6, reason="roles 6 against 0")
    assert (t.base, t.multiplier) == (0, 1)
    assert repr(t) == ("Transfer(round=2, kind=<TransferKind.ROLES: 'roles'>, source=1, target=0, amount=6, "
                       "reason='roles 6 against 0', base=0, multiplier=1)")
    assert RolesShown(0, 1, (), 0) == RolesShown(0, 1, (), 0, cards=(), aces=0, captured=False)


def test_issue15_a_played_game_logs_only_dictless_events_but_game_end():
    game = GameState("hachihachi_trick", players=5, seed=3, rounds=2)
    rng = random.Random(3)
    while not game.is_terminal:
        game.apply(rng.choice(game.legal_actions()) if game.current_player >= 0 else game.sample_chance())
    with_dict = {type(e).__name__ for e in game.events if hasattr(e, "__dict__")}
    assert with_dict == {"GameEnded"}


def test_issue15_H14_a_played_hanafuda_game_logs_only_dictless_events_but_game_end():
    game = GameState("hanafuda_hachihachi", players=3, seed=3, rounds=2)
    rng = random.Random(3)
    while not game.is_terminal:
        game.apply(rng.choice(game.legal_actions()) if game.current_player >= 0 else game.sample_chance())
    assert any(type(e) is Captured for e in game.events)
    # only the once-a-round score and the game's end keep a dict
    assert {type(e).__name__ for e in game.events if hasattr(e, "__dict__")} == {"RoundScored", "GameEnded"}
