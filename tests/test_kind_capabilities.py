"""Every play kind, the bundled ones and the toy (``tests/toykind``), is one ``Kind`` whose core
works and whose every claimed capability is complete, in English and in Japanese: its games are
told in both languages, recorded and replayed, kept by the scorekeeper, searched, played by its
bots, shown on the terminal and bridged to OpenSpiel, as far as it claims each."""

from __future__ import annotations

import random
import shutil
import re
from pathlib import Path

import pytest

from hachihachi.cli.narrate import Narrator
from hachihachi.interpreter.engine.actions import CHANCE
from hachihachi.interpreter.engine.events import Applied, RoundStarted
from hachihachi.interpreter.engine.gamestate import GameState
from hachihachi.interpreter.engine.kindplugin import Kind, RecordCodec, Search
from hachihachi.interpreter.engine.parts import part_actions
from hachihachi.interpreter.engine.registry import kind_named
from hachihachi.interpreter.records.actions_codec import CORE_ACTIONS, codec_of
from hachihachi.interpreter.records.gamerecord import record_data, replay, write_record
from hachihachi.interpreter.scorekeeper.told import ToldKind
from hachihachi.ruleset import kind_registry
from hachihachi.ruleset.catalog import say
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.model import Ruleset

TOY = Path(__file__).parent / "toykind"
RULES = {"tricks": "hachihachi_trick", "matching": "hanafuda_hachihachi", "highcard": str(TOY / "highcard.yaml")}
PLAYS = sorted(kind_registry.KINDS) + ["highcard"]
NAMES = ["ann", "bob", "cy"]
REPR = re.compile(r"\b[A-Z]\w*\(\w+=")          # an action told as Python writes it, not in words


