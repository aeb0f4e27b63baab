"""Play kinds are found through one registry and imported when used: a run of one play kind
imports none of another's modules."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

from hachihachi.interpreter import CHANCE, CallMizuten, Declare, GameState
from hachihachi.interpreter.engine.effect_events import GameEndCalled
from hachihachi.interpreter.engine.events import RoundEnded
from hachihachi.interpreter.engine.registry import plugin_for
from hachihachi.interpreter.games.tricks.kind import MIZUTEN_GOES
from hachihachi.interpreter.games.tricks.play import TrickRound
from hachihachi.interpreter.engine.kindplugin import Kind
from hachihachi.ruleset.kind_registry import KINDS, kind_part
from hachihachi.ruleset.rulekind import RuleKind
from hachihachi.ruleset.errors import RuleFileError
from hachihachi.interpreter.parts.go_drop.rules import GoDropPhase

TRICK_RUN = """
import json, sys, tempfile
from pathlib import Path
from hachihachi.interpreter.records.gamerecord import replay
from hachihachi.interpreter.runs.simulate import simulate
with tempfile.TemporaryDirectory() as out:
    summary = simulate("hachihachi_trick", 2, bots=("random", "heuristic"), seed=3, record_dir=out)
    replay(sorted(Path(out).glob("*.yaml"))[0])
print(json.dumps(sorted(m for m in sys.modules if m.startswith("hachihachi.interpreter.games."))))
"""


def test_a_trick_game_run_imports_no_module_of_matching_play():
    out = subprocess.run([sys.executable, "-c", TRICK_RUN], capture_output=True, text=True, check=True).stdout
    imported = json.loads(out)
    assert "hachihachi.interpreter.games.tricks.kind" in imported
    assert [m for m in imported if ".games.matching." in m] == []      # its package only, for its schema part


def test_every_registered_kind_has_its_parts():
    for play in KINDS:
        assert kind_part(play, "rules", "RULES", RuleKind).kind == play
        assert kind_part(play, "kind", "KIND", Kind).kind == play


def test_a_part_that_is_not_what_its_layer_expects_is_refused_naming_what_it_lacks():
    from hachihachi.cli.screenkind import ScreenPlugin
    from hachihachi.ruleset.kind_registry import kind_object, not_a

    with pytest.raises(TypeError, match=r"'tricks': kind.KIND is not a RuleKind \(it is a Kind\)"):
        kind_part("tricks", "kind", "KIND", RuleKind)
    rules = kind_object("tricks", "rules", "RULES")
    assert str(not_a("tricks", "rules.RULES", rules, ScreenPlugin)).endswith(
        "rules.RULES is not a ScreenPlugin: it has no card, hand, table, question, choice, dealt_line, numbered, "
        "parse, explain, ask_result")


# -- what the core asks of a play kind -----------------------------------------------------------

def _played(rules: str, seed: int, until: Callable[[GameState], bool], players: int = 5) -> GameState:
    """A seeded random game of ``rules`` played until ``until`` holds (or the game ends)."""
    g, rng = GameState(rules, players, seed=seed), random.Random(seed)
    while not g.is_terminal and not until(g):
        g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
    return g


def test_T6_T7_T19_the_trick_games_round_state_is_its_own_and_a_clone_copies_it():
    g = _played("hachihachi_trick", 4, lambda g: sum(g.round.kind_state.tricks_won.values()) >= 2)
    part = g.round.kind_state
    assert isinstance(part, TrickRound) and part.indicator is not None and part.mizuten_answered
    assert g.view(0).play.tricks_won == tuple(part.tricks_won.items())
    before = part.copy()
    clone = g.clone()
    assert clone.round.kind_state == before and clone.round.kind_state is not part
    assert clone.round.kind_state.tricks_won is not part.tricks_won
    rng = random.Random(1)
    while clone.round.index == g.round.index:   # the clone plays its round to the end alone
        clone.deal_random() if clone.current_player == CHANCE else clone.apply(rng.choice(clone.legal_actions()))
    assert g.round.kind_state == before


def test_T6_a_mizuten_caller_must_go_as_the_trick_kind_says_and_hanafuda_obliges_nobody():
    trick = GameState("hachihachi_trick", 5, seed=2)
    trick.apply(CallMizuten(True))
    assert plugin_for(trick.ruleset).state.must_play(trick.round) == {trick.round.start: MIZUTEN_GOES}
    trick.deal_random()
    assert [trick.current_player, trick.legal_actions()] == [trick.round.start, (Declare(True),)]
    hana = _played("hanafuda_go_drop", 2, lambda g: g.phase is GoDropPhase.DECLARATIONS)
    assert hana.phase is GoDropPhase.DECLARATIONS and plugin_for(hana.ruleset).state.must_play(hana.round) == {}
    assert len(hana.legal_actions()) == 2


def _ends_when(tmp_path: Path, base: str, cond: str) -> GameState:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {base}\nname: house\neffects:\n  - name: x\n    when: round_end\n"
                    f"    if: \"{cond}\"\n    do:\n      - end_game: true\n", encoding="utf-8")
    return _played(str(path), 3, lambda g: False)


def test_a_trick_fact_is_read_from_the_trick_kind_and_refused_in_a_hanafuda_file(tmp_path):
    """The trick game's facts (its tricks, its settings) are its package's: a trick game reads them
    from its plug-in, and a hanafuda file that reads one is refused at its place, naming the game."""
    trick = _ends_when(tmp_path, "hachihachi_trick", "round.most_tricks > 0")
    ends = [e for e in trick.events if isinstance(e, RoundEnded)]
    assert any(isinstance(e, GameEndCalled) for e in trick.events)
    assert max(ends[-1].tricks.values()) > 0 and all(not e.tricks for e in ends[:-1])
    for fact in ("round.most_tricks > 0", "sum_of(tricks) > 0", "number_of(mizuten) > 0",
                 "trick_settlement.per_trick > 0", "mizuten.bonus > 0"):
        with pytest.raises(RuleFileError) as refused:
            _ends_when(tmp_path, "hanafuda_go_drop", fact)
        assert str(refused.value).startswith(f"{tmp_path / 'house.yaml'}:6:")
        assert "is a fact of trick play (Hachi-Hachi Trick), which this game does not play" in str(refused.value)
    hana = _ends_when(tmp_path, "hanafuda_go_drop", "round.most_card_points >= 0 and sum_of(chaff) >= 0")
    assert len([e for e in hana.events if isinstance(e, RoundEnded)]) == 1
