"""Golden playthroughs: whole seeded games compared line by line with tests/golden/*.txt."""

import pytest

from hachihachi.cli.narrate import Narrator
from hachihachi.interpreter.records.gamerecord import record_data, replay, write_record
from tests.golden import regen
from tests.interp_support import assert_zero_sum



@pytest.mark.parametrize("seed, players", regen.CASES)
def test_golden_playthrough(seed, players):
    game = regen.play(seed, players)
    expected = regen.path_for(seed, players).read_text(encoding="utf-8").splitlines()
    got = regen.trace(game).splitlines()
    for i, (a, b) in enumerate(zip(got, expected), 1):
        assert a == b, f"line {i} differs (run python -m tests.golden.regen after a deliberate change)"
    assert len(got) == len(expected)
    assert_zero_sum(game)


@pytest.mark.parametrize("seed, players", regen.CASES)
def test_golden_record_replays_to_the_same_trace(tmp_path, seed, players):
    game = regen.play(seed, players)
    path = tmp_path / "game.yaml"
    write_record(path, record_data(game, [f"p{s}" for s in range(players)]))
    rep = replay(path)
    assert Narrator(rep.game.ruleset, rep.names).lines(rep.game.events) == regen.trace(game).splitlines()


@pytest.mark.parametrize("seed", regen.HANAFUDA_CASES)
def test_golden_hanafuda_playthrough(seed):
    game = regen.play_hanafuda(seed)
    expected = regen.hanafuda_path(seed).read_text(encoding="utf-8").splitlines()
    got = regen.hanafuda_trace(game).splitlines()
    for i, (a, b) in enumerate(zip(got, expected), 1):
        assert a == b, f"line {i} differs (run python -m tests.golden.regen after a deliberate change)"
    assert len(got) == len(expected)
    assert sum(game.chips) == 0
