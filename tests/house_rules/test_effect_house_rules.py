"""House rules written as effects and numbers of the table (docs/effects.md), each replayed on the
recorded trick game (``records/``, 4 players, 12 rounds) or played from a seed, checking what the
rule changes and only that.
"""

from __future__ import annotations

import dataclasses
import random
from functools import lru_cache

from tests.house_rules.house_replay import ended, flows, replay, rules

from hachihachi.interpreter import CHANCE, POT, Declare, GameState
from hachihachi.interpreter.engine.effect_events import CounterChanged, EffectFired, Multiplied
from hachihachi.interpreter.parts.go_drop.force import DecisionForced
from hachihachi.interpreter.engine.events import Applied, GameEnded, RoundEnded, Transfer
from hachihachi.interpreter.parts.go_drop.outcomes import RoundOutcome
from hachihachi.ruleset.model import Chips
from hachihachi.ruleset.model import TransferReason as K
from hachihachi.interpreter.parts.go_drop.rules import GoDropTransfer
from hachihachi.interpreter.games.tricks.rules import TrickTransfer
from hachihachi.ruleset.tablenumbers import at_table
from hachihachi.interpreter.parts.go_drop.rules import go_drop_rules


@lru_cache(maxsize=None)
def game(name: str = "hachihachi_trick"):
    return replay(name)


def effect_flows(name: str, r: int) -> list[tuple]:
    return flows(game(name), r, K.EFFECT)


def rounds_ended(g) -> list[RoundEnded]:
    return [e for e in g.events if isinstance(e, RoundEnded)]


def test_effects_keep_every_game_zero_sum():
    for name in ("fx_blank_goer_pays", "fx_every_trick_bonus", "fx_last_round_tricks_double", "fx_half_pot_carries",
                 "fx_three_drops_must_go", "fx_start_player_goes"):
        g = game(name)
        assert sum(g.chips) + g.pot == 4 * 50, name


def test_blank_goer_pays_every_other_seat_in_rounds_a_goer_took_no_trick():
    paid_rounds = 0
    for e in rounds_ended(game("fx_blank_goer_pays")):
        blank = [g for g in e.goers if e.tricks.get(g, 1) == 0] if e.tricks else []
        expected = sorted((b, s, 2 * e.multiplier) for b in blank for s in range(4) if s != b)
        assert sorted((src, dst, amount) for src, dst, _, amount in effect_flows("fx_blank_goer_pays", e.round)) \
            == expected
        paid_rounds += bool(blank)
    assert paid_rounds >= 1                     # the record has a goer without a trick


def test_every_trick_bonus_is_paid_by_the_other_three_seats():
    swept = [e for e in rounds_ended(game()) if any(n == 7 for n in e.tricks.values())]
    assert swept
    for e in swept:
        taker = next(g for g, n in e.tricks.items() if n == 7)
        assert sorted(effect_flows("fx_every_trick_bonus", e.round)) == sorted(
            (s, taker, 5, 5) for s in range(4) if s != taker)


def test_T20_trick_settlement_doubles_in_the_last_round_only():
    base, doubled = game(), game("fx_last_round_tricks_double")
    last = rounds_ended(base)[-1].round
    for r in range(last):
        assert flows(doubled, r, TrickTransfer.TRICKS) == flows(base, r, TrickTransfer.TRICKS)
    assert flows(base, last, TrickTransfer.TRICKS)
    doubled_tricks = flows(doubled, last, TrickTransfer.TRICKS)
    assert [(s, t, b, a * 2) for s, t, b, a in flows(base, last, TrickTransfer.TRICKS)] == doubled_tricks
    assert any(isinstance(e, Multiplied) and e.round == last for e in doubled.events)


def test_T11_drop_fee_by_the_number_of_players():
    ruleset = rules("fx_drop_fee_by_players")
    assert [go_drop_rules(at_table(ruleset, n)).declaration.drop_fee.fee(0) for n in range(3, 8)] == [1, 1, 2, 3, 4]
    fees = [(b, a) for _, _, b, a in flows(game("fx_drop_fee_by_players"), 5, GoDropTransfer.DROP_FEE)]
    assert fees == [(1, 1), (2, 2), (3, 3), (4, 4)]          # 4 players: 1, 2, 3, 4 (standard 2, 3, 4, 5)


