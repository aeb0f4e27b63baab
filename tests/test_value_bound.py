"""The one bound on every number a game holds (docs/limits.md): chips, the pot, amounts, counters
and multipliers stay within 10**12 either side of 0; a game that would pass it stops with one
error naming the effect and the round, before the number is stored."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.effect_events import CounterChanged
from hachihachi.ruleset.bounds import MAX_VALUE, ValueBoundError, bounded
from hachihachi.ruleset.loader import load_ruleset

SQUARED = """extends: hachihachi_trick
name: squared
counters:
  - {name: x, scope: table, start: 3}
effects:
  - name: grow
    when: round_end
    do:
      - counter: {name: x, set: "counter.x * counter.x"}
"""

DOUBLED_PAYMENT = """extends: hachihachi_trick
name: doubled
chips: {allow_negative: true}
effects:
  - name: stake
    when: round_start
    if: "round.number >= 2"
    do:
      - pay: {from: "each seat where seat == 0", to: "each seat where seat == 1",
              amount: "1000000000 * 1000000000 * 10"}
"""

CHIPS_PILING_UP = """extends: hachihachi_trick
name: piling
chips: {allow_negative: true}
effects:
  - name: stake
    when: round_start
    do:
      - pay: {from: "each seat where seat == 0", to: "each seat where seat == 1", amount: "600000000 * 1000"}
"""

MULTIPLIED = """extends: hachihachi_trick
name: multiplied
effects:
  - name: multiply
    when: round_start
    do:
""" + "".join('      - multiply: {by: "1000000000", applies_to: [roles]}\n' for _ in range(3))


def ruleset(tmp_path: Path, text: str):
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def play_until_stopped(rules, rounds: int = 30) -> tuple[GameState, ValueBoundError]:
    g, rng = GameState(rules, 3, seed=1, rounds=rounds), random.Random(1)
    with pytest.raises(ValueBoundError) as stopped:
        while not g.is_terminal:
            g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
    return g, stopped.value


def test_a_number_within_the_bound_is_kept_and_one_past_it_is_refused():
    assert bounded(MAX_VALUE, "x", 0) == MAX_VALUE and bounded(-MAX_VALUE, "x", 0) == -MAX_VALUE
    with pytest.raises(ValueBoundError, match="round 3: the pot would be past 1,000,000,000,000"):
        bounded(MAX_VALUE + 1, "the pot", 2)
    with pytest.raises(ValueBoundError):
        bounded(-MAX_VALUE - 1, "the pot", 2)


def test_a_counter_squared_every_round_stops_the_game_naming_the_effect_and_the_round(tmp_path):
    g, error = play_until_stopped(ruleset(tmp_path, SQUARED))
    assert error.place == "round 5" and error.effect == "grow"
    assert error.message.startswith("effect 'grow': counter x would be past")
    assert f"{MAX_VALUE:,}" in error.message
    told = [e.value for e in g.events if isinstance(e, CounterChanged)]
    assert told[-1] == 3 ** 16                          # the last value within the bound, and no other


def test_a_payment_past_the_bound_moves_nothing(tmp_path):
    g, error = play_until_stopped(ruleset(tmp_path, DOUBLED_PAYMENT))
    assert error.effect == "stake" and "a payment" in error.message
    assert sum(g.chips) + g.pot == g.ruleset.chips.start * 3          # T27: nothing half moved
    assert all(abs(c) <= MAX_VALUE for c in g.chips)


def test_chips_past_the_bound_are_refused_where_they_are_paid(tmp_path):
    g, error = play_until_stopped(ruleset(tmp_path, CHIPS_PILING_UP))
    assert error.place == "round 2" and error.effect == "stake" and "a seat's chips" in error.message
    assert 600_000_000_000 <= g.chips[1] < 2 * 600_000_000_000          # the first round's payment, not the second


def test_multipliers_past_the_bound_are_refused_where_they_are_multiplied(tmp_path):
    with pytest.raises(ValueBoundError) as stopped:       # the first round starts with the game
        GameState(ruleset(tmp_path, MULTIPLIED), 3, seed=1)
    error = stopped.value
    assert error.place == "round 1" and error.effect == "multiply"
    assert "the multiplier would be past" in error.message


def test_the_error_crosses_to_a_worker_process_whole():
    error = ValueBoundError("counter x", 4, "grow")
    back = pickle.loads(pickle.dumps(error))
    assert (back.place, back.message, back.effect) == (error.place, error.message, "grow")
