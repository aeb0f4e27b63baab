"""Koi-Koi (rules/koikoi.yaml): K1-K20 of shared/spec/koikoi.md, its worked examples 1-7 and
properties of seeded random games. A pile "taken before" is set on the table after the deal:
the cards a seat captured in its earlier turns (taken out of the stock's far end)."""

import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.events import RolesShown, RoundEnded, Transfer
from hachihachi.interpreter.games.matching.phases import HanaDeal
from hachihachi.interpreter.games.matching.play import PLAY_ON, STOP, capture_evaluator
from hachihachi.ruleset.loader import load_ruleset

RULES = load_ruleset("koikoi")
D = RULES.deck
A, B = 0, 1


def cards(text):
    return D.parse_list(text) if text else []


def deal(hands, field, stock_top=""):
    """A deal from card texts; the stock is ``stock_top`` then every other card in deck order."""
    hs = tuple(tuple(sorted(cards(h))) for h in hands)
    f = tuple(sorted(cards(field)))
    used = {c for h in hs for c in h} | set(f)
    first = [c for c in cards(stock_top) if c not in used]
    return HanaDeal(hs, f, tuple(first + [c for c in D.cards if c not in used and c not in first]))


def table(hands, field, stock_top="", taken=None, rules=RULES, start=A, rounds=1):
    """A game dealt ``hands`` and ``field``, each seat's pile of ``taken`` captured before: its
    role total then is the total at the start of its next turn (K15)."""
    g = GameState(rules, players=2, seed=0, rounds=rounds, start=start)
    g.apply(deal(hands, field, stock_top))
    s = g.round.play
    for seat, text in (taken or {}).items():
        for c in cards(text):
            (s.stock if c in s.stock else s.field).remove(c)
            s.captures[seat].append(c)
        s.totals[seat] = capture_evaluator(rules).evaluate(s.captures[seat]).go
    return g


def play(g, text):
    """The seat to play plays the card ``text`` (taking the first field card it may)."""
    card = D.parse(text)
    action = next(a for a in g.legal_actions() if getattr(a, "card", None) == card)
    g.apply(action)


def paid(g, kind=None):
    return [(e.source, e.target, e.amount) for e in g.events if isinstance(e, Transfer)
            and (kind is None or e.kind.value == kind)]


# hands without 手四 or くっつき, their cards matching nothing on FIELD
HAND_A = "1c1 2c1 3c1 4c1 5c1 6c1 7c1 12c1"
HAND_B = "1c2 2c2 3c2 4c2 5c2 6c2 7c2 12c2"
FIELD = "1r 2r 3r 8c1 9c1 10c1 11c 12c3"
QUIET = "8c2 9c2 10c2 11r 11a 8a 10a 9r"     # stock cards turned without taking a role's card


def test_K1_K4_two_players_eight_each_eight_to_the_field():
    g = GameState(RULES, players=2, seed=3)
    g.deal_random(random.Random(3))
    assert [len(h) for h in g.round.hands] == [8, 8]
    assert len(g.round.play.field) == 8 and len(g.round.play.stock) == 24
    with pytest.raises(Exception):
        GameState(RULES, players=3)


def test_K2_twelve_months_and_the_shorter_games():
    assert (RULES.rounds.standard, RULES.rounds.short) == (12, 6)
    assert load_ruleset("rules/variants/koikoi_three_months.yaml").rounds.standard == 3
    assert RULES.chips.start == 0


def test_K15_a_rise_asks_stop_or_koi_and_no_rise_asks_nothing():
    g = table([HAND_A, HAND_B], FIELD, QUIET, taken={A: "1b"})
    play(g, "4c1")                      # takes nothing: no rise, no question
    assert STOP not in g.legal_actions() and g.current_player == B
    play(g, "4c2")
    play(g, "1c1")                      # takes 1r: a bright, a ribbon and chaff make nothing
    assert g.current_player == B


def test_K15_example_1_akatan_stopped_is_paid_and_its_maker_deals_next():
    g = table([HAND_A, HAND_B], FIELD, QUIET, taken={A: "1r 2r"}, rounds=2)
    play(g, "3c1")                      # the fourth turn: takes 3r, 0 -> 5 (赤短)
    assert g.current_player == A and set(g.legal_actions()) == {STOP, PLAY_ON}
    g.apply(STOP)
    assert paid(g) == [(B, A, 5)]
    assert g.round.index == 1 and g.round.start == A       # K19: the winner deals
    shown = [e for e in g.events if isinstance(e, RolesShown) and e.captured]
    assert [(e.seat, e.roles, e.value) for e in shown] == [(A, ("akatan",), 5)]


