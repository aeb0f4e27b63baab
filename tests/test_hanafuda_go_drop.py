"""The go/drop form of hanafuda Hachi-Hachi (3-7 players) on the trick game's shared phases."""

import random

import pytest

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.actions import Play
from hachihachi.interpreter.parts.go_drop.actions import Declare
from hachihachi.interpreter.engine.events import Transfer
from hachihachi.interpreter.parts.go_drop.events import ForcedOut
from hachihachi.interpreter.parts.go_drop.outcomes import PLAYED, RoundOutcome
from hachihachi.interpreter.engine.round_phases import phases_of
from hachihachi.interpreter.parts.go_drop.declarations import Declarations
from hachihachi.interpreter.parts.go_drop.forced_out import ForcedOutPayments
from hachihachi.interpreter.games.matching.phases import HanaDeal
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.model import TransferReason as Kind
from hachihachi.interpreter.parts.go_drop.rules import GoDropTransfer
from tests.interp_support import play_random
from hachihachi.interpreter.parts.go_drop.rules import GoDropPhase

RULES = load_ruleset("hanafuda_go_drop")
D = RULES.deck


def test_variant_reuses_the_trick_game_phases_and_fits_the_deck():
    assert RULES.extends_chain and RULES.players.min == 3 and RULES.players.max == 7
    phases = phases_of(RULES)                       # go/drop's own phases, named by parts: [go_drop]
    assert RULES.parts == ("go_drop",)
    assert phases[GoDropPhase.DECLARATIONS] is Declarations and phases[GoDropPhase.FORCED_OUT] is ForcedOutPayments
    assert GoDropPhase.DECLARATIONS in RULES.round and GoDropPhase.FORCED_OUT in RULES.round
    assert RULES.players.max * RULES.hand_size + RULES.hanafuda.field_cards <= D.size


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_T27_seeded_random_games_are_zero_sum_and_end_with_empty_hands(players):
    for seed in range(6):
        g, rng = GameState(RULES, players=players, seed=seed, rounds=3), random.Random(seed)
        played = 0
        while not g.is_terminal:
            rnd = g.round
            g.deal_random(rng) if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
            assert sum(g.chips) + g.pot == 0
            if g.is_terminal or g.round is not rnd:
                if rnd.outcome in PLAYED:
                    played += 1
                    if rnd.play.stopped is None:           # played out (H16), not stopped (H18)
                        assert all(not h for h in rnd.hands)
                    else:
                        assert all(not rnd.hands[s] for s in range(players) if s not in rnd.playing)
                    assert len(rnd.play.order) == len(rnd.playing) <= 3
        assert played


def deal4(hands, field):
    hs = tuple(tuple(sorted(D.parse_list(h))) for h in hands)
    f = tuple(sorted(D.parse_list(field)))
    used = {c for h in hs for c in h} | set(f)
    return HanaDeal(hs, f, tuple(c for c in D.cards if c not in used))


HANDS = ["1c1 2c1 3c1 4c1 5c1 6c1", "1c2 2c2 3c2 4c2 5c2 6c2", "7c1 7c2 8c1 8c2 9c1 9c2",
         "12b 12c1 12c2 12c3 10c1 10c2"]
FIELD = "4a 5a 6a 7a 9a 10a"                       # no bright: 小場 x1


def test_T14_forced_out_player_is_paid_by_each_goer_per_bright_and_role():
    g = GameState(RULES, players=4, seed=0, rounds=1, start=0)
    g.apply(deal4(HANDS, FIELD))
    for _ in range(3):
        g.apply(Declare(True))
    assert [e.seats for e in g.events if isinstance(e, ForcedOut)] == [(3,)]
    paid = [e for e in g.events if isinstance(e, Transfer) and e.kind == GoDropTransfer.FORCED_OUT]
    # 1 bright (12) + 一二四 ichinishi (96, 4+2) + 光一 hikariichi (48) from each goer
    assert {(p.source, p.target, p.amount) for p in paid} == {(0, 3, 156), (1, 3, 156), (2, 3, 156)}
    assert g.round.play.order == (0, 1, 2) and g.round.hands[3] == []
    assert g.round.play.stock[-6:] == sorted(D.parse_list(HANDS[3]))


def test_T11_T17_drop_fees_and_a_lone_goer_takes_the_pot_without_play():
    g = GameState(RULES, players=4, seed=0, rounds=1, start=0)
    g.apply(deal4(HANDS, FIELD))
    g.apply(Declare(False))
    g.apply(Declare(True))
    g.apply(Declare(False))
    g.apply(Declare(False))
    assert g.is_terminal and g.pot == 0
    assert g.chips == (-12, 12 + 24 + 36, -24, -36)
    assert not [e for e in g.events if type(e).__name__ in ("Captured", "RolesShown", "RoundScored")]


def test_go_drop_round_records_and_replays(tmp_path):
    from hachihachi.interpreter.records.gamerecord import record_data, replay, write_record

    g = GameState(RULES, players=5, seed=3, rounds=2)
    play_random(g, random.Random(3))
    data = record_data(g)
    assert any("declare" in a for r in data["rounds"] for a in r["actions"])
    write_record(tmp_path / "g.yaml", data)
    assert replay(tmp_path / "g.yaml").game.events == g.events


