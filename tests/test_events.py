"""The event log's values (interfaces.md): frozen, equal by their fields, copied and pickled as
the values they are."""

import copy
import dataclasses
import inspect
import pickle

import pytest

from hachihachi.interpreter.engine.actions import CHANCE, POT, Party, Play
from hachihachi.interpreter.engine.events import Applied, FieldMade, RolesShown, RoundEnded, RoundStarted, Transfer
from hachihachi.interpreter.parts.go_drop.events import ForcedOut
from hachihachi.interpreter.games.tricks.events import TrickTaken
from hachihachi.interpreter.games.tricks.knowledge import Knowledge
from hachihachi.interpreter.games.tricks.view import TrickView
from hachihachi.interpreter.engine.view import View
from hachihachi.interpreter.parts.go_drop.outcomes import RoundOutcome
from hachihachi.interpreter.games.matching.phases import HanaDeal, RoundScored
from hachihachi.interpreter.games.matching.play import Captured
from hachihachi.ruleset.model import TransferReason
from hachihachi.interpreter.games.tricks.rules import TrickTransfer

EVENTS = [
    Applied(0, 1, Play(5)),
    Transfer(0, TransferReason.POT, POT, 2, 10, "pot", 10, 1),
    TrickTaken(0, 0, 1, (5, 9, 13), 2),
    RoundStarted(0, 2, 7),
    FieldMade(0, "small", 2),
    ForcedOut(0, (3, 4)),
    RolesShown(0, 3, ("karasu",), 2, aces=1),
    RoundEnded(0, RoundOutcome.THREE_GOERS, 2, (0, 1, 2), {0: 3, 1: 2, 2: 2}, 0, (4, -2, -2, 0, 0), 0, 1),
    Captured(0, 1, 4, True, (5,)),
    RoundScored(0, (10, 20, 58), (("sandan", 1, 4),), False),
    HanaDeal(((1, 2), (3, 4)), (5, 6), (7,)),
]


@pytest.mark.parametrize("event", EVENTS, ids=[type(e).__name__ for e in EVENTS])
def test_events_are_frozen_values_that_copy_and_pickle_alike(event):
    name = dataclasses.fields(event)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(event, name, 3)
    for again in (copy.copy(event), copy.deepcopy(event), pickle.loads(pickle.dumps(event)),
                  dataclasses.replace(event)):
        assert again == event and repr(again) == repr(event) and type(again) is type(event)


def test_a_transfer_defaults_its_base_and_multiplier():
    e = Transfer(1, TrickTransfer.TRICKS, 0, 2, 4, "tricks 3 against 1")
    assert (e.base, e.multiplier) == (0, 1) and dataclasses.replace(e, amount=5) != e


@pytest.mark.parametrize("cls", [Applied, Transfer, RoundStarted, RolesShown, FieldMade, RoundEnded, TrickTaken,
                                 Captured, View, TrickView, Knowledge],
                         ids=lambda c: c.__name__)
def test_an_event_or_view_with_its_own_init_takes_its_fields_in_order_with_their_defaults(cls):
    params = list(inspect.signature(cls).parameters.values())
    assert [(p.name, p.default) for p in params] == [
        (f.name, inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default)
        for f in dataclasses.fields(cls)]
    assert all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in params)


def test_chance_and_the_pot_are_logged_as_party_whatever_int_is_handed_over():
    applied, moved = Applied(0, -1, Play(5)), Transfer(0, TransferReason.POT, int(POT), -1, 1, "why")
    assert applied.seat is CHANCE and (moved.source, moved.target) == (POT, CHANCE)
    assert type(moved.source) is Party and type(moved.target) is Party
    assert applied == Applied(0, CHANCE, Play(5)) and hash(applied) == hash(Applied(0, CHANCE, Play(5)))
    assert repr(applied) == "Applied(round=0, seat=<Party.CHANCE: -1>, action=Play(card=5))"
