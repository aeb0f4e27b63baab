"""House rules of hanafuda Hachi-Hachi, each replayed on one recorded game (``records/``) under
the seed's rules and the variant (``variants/``), checking the transfers that must change.

The record (3 players, 6 rounds) has: round 0 a small field, seat 0's 喰付・からす (8 kan, the
からす only with the willow as changeling) and 飛び込み bonuses; round 1 a big field (x2) and
seat 0's 赤; round 2 a peak field (x4) stopped by seat 0's 赤タン; round 4 a field with a 大場 and
a 絶場 bright at once, round 5 a small field after it with 飛び込み again.
"""

from __future__ import annotations

from functools import lru_cache

from tests.house_rules.house_replay import HANAFUDA_RECORD, ended, events, flows, replay, rules

from hachihachi.interpreter.engine.events import FieldMade, RolesShown
from hachihachi.interpreter.games.matching.phases import FieldCarried
from hachihachi.interpreter.games.matching.play import Captured
from hachihachi.ruleset.model import TransferReason as K
from hachihachi.interpreter.games.matching.rules import MatchingTransfer

BASE = "hanafuda_hachihachi"


@lru_cache(maxsize=None)
def game(name: str = BASE):
    return replay(name, HANAFUDA_RECORD)


def test_the_record_has_the_situations_the_rules_change():
    base = game()
    assert flows(base, 0, K.ROLES)[:2] == [(2, 0, 96, 96), (1, 0, 96, 96)]        # 8 kan x 12
    assert [e.roles for e in events(base, 2, RolesShown) if e.captured] == [("akatan",)]
    made = [events(base, r, FieldMade)[0].field for r in (0, 1, 2, 4, 5)]
    assert made == ["koba", "ooba", "zetsuba", "zetsuba", "koba"]


def test_H3_kan_of_ten_points():
    g = game("h3_kan_ten")
    assert flows(g, 0, K.ROLES)[:2] == [(2, 0, 80, 80), (1, 0, 80, 80)]
    assert flows(g, 2, MatchingTransfer.CAPTURE_ROLES) == [(1, 0, 70, 280), (2, 0, 70, 280)]
    points = MatchingTransfer.CARD_POINTS
    assert flows(g, 0, points) == flows(game(), 0, points)       # points are not kan


def test_H11_hand_roles_settled_at_the_end():
    def order(g, r):
        """Captured plays and hand-role payments of round ``r``, in the order they happened."""
        return [type(e).__name__ for e in g.events if getattr(e, "round", None) == r
                and type(e).__name__ in ("Captured", "Transfer") and getattr(e, "kind", K.ROLES) is K.ROLES]

    base, late = game(), game("h11_settle_at_end")
    assert order(base, 2)[0] == "Transfer" and order(late, 2)[-1] == "Transfer"   # paid after play
    assert sorted(flows(late, 2)) == sorted(flows(base, 2))                         # the same payments


def test_H18_play_on_after_a_capture_role():
    g = game("h18_play_on")
    assert flows(game(), 2, MatchingTransfer.CARD_POINTS) == []                 # the round stopped at 赤タン
    assert flows(g, 2, MatchingTransfer.CARD_POINTS)                            # played on: card points count
    assert flows(g, 2, MatchingTransfer.CAPTURE_ROLES)[:2] == [(1, 0, 84, 336), (2, 0, 84, 336)]   # 赤タン paid once
    assert len(events(g, 2, Captured)) > len(events(game(), 2, Captured))


def test_H2_direction_of_play_to_the_right():
    start = ended(game(), 0).next_start - 1                       # round 0's dealer
    base = [e.seat for e in events(game(), 0, Captured) if not e.turned][:3]
    right = [e.seat for e in events(game("h2_direction_right"), 0, Captured) if not e.turned][:3]
    assert base == [start % 3, (start + 1) % 3, (start + 2) % 3]
    assert right == [start % 3, (start - 1) % 3, (start - 2) % 3]
    points = MatchingTransfer.CARD_POINTS
    assert flows(game("h2_direction_right"), 0, points) != flows(game(), 0, points)


def test_H2_deal_passes_to_the_right():
    assert ended(game(), 0).next_start == 0
    assert ended(game("h2_next_dealer_right"), 0).next_start == 1