def test_K16_example_2_koi_then_the_other_stops_doubled():
    g = table([HAND_A.replace("7c1", "2a"), HAND_B.replace("6c2", "9c1")], FIELD.replace("9c1", "9a") + "",
              QUIET, taken={A: "4a 5a 6a 7a", B: "3b"})
    # 2a takes 2r: A's fifth animal, タネ 1
    play(g, "2a")
    assert set(g.legal_actions()) == {STOP, PLAY_ON}
    g.apply(PLAY_ON)                    # koi
    play(g, "9c1")                      # B takes the sake cup: 花見で一杯 5
    assert g.current_player == B and set(g.legal_actions()) == {STOP, PLAY_ON}
    g.apply(STOP)
    assert paid(g) == [(A, B, 10)]      # A called koi: 5 x 2 (K16)


def test_K16_example_3_seven_or_more_doubled():
    taken = "1b 3b 4r 5r 6r 7r 10r 1c2 2c2 3c2 4c2 5c2 6c2 7c2 12c2 11c"
    g = table(["8c2 2c1 3c1 4c1 5c1 6c1 7c1 12c1", "9c2 2a 4a 8a 6a 7a 10a 11a"],
              "8b 1r 2r 3r 9c1 10c1 12c3 11r", "5a 11b 9a 9r", taken={A: taken})
    assert g.round.play.totals[A] == 1 + 0      # タン 1; カス 9 (11c counts), not yet
    play(g, "8c2")                      # takes 8b: 三光 5 + タン 1 + カス 10 = 7
    g.apply(STOP)
    assert paid(g) == [(B, A, 14)]


def test_K16_example_4_koi_at_inoshikacho_then_tsukimi_doubled_at_ten():
    g = table([HAND_A.replace("7c1", "10c2").replace("6c1", "9c2"), HAND_B],
              FIELD.replace("10c1", "10a").replace("9c1", "9a"), QUIET, taken={A: "6a 7a 8b"})
    play(g, "10c2")                     # takes 10a: 猪鹿蝶 5
    g.apply(PLAY_ON)
    play(g, "4c2")
    play(g, "9c2")                      # takes 9a: 月見で一杯 5, four animals no タネ: 10
    assert g.round.play.totals[A] == 10
    g.apply(STOP)
    assert paid(g) == [(B, A, 20)]      # 7 or more; B never called koi


def _last_turns(g, keep):
    """Only ``keep`` cards left in each hand (the turns before are played)."""
    for seat in (A, B):
        g.round.hands[seat] = sorted(cards(keep[seat]))


def _example_5(rules, start=A):
    g = table([HAND_A, "1b 2a 3b 4a 5a 6a 7a 8a"], "1r 2r 3r 9c1 10c1 11c 12c3 11r", "8c2 9c2 6r 7r",
              taken={A: "1c2 2c2 3c2 4c2 5c2 6c2 7c2 8c1"}, rules=rules, start=start, rounds=2)
    _last_turns(g, {A: "12c1 4c1", B: "5a 6a"})
    play(g, "12c1")                     # takes 12c3: カス 10, 1
    g.apply(PLAY_ON)                    # koi
    play(g, "5a")
    play(g, "4c1")
    play(g, "6a")                       # the hands are out; nobody stopped
    return g


def test_K17_K19_example_5_koi_and_nobody_stops_nobody_scores_same_dealer():
    g = _example_5(RULES)
    assert paid(g) == [] and g.round.index == 1 and g.round.start == A


def test_K17_oyaken_the_dealer_wins_a_round_nobody_won():
    g = _example_5(load_ruleset("rules/variants/koikoi_oyaken.yaml"))
    assert paid(g) == [(B, A, 6)]
    g = _example_5(load_ruleset("rules/variants/koikoi_oyaken_without_roles.yaml"))
    assert paid(g) == []                # A holds カス


def test_K15_the_last_turns_rise_is_a_stop():
    g = table([HAND_A, HAND_B], FIELD, QUIET, taken={A: "1r 2r"})
    _last_turns(g, {A: "4c1 3c1", B: "5c2"})
    play(g, "4c1")
    play(g, "5c2")
    play(g, "3c1")                      # the last card of the round: 赤短, stopped
    assert g.is_terminal and paid(g) == [(B, A, 5)]


