"""The points of effects inside the play (docs/effects.md, "Points inside the play"): which games
have which, the facts of their events read only there, what is refused at its place, and that
they run once per event."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.actions import Play
from hachihachi.interpreter.engine.effect_events import EffectFired
from hachihachi.interpreter.engine.round_phases import build_phases
from hachihachi.interpreter.engine.phases.play_effects import PlayWithEffects
from hachihachi.interpreter.engine.phases.play_phase import PlayPhase
from hachihachi.interpreter.games.matching.play import Captured
from hachihachi.interpreter.games.tricks.events import TrickTaken
from hachihachi.ruleset.errors import RuleFileError
from hachihachi.ruleset.kind_registry import rule_kind
from hachihachi.ruleset.loader import check_file, load_ruleset


def write(tmp_path: Path, base: str, body: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {base}\nname: house\ncounters: [{{name: c}}]\n{body}", encoding="utf-8")
    return path


def one(when: str, cond: str = "true", action: str = "end_game: true") -> str:
    return f"effects:\n  - name: x\n    when: {when}\n    if: \"{cond}\"\n    do:\n      - {action}\n"


def problems(tmp_path: Path, base: str, body: str) -> list[str]:
    return [str(p) for p in check_file(write(tmp_path, base, body)) if "error" in str(p)]


def play(rules, players: int, seed: int = 1, rounds: int = 2) -> GameState:
    g, rng = GameState(rules, players, seed=seed, rounds=rounds), random.Random(seed)
    while not g.is_terminal:
        g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("base, when, other", [
    ("hachihachi_trick", "after_capture", "matching play (hanafuda)"),
    ("hanafuda_hachihachi", "after_trick", "trick play (Hachi-Hachi Trick)")])
def test_a_point_of_another_play_kind_is_refused_at_its_place(tmp_path, base, when, other):
    (found,) = problems(tmp_path, base, one(when))
    assert f"'{when}' is a point of another play: it comes in {other}" in found
    assert re.search(r"house\.yaml:6:11: error", found)         # at the effect's when


def test_each_play_kind_declares_its_points_and_their_facts_are_its_own():
    tricks, matching = rule_kind("tricks"), rule_kind("matching")
    assert set(tricks.play_points) == {"after_trick", "after_turn"}
    assert set(matching.play_points) == {"after_capture", "after_turn"}
    for kind in (tricks, matching):
        own = {f.name for f in kind.own_facts}
        assert {n for names in kind.play_points.values() for n in names} <= own


@pytest.mark.parametrize("base, fact, at", [
    ("hachihachi_trick", "trick.number == 7", "after_play"),
    ("hachihachi_trick", "any_of(took_trick)", "after_turn"),
    ("hanafuda_hachihachi", "capture.brights > 0", "round_end"),
    ("hanafuda_hachihachi", "turn.number == 1", "after_capture")])
def test_a_fact_of_an_event_is_read_only_at_its_point(tmp_path, base, fact, at):
    (found,) = problems(tmp_path, base, one(at, fact))
    assert "is a fact of the event of" in found and f"at '{at}' there is no such event" in found


def test_no_question_is_asked_in_the_middle_of_the_play(tmp_path):
    ask = 'ask: {seats: "each goer", counter: c, options: {a: 0, b: 1}}'
    (found,) = problems(tmp_path, "hachihachi_trick", one("after_trick", action=ask))
    assert "a question cannot be asked at 'after_trick', in the middle of the play" in found


def test_a_file_without_a_point_inside_the_play_plays_the_plain_play_phase(tmp_path):
    plain = [type(p) for p in build_phases(load_ruleset("hachihachi_trick"))]
    assert PlayPhase in plain and PlayWithEffects not in plain
    house = load_ruleset(write(tmp_path, "hachihachi_trick", one("after_play")))
    assert PlayWithEffects not in [type(p) for p in build_phases(house)]


def test_T19_after_trick_and_after_turn_run_once_per_trick_and_card(tmp_path):
    body = ("effects:\n"
            "  - {name: t, when: after_trick,\n"
            "     do: [{counter: {name: c, seats: \"each seat where took_trick\", add: 1}}]}\n"
            "  - {name: n, when: after_turn,\n"
            "     do: [{counter: {name: c, seats: \"each seat where in_turn\", add: 100}}]}\n")
    g = play(load_ruleset(write(tmp_path, "hachihachi_trick", body)), players=4, rounds=3)
    tricks = [e for e in g.events if isinstance(e, TrickTaken)]
    plays = [e for e in g.events if getattr(e, "action", None).__class__ is Play]
    fired = [e.name for e in g.events if isinstance(e, EffectFired)]
    assert fired.count("t") == len(tricks) > 0 and fired.count("n") == len(plays)
    counts = g._t.counters["c"]
    for seat in range(4):
        took = sum(1 for e in tricks if e.winner == seat)
        cards = sum(1 for e in plays if e.seat == seat)
        assert counts[seat] == took + 100 * cards


def test_H14_after_capture_runs_for_each_capture_with_its_facts(tmp_path):
    body = ("effects:\n"
            "  - {name: k, when: after_capture, if: capture.turned,\n"
            "     do: [{counter: {name: c, seats: \"each seat where captured\", add: \"capture.cards\"}}]}\n")
    g = play(load_ruleset(write(tmp_path, "hanafuda_hachihachi", body)), players=3, rounds=2)
    turned = [e for e in g.events if isinstance(e, Captured) and e.turned and e.taken]
    assert turned
    for seat in range(3):
        assert g._t.counters["c"][seat] == sum(1 + len(e.taken) for e in turned if e.seat == seat)


def test_the_scorekeeper_refuses_an_effect_inside_the_play(tmp_path):
    from hachihachi.interpreter.scorekeeper.told_game import told_game

    rules = load_ruleset(write(tmp_path, "hachihachi_trick", one("after_trick")))
    with pytest.raises(RuleFileError, match="cannot run in a told round"):
        told_game(rules, 4, start=0)
