"""Issue 15: the uniform draws of drive.py and the deal draw what random.Random's choice and shuffle draw."""

import random

import pytest

from hachihachi.interpreter import GameState
from hachihachi.interpreter.draws import below, chooser, seat_bits, shuffle, with_seat_bits
from hachihachi.interpreter.drive import drive_game


@pytest.mark.parametrize("seed", range(12))
def test_issue15_chooser_draws_what_choice_draws(seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    choose = chooser(ours)
    for n in [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 52, 53, 64, 65, 1000] * 20:
        options = tuple(range(n))
        assert choose(options) == theirs.choice(options)
    assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("seed", range(12))
def test_issue15_shuffle_orders_as_random_shuffle(seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in (0, 1, 2, 3, 8, 32, 48, 52, 100):
        a, b = list(range(n)), list(range(n))
        shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b
    assert ours.getstate() == theirs.getstate()


def test_issue15_a_generator_of_another_class_draws_with_its_own_methods():
    class Fixed(random.Random):
        def choice(self, seq):
            return seq[-1]

        def shuffle(self, x):
            x.reverse()

    cards = [1, 2, 3]
    shuffle(Fixed(1), cards)
    assert cards == [3, 2, 1] and chooser(Fixed(1))("abc") == "c"


def test_issue15_choosing_from_nothing_is_an_error():
    with pytest.raises(IndexError):
        chooser(random.Random(1))(())


@pytest.mark.parametrize("seed", range(6))
def test_issue15_below_draws_the_position_chooser_draws(seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    choose = chooser(theirs)
    for n in [1, 2, 3, 5, 8, 13, 52] * 10:
        assert below(ours.getrandbits, n) == choose(range(n))
    assert ours.getstate() == theirs.getstate()


def test_issue15_a_pick_tells_its_seat_draws_only_when_every_generator_is_plain():
    seen = []

    def pick(seat, options):
        return options[0]

    assert seat_bits(pick) is None
    with_seat_bits(pick, [random.Random(1).getrandbits])
    assert len(seat_bits(pick)) == 1

    class Odd(random.Random):
        pass

    game = GameState("hachihachi_trick", players=3, seed=2, rounds=1)
    real = game.drive

    def drive(p):
        seen.append(seat_bits(p))
        real(p)

    game.drive = drive
    drive_game(game, [random.Random(1), Odd(2), random.Random(3)])
    assert seen == [None] and game.is_terminal
