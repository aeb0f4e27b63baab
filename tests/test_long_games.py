"""What ``hachi play`` writes, the same version reads: the longest game a rule file may ask for
(``rounds.standard`` at most MAX_GAME_ROUNDS) saves, resumes and replays (docs/limits.md)."""

from __future__ import annotations

import json
from importlib import resources

import pytest
import yaml

from hachihachi.interpreter.records.gamerecord import dump_record, record_data, replay
from hachihachi.interpreter.records.recordfile import MAX_GAME_ROUNDS, RECORD
from hachihachi.interpreter.runs.session import Session
from hachihachi.ruleset.loader import load_ruleset
from tests.interp_support import random_game

MARGIN = 1.2        # a longest game's record stays this far within the record's limits


def test_the_schema_caps_a_game_at_the_rounds_a_record_holds():
    schema = json.loads(resources.files("hachihachi.ruleset").joinpath("ruleset.schema.json").read_text("utf-8"))
    rounds = schema["properties"]["rounds"]["properties"]
    assert rounds["standard"]["maximum"] == rounds["short"]["maximum"] == MAX_GAME_ROUNDS


def _nodes(text: str) -> int:
    events = yaml.parse(text, Loader=yaml.SafeLoader)
    return sum(isinstance(e, (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)) for e in events)


@pytest.mark.parametrize("name, players", [("hachihachi_trick", 7), ("hanafuda_hachihachi", 3)])
def test_a_record_of_the_longest_game_at_the_most_seats_fits_the_records_limits(name, players):
    rules = load_ruleset(name)
    game = random_game(rules, players, seed=5, rounds=24)
    text = dump_record(record_data(game), "g.yaml")
    rounds = len(yaml.safe_load(text)["rounds"])
    assert rounds == 24
    assert len(text.encode()) / rounds * MAX_GAME_ROUNDS * MARGIN < RECORD.max_bytes
    assert _nodes(text) / rounds * MAX_GAME_ROUNDS * MARGIN < RECORD.max_nodes


@pytest.mark.slow
def test_the_longest_game_at_seven_seats_saves_resumes_and_replays(tmp_path):
    rules = load_ruleset("hachihachi_trick")
    session = Session.new(rules, "hachihachi_trick", 7, ["random"], seed=3, rounds=MAX_GAME_ROUNDS, human=None)
    path = tmp_path / "save.yaml"
    while session.game.round_index < MAX_GAME_ROUNDS - 2:      # saved late in the game
        session.step()
    session.save(path)
    resumed = Session.resume(path)
    assert resumed.game.events == session.game.events
    while not resumed.game.is_terminal:
        resumed.step()
    resumed.save(path)
    assert replay(path).game.chips == resumed.game.chips