def test_K6_example_6_four_maples_win_at_once_and_deal_next():
    g = GameState(RULES, players=2, seed=0, rounds=2, start=A)
    g.apply(deal([HAND_A, "10a 10r 10c1 10c2 5c2 6c2 7c2 12c2"], "1r 2r 3r 8c1 9c1 11r 11c 12c3", QUIET))
    assert paid(g) == [(A, B, 6)]
    assert g.round.index == 1 and g.round.start == B and g.current_player == CHANCE


def test_K6_both_hold_a_hand_role_the_dealer_wins():
    g = GameState(RULES, players=2, seed=0, rounds=1, start=B)
    g.apply(deal(["10a 10r 10c1 10c2 5c1 6c1 7c1 12c1", "1b 1r 2a 2r 3b 3r 4a 4r"],
                 "1c1 2c1 3c1 4c1 9c1 11r 11c 12c3", QUIET))
    assert paid(g) == [(A, B, 6)]       # くっつき of the dealer B, 手四 of A unpaid


def test_K6_hand_roles_off_play_the_round():
    off = load_ruleset("rules/variants/koikoi_no_hand_roles.yaml")
    g = GameState(off, players=2, seed=0, start=A)
    g.apply(deal([HAND_A, "10a 10r 10c1 10c2 5c2 6c2 7c2 12c2"], "1r 2r 3r 8c1 9c1 11r 11c 12c3", QUIET))
    assert paid(g) == [] and g.current_player == A


def test_K16_example_7_the_others_two_koi_calls_once_or_each():
    for rules, want in ((RULES, 10), (load_ruleset("rules/variants/koikoi_returned_each_call.yaml"), 20)):
        g = table([HAND_A.replace("7c1", "10c2"), HAND_B], FIELD.replace("10c1", "10r"), QUIET,
                  taken={A: "6r 9r"}, rules=rules)
        g.round.play.play_ons[B] = 2    # B called koi twice before
        play(g, "10c2")                 # takes 10r: 青短 5
        g.apply(STOP)
        assert paid(g) == [(B, A, want)]


def test_K16_own_koi_calls_double_only_under_the_setting():
    for rules, want in ((RULES, 5), (load_ruleset("rules/variants/koikoi_own_koi_doubles.yaml"), 10)):
        g = table([HAND_A.replace("7c1", "10c2"), HAND_B], FIELD.replace("10c1", "10r"), QUIET,
                  taken={A: "6r 9r"}, rules=rules)
        g.round.play.play_ons[A] = 1
        play(g, "10c2")
        g.apply(STOP)
        assert paid(g) == [(B, A, want)]


def test_K9_K14_role_values_from_the_rule_file():
    ev = capture_evaluator(RULES)
    total = lambda text: ev.evaluate(cards(text)).go  # noqa: E731
    assert total("1b 3b 8b 11b 12b") == 10 and total("1b 3b 8b 12b") == 8 and total("1b 3b 8b 11b") == 7
    assert total("1b 3b 8b") == 5 and total("1b 3b 11b") == 0
    assert total("6a 7a 10a 2a 4a") == 6                          # K14: 猪鹿蝶 5 + タネ 1
    assert total("2a 4a 5a 6a 8a 9a 11a") == 3                    # K13: 7 animals
    animal = capture_evaluator(load_ruleset("rules/variants/koikoi_sake_cup_animal.yaml"))
    pile = cards("1c1 1c2 2c1 2c2 3c1 3c2 4c1 4c2 5c1 9a")
    assert ev.evaluate(pile).go == 1 and animal.evaluate(pile).go == 0
    rain = capture_evaluator(load_ruleset("rules/variants/koikoi_rain_voids_sake.yaml"))
    assert ev.evaluate(cards("3b 9a 11b")).go == 5 and rain.evaluate(cards("3b 9a 11b")).go == 0


