"""A third play kind added with one line in the registry and nothing outside its own folder
(``tests/toykind``, the toy game ``highcard``): its rule file is checked, and it is played,
recorded, replayed and simulated by the same commands as the bundled games."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from hachihachi.interpreter.engine.gamestate import GameState
from hachihachi.interpreter.records.gamerecord import record_data, replay, write_record
from hachihachi.interpreter.runs.simulate import simulate
from hachihachi.ruleset import kind_registry
from hachihachi.ruleset.loader import check_file, load_ruleset
from tests.interp_support import play_random

TOY = Path(__file__).parent / "toykind"


@pytest.fixture
def highcard(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The toy kind's one registry line, and its rule file in a fresh folder."""
    monkeypatch.setitem(kind_registry.KINDS, "highcard", "tests.toykind")
    return Path(shutil.copy(TOY / "highcard.yaml", tmp_path / "highcard.yaml"))


def test_the_toy_kind_validates_plays_records_replays_and_simulates(highcard: Path) -> None:
    assert check_file(highcard) == []
    rules = load_ruleset(highcard)
    assert rules.play == "highcard" and rules.kind_rules.ante == 2 == rules.high_card.ante

    game = GameState(rules, players=3, seed=4)
    play_random(game, random.Random(4))
    assert game.rounds == 4 and sum(game.chips) == 3 * 20 and game.pot == 0
    assert game.chips != (20, 20, 20)           # every round's pot went to one seat

    path = highcard.parent / "game.yaml"
    write_record(path, record_data(game, ["a", "b", "c"], "highcard.yaml"))
    again = replay(path).game
    assert again.chips == game.chips and again.events == game.events

    summary = simulate(str(highcard), 6, bots=("random",), seed=2)
    assert summary.games == 6 and summary.rounds == 6 * 4
    assert sum(s.chips.mean for s in summary.seats) == pytest.approx(20 * summary.players)


def test_a_bad_rule_file_of_the_toy_kind_names_its_place(highcard: Path) -> None:
    highcard.write_text(highcard.read_text().replace("ante: 2", "ante: 0"), encoding="utf-8")
    problems = check_file(highcard)
    assert problems and "high_card.ante" in problems[0].message and problems[0].line == 14


