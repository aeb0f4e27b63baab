"""The doctests of the interpreter's small pure functions and of the engine API example."""

import doctest

import pytest

from hachihachi.interpreter import game
from hachihachi.interpreter.phases import pot


@pytest.mark.parametrize("module", [game, pot])
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