def test_K20_a_starting_score_ends_the_game_when_one_has_none():
    rules = load_ruleset("rules/variants/koikoi_start_30.yaml")
    g = table([HAND_A.replace("7c1", "10c2"), HAND_B], FIELD.replace("10c1", "10r"), QUIET,
              taken={A: "6r 9r 1b 3b 8b 11b 12b"}, rules=rules, rounds=12)
    g.round.play.play_ons[B] = 1
    play(g, "10c2")                     # 五光 10 + 青短 5 = 15, x2 (7 or more) x2 (B's koi) = 60
    g.apply(STOP)
    assert paid(g) == [(B, A, 60)] and g.is_terminal and g.chips == (90, -30)


# -- properties of seeded random games ---------------------------------------------------------

def _random_game(seed):
    rng = random.Random(seed)
    g = GameState(RULES, players=2, seed=seed, rounds=3)
    while not g.is_terminal:
        if g.current_player == CHANCE:
            g.deal_random(rng)
            continue
        g.apply(rng.choice(list(g.legal_actions())))
    return g


@settings(max_examples=25, derandomize=True, deadline=None)
@given(st.integers(0, 10**6))
def test_K18_zero_sum_and_only_the_winner_is_paid(seed):
    g = _random_game(seed)
    assert sum(g.chips) == 0
    rounds = [e for e in g.events if isinstance(e, RoundEnded)]
    assert len(rounds) == 3 and all(sum(e.delta) == 0 for e in rounds)
    shown = {}
    for e in g.events:
        if isinstance(e, RolesShown) and e.captured:
            shown[e.round] = e.seat
        if isinstance(e, Transfer) and e.kind.value == "capture_roles":
            assert shown.get(e.round) == e.target      # only the seat that stopped is paid


@settings(max_examples=25, derandomize=True, deadline=None)
@given(st.integers(0, 10**6))
def test_K15_K16_a_round_ends_at_a_stop_or_with_the_hands_out(seed):
    rng = random.Random(seed)
    g = GameState(RULES, players=2, seed=seed, rounds=1)
    g.deal_random(rng)
    s = g.round.play
    while not g.is_terminal:
        g.apply(rng.choice(list(g.legal_actions())))
    hands_out = not any(g._t.round.hands[x] for x in (A, B))
    assert s.stopped is not None or hands_out or s.won_at_deal is not None
    if s.stopped is not None:
        seat, _, total = s.stopped
        calls = s.play_ons.get(1 - seat, 0)
        want = total * (2 if total >= 7 else 1) * (2 if calls else 1)
        assert paid(g, "capture_roles") == [(1 - seat, seat, want)]
    elif s.won_at_deal is None:
        assert paid(g) == []            # K17: nobody stopped, nobody scores


# -- the surfaces: hachi play's question, answers and explanation, the bot -------------------

def _at_the_question():
    g = table([HAND_A, HAND_B], FIELD, QUIET, taken={A: "1r 2r"})
    play(g, "3c1")                      # 赤短: the question
    return g


def test_K15_K16_hachi_play_asks_koi_or_stop_in_words_and_explains_it():
    from hachihachi.cli.screen import Screen  # noqa: F401  (the screen's kind is loaded with it)
    from hachihachi.cli.tui_input import explain, parse_answer
    from hachihachi.interpreter.games.matching import screen_table
    v = _at_the_question().view(A)
    assert parse_answer("koi", v, RULES) == PLAY_ON and parse_answer("こいこい", v, RULES) == PLAY_ON
    assert parse_answer("勝負", v, RULES) == STOP and parse_answer("1", v, RULES) == STOP
    en, ja = " ".join(explain(v, RULES, "en")), " ".join(explain(v, RULES, "ja"))
    for rule in ("K15", "K16"):
        assert rule in en and rule in ja
    assert "rose this turn, to 5" in en and "こいこい" in ja and "赤短 5" in ja
    assert "Poetry ribbons 5 points" in en and "赤短 5点" in ja and "kan" not in en    # K1: points, no kan

    class Ctx:
        rules, lang = RULES, "en"

        def t(self, key):
            return key
    assert "koi (こいこい" in screen_table.choice(Ctx(), PLAY_ON)
    assert "total rose to 5" in screen_table.question(Ctx(), v)


def test_K15_the_heuristic_calls_koi_on_a_small_total_early_and_stops_late():
    from hachihachi.interpreter.games.matching.heuristic import koi_or_stop
    g = _at_the_question()
    assert koi_or_stop(RULES, g.view(A)) == PLAY_ON        # 5, seven cards left, B has nothing
    g.round.hands[A] = g.round.hands[A][:2]
    assert koi_or_stop(RULES, g.view(A)) == STOP           # two cards left