def test_T15_role_value_by_the_number_of_players():
    ruleset = rules("fx_role_values_by_players")
    karasu = {n: next(r.go for r in at_table(ruleset, n).roles.roles if r.id == "karasu") for n in (3, 4, 5, 7)}
    assert karasu == {3: 10, 4: 10, 5: 5, 7: 5}
    g = GameState(ruleset, 4, seed=1)
    assert next(r.go for r in g.ruleset.roles.roles if r.id == "karasu") == 10


def test_three_drops_in_a_row_force_the_player_to_go():
    g = game("fx_three_drops_must_go")
    forced = [e for e in g.events if isinstance(e, DecisionForced)]
    assert forced                               # the record has a player who dropped three rounds running
    for f in forced:
        counts = [e.value for e in g.events if isinstance(e, CounterChanged) and e.seat == f.seat
                  and e.round == f.round]
        assert 3 in counts
        declared = [e.action.go for e in g.events if isinstance(e, Applied) and isinstance(e.action, Declare)
                    and e.round == f.round + 1 and e.seat == f.seat]
        assert declared in ([True], [])         # it goes (or is forced out before its turn)


def test_a_forced_seat_may_not_drop():
    g = GameState(rules("fx_start_player_goes"), 4, seed=5)
    while g.current_player == CHANCE or g.phase.value == "mizuten_call":
        g.deal_random() if g.current_player == CHANCE else g.apply(g.legal_actions()[0])
    assert g.current_player == g.round.start and tuple(g.legal_actions()) == (Declare(True),)


def test_the_start_player_always_goes():
    g = game("fx_start_player_goes")
    starts = {e.round: e.start for e in g.events if type(e).__name__ == "RoundStarted"}
    firsts = {}
    for e in g.events:
        if isinstance(e, Applied) and isinstance(e.action, Declare):
            firsts.setdefault(e.round, (e.seat, e.action.go))
    assert firsts and all(firsts[r] == (starts[r], True) for r in firsts)


def test_the_game_ends_after_a_round_that_leaves_a_seat_without_chips():
    poor = dataclasses.replace(rules("fx_out_of_chips_ends"), chips=Chips(start=6))
    ended_early = 0
    for seed in range(6):
        g, rng = GameState(poor, 5, seed=seed), random.Random(seed)
        while not g.is_terminal:
            g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
        rounds = rounds_ended(g)
        assert all(min(chips) > 0 for chips in _chips_after(g)[:-1])       # no earlier round left one at 0
        if len(rounds) < 12:
            ended_early += 1
            assert min(g.chips) <= 0 and isinstance(g.events[-1], GameEnded)
    assert ended_early >= 1


def _chips_after(g) -> list[tuple[int, ...]]:
    chips, out = [6] * g.players, []
    for e in rounds_ended(g):
        chips = [c + d for c, d in zip(chips, e.delta)]
        out.append(tuple(chips))
    return out


def test_T21_half_the_pot_stays_for_the_next_round():
    g = game("fx_half_pot_carries")
    for e in rounds_ended(g):
        taken = {}
        for src, dst, _, amount in flows(g, e.round):
            if src == POT and dst != POT:
                taken[dst] = taken.get(dst, 0) + amount
        back = [(src, amount) for src, dst, _, amount in effect_flows("fx_half_pot_carries", e.round)]
        assert sorted(back) == sorted((s, n // 2) for s, n in taken.items() if n // 2)
    assert any(e.pot_after for e in rounds_ended(g) if e.kind is not RoundOutcome.SKIPPED)


def test_an_effect_is_told_in_the_log_before_its_payments():
    g = game("fx_blank_goer_pays")
    events = list(g.events)
    for i, e in enumerate(events):
        if isinstance(e, Transfer) and e.kind is K.EFFECT:
            assert any(isinstance(x, EffectFired) and x.round == e.round for x in events[:i])
    assert ended(g, 0) is not None