@pytest.fixture(params=PLAYS)
def kind(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> tuple[Kind, Ruleset]:
    """Each play kind (the toy through its one registry line) and a ruleset of it."""
    monkeypatch.setitem(kind_registry.KINDS, "highcard", "tests.toykind")
    return kind_named(request.param), load_ruleset(RULES[request.param])


def played(rules: Ruleset, seed: int = 3) -> GameState:
    game, rng = GameState(rules, len(NAMES), seed=seed), random.Random(seed)
    while not game.is_terminal:
        game.deal_random() if game.current_player == CHANCE else game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_kind_is_one_object_its_phases_its_rule_files_and_its_actions_declared(kind: tuple[Kind, Ruleset]) -> None:
    k, rules = kind
    assert k.kind == k.rules.kind == rules.play
    run = {cls.phase for cls in k.phases}
    assert run <= set(k.rules.phases) and set(k.rules.phases) - set(k.rules.settlement_phases) <= run
    game = played(rules)
    seen = {type(e.action) for e in game.events if isinstance(e, Applied)}
    assert seen <= {*CORE_ACTIONS, *part_actions(), *k.actions} and set(k.actions) <= seen    # the generic codec's


def test_a_kinds_games_are_told_in_english_and_in_japanese(kind: tuple[Kind, Ruleset]) -> None:
    k, rules = kind
    events = played(rules).events
    english, japanese = (Narrator(rules, NAMES, lang).lines(events) for lang in ("en", "ja"))
    starts = sum(isinstance(e, RoundStarted) for e in events)
    starter = {lang: say(lang, f"{k.words.msg}.starter") for lang in ("en", "ja")}
    assert sum(f": {starter['ja']} " in line for line in japanese) == starts
    assert sum(f": {starter['en']} " in line for line in english) == starts
    assert [line for line in english + japanese if REPR.search(line)] == []
    assert starter["en"] not in "\n".join(japanese) and len(japanese) == len(english)


def test_a_kinds_record_codec_writes_and_replays_its_games(kind: tuple[Kind, Ruleset], tmp_path: Path) -> None:
    k, rules = kind
    assert isinstance(codec_of(k), RecordCodec) and (k.record is None) == ("record" not in k.claims())
    game = played(rules)
    ref = RULES[k.kind] if not RULES[k.kind].endswith(".yaml") else Path(shutil.copy(RULES[k.kind], tmp_path)).name
    write_record(tmp_path / "game.yaml", record_data(game, NAMES, ref))
    again = replay(tmp_path / "game.yaml").game
    assert again.events == game.events and again.chips == game.chips


def test_a_kind_that_claims_the_scorekeeper_settles_the_sheet_of_a_played_game(kind: tuple[Kind, Ruleset]) -> None:
    k, rules = kind
    if k.told is None:
        pytest.skip(f"{k.kind} claims no scorekeeper")
    from hachihachi.cli.told_narrate import ToldNarrator
    from hachihachi.interpreter.scorekeeper.sheet import settle, sheet_from_data
    from hachihachi.interpreter.scorekeeper.sheet_write import sheet_difference, sheet_from_game

    assert isinstance(k.told, ToldKind)
    game = played(rules)
    assert sheet_difference(game, NAMES) is None
    told = settle(sheet_from_data(sheet_from_game(game, NAMES, RULES[k.kind]), load_ruleset)).game
    assert told.chips == game.chips
    for lang in ("en", "ja"):
        assert [line for line in ToldNarrator(rules, NAMES, lang).lines(told.events) if REPR.search(line)] == []


def test_a_kind_that_claims_search_deals_a_seats_view_anew_and_its_bots_play_it(kind: tuple[Kind, Ruleset]) -> None:
    from hachihachi.interpreter.bots import bot_names, make_bot
    from hachihachi.interpreter.bots.determinize import determinize

    k, rules = kind
    assert set(k.bots) <= set(bot_names())
    bots = [make_bot(name, rules) for name in k.bots]
    if k.search is not None:
        assert isinstance(k.search, Search) and k.search.rollout_bot in bot_names()
        game = GameState(rules, len(NAMES), seed=5)
        while game.round.dealt is None:
            game.deal_random() if game.current_player == CHANCE else game.apply(game.legal_actions()[0])
        world = determinize(game, 0, random.Random(1)).game()
        assert world.round.hands[0] == game.round.hands[0] and world.current_player == game.current_player
    game, rng = GameState(rules, len(NAMES), seed=2), random.Random(2)
    for _ in range(60):
        if game.is_terminal:
            break
        if game.current_player == CHANCE:
            game.deal_random()
        else:
            bot = bots[game.current_player % len(bots)] if bots else None
            game.apply(bot.choose(game, game.current_player, rng) if bot else rng.choice(game.legal_actions()))
    assert sum(game.chips) + game.pot == len(NAMES) * rules.chips.start


def test_a_kind_that_claims_a_screen_shows_a_decision_in_english_and_in_japanese(kind: tuple[Kind, Ruleset]) -> None:
    k, rules = kind
    if k.screen is None:
        pytest.skip(f"{k.kind} claims no screen")
    from hachihachi.cli.screen import Screen
    from hachihachi.cli.screen_registry import screen_plugin
    from hachihachi.cli.screenkind import ScreenPlugin

    assert isinstance(screen_plugin(rules), ScreenPlugin)
    game, rng = GameState(rules, len(NAMES), seed=4), random.Random(4)
    while game.current_player == CHANCE or not game.view(game.current_player).legal or rng.random() < 0.6:
        game.deal_random() if game.current_player == CHANCE else game.apply(rng.choice(game.legal_actions()))
    view = game.view(game.current_player)
    shown = {lang: (Screen(rules, NAMES, lang).table(view), Screen(rules, NAMES, lang).question(view),
                    Screen(rules, NAMES, lang).choices(view)) for lang in ("en", "ja")}
    assert all(table and question and choices for table, question, choices in shown.values())
    assert shown["en"][1] != shown["ja"][1] and len(shown["en"][2]) == len(shown["ja"][2]) == len(view.legal)


def test_a_screens_optional_capabilities_take_what_their_protocols_give(kind: tuple[Kind, Ruleset]) -> None:
    """A screen method named as an optional capability (``worth``, ``summary_lines`` ...) takes the
    capability's arguments, so that the terminal, which reads it by the protocol, can call it."""
    import inspect

    k, rules = kind
    if k.screen is None:
        pytest.skip(f"{k.kind} claims no screen")
    from hachihachi.cli.screen_registry import screen_plugin
    from hachihachi.cli.screenkind import CAPABILITIES

    screen = screen_plugin(rules)
    for capability in CAPABILITIES:
        [name] = [n for n in vars(capability) if not n.startswith("_") and callable(getattr(capability, n))]
        method = getattr(screen, name, None)
        if method is None:
            assert not isinstance(screen, capability)
            continue
        wanted = len(inspect.signature(getattr(capability, name)).parameters) - 1       # without self
        assert len(inspect.signature(method).parameters) == wanted, (capability.__name__, name)


def test_a_kind_that_claims_an_openspiel_game_is_bridged(kind: tuple[Kind, Ruleset]) -> None:
    k, _ = kind
    if k.bridge is None:
        pytest.skip(f"{k.kind} claims no OpenSpiel game")
    pytest.importorskip("pyspiel")
    from hachihachi.openspiel.bridge_registry import BRIDGES
    from hachihachi.openspiel.kind import BridgeKind

    assert isinstance(BRIDGES[k.kind], BridgeKind) and BRIDGES[k.kind].kind == k.kind