def test_K16_the_documented_stop_after_koi_rule_validates_and_pays_only_the_stopper(tmp_path):
    import re
    from pathlib import Path
    doc = (Path(__file__).resolve().parent.parent / "docs" / "effects.md").read_text(encoding="utf-8")
    section = doc[doc.index("### Koi-Koi: capture roles paid at the stop"):]
    block = re.search(r"```yaml\n(.*?)```", section, re.S).group(1)
    path = tmp_path / "stop_pays_after_koi.yaml"
    path.write_text(block, encoding="utf-8")
    rules = load_ruleset(str(path))
    stops = 0
    for seed in range(6):
        rng = random.Random(seed)
        g = GameState(rules, players=3, seed=seed, rounds=2)
        while not g.is_terminal:
            if g.current_player == CHANCE:
                g.deal_random(rng)
            else:
                g.apply(rng.choice(list(g.legal_actions())))
        assert sum(g.chips) == 0
        shown = {e.round: e.seat for e in g.events if isinstance(e, RolesShown) and e.captured}
        for e in g.events:
            if isinstance(e, Transfer) and e.kind.value == "capture_roles":
                assert shown[e.round] == e.target
                stops += 1
    assert stops > 0


# -- what the koi / stop answers are worth now (K15, K16) --------------------------------------

def _worth_then_stop(g, seat):
    from hachihachi.interpreter.games.matching.worth import koi_worth

    events, chips = len(g.events), g.chips
    w = koi_worth(g, seat)
    assert len(g.events) == events and g.chips == chips           # the game itself is not moved
    g.apply(STOP)
    return w, sum(amount for _, to, amount in paid(g) if to == seat)


def test_K16_the_stop_is_worth_what_the_files_effects_pay_now():
    # example 2: B's 花見で一杯 after A's koi, 5 x 2
    g = table([HAND_A.replace("7c1", "2a"), HAND_B.replace("6c2", "9c1")], FIELD.replace("9c1", "9a"),
              QUIET, taken={A: "4a 5a 6a 7a", B: "3b"})
    play(g, "2a")
    g.apply(PLAY_ON)
    play(g, "9c1")
    w, got = _worth_then_stop(g, B)
    assert (w.stop, w.total) == (10, 5) and got == 10
    # example 7 under "doubled for each call": 5 x 4
    rules = load_ruleset("rules/variants/koikoi_returned_each_call.yaml")
    g = table([HAND_A.replace("7c1", "10c2"), HAND_B], FIELD.replace("10c1", "10r"), QUIET,
              taken={A: "6r 9r"}, rules=rules)
    g.round.play.play_ons[B] = 2
    play(g, "10c2")
    w, got = _worth_then_stop(g, A)
    assert (w.stop, w.total) == (20, 5) and got == 20


def test_K15_the_koi_question_tells_both_answers_worth_in_both_languages():
    from hachihachi.cli.screen import Screen

    g = _at_the_question()
    v = g.view(A)
    en = Screen(RULES, ["ann", "bob"], "en", False).worth(g, v)
    ja = Screen(RULES, ["ann", "bob"], "ja", False).worth(g, v)
    assert en == ("Stop now: you are paid 5. Koi: nothing now; your total 5 may grow, but if bob stops "
                  "first you are paid nothing.")
    assert ja.startswith("今勝負すれば 5点もらえます。こいこいなら今は0点: 合計 5点")
    assert Screen(RULES, ["ann", "bob"], "en", False).worth(g, g.view(B)) is None     # not B's question


def test_K16_the_stop_is_told_as_a_rule_of_the_game_and_a_house_rules_own_copy_as_a_house_rule():
    from click.testing import CliRunner

    from hachihachi.cli.main import cli

    def told(rules, lang="en"):
        out = CliRunner().invoke(cli, ["play", "--rules", rules, "--players", "2", "--auto", "--seed", "3",
                                       "--lang", lang])
        assert out.exit_code == 0, out.output
        return out.output

    standard = told("koikoi")
    assert "rule: stop (after the play)" in standard and "house rule: stop" not in standard
    assert "ルール「stop」" in told("koikoi", "ja") and "ハウスルール「stop」" not in told("koikoi", "ja")
    copy = str(Path(__file__).parent / "house_rules" / "authored" / "koi_last_month_double.yaml")
    assert "house rule: stop (after the play)" in told(copy)
