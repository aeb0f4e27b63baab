"""Issue 15: a ruleset's round is compiled once and shared by its games; the hot events stay frozen."""

import dataclasses

import pytest

from hachihachi.interpreter import GameState
from hachihachi.interpreter.actions import POT, Play
from hachihachi.interpreter.events import (Applied, FieldMade, ForcedOut, RolesShown, RoundEnded, RoundStarted,
                                           TrickTaken, Transfer)
from hachihachi.interpreter.kinds import RoundKind
from hachihachi.interpreter.round_phases import build_phases
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.model import TransferKind

RULES = load_ruleset("hachihachi_trick")


def test_issue15_games_of_one_ruleset_share_its_compiled_round():
    assert build_phases(RULES) is build_phases(RULES)
    a, b = GameState(RULES, players=5, seed=1), GameState(RULES, players=3, seed=2)
    assert a._phases is b._phases is build_phases(RULES)


def test_issue15_a_changed_ruleset_gets_its_own_round():
    fewer = dataclasses.replace(RULES, round=tuple(p for p in RULES.round if p.value != "mizuten_bonus"))
    assert build_phases(fewer) is not build_phases(RULES)
    assert [p.phase for p in build_phases(fewer)] == list(fewer.round)


@pytest.mark.parametrize("event", [
    Applied(0, 1, Play(5)),
    Transfer(0, TransferKind.POT, POT, 2, 10, "pot", 10, 1),
    TrickTaken(0, 0, 1, (5, 9, 13), 2),
    RoundStarted(0, 2, 7),
    FieldMade(0, "small", 2),
    ForcedOut(0, (3, 4)),
    RolesShown(0, 3, ("karasu",), 2, aces=1),
])
def test_issue15_hot_events_are_frozen_values(event):
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.round = 3
    again = dataclasses.replace(event)
    assert again == event and hash(again) == hash(event) and again is not event
    assert dataclasses.replace(event, round=4) != event
    assert dataclasses.asdict(event)["round"] == 0


def test_issue15_round_ended_is_a_frozen_value():
    ended = RoundEnded(0, RoundKind.THREE_GOERS, 2, (0, 1, 2), {0: 3, 1: 2, 2: 2}, 0, (4, -2, -2, 0, 0), 0, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        ended.pot_after = 3
    assert dataclasses.replace(ended) == ended and dataclasses.replace(ended, next_start=2) != ended
    assert dataclasses.asdict(ended)["tricks"] == {0: 3, 1: 2, 2: 2} and ended.next_start == 1


def test_issue13_a_told_round_leaves_the_shared_compiled_round_alone():
    """The scorekeeper replaces the deal, the play and the role cache in its own phases; the round
    every played game of the ruleset shares keeps the engine's (so sheets and games can alternate)."""
    from hachihachi.interpreter.phases.pot import PotPhase
    from hachihachi.interpreter.phases.rolecache import RoleCache
    from hachihachi.interpreter.round_phases import build_phases
    from hachihachi.interpreter.told_game import told_phases
    from hachihachi.ruleset.loader import load_ruleset

    rules = load_ruleset("hanafuda_go_drop")
    shared = build_phases(rules)
    told = told_phases(rules)
    assert build_phases(rules) is shared
    assert not any(mine is theirs for mine in told for theirs in shared)        # built anew
    for phase in shared:
        assert type(getattr(phase, "roles", RoleCache(rules))) is RoleCache
        if isinstance(phase, PotPhase):
            assert phase.engine is not next(p for p in told if isinstance(p, PotPhase)).engine
