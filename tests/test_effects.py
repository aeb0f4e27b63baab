"""Effects in rule files (docs/effects.md): what validation refuses, at FILE:LINE:COL, and how the
actions move chips, counters and decisions in a game."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from hachihachi.interpreter import CHANCE, CallMizuten, GameState
from hachihachi.interpreter.engine.effect_events import EffectFired, GameEndCalled
from hachihachi.interpreter.engine.events import GameEnded, RoundEnded, Transfer
from hachihachi.cli.narrate import Narrator
from hachihachi.ruleset.effects import SEAT_FACTS, TABLE_FACTS
from hachihachi.ruleset.effects.facts import all_groups
from hachihachi.ruleset.kind_registry import rule_kind
from hachihachi.ruleset.expressions import AGGREGATES, FUNCTIONS
from hachihachi.ruleset.loader import check_file, load_ruleset
from hachihachi.ruleset.model import TransferReason
from hachihachi.interpreter.games.tricks.rules import TrickTransfer

DOC = Path(__file__).resolve().parents[1] / "docs" / "effects.md"


def write(tmp_path: Path, body: str, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text("extends: hachihachi_trick\nname: house\n" + body, encoding="utf-8")
    return path


def problems(tmp_path: Path, body: str) -> list[str]:
    return [str(p) for p in check_file(write(tmp_path, body))]


def one_effect(when: str = "after_play", cond: str = "", action: str = "end_game: true") -> str:
    line = f"    if: \"{cond}\"\n" if cond else ""
    return f"effects:\n  - name: x\n    when: {when}\n{line}    do:\n      - {action}\n"


def play(rules, players: int = 5, seed: int = 1, rounds=None) -> GameState:
    g, rng = GameState(rules, players, seed=seed, rounds=rounds), random.Random(seed)
    while not g.is_terminal:
        g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
    return g


# -- validation ---------------------------------------------------------------------------------

def test_an_unknown_fact_is_named_with_the_fact_meant_and_its_column(tmp_path):
    (found,) = problems(tmp_path, one_effect(cond="round.numbr == 3"))
    assert re.search(r"house\.yaml:6:\d+: error: there is no fact 'round.numbr'. Did you mean 'round.number'\?", found)


def test_an_unknown_fact_in_a_seat_condition_points_into_the_condition(tmp_path):
    (found,) = problems(tmp_path, one_effect(action="pay: {from: each goer where trics == 0, to: pot, amount: 1}"))
    assert "there is no fact 'trics'. Did you mean 'tricks'?" in found
    assert ":7:37:" in found                    # the column of 'trics' inside the seat set


def test_a_seat_fact_outside_a_seat_is_refused(tmp_path):
    (found,) = problems(tmp_path, one_effect(cond="tricks == 0"))
    assert "'tricks' is a fact of one seat" in found and "number_of(...)" in found


def test_a_number_where_a_condition_is_wanted_is_a_wrong_type(tmp_path):
    (found,) = problems(tmp_path, one_effect(cond="round.pot + 1"))
    assert "wants a condition, and the expression is a number" in found


def test_a_condition_as_an_amount_is_a_wrong_type(tmp_path):
    (found,) = problems(tmp_path, one_effect(action="pay: {from: each goer, to: pot, amount: \"round.last\"}"))
    assert "wants a number, and the expression is a condition" in found


@pytest.mark.parametrize("action", ["pay: {to: each goer, amount: 2}", "pay: {from: each goer, amount: 2}"])
def test_a_payment_without_a_payer_or_receiver_would_make_or_destroy_chips(tmp_path, action):
    (found,) = problems(tmp_path, one_effect(action=action))
    assert "chips move from seats or the pot to seats or the pot, and are never made or destroyed" in found


def test_a_payment_from_the_pot_to_the_pot_is_refused(tmp_path):
    (found,) = problems(tmp_path, one_effect(action="pay: {from: pot, to: pot, amount: 2}"))
    assert "from the pot to the pot moves nothing" in found


def test_an_effect_whose_condition_no_table_allows_can_never_fire(tmp_path):
    (found,) = problems(tmp_path, one_effect(cond="table.players > 7"))
    assert "the effect 'x' can never fire: 'table.players > 7' is false in every game" in found
    (found,) = problems(tmp_path, one_effect(cond="round.goers == 4"))       # at most 3 goers (T12)
    assert "can never fire" in found
    assert problems(tmp_path, one_effect(cond="round.goers == 3 and table.players == 7")) == []


def test_an_effect_at_a_point_the_round_never_reaches_can_never_fire(tmp_path):
    body = ("round: [deal, declarations, forced_out, two_goer_choice, one_goer_pot, role_settlement]\n"
            "mizuten: {enabled: false}\n")
    (found,) = problems(tmp_path, body + one_effect(when="after_play"))
    assert "can never fire: the round has no 'play' phase" in found


def test_a_seat_set_no_seat_can_match_is_refused(tmp_path):
    (found,) = problems(tmp_path, one_effect(action='pay: {from: "each seat where table.players > 9", to: pot, '
                                                   'amount: 1}'))
    assert "can never name a seat" in found


def test_every_problem_of_the_effects_is_listed(tmp_path):
    body = ("effects:\n"
            "  - {when: after_play, if: \"round.numbr == 1\", do: [end_game: true]}\n"
            "  - {when: round_end, do: [{pay: {to: pot, amount: 1}}]}\n"
            "  - {when: game_end, do: [{force: {seats: each seat, decision: go}}]}\n")
    found = problems(tmp_path, body)
    assert len(found) == 3 and [":4:", ":5:", ":6:"] == [re.search(r":\d+:", f).group() for f in found]
    assert "there is no next round" in found[2]


def test_an_undeclared_counter_is_named(tmp_path):
    (found,) = problems(tmp_path, one_effect(action="counter: {name: drops, add: 1}"))
    assert "there is no counter 'drops'" in found
    (found,) = problems(tmp_path, "counters: [{name: drops}]\n" + one_effect(cond="counter.drop > 0"))
    assert "Did you mean 'counter.drops'?" in found


def test_a_multiplier_after_the_settlement_is_refused(tmp_path):
    (found,) = problems(tmp_path, one_effect(when="round_end", action="multiply: {by: 2}"))
    assert "multiplies nothing" in found


def test_this_rounds_decision_is_forced_only_at_the_start_of_the_round(tmp_path):
    (found,) = problems(tmp_path, one_effect(action="force: {seats: each seat, decision: go, round: this}"))
    assert "this round's decisions are made" in found


def test_an_unknown_seat_group_is_refused_with_the_groups(tmp_path):
    (found,) = problems(tmp_path, one_effect(action="force: {seats: each goers, decision: go}"))
    assert "'each goers' names no seats" in found and "Did you mean 'each goer'?" in found


def test_an_unknown_action_key_is_a_schema_error(tmp_path):
    (found,) = problems(tmp_path, one_effect(action="give: {to: each goer, amount: 2}"))
    assert "give" in found


def test_T11_a_number_of_the_table_that_is_negative_for_some_table_is_refused(tmp_path):
    (found,) = problems(tmp_path, "declaration:\n  drop_fee: {first: \"5 - table.players\", step: 1}\n")
    assert "'5 - table.players' is -1 for 6 players" in found and ":4:" in found


def test_T11_a_number_of_the_table_reads_only_the_table(tmp_path):
    (found,) = problems(tmp_path, "declaration:\n  drop_fee: {first: \"round.pot\", step: 1}\n")
    assert "must be a whole number or an expression of table.players, not the text 'round.pot'" in found
    (found,) = problems(tmp_path, "declaration:\n  drop_fee: {first: \"round.pot + 1\", step: 1}\n")
    assert "there is no fact 'round.pot'" in found and "Write a whole number here" in found


def test_the_bundled_and_variant_files_stay_valid():
    root = Path(__file__).resolve().parents[1] / "rules"
    for path in [*root.glob("*.yaml"), *(root / "variants").glob("*.yaml")]:
        assert check_file(path) == [], path


# -- in a game ------------------------------------------------------------------------------------

def test_a_payment_by_a_per_seat_amount_is_read_for_the_payer(tmp_path):
    rules = load_ruleset(write(tmp_path, one_effect(
        when="round_end", action='pay: {from: "each goer where went", to: pot, amount: "position + 1"}')))
    g = play(rules, rounds=3)
    for e in g.events:
        if isinstance(e, Transfer) and e.kind is TransferReason.EFFECT:
            start = next(x.start for x in g.events if type(x).__name__ == "RoundStarted" and x.round == e.round)
            assert e.amount == (e.source - start) % 5 + 1
    assert sum(g.chips) + g.pot == 250


def test_a_negative_amount_is_paid_the_other_way(tmp_path):
    rules = load_ruleset(write(tmp_path, one_effect(
        when="round_end", action='pay: {from: "start player", to: "each seat", amount: -1}')))
    g = play(rules, rounds=2)
    flows = [(e.source, e.target) for e in g.events if isinstance(e, Transfer) and e.kind is TransferReason.EFFECT]
    starts = [e.start for e in g.events if type(e).__name__ == "RoundStarted"]
    assert len(flows) == 8 and all(target == starts[0] for _, target in flows[:4])


def test_end_game_ends_after_the_round_and_game_end_effects_run_once(tmp_path):
    body = ("effects:\n  - {name: stop, when: round_end, if: \"round.number == 2\", do: [end_game: true]}\n"
            "  - {name: last word, when: game_end, do: [{pay: {from: \"each seat where chips > 0\", to: pot, "
            "amount: 1}}]}\n")
    g = play(load_ruleset(write(tmp_path, body)))
    assert len([e for e in g.events if isinstance(e, RoundEnded)]) == 2
    assert [e.name for e in g.events if isinstance(e, EffectFired)] == ["stop", "last word"]
    assert any(isinstance(e, GameEndCalled) for e in g.events) and isinstance(g.events[-1], GameEnded)
    assert sum(g.chips) + g.pot == 250


def test_a_table_counter_counts_across_rounds(tmp_path):
    body = ("counters: [{name: skipped, scope: table}]\n"
            "effects:\n  - {when: round_end, if: round.skipped, do: [{counter: {name: skipped, add: 1}}]}\n"
            "  - {when: round_end, if: \"counter.skipped >= 1\", do: [end_game: true]}\n")
    g = play(load_ruleset(write(tmp_path, body)), players=3, seed=4)
    kinds = [e.kind.value for e in g.events if isinstance(e, RoundEnded)]
    assert kinds[-1] == "skipped" or len(kinds) == 12
    assert "skipped" not in kinds[:-1]


def test_a_parameter_is_a_setting_a_sweep_can_vary(tmp_path):
    from hachihachi.ruleset.loader import load_variant

    path = write(tmp_path, "parameters: {fee: 1}\n" + one_effect(
        when="round_start", action="pay: {from: start player, to: pot, amount: parameter.fee}"))
    for fee in (1, 7):
        g = play(load_variant(path, (("parameters.fee", fee),)), rounds=1)
        assert [e.amount for e in g.events if isinstance(e, Transfer) and e.kind is TransferReason.EFFECT] == [fee]
    (found,) = problems(tmp_path, "parameters: {fee: 1}\n" + one_effect(cond="parameter.fe > 0"))
    assert "Did you mean 'parameter.fee'?" in found


def test_effects_are_narrated(tmp_path):
    body = one_effect(when="after_declarations", action='pay: {from: each dropper, to: pot, amount: 1}')
    g = play(load_ruleset(write(tmp_path, body)), rounds=2)
    lines = Narrator(g.ruleset, [f"p{s}" for s in range(5)]).lines(g.events)
    assert "  house rule: x (after the declarations)" in lines
    assert any("into the pot: house rule, x" in line for line in lines) or not any(
        isinstance(e, Transfer) and e.kind is TransferReason.EFFECT for e in g.events)


def test_the_scorekeepers_told_rounds_run_the_effects(tmp_path):
    from hachihachi.interpreter.scorekeeper.told_game import told_game

    rules = load_ruleset(write(tmp_path, one_effect(when="round_start", action="end_game: true")))
    g = told_game(rules, 4, start=0)
    assert any(isinstance(e, EffectFired) for e in g.events)


# -- the reference ------------------------------------------------------------------------------

def test_every_function_and_seat_set_is_in_the_reference():
    """The points, facts and actions are checked both ways, each with an example that validates,
    by tests/test_effect_docs_examples.py; the functions and seat sets here."""
    text = DOC.read_text(encoding="utf-8")
    names = [*(f"each {g}" for g in all_groups()), *FUNCTIONS, *AGGREGATES, "start player", "pot"]
    missing = [n for n in names if f"`{n}" not in text]
    assert missing == []


def test_the_card_points_are_hanafudas_facts_and_refused_in_the_trick_game(tmp_path):
    """The core's facts name no play kind's own: ``card_points`` and ``round.most_card_points``
    are matching play's (``RuleKind.own_facts``), read in a hanafuda game and refused, at their
    place, in a trick game."""
    assert not {"card_points", "round.most_card_points"} & {*SEAT_FACTS, *TABLE_FACTS}
    assert {"card_points", "round.most_card_points"} <= {f.name for f in rule_kind("matching").own_facts}
    (found,) = problems(tmp_path, one_effect(cond="round.most_card_points > 0"))
    assert "'round.most_card_points' is a fact of matching play (hanafuda)" in found
    assert re.search(r"house\.yaml:\d+:\d+", found)


def test_the_rule_sheet_lists_the_effects_in_words(tmp_path):
    from hachihachi.cli.sheet import render

    rules = load_ruleset(write(tmp_path, "counters: [{name: n}]\n" + one_effect(
        when="round_end", cond="round.goers == 0", action="counter: {name: n, add: 1}")))
    for fmt in ("text", "md", "html"):
        text = render(rules, None, "en", fmt)
        assert "House rules (effects)" in text and "At the end of every round, if round.goers == 0" in text
    assert "House rules" not in render(load_ruleset("hachihachi_trick"), None, "en", "text")


def test_a_player_forced_by_a_house_rule_is_told_why_when_answering_otherwise(tmp_path):
    from hachihachi.cli.answers import BadAnswer
    from hachihachi.cli.tui_input import parse_answer

    rules = load_ruleset(write(tmp_path, one_effect(
        when="round_start", action="force: {seats: each seat, decision: drop, round: this}")))
    g = GameState(rules, 4, seed=3)
    while g.phase is None or g.phase.value != "declarations":
        g.deal_random() if g.current_player == CHANCE else g.apply(CallMizuten(False))
    view = g.view(g.current_player)
    with pytest.raises(BadAnswer, match="A house rule of this table makes you drop"):
        parse_answer("go", view, rules)


# -- decisions as data ----------------------------------------------------------------------------

HOUSE = Path(__file__).resolve().parent / "house_rules" / "variants"
DOUBLE = HOUSE / "fx_start_player_may_double.yaml"


def until_asked(g: GameState, rng: random.Random) -> None:
    while not g.is_terminal and (g.phase is None or g.phase.value != "effects"):
        g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))


def test_a_question_waits_for_the_seat_and_its_answer_is_kept_in_its_counter():
    from hachihachi.interpreter import Choose
    from hachihachi.interpreter.engine.effect_events import Multiplied

    g, rng = GameState(load_ruleset(DOUBLE), 5, seed=2), random.Random(2)
    until_asked(g, rng)
    assert g.current_player == g.round.start and g.round.start in g.round.playing
    assert tuple(g.legal_actions()) == (Choose("doubles", "no"), Choose("doubles", "double"))
    with pytest.raises(Exception, match="not one of the legal actions"):
        g.apply(Choose("doubles", "triple"))
    events = g.apply(Choose("doubles", "double"))
    assert any(isinstance(e, Multiplied) and e.by == 2 for e in events)
    assert g.phase.value != "effects"           # the round goes on after the answer


def test_a_doubled_round_pays_its_tricks_twice():
    from hachihachi.interpreter import Choose

    g, rng = GameState(load_ruleset(DOUBLE), 5, seed=2), random.Random(2)
    until_asked(g, rng)
    index = g.round_index
    g.apply(Choose("doubles", "double"))
    while not g.is_terminal and g.round_index == index:
        g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
    tricks = [e for e in g.events if isinstance(e, Transfer) and e.round == index and e.kind is TrickTransfer.TRICKS]
    assert tricks and all(e.amount == e.base * e.multiplier and e.multiplier % 2 == 0 for e in tricks)


def test_answers_are_recorded_and_replayed(tmp_path):
    from hachihachi.interpreter.records.gamerecord import replay
    from hachihachi.interpreter.runs.simulate import simulate

    (tmp_path / "rules.yaml").write_text(DOUBLE.read_text(encoding="utf-8"), encoding="utf-8")
    simulate(str(tmp_path / "rules.yaml"), games=2, players=4, seed=5, record_dir=tmp_path / "rec")
    record = sorted((tmp_path / "rec").iterdir())[0]
    assert "choose: " in record.read_text(encoding="utf-8")
    rep = replay(record, rules=tmp_path / "rules.yaml")
    assert rep.game.is_terminal and any(type(e.action).__name__ == "Choose" for e in rep.game.events
                                        if type(e).__name__ == "Applied")


def test_hachi_play_reads_an_answer_by_number_or_name():
    from hachihachi.cli.tui_input import parse_answer
    from hachihachi.interpreter import Choose

    rules = load_ruleset(DOUBLE)
    g, rng = GameState(rules, 5, seed=2), random.Random(2)
    until_asked(g, rng)
    view = g.view(g.current_player)
    assert parse_answer("2", view, rules) == Choose("doubles", "double")
    assert parse_answer("no", view, rules) == Choose("doubles", "no")


def test_the_openspiel_codec_gives_every_answer_an_id_after_the_cards():
    pytest.importorskip("pyspiel")
    from hachihachi.openspiel.encoding import ActionCodec, answers_of
    from hachihachi.openspiel.bridge_registry import BRIDGES

    rules = load_ruleset(DOUBLE)
    codec = ActionCodec(rules.deck.size, BRIDGES[rules.play], answers_of(rules))
    ids = [codec.encode(a) for a in codec.answers]
    assert ids == [codec.size - 2, codec.size - 1] and [codec.decode(i) for i in ids] == list(codec.answers)


def test_openspiel_plays_a_rule_file_with_questions():
    pyspiel = pytest.importorskip("pyspiel")
    from hachihachi.openspiel import TRICK_GAME

    game = pyspiel.load_game(TRICK_GAME, {"rules": str(DOUBLE), "rounds": 3})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_a_question_is_refused_where_it_cannot_be_asked(tmp_path):
    body = "counters: [{name: c}]\n" + one_effect(
        when="game_end", action="ask: {seats: start player, counter: c, options: {a: 0, b: 1}}")
    (found,) = problems(tmp_path, body)
    assert "a question cannot be asked at 'game_end'" in found
    body = "counters: [{name: c, scope: table}]\n" + one_effect(
        action="ask: {seats: start player, counter: c, options: {a: 0, b: 1}}")
    (found,) = problems(tmp_path, body)
    assert "an answer is kept in a seat counter, and 'c' is none" in found


def test_the_explanation_of_a_question_names_the_house_rule():
    from hachihachi.cli.tui_input import explain

    rules = load_ruleset(DOUBLE)
    g, rng = GameState(rules, 5, seed=2), random.Random(2)
    until_asked(g, rng)
    assert "A house rule of this table asks you to choose" in explain(g.view(g.current_player), rules)[0]


@pytest.mark.parametrize("name", ["fx_three_drops_must_go.yaml", "fx_half_pot_carries.yaml"])
def test_a_clone_carries_the_counters_and_forced_decisions_and_shares_none_of_them(name):
    """A search bot's clone of a game with counters and forced decisions plays on as the game
    would, and playing it leaves the game itself untouched."""
    from tests.interp_support import play_random

    g = GameState(load_ruleset(str(HOUSE / name)), players=5, seed=11, rounds=8)
    rng = random.Random(4)
    while sum(isinstance(e, RoundEnded) for e in g.events) < 4:
        g.deal_random(rng) if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
    before = tuple(g.events)
    clone = g.clone()
    play_random(clone, random.Random(9))
    assert tuple(g.events) == before                       # the clone's play changed nothing of the game
    play_random(g, random.Random(9))
    assert tuple(g.events) == tuple(clone.events)                 # same state, same draws: the same game


def test_every_setting_of_every_game_is_read_from_the_ruleset_when_effects_are_folded():
    """Every fact that is a setting (``table.start_chips``, ``trick_settlement.per_trick``,
    ``hanafuda.par``...) carries its one reader of the ruleset: a game folds it into its effects
    from there, and a table reads it through the same reader."""
    from hachihachi.interpreter.engine.phases.effects import readers_for
    from hachihachi.ruleset.effects import vocabulary
    from hachihachi.ruleset.effects.facts import settings as setting_readers

    for name in ("hachihachi_trick", "hanafuda_go_drop"):
        rules = load_ruleset(name)
        settings = {n: f for n, f in vocabulary(rules, rules.counters).facts.items() if f.fixed}
        assert {"table.start_chips", "table.hand_size"} <= set(settings)
        assert all(f.setting is not None for f in settings.values())
        assert set(settings) == set(setting_readers(rules))          # what a game folds in: every one
        table = readers_for(rules)[2]
        on_table = GameState(rules, 3, seed=1)._t      # a table of a game of these rules
        assert all(table[n](on_table) == f.setting(rules) for n, f in settings.items() if f.setting)
    trick = load_ruleset("hachihachi_trick")
    facts = vocabulary(trick).facts
    assert [facts[n].setting(trick) for n in ("table.hand_size", "table.start_chips", "trick_settlement.per_trick")] \
        == [trick.hand_size, trick.chips.start, trick.kind_rules.trick_settlement.per_trick]


def test_a_multiply_without_applies_to_multiplies_every_transfer_of_its_game_but_drop_fees_and_the_pot(tmp_path):
    """The default of ``applies_to`` is the play kind's: the trick game's tricks and mizuten bonus,
    hanafuda's capture roles, special roles and card points, with the roles, forced-out payments
    and effect payments of every game."""
    trick = load_ruleset(write(tmp_path, one_effect(when="round_start", action="multiply: {by: 2}")))
    assert trick.effects[0].actions[0].kinds == ("tricks", "roles", "forced_out", "mizuten", "effect")
    path = tmp_path / "hana.yaml"
    path.write_text("extends: hanafuda_hachihachi\nname: hana\n" + one_effect(
        when="round_start", action="multiply: {by: 2}"), encoding="utf-8")
    hana = load_ruleset(path).effects[0].actions[0].kinds
    assert hana == ("roles", "forced_out", "capture_roles", "special_roles", "card_points", "effect")


@pytest.mark.parametrize("action", [
    'counter: {name: x, set: "counter.x * counter.x * counter.x * counter.x"}',
    'multiply: {by: "10000000"}',
    'pay: {from: "each seat", to: pot, amount: "counter.x * counter.x * counter.x"}',
])
def test_an_effect_whose_value_grows_without_bound_stops_the_game_at_the_bound_naming_the_effect(tmp_path, action):
    from hachihachi.ruleset.bounds import MAX_VALUE, ValueBoundError
    body = ("counters:\n  - {name: x, scope: table, start: 1000000}\n"
            "effects:\n  - name: grows\n    when: round_start\n    do:\n"
            "      - counter: {name: x, set: \"counter.x * 2\"}\n"
            f"      - {action}\n      - {action}\n")
    rules = load_ruleset(str(write(tmp_path, body)))
    with pytest.raises(ValueBoundError) as raised:
        play(rules, players=3)
    assert raised.value.message.startswith("effect 'grows': ")
    assert f"{MAX_VALUE:,}" in raised.value.message