def test_H2_round_winner_deals_next():
    g = game("h2_next_dealer_winner")
    assert ended(g, 2).next_start == 0                            # 赤タン's maker
    assert ended(game(), 2).next_start == 2
    assert ended(g, 0).next_start == 0                            # most card points (130)


def test_H10_willow_without_changeling():
    g = game("h10_plain_willow")
    assert flows(g, 0, K.ROLES)[:2] == [(2, 0, 84, 84), (1, 0, 84, 84)]         # 喰付・十一 7 kan
    assert flows(g, 1, K.ROLES) == []                                           # no 赤 without it


def test_H10_willow_always_chaff():
    as_chaff, base = rules("h10_willow_as_chaff"), rules(BASE)
    hand = base.deck.parse_list("11r 1r 2c1 3c1 4c1 5c1 6c1")
    assert base.evaluator.evaluate(hand).ids == ("aka",)          # the willow ribbon as a ribbon
    assert as_chaff.evaluator.evaluate(hand).ids == ("tanichi",)  # always chaff: one ribbon
    assert flows(game("h10_willow_as_chaff"), 0, K.ROLES) == flows(game(), 0, K.ROLES)


def test_H5_big_field_times_three():
    assert flows(game("h5_big_field_triple"), 1, K.ROLES) == [(1, 0, 36, 108), (2, 0, 36, 108)]
    assert flows(game(), 1, K.ROLES) == [(1, 0, 36, 72), (2, 0, 36, 72)]


def test_H21_par_of_eighty():
    assert flows(game("h21_par_eighty"), 1, MatchingTransfer.CARD_POINTS) == [(0, 1, 7, 14), (2, 1, 30, 60)]
    assert flows(game(), 1, MatchingTransfer.CARD_POINTS) == [(0, 1, 15, 30), (2, 1, 38, 76)]


def test_H17_akatan_worth_ten():
    assert flows(game("h17_akatan_ten"), 2, MatchingTransfer.CAPTURE_ROLES) == [(1, 0, 120, 480), (2, 0, 120, 480)]


def test_H12_tobikomi_worth_two():
    bonus = [f for f in flows(game("h12_tobikomi_two"), 5, K.ROLES) if f[2] in (24, 36)]
    assert bonus == [(1, 2, 36, 36), (0, 2, 36, 36)]
    assert [f for f in flows(game(), 5, K.ROLES) if f[2] == 24] == [(1, 2, 24, 24), (0, 2, 24, 24)]


def test_H6_carry_brights_binds_the_next_round():
    g = game("h6_carry_brights")
    assert events(g, 4, FieldCarried)[0].field == "ooba"
    assert events(g, 5, FieldMade)[0].field == "ooba" and events(g, 5, FieldMade)[0].bound
    assert flows(g, 5, K.ROLES)[:2] == [(1, 2, 60, 120), (0, 2, 60, 120)]
    assert flows(game(), 5, K.ROLES)[:2] == [(1, 2, 60, 60), (0, 2, 60, 60)]


def test_traditional_hachihachi_variant():
    g = game("hanafuda_traditional")
    assert flows(g, 0, K.ROLES)[:2] == [(2, 0, 80, 80), (1, 0, 80, 80)]        # 10 points to the kan
    assert flows(g, 2, MatchingTransfer.CARD_POINTS)                                            # 下げ: play went on
    assert ended(g, 0).next_start == (ended(game(), 0).next_start - 2) % 3     # the deal to the right
    assert sum(g.chips) == 0


def test_narration_tells_the_house_rules():
    from hachihachi.cli.narrate import Narrator

    def text(name):
        g = game(name)
        return "\n".join(Narrator(g.ruleset, ["a", "b", "c"]).lines(g.events))

    assert "carry 大場 Big field to the next round (持ち越し)" in text("h6_carry_brights")
    assert "play goes on (下げ)" in text("h18_play_on") and "play goes on" not in text(BASE)


def test_matching_help_reads_settle_and_capture_rule():
    from hachihachi.interpreter.games.matching.explain import _house_words

    late, on = rules("h11_settle_at_end"), rules("h18_play_on")
    assert _house_words(rules(BASE), "en")["capture_rule"] == "A capture role stops the round at once"
    assert "play goes on" in _house_words(on, "en")["capture_rule"]
    assert _house_words(late, "en")["settle_when"] == "paid when the round ends"
    assert _house_words(on, "ja")["capture_rule"] == "勝負は続き (下げ)"


