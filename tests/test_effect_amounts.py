"""Payments whose amount reads both seats of each pair (``payer.X``, ``receiver.X``) and payments
shared among the payers (``in_proportion_to``): docs/effects.md, "pay"."""

from __future__ import annotations

import random
import re
from pathlib import Path

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.events import Transfer
from hachihachi.ruleset.effects import describe
from hachihachi.ruleset.loader import check_file, load_ruleset
from hachihachi.ruleset.model import TransferReason
from hachihachi.interpreter.games.tricks.rules import TrickTransfer


def write(tmp_path: Path, body: str, base: str = "hachihachi_trick") -> Path:
    path = tmp_path / f"house_{base}.yaml" if base != "hachihachi_trick" else tmp_path / "house.yaml"
    path.write_text(f"extends: {base}\nname: house\n" + body, encoding="utf-8")
    return path


def problems(tmp_path: Path, body: str) -> list[str]:
    return [str(p) for p in check_file(write(tmp_path, body))]


def play(rules, players: int = 5, seed: int = 1) -> GameState:
    g, rng = GameState(rules, players, seed=seed), random.Random(seed)
    while not g.is_terminal:
        g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
    return g


T20_BY_PAIRS = """settlement:
  trick_settlement:
    - name: tricks
      do:
        - pay: {from: each goer, to: each goer, as: tricks,
                amount: "max(receiver.tricks - payer.tricks, 0) * trick_settlement.per_trick",
                reason: "trick settlement, tricks {receiver.tricks} against {payer.tricks}"}
"""


def test_T20_written_with_the_payer_and_receiver_facts_moves_the_chips_between_does(tmp_path):
    """T20 as a payment from each goer to each goer of the difference of their tricks (the amount
    read for each pair) ends every game with the chips of the bundled ``between`` form."""
    pairs = load_ruleset(write(tmp_path, T20_BY_PAIRS))
    bundled = load_ruleset("hachihachi_trick")
    for seed in (1, 2, 3):
        mine, theirs = play(pairs, seed=seed), play(bundled, seed=seed)
        assert mine.chips == theirs.chips and mine.pot == theirs.pot
        told = [t.reason for t in mine.events if isinstance(t, Transfer) and t.kind is TrickTransfer.TRICKS]
        assert told and all(r.startswith("trick settlement, tricks ") for r in told)


