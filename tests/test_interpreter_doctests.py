"""The doctests of the small pure functions, the engine API example and the screen helpers."""

import doctest

import pytest

from hachihachi.cli import screen
from hachihachi.interpreter.engine import gamestate as game
from hachihachi.cli import narrate
from hachihachi.cli import display


@pytest.mark.parametrize("module", [display, game, narrate, screen])
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
