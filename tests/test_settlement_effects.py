"""The settlement phases written as effects (docs/effects.md, "Settlement"): the trick settlement
(T20), the pot (T21) and the mizuten bonus (T22) of the bundled trick game are effects of its
``settlement:``, read the settings, and may be rewritten one phase at a time; the payment forms
they use (between every two seats, a transfer kind, numbers in a reason, the first seat of a set,
seats by seat number)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.events import RoundEnded, Transfer
from hachihachi.interpreter.engine.effect_events import EffectFired
from hachihachi.ruleset.effects import Pay, describe
from hachihachi.ruleset.loader import check_file, load_ruleset
from hachihachi.ruleset.model import TransferReason
from hachihachi.interpreter.games.tricks.rules import TrickTransfer


def write(tmp_path: Path, body: str, base: str = "hachihachi_trick") -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {base}\nname: house\n" + body, encoding="utf-8")
    return path


def play(rules, players: int = 5, seed: int = 1, rounds=12) -> GameState:
    g, rng = GameState(rules, players, seed=seed, rounds=rounds), random.Random(seed)
    while not g.is_terminal:
        g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
    return g


def kinds(g: GameState, kind: TransferReason) -> list[Transfer]:
    return [e for e in g.events if isinstance(e, Transfer) and e.kind is kind]


def test_t20_t21_t22_the_bundled_settlement_is_effects_of_its_phases():
    rules = load_ruleset("hachihachi_trick")
    assert [name for name, _ in rules.settlement] == ["trick_settlement", "pot", "mizuten_bonus"]
    (tricks,) = dict(rules.settlement)["trick_settlement"]
    (pay,) = tricks.actions
    assert isinstance(pay, Pay) and pay.pairs and pay.recorded_as == "tricks"
    assert "lower tricks pays the other trick_settlement.per_trick" in describe(tricks)


def test_t20_t21_t22_settlement_payments_keep_their_kinds_and_log_no_house_rule():
    g = play(load_ruleset("hachihachi_trick"))
    assert kinds(g, TrickTransfer.TRICKS) and kinds(g, TransferReason.POT) and kinds(g, TrickTransfer.MIZUTEN)
    assert not any(isinstance(e, EffectFired) for e in g.events)
    assert all(t.reason.startswith("tricks ") for t in kinds(g, TrickTransfer.TRICKS))


def test_t20_the_per_trick_setting_is_read_by_the_effect(tmp_path):
    base = play(load_ruleset("hachihachi_trick"))
    three = play(load_ruleset(write(tmp_path, "trick_settlement: {per_trick: 3}\n")))
    three_bases = [t.base for t in kinds(three, TrickTransfer.TRICKS)]
    assert three_bases and [t.base * 3 // 2 for t in kinds(base, TrickTransfer.TRICKS)] == three_bases


def test_t22_the_bonus_setting_is_read_by_the_effect(tmp_path):
    g = play(load_ruleset(write(tmp_path, "mizuten: {bonus: 3}\n")))
    bonus = kinds(g, TrickTransfer.MIZUTEN)
    assert bonus and {t.base for t in bonus} == {3}
    assert all(t.reason.startswith("mizuten bonus: ") and t.reason.endswith(" tricks") for t in bonus)


def test_t21_the_pot_goes_to_the_seat_that_starts_the_next_round():
    g = play(load_ruleset("hachihachi_trick"))
    for end in (e for e in g.events if isinstance(e, RoundEnded) and e.tricks):
        best = max(end.tricks.values())
        assert end.tricks[end.pot_to] == best and end.next_start == end.pot_to


def test_a_house_rule_rewrites_one_settlement_phase_and_keeps_the_others(tmp_path):
    path = write(tmp_path, "settlement:\n  mizuten_bonus:\n    - name: double bonus\n      do:\n"
                           "        - pay: {from: each seat, to: \"each seat where mizuten and tricks >= 3\","
                           " amount: \"2 * mizuten.bonus\", as: mizuten}\n")
    rules = load_ruleset(path)
    assert [name for name, _ in rules.settlement] == ["trick_settlement", "pot", "mizuten_bonus"]
    assert dict(rules.settlement)["mizuten_bonus"][0].name == "double bonus"
    assert {t.base for t in kinds(play(rules), TrickTransfer.MIZUTEN)} == {2}


def test_writing_effects_keeps_the_standard_settlement(tmp_path):
    rules = load_ruleset(write(tmp_path, "effects:\n  - {when: round_end, if: round.skipped, do: [end_game: true]}\n"))
    assert len(rules.effects) == 1 and len(rules.settlement) == 3


def test_a_round_phase_that_is_neither_code_nor_settlement_is_refused(tmp_path):
    path = write(tmp_path, "round: [hanafuda_deal, hand_roles, play, card_scoring, pot]\n", "hanafuda_hachihachi")
    found = " ".join(map(str, check_file(path)))
    assert "the round names the phase 'pot', which is written as effects" in found and "settlement: pot:" in found


def test_between_refuses_from_and_to_and_wants_compare(tmp_path):
    found = " ".join(map(str, check_file(write(tmp_path, (
        "effects:\n  - {name: x, when: after_play, do: [pay: {between: each goer, from: pot, compare: tricks}]}\n"
        "  - {name: y, when: after_play, do: [pay: {between: each goer, amount: 1}]}\n")))))
    assert "a payment 'between' seats has no 'from'" in found
    assert "a payment 'between' seats needs 'compare'" in found


def test_a_kind_other_than_effect_refuses_field(tmp_path):
    found = " ".join(map(str, check_file(write(tmp_path, (
        "effects:\n  - {name: x, when: after_play, do: [pay: {from: each seat, to: pot, amount: 1, as: tricks,"
        " field: true}]}\n")))))
    assert "a payment recorded as 'tricks' is multiplied as the field says" in found


def test_an_unknown_fact_in_a_reason_is_refused(tmp_path):
    found = " ".join(map(str, check_file(write(tmp_path, (
        "effects:\n  - {name: x, when: after_play, do: [pay: {from: each seat, to: pot, amount: 1,"
        " reason: \"{trics} tricks\"}]}\n")))))
    assert "there is no fact 'trics'" in found


def test_first_and_by_seat_number_order_a_house_rules_payments(tmp_path):
    rules = load_ruleset(write(tmp_path, (
        "effects:\n  - name: first goer\n    when: after_play\n    do:\n"
        "      - pay: {from: each seat by seat number, to: first goer, amount: 1, reason: \"{seat}\"}\n")))
    g = play(rules)
    for r in {e.round for e in g.events if isinstance(e, Transfer) and e.kind is TransferReason.EFFECT}:
        paid = [e for e in g.events if isinstance(e, Transfer) and e.kind is TransferReason.EFFECT and e.round == r]
        end = next(e for e in g.events if isinstance(e, RoundEnded) and e.round == r)
        assert len({t.target for t in paid}) == 1 and paid[0].target == end.goers[0]
        assert [t.source for t in paid] == sorted(t.source for t in paid)
        assert {t.reason for t in paid} == {f"first goer: {end.goers[0]}"}


def test_all_but_the_first_names_a_sets_seats_but_the_first_of_them(tmp_path):
    """``all but the first GROUP where COND`` is ``each GROUP where COND`` less the seat
    ``first GROUP where COND`` names, in the same order (the later goers tied for the pot, T21)."""
    rules = load_ruleset(write(tmp_path, (
        "effects:\n  - name: rest\n    when: after_play\n    do:\n"
        "      - pay: {from: all but the first goer where tricks >= 1, to: pot, amount: 1, reason: \"{seat}\"}\n")))
    (effect,) = rules.effects
    assert effect.actions[0].payers.rest and not effect.actions[0].payers.first
    g = play(rules)
    rounds = {e.round: e for e in g.events if isinstance(e, RoundEnded)}
    checked = 0
    for r, end in rounds.items():
        paid = [e.source for e in kinds(g, TransferReason.EFFECT) if e.round == r]
        scoring = [s for s in end.goers if end.tricks.get(s, 0) >= 1]
        if end.tricks:
            assert paid == scoring[1:]
            checked += bool(paid)
    assert checked


def test_t21_the_bundled_tie_for_the_pot_reads_as_the_rule():
    """T21 with ``pot_tie: split``: every goer tied for the most tricks but the earliest takes an
    equal share, and the earliest the rest."""
    pot = dict(load_ruleset("hachihachi_trick").settlement)["pot"]
    tie = next(e for e in pot if e.name == "tie for the pot")
    shares, rest = tie.actions
    assert shares.receivers.text == "all but the first goer where tricks == round.most_tricks"
    assert rest.receivers.text == "first goer where tricks == round.most_tricks"


def test_a_standalone_trick_file_without_settlement_settles_as_the_bundled_game():
    copy = load_ruleset(Path(__file__).parent / "rulesets" / "valid" / "standalone_copy.yaml")
    standard = load_ruleset("hachihachi_trick")
    assert "\nsettlement:" not in (Path(__file__).parent / "rulesets" / "valid" / "standalone_copy.yaml").read_text()
    assert [(n, [e.name for e in es]) for n, es in copy.settlement] == \
        [(n, [e.name for e in es]) for n, es in standard.settlement]



@pytest.mark.parametrize("name", ["hachihachi_trick", "hanafuda_go_drop"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_settlement_effect_is_worded_with_its_name_phase_and_payment(name, lang):
    """T20-T22: each settlement effect of a bundled file reads in words, in either language: its
    name, its phase, and a payment (never the words of another action)."""
    ruleset = load_ruleset(name)
    effects = [e for _, listed in ruleset.settlement for e in listed]
    assert effects
    for effect in effects:
        words = describe(effect, lang)
        assert effect.name in words and effect.when in words
        assert ("払う" in words and "ゲームを終える" not in words) if lang == "ja" else ("pay" in words)


def test_a_payment_between_seats_compared_by_card_points_reads_the_captured_points(tmp_path):
    """A ``between`` payment whose ``compare`` reads card points gets them from the play (H21's
    measure), as a seat set or an amount reading them does: the lower pays the higher."""
    path = tmp_path / "h.yaml"
    path.write_text("extends: hanafuda_hachihachi\nname: compare_points\neffects:\n"
                    "  - name: points between\n    when: after_play\n    do:\n"
                    "      - pay: {between: \"each seat\", compare: card_points, amount: 1}\n", encoding="utf-8")
    game = GameState(load_ruleset(str(path)), 3, seed=2, rounds=2)
    rng = random.Random(1)
    while not game.is_terminal:
        game.deal_random(rng) if game.current_player == CHANCE else game.apply(rng.choice(game.legal_actions()))
    fired = [e for e in game.events if isinstance(e, EffectFired)]
    assert len(fired) == 2


def test_h19_a_standalone_hanafuda_file_without_settlement_runs_the_bundled_special_roles(tmp_path):
    text = (Path(__file__).parents[1] / "rules" / "hanafuda_hachihachi.yaml").read_text(encoding="utf-8")
    head, _, tail = text.partition("\nsettlement:\n")
    rest = tail[tail.index("\nround:"):] if "\nround:" in tail else ""
    path = tmp_path / "own.yaml"
    path.write_text(head.replace("name: hanafuda_hachihachi", "name: own_hanafuda") + rest + "\n", encoding="utf-8")
    assert "settlement:" not in path.read_text(encoding="utf-8")
    own, standard = load_ruleset(path), load_ruleset("hanafuda_hachihachi")
    assert [e.name for e in dict(own.settlement)["special_roles"]] == \
        [e.name for e in dict(standard.settlement)["special_roles"]] == ["sohachi", "sohachi", "nihachi", "sujuroku"]


def test_h19_a_house_rule_rewrites_the_special_roles_and_the_round_scores_them(tmp_path):
    """An effect of ``settlement.special_roles`` that pays is a special role of the round's score
    (H19), named after it, with its value in kan; roles left out of the list are not played."""
    from hachihachi.interpreter.games.matching.phases import RoundScored

    rules = load_ruleset(write(tmp_path, (
        "settlement:\n  special_roles:\n    - name: far_above\n      do:\n"
        "        - pay: {from: each player in play order, as: special_roles, amount: \"5 * hanafuda.kan\",\n"
        "                to: \"each player where card_points >= hanafuda.par + 60\"}\n"), "hanafuda_hachihachi"))
    scored = [e for seed in range(4) for e in play(rules, players=3, seed=seed, rounds=40).events
              if isinstance(e, RoundScored) and e.specials]
    assert scored
    for e in scored:
        assert [(role, value) for role, _, value in e.specials] == [("far_above", 5)]
        assert e.points[e.specials[0][1]] >= 88 + 60 and e.fukikeshi


def test_t21_a_game_leaves_out_the_tie_for_the_pot_when_its_setting_is_not_split(tmp_path):
    """The settings folded into a game's effects: the bundled pot_tie leaves 'tie for the pot' out
    (it can never fire), a house that splits ties keeps it."""
    from hachihachi.interpreter.engine.phases.effects import folded_effects

    standard = load_ruleset("hachihachi_trick")
    split = load_ruleset(write(tmp_path, "trick_settlement: {pot_tie: split}\n"))
    assert [e.name for e in folded_effects(standard, dict(standard.settlement)["pot"])] == ["the pot"]
    assert [e.name for e in folded_effects(split, dict(split.settlement)["pot"])] == ["tie for the pot", "the pot"]
    # folded once per ruleset: the same list (as another sequence) is the same fold, another ruleset's its own
    pot = dict(split.settlement)["pot"]
    assert folded_effects(split, list(pot)) is folded_effects(split, tuple(pot))
    assert folded_effects(split, pot[1:]) is not folded_effects(split, pot)


def test_T10_a_game_without_go_drop_is_refused_the_facts_and_groups_of_the_declarations(tmp_path):
    """Hanafuda for 3 takes no go/drop (``parts:``): its effects read every seat that plays
    (``plays``, ``each player``); go/drop's ``went`` and ``each goer`` are refused at their place."""
    from hachihachi.ruleset.errors import RuleFileError

    for cond, group, said in (("number_of(went) > 1", "player", "'went' is a fact of go/drop declarations"),
                              ("number_of(plays) > 1", "goer", "'each goer' names no seats; the groups are "
                                                               "each seat, each player.")):
        text = ("settlement:\n  special_roles:\n    - name: far_above\n      if: \"" + cond + "\"\n      do:\n"
                "        - pay: {from: each player in play order, as: special_roles, amount: 5,\n"
                "                to: \"each " + group + " where card_points >= hanafuda.par + 60\"}\n")
        with pytest.raises(RuleFileError, match=re.escape(said)):
            load_ruleset(write(tmp_path, text, "hanafuda_hachihachi"))