def test_without_its_registry_line_the_kind_is_unknown(highcard: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(kind_registry.KINDS, "highcard")
    problems = check_file(highcard)
    assert any("'highcard'" in p.message and "not one of: tricks, matching" in p.message for p in problems)


def test_the_toy_kinds_phases_and_transfers_come_from_its_package(highcard: Path) -> None:
    """Its phases and its own transfer kind (the ante) are declared in its package: the round
    holds them, the log records them, the schema allows them while the kind is registered, the
    narration tells them in its words; the core's enums are not touched."""
    from hachihachi.cli.narrate import Narrator
    from hachihachi.interpreter.engine.events import Transfer
    from hachihachi.ruleset.kind_registry import phase_named, transfer_named
    from hachihachi.ruleset.model import Phase, TransferReason
    from hachihachi.ruleset.schema import schema
    from tests.toykind.rules import ToyPhase, ToyTransfer

    rules = load_ruleset(highcard)
    assert rules.round == (ToyPhase.DEAL, ToyPhase.SHOW) and ToyPhase.__module__ == "tests.toykind.rules"
    assert phase_named("high_card_show") is ToyPhase.SHOW and transfer_named("ante") is ToyTransfer.ANTE
    assert "ante" in schema()["$defs"]["transfer"]["enum"]
    assert not {"high_card_deal", "high_card_show", "ante"} & {n.value for n in (*Phase, *TransferReason)}

    game = GameState(rules, players=3, seed=4)
    play_random(game, random.Random(4))
    antes = [e for e in game.events if isinstance(e, Transfer) and e.kind is ToyTransfer.ANTE]
    assert len(antes) == 3 * 4 and repr(antes[0]).startswith("Transfer(round=0, kind=<TransferKind.ANTE: 'ante'>")
    told = Narrator(rules, ["a", "b", "c"]).lines(game.events)
    assert any("アンティ ante, ante" in line for line in told)


def test_without_its_registry_line_the_schema_knows_no_ante(highcard: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hachihachi.ruleset.schema import schema

    monkeypatch.delitem(kind_registry.KINDS, "highcard")
    assert "ante" not in schema()["$defs"]["transfer"]["enum"]
    assert "high_card_deal" not in schema()["properties"]["round"]["items"]["enum"]


def test_the_toy_kind_follows_the_walk_through_of_docs_play_kinds(highcard: Path) -> None:
    """docs/play-kinds.md's "Add a play kind" names the toy's files, what a kind must write and what
    the toy claims; the toy is those files, within 150 lines, and its KIND what the doc says."""
    import dataclasses
    import re

    from hachihachi.interpreter.engine.kindplugin import Kind
    from hachihachi.interpreter.engine.phases.hands_deal import HandsDealPhase
    from hachihachi.interpreter.engine.registry import kind_named
    from hachihachi.ruleset.rulekind import KindParts, RuleKind
    from tests.toykind.rules import RULES

    doc = (TOY.parent.parent / "docs" / "play-kinds.md").read_text(encoding="utf-8")
    walk = doc.split("## Add a play kind\n")[1].split("\n## ")[0]
    steps = walk.split("\n5. ")[0]
    named = set(re.findall(r"`([\w]+\.(?:py|json|yaml))`", steps))
    files = {p.name for p in TOY.iterdir() if p.is_file()}
    assert named == files == {"__init__.py", "schema.json", "rules.py", "kind.py", "highcard.yaml"}
    assert sum(len((TOY / f).read_text(encoding="utf-8").splitlines()) for f in files) <= 150

    kind = kind_named("highcard")
    assert kind.rules is RULES and kind.claims() == () and "the toy claims none" in walk
    assert any(issubclass(cls, HandsDealPhase) for cls in kind.phases)
    required = {cls.__name__: [f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING
                               and f.default_factory is dataclasses.MISSING] for cls in (Kind, RuleKind)}
    required["KindParts"] = [n for n in KindParts._fields if n not in KindParts._field_defaults]
    assert required == {"Kind": ["rules", "phases"], "RuleKind": ["kind", "title", "parts"],
                        "KindParts": ["deck", "fields", "rules", "dealt_beside_hands"]}
    assert f": {sum(map(len, required.values()))} members" in doc


def test_the_toy_kind_takes_no_declarations_and_its_rounds_have_no_kind(highcard: Path) -> None:
    """A kind without go/drop (no ``parts:``) carries none of it: its round holds no part's state,
    every seat plays, and no round has a goer-based kind."""
    from hachihachi.interpreter.engine.events import RoundEnded

    game = GameState(load_ruleset(highcard), players=3, seed=4)
    assert game.ruleset.parts == () and game.round.parts == {}
    play_random(game, random.Random(4))
    ended = [e for e in game.events if isinstance(e, RoundEnded)]
    assert ended and all(e.kind is None and e.goers == tuple(sorted(e.goers, key=lambda s: (s - e.goers[0]) % 3))
                         and len(e.goers) == 3 for e in ended)


def test_a_kind_that_claims_no_search_or_scorekeeper_is_refused_by_them_in_one_line(highcard: Path) -> None:
    """The search bots and the scorekeeper ask the kind for what they need; a kind that does not
    claim it is refused with one error naming the game, not an AttributeError."""
    from hachihachi.interpreter.engine.registry import search_for, told_for
    from hachihachi.ruleset.errors import HachiError

    rules = load_ruleset(highcard)
    with pytest.raises(HachiError, match=r"^the search bots cannot play .*: its play kind \(highcard\) cannot deal"):
        search_for(rules)
    with pytest.raises(HachiError, match=r"^the scorekeeper cannot keep .*: its play kind \(highcard\) has no told"):
        told_for(rules)