def test_H18_play_on_replay_json_lists_every_capture_role_paid():
    from hachihachi.interpreter.games.matching.record import round_extras
    shown = [RolesShown(2, 0, ("akatan",), 7, captured=True),
             RolesShown(2, 1, ("aotan",), 7, captured=True),
             RolesShown(2, 0, ("akatan", "sankou"), 5, captured=True)]   # 下げ: grew, paid the difference
    out = round_extras(shown, ["ann", "bob", "cy"])[2]
    assert [(c["seat"], c["roles"], c["value"]) for c in out["capture_roles"]] == [
        (0, ["akatan"], 7), (1, ["aotan"], 7), (0, ["akatan", "sankou"], 5)]
    assert out["capture_role"] == out["capture_roles"][-1]
    stopped = round_extras(events(game(), 2, RolesShown), ["ann", "bob", "cy"])[2]
    assert stopped["capture_roles"] == [stopped["capture_role"]] and stopped["capture_role"]["roles"] == ["akatan"]


def test_H18_a_capture_role_carried_into_the_next_round_is_paid_at_its_field():
    """出来役の持ち越し (docs/effects.md): round 2's 赤タン (7 kan on a peak field, x4) is given back
    at the end of round 2 and paid at the end of round 3, on its small field (x1)."""
    from hachihachi.interpreter.engine.effect_events import CounterChanged, EffectFired

    base, carried, kind = game(), game("fx_capture_role_carried"), MatchingTransfer.CAPTURE_ROLES
    assert flows(carried, 2, kind) == flows(base, 2, kind) + [(0, 1, 84, 336), (0, 2, 84, 336)]
    assert events(base, 3, FieldMade)[0].multiplier == 1
    assert sorted(flows(carried, 3, kind)) == [(1, 0, 84, 84), (2, 0, 84, 84)]
    for r in (0, 1, 4, 5):
        assert flows(carried, r, kind) == flows(base, r, kind)
    assert [a - b for a, b in zip(carried.chips, base.chips)] == [-504, 252, 252]
    assert [(e.round, e.name) for e in carried.events if isinstance(e, EffectFired)] == [
        (2, "capture role carried"), (3, "carried capture role paid")]
    assert [(e.round, e.seat, e.value) for e in carried.events if isinstance(e, CounterChanged)] == [
        (2, 0, 7), (3, 0, 0)]


def test_H18_a_capture_role_of_the_last_round_is_not_carried():
    """Played from seeds: every capture role made before the last round is carried (given back
    and kept in the counter), none made in the last round; the game stays zero-sum."""
    import random

    from hachihachi.interpreter import CHANCE, GameState
    from hachihachi.interpreter.engine.effect_events import EffectFired
    from hachihachi.interpreter.records.gamerecord import record_data, replay_data

    ruleset, seen = rules("fx_capture_role_carried"), set()
    for seed in (5, 7):                 # roles in rounds 0, 2, 4; and in 3 and 5 (the last)
        g, rng = GameState(ruleset, 3, seed=seed, rounds=6), random.Random(seed)
        while not g.is_terminal:
            g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
        made = {e.round for e in g.events if isinstance(e, RolesShown) and e.captured}
        fired = {e.round for e in g.events if isinstance(e, EffectFired) and e.name == "capture role carried"}
        paid = {e.round for e in g.events if isinstance(e, EffectFired) and e.name == "carried capture role paid"}
        assert fired == made - {5} and paid == {r + 1 for r in fired} and sum(g.chips) == 0
        seen |= {r in fired for r in made}
        replayed = replay_data(record_data(g), ruleset).game       # a record replays the carried roles
        assert replayed.events == g.events
    assert seen == {True, False}        # the seeds made roles carried, and one in the last round


def test_H18_simulate_counts_the_chips_a_carried_capture_role_moves():
    """``simulate`` reports an effect's payments of any kind (``as: capture_roles``) as its own."""
    from hachihachi.interpreter.runs.simulate import simulate

    from tests.house_rules.house_replay import HERE

    summary = simulate(str(HERE / "variants" / "fx_capture_role_carried.yaml"), games=10, players=3, seed=1)
    assert summary.effects["capture role carried"] == summary.effects["carried capture role paid"] > 0
    assert summary.effect_chips["capture role carried"] > 0 and summary.effect_chips["carried capture role paid"] > 0