def test_a_pair_amount_is_read_for_each_payer_and_receiver(tmp_path):
    """Every seat pays each seat with fewer chips a tenth of the difference: payer and receiver
    both read, each pair once, a seat never paying itself."""
    rules = load_ruleset(write(tmp_path, """effects:
  - name: levelling
    when: round_end
    do:
      - pay: {from: each seat, to: each seat, amount: "max(payer.chips - receiver.chips, 0) // 10"}
"""))
    g = GameState(rules, 4, seed=3)
    rng = random.Random(3)
    seen = 0
    while not g.is_terminal and seen == 0:
        before = list(g.chips)
        new = g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
        effect = [t for t in new if isinstance(t, Transfer) and t.kind is TransferReason.EFFECT]
        if effect:
            others = [t for t in new if isinstance(t, Transfer) and t.kind is not TransferReason.EFFECT]
            for t in others:                    # the round's other payments, made before the effect
                if t.source >= 0:
                    before[t.source] -= t.amount
                if t.target >= 0:
                    before[t.target] += t.amount
            expected = {(p, q, (before[p] - before[q]) // 10) for p in range(4) for q in range(4)
                        if p != q and (before[p] - before[q]) // 10 > 0}
            assert {(t.source, t.target, t.amount) for t in effect} == expected
            seen += 1
    assert seen


def test_the_pot_has_no_payer_or_receiver_facts(tmp_path):
    (found,) = problems(tmp_path, """effects:
  - name: x
    when: round_end
    do:
      - pay: {from: pot, to: each seat, amount: "payer.chips"}
""")
    assert "house.yaml:7:" in found and "'payer.chips' reads the paying seat, and here the pot pays" in found
    (found,) = problems(tmp_path, """effects:
  - name: x
    when: round_end
    do:
      - pay: {from: each seat, to: pot, amount: "receiver.chips"}
""")
    assert "'receiver.chips' reads the receiving seat, and here the pot receives" in found


def test_a_misspelt_pair_fact_is_named_with_the_fact_meant(tmp_path):
    (found,) = problems(tmp_path, """effects:
  - name: x
    when: after_play
    do:
      - pay: {from: each goer, to: each goer, amount: "receiver.trick"}
""")
    assert "there is no fact 'receiver.trick'. Did you mean 'receiver.tricks'?" in found


def test_pair_facts_are_read_only_in_a_payment(tmp_path):
    (found,) = problems(tmp_path, """effects:
  - name: x
    when: after_play
    if: "payer.chips > 0"
    do:
      - end_game: true
""")
    assert "there is no fact 'payer.chips'" in found


def test_a_shared_amount_reads_no_one_payer_and_names_no_pot(tmp_path):
    (found,) = problems(tmp_path, """effects:
  - name: x
    when: round_end
    do:
      - pay: {from: each seat, to: each seat, amount: "payer.gain", in_proportion_to: gain}
""")
    assert "'payer.gain' reads the paying seat, and here the amount is what each receiver gets in all" in found
    (found,) = problems(tmp_path, """effects:
  - name: x
    when: round_end
    do:
      - pay: {from: each seat, to: pot, amount: 3, in_proportion_to: gain}
""")
    assert "'in_proportion_to' shares what each receiving seat gets among the paying seats" in found


def test_a_shared_amount_is_paid_in_full_by_largest_remainders(tmp_path):
    """10 shared by weights 1, 1, 1 among three payers: 4, 3, 3 (the earliest seat the extra one)."""
    rules = load_ruleset(write(tmp_path, """effects:
  - name: tribute
    when: round_start
    if: "round.number == 1"
    do:
      - pay: {from: "each seat where not start", to: start player, amount: 10, in_proportion_to: 1}
"""))
    g = GameState(rules, 4, seed=1, start=2)
    paid = [(t.source, t.target, t.amount) for t in g.events if isinstance(t, Transfer)]
    assert paid == [(3, 2, 4), (0, 2, 3), (1, 2, 3)]


def test_pair_and_shared_payments_in_words_in_english_and_japanese(tmp_path):
    rules = load_ruleset(Path(__file__).parent / "house_rules" / "variants" / "fx_loss_capped.yaml")
    (effect,) = rules.effects
    assert "in all, shared in proportion to gain" in describe(effect, "en")
    assert "「gain」の比で分けて払う" in describe(effect, "ja")
    from hachihachi.cli.rulebook import effect_words

    en, ja = effect_words(effect, rules, "en"), effect_words(effect, rules, "ja")
    assert "the round's gain of the receiver" in en and "shared in proportion to the round's gain" in en
    assert "受け取る人のこの局の増減" in ja
    assert "-receiver" not in en and "-receiver" not in ja


# -- naming a role -------------------------------------------------------------------------------

def test_an_unknown_role_is_named_at_its_place_with_the_role_meant(tmp_path):
    (found,) = problems(tmp_path, """effects:
  - name: x
    when: round_end
    if: "any_of(role.shisna)"
    do:
      - end_game: true
""")
    assert re.search(r"house\.yaml:6:\d+: error: there is no role 'shisna' in this game's role tables\. "
                     r"Did you mean 'role\.shisan'\? \(the hand roles: shisan, ", found)
    path = write(tmp_path, """effects:
  - name: x
    when: round_end
    do:
      - pay: {from: each seat, to: each seat, amount: "role_value.gokoo"}
""", "hanafuda_hachihachi")
    (found,) = [str(p) for p in check_file(path)]
    assert "there is no role 'gokoo'" in found and "Did you mean 'role_value.gokou'?" in found
    assert "the capture roles: akatan, aotan, shichitan, shikou, gokou" in found


def test_a_roles_value_is_its_go_value_read_from_the_role_table(tmp_path):
    from hachihachi.ruleset.effects.facts import role_values

    trick, hanafuda = load_ruleset("hachihachi_trick"), load_ruleset("hanafuda_hachihachi")
    assert role_values(trick)["shisan"] == trick.roles.role("shisan").go == 20
    assert role_values(hanafuda)["gokou"] == 12 and role_values(hanafuda)["akatan"] == 7
    rules = load_ruleset(write(tmp_path, "role_table:\n  roles:\n    shisan: {go: 25}\n"))
    assert role_values(rules)["shisan"] == 25


# -- named pots ----------------------------------------------------------------------------------

POT = "pots:\n  - {name: jackpot}\n"


def test_an_unknown_pot_is_named_with_the_pot_meant(tmp_path):
    (found,) = problems(tmp_path, POT + """effects:
  - name: x
    when: round_end
    do:
      - pay: {from: each seat, to: pot.jackpt, amount: 1}
""")
    assert "there is no pot 'jackpt' (the pots: jackpot); declare it under 'pots:'. Did you mean 'pot.jackpot'?" \
        in found
    (found,) = problems(tmp_path, "pots:\n  - {name: j}\n  - {name: j}\n")
    assert "the pot 'j' is declared twice." in found and "house.yaml:5:" in found     # the second one


def test_a_named_pot_pays_seats_or_the_pot_and_is_no_transfer_kind(tmp_path):
    (found,) = problems(tmp_path, "pots:\n  - {name: a}\n  - {name: b}\n" + """effects:
  - name: x
    when: round_end
    do:
      - pay: {from: pot.a, to: pot.b, amount: 1}
""")
    assert "a payment from one named pot to another moves nothing" in found
    (found,) = problems(tmp_path, POT + """effects:
  - name: x
    when: round_end
    do:
      - pay: {from: each seat, to: pot.jackpot, amount: 1, as: tricks}
""")
    assert "a payment into or out of a named pot is no transfer of a kind" in found
    (found,) = problems(tmp_path, POT + """effects:
  - name: x
    when: round_end
    do:
      - force: {seats: pot.jackpot, decision: go}
""")
    assert "the pot 'jackpot' is not a seat" in found


def test_T27_the_table_pot_feeds_a_named_pot_and_every_chip_is_kept(tmp_path):
    """Half the drop fees (T11) go from the pot into the jackpot (pot to pot.jackpot) after the
    declarations; the jackpot grows by them, and chips + pot + jackpot stay 5 x 50 after every action."""
    rules = load_ruleset(write(tmp_path, POT + """effects:
  - name: half to the jackpot
    when: after_declarations
    do:
      - pay: {from: pot, to: pot.jackpot, amount: "round.pot // 2", reason: "half of {round.pot}"}
"""))
    from hachihachi.interpreter.engine.effect_events import PotPaid

    g, rng = GameState(rules, 5, seed=2), random.Random(2)
    while not g.is_terminal:
        g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
        assert sum(g.chips) + g.pot + dict(g.pots)["jackpot"] == 250
    fed = [e for e in g.events if isinstance(e, PotPaid)]
    assert fed and all(e.into and e.party == -2 and e.reason in (f"half to the jackpot: half of {2 * e.amount}",
                                                                 f"half to the jackpot: half of {2 * e.amount + 1}")
                       for e in fed)
    assert dict(g.pots)["jackpot"] == sum(e.amount for e in fed)


def test_a_named_pot_past_the_bound_stops_the_game_naming_the_effect(tmp_path):
    from hachihachi.ruleset.bounds import ValueBoundError

    rules = load_ruleset(write(tmp_path, POT + """effects:
  - name: huge
    when: round_start
    do:
      - pay: {from: each seat, to: pot.jackpot, amount: "1000000000 * 1000"}
"""))
    try:
        GameState(rules, 4, seed=1)
    except ValueBoundError as e:
        assert "effect 'huge': the pot 'jackpot' would be past 1,000,000,000,000" in e.message
        assert e.place == "round 1"
    else:
        raise AssertionError("the bound was not kept")


def test_roles_and_pots_in_the_rulebooks_words_in_english_and_japanese():
    """The rulebook says a role by its name in the role table, shown (a hand role) or made (a
    capture role), its value, and a named pot in words, in both languages."""
    from hachihachi.cli.rulebook import effect_words

    variants = Path(__file__).parent / "house_rules" / "variants"
    shisan = load_ruleset(variants / "fx_shisan_ends_game.yaml")
    (effect,) = shisan.effects
    assert "showed Four and Three the value of Four and Three" in effect_words(effect, shisan, "en")
    assert "「四三を見せた」の人に「四三の値」を払う" in effect_words(effect, shisan, "ja")
    jackpot = load_ruleset(variants / "fx_jackpot.yaml")
    won = next(e for e in jackpot.effects if e.name == "jackpot won")
    en, ja = effect_words(won, jackpot, "en"), effect_words(won, jackpot, "ja")
    assert "made Four brights or made Five brights" in en and "the chips in the pot jackpot" in en
    assert "the pot jackpot pays" in en
    assert "四光が出来た または 五光が出来た" in ja and "「jackpot」の積み立ての額" in ja


def test_a_pairs_fact_of_an_event_inside_the_play_is_read_only_at_its_point(tmp_path):
    (found,) = problems(tmp_path, """effects:
  - name: x
    when: round_end
    do:
      - pay: {from: each goer, to: each goer, amount: "if(receiver.took_trick, 1, 0)"}
""")
    assert "'receiver.took_trick' is a fact of the event of 'after_trick'" in found
    assert problems(tmp_path, """effects:
  - name: x
    when: after_trick
    do:
      - pay: {from: each goer, to: each goer, amount: "if(receiver.took_trick, 1, 0)"}
""") == []