def test_play_after_go_drop_is_among_goers_only():
    g = GameState(RULES, players=4, seed=0, rounds=1, start=0)
    g.apply(deal4(HANDS, FIELD))
    g.apply(Declare(True))
    g.apply(Declare(False))
    g.apply(Declare(True))
    g.apply(Declare(True))
    assert g.round.outcome is RoundOutcome.THREE_GOERS and g.round.play.order == (0, 2, 3)
    assert g.current_player == 0
    g.apply(Play(D.parse("4c1")))                   # takes 4a
    assert g.current_player == 2


def test_T21_the_goer_with_most_card_points_takes_the_pot_and_the_deal_passes_left():
    from hachihachi.interpreter.engine.events import RoundEnded
    from hachihachi.interpreter.games.matching.play import Captured

    taken = 0
    for seed in range(30):
        g = GameState(RULES, players=5, seed=seed, rounds=2)
        play_random(g, random.Random(seed))
        for end in (e for e in g.events if isinstance(e, RoundEnded) and len(e.goers) > 1):
            points = {s: 0 for s in end.goers}
            for e in g.events:
                if isinstance(e, Captured) and e.round == end.round:
                    points[e.seat] += sum(D.points(c) for c in ((e.card,) + e.taken if e.taken else ()))
            pays = [t for t in g.events if isinstance(t, Transfer) and t.round == end.round
                    and t.kind is Kind.POT]
            best = max(points.values())
            assert end.pot_to == next(s for s in end.goers if points[s] == best)
            assert all(t.target == end.pot_to for t in pays)
            taken += bool(pays)
            start = next(e.start for e in g.events if type(e).__name__ == "RoundStarted" and e.round == end.round)
            assert end.next_start == (start + 1) % 5
    assert taken >= 5


def _two_goers_without_the_dealer():
    """Four players, the dealer (seat 0) and seat 3 drop, seats 1 and 2 go and play."""
    g = GameState(RULES, players=4, seed=0, rounds=1, start=0)
    g.apply(deal4(HANDS, FIELD))
    for go in (False, True, True, False):
        g.apply(Declare(go))
    assert set(g.round.playing) == {1, 2}          # the goers play (T11)
    return g._t


def test_H19_T11_no_sohachi_for_a_dealer_who_dropped():
    """総八 is every player at par, paid to the dealer: a dealer who dropped took no part (T11)."""
    from hachihachi.interpreter.games.matching.phases import CardScoring

    t = _two_goers_without_the_dealer()
    specials, paid = CardScoring(RULES)._special_roles(t, t.round.play, {1: 88, 2: 88})
    assert specials == () and paid == []


def test_H19_sohachi_when_every_player_who_played_is_at_par_and_the_dealer_played():
    from hachihachi.interpreter.games.matching.phases import CardScoring

    g = GameState(RULES, players=4, seed=0, rounds=1, start=0)
    g.apply(deal4(HANDS, FIELD))
    for go in (True, False, True, False):
        g.apply(Declare(go))
    t = g._t
    specials, paid = CardScoring(RULES)._special_roles(t, t.round.play, {0: 88, 2: 88})
    assert specials == (("sohachi", 0, 10),)
    assert [(e.source, e.target, e.base) for e in paid] == [(2, 0, 120)]


def test_H19_T11_a_score_sheet_pays_a_dropped_dealer_only_the_drop_fee():
    from hachihachi.interpreter.records.gamerecord import summary
    from hachihachi.interpreter.scorekeeper.sheet import settle, sheet_from_data

    sheet = {"ruleset": "hanafuda_go_drop", "players": ["ann", "bob", "cy", "dee"], "start": "ann",
             "rounds": [{"field_cards": FIELD, "declare": ["drop", "go", "go", "drop"],
                         "points": {"bob": 88, "cy": 88}}]}
    (rnd,) = summary(settle(sheet_from_data(sheet, lambda ref: RULES)))["rounds"]
    assert rnd["specials"] == [] and not rnd["fukikeshi"]
    assert rnd["delta"] == {"ann": -12, "bob": 36, "cy": 0, "dee": -24}    # drop fees, bob takes the pot


def test_T12_a_hand_not_played_goes_under_the_stock_in_the_order_the_record_gives_it(tmp_path):
    """A hand-written record lists a forced-out hand unsorted: the stock ends with it in that order,
    so the cards turned after the stock's own are the record's, and the record replays the same."""
    from hachihachi.interpreter.records.gamerecord import record_data, replay, write_record

    unsorted = "12c3 10c2 12b 10c1 12c1 12c2"
    g = GameState(RULES, players=4, seed=0, rounds=1, start=0)
    sorted_deal = deal4(HANDS, FIELD)
    g.apply(HanaDeal(sorted_deal.hands[:3] + (tuple(D.parse_list(unsorted)),), sorted_deal.field,
                     sorted_deal.stock))
    for _ in range(3):
        g.apply(Declare(True))
    assert g.round.play.stock[-6:] == list(D.parse_list(unsorted))
    data = record_data(g)
    assert data["rounds"][0]["hands"][3] == unsorted.split()
    write_record(tmp_path / "g.yaml", data)
    again = replay(tmp_path / "g.yaml").game
    assert again.round.play.stock[-6:] == list(D.parse_list(unsorted)) and again.events == g.events
