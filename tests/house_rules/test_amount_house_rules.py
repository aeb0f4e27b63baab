"""House rules of amounts that read both seats of a payment, of named roles and of named pots
(docs/effects.md: pay's ``payer.`` / ``receiver.`` facts and ``in_proportion_to``; ``role.ID``;
``pots:``), each replayed on a recorded game or played from seeds, checking what the rule
changes and only that."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict

from tests.house_rules.house_replay import replay, rules

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.events import RoundEnded, RoundStarted, Transfer
from hachihachi.ruleset.model import TransferReason as K


def _play(ruleset, players: int, seed: int) -> GameState:
    g, rng = GameState(ruleset, players, seed=seed), random.Random(seed)
    while not g.is_terminal:
        g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
    return g


def _gains_before_effects(g: GameState) -> dict[int, list[int]]:
    """Each round's change of chips of each seat by every payment but the house rules' own."""
    gains: dict[int, list[int]] = defaultdict(lambda: [0] * g.players)
    for t in g.events:
        if isinstance(t, Transfer) and t.kind is not K.EFFECT:
            if t.source >= 0:
                gains[t.round][t.source] -= t.amount
            if t.target >= 0:
                gains[t.round][t.target] += t.amount
    return gains


def _shares(total: int, weights: list[tuple[int, int]]) -> dict[int, int]:
    """``total`` shared in proportion to the weights, rounded down, the rest to the largest remainders."""
    whole = sum(w for _, w in weights)
    parts = {s: total * w // whole for s, w in weights}
    order = sorted(range(len(weights)), key=lambda i: (-(total * weights[i][1] % whole), i))
    for i in order[:total - sum(parts.values())]:
        parts[weights[i][0]] += 1
    return parts


# -- amounts that read the receiver ------------------------------------------------------------

def test_loss_capped_gives_back_each_loss_past_the_cap_shared_by_the_winners_by_their_gain():
    """fx_loss_capped with the cap at 10 on the recorded game (no loss there passes 20): each
    seat that lost more than 10 gets the rest back from the winners of the round, shared in
    proportion to what each won, and so loses exactly 10 (T27: chips are only moved)."""
    base = rules("fx_loss_capped")
    capped = dataclasses.replace(base, parameters=(("loss_cap", 10),))
    g = replay(capped)
    gains = _gains_before_effects(g)
    ended = [e for e in g.events if isinstance(e, RoundEnded)]
    refunded = 0
    for e in ended:
        gain = gains[e.round]
        expected = set()
        start = next(x.start for x in g.events if isinstance(x, RoundStarted) and x.round == e.round)
        winners = sorted(((s, v) for s, v in enumerate(gain) if v > 0), key=lambda sv: (sv[0] - start) % 4)
        for loser, v in enumerate(gain):
            if v < -10:
                for winner, part in _shares(-v - 10, winners).items():
                    if part:
                        expected.add((winner, loser, part))
        paid = {(t.source, t.target, t.amount) for t in g.events
                if isinstance(t, Transfer) and t.round == e.round and t.kind is K.EFFECT}
        assert paid == expected, e.round
        refunded += len(paid)
        assert min(e.delta) >= -10 or not winners
    assert refunded >= 3                    # rounds 4, 8 and 12 of the record have losses past 10
    assert sum(g.chips) + g.pot == 4 * 50


def test_loss_capped_keeps_every_round_loss_within_twenty_at_five_players():
    """As written (20), played from seeds: no seat loses more than 20 in a round whose winners won
    at least what the losers lost past 20, and the rule fires."""
    ruleset = rules("fx_loss_capped")
    fired = 0
    for seed in range(1, 9):
        g = _play(ruleset, 5, seed)
        for e in (x for x in g.events if isinstance(x, RoundEnded)):
            paid = [t for t in g.events if isinstance(t, Transfer) and t.round == e.round and t.kind is K.EFFECT]
            fired += bool(paid)
            if paid:
                assert min(e.delta) >= -20 or sum(t.amount for t in paid) < sum(-d - 20 for d in e.delta if d < -20)
        assert sum(g.chips) + g.pot == 5 * g.ruleset.chips.start
    assert fired >= 3


# -- naming a role -----------------------------------------------------------------------------

def _shisan_game(ruleset, seed: int = 4) -> GameState:
    """A 4-player game whose first round deals seat 1 四三 (shisan: four aces and three kings,
    T14), every other card dealt by a seeded shuffle, each seat then going and playing at random."""
    from hachihachi.interpreter import CallMizuten, Deal

    deck = ruleset.deck
    shisan = tuple(sorted(deck.parse_list("As Ah Ad Ac Ks Kh Kd")))
    rng = random.Random(seed)
    rest = [c for c in range(deck.size) if c not in shisan]
    rng.shuffle(rest)
    hands = (tuple(sorted(rest[0:7])), shisan, tuple(sorted(rest[7:14])), tuple(sorted(rest[14:21])))
    g = GameState(ruleset, 4, seed=seed, start=0)
    g.apply(CallMizuten(False))
    g.apply(Deal(hands, rest[21]))
    while not g.is_terminal:
        if g.current_player == CHANCE:
            g.deal_random()
            continue
        legal = g.legal_actions()
        go = [a for a in legal if getattr(a, "go", False)]      # everyone goes who may, so 四三 is shown
        g.apply(go[0] if go else rng.choice(legal))
    return g


def test_T14_shisan_shown_ends_the_game_and_is_paid_once_more():
    """fx_shisan_ends_game: seat 1 shows 四三 (T14) in round 1; the game ends after that round, and
    every other seat pays it 四三's value (20) again, as the house rule's payment."""
    from hachihachi.interpreter.engine.events import GameEnded, RolesShown

    house, base = _shisan_game(rules("fx_shisan_ends_game")), _shisan_game(rules("hachihachi_trick"))
    shown = [e for e in house.events if isinstance(e, RolesShown) and "shisan" in e.roles]
    assert [(e.round, e.seat) for e in shown] == [(0, 1)]
    assert len([e for e in house.events if isinstance(e, RoundEnded)]) == 1
    assert len([e for e in base.events if isinstance(e, RoundEnded)]) > 1
    paid = [(t.source, t.target, t.amount) for t in house.events if isinstance(t, Transfer) and t.kind is K.EFFECT]
    assert paid == [(s, 1, 20) for s in (0, 2, 3)]           # from the start player, seat 0
    assert any(isinstance(e, GameEnded) for e in house.events)
    assert sum(house.chips) + house.pot == 4 * 50


# -- a named pot -------------------------------------------------------------------------------

def _bright(g: GameState, r: int) -> list[int]:
    """The seats that made 四光 or 五光 in round ``r`` (H17), in the order they made them."""
    from hachihachi.interpreter.engine.events import RolesShown

    return [e.seat for e in g.events if isinstance(e, RolesShown) and e.round == r and e.captured
            and {"shikou", "gokou"} & set(e.roles)]


def test_H17_the_jackpot_is_kept_across_rounds_and_won_whole_by_a_bright_role():
    """fx_jackpot (3 players, seeded random play): each round every player puts one kan (12) into
    the jackpot; it grows from round to round until a round in which a player makes 四光 or 五光
    (H17), who takes all of it; at the end of the game what is left is shared equally. Chips,
    the pot and the jackpot always add up to the start (T27)."""
    from hachihachi.interpreter.engine.effect_events import PotPaid
    from hachihachi.interpreter.engine.events import GameEnded

    ruleset = rules("fx_jackpot")
    won = 0
    for seed in range(1, 7):
        g = _play(ruleset, 3, seed)
        end = next(i for i, x in enumerate(g.events) if isinstance(x, GameEnded))
        last = max(i for i, x in enumerate(g.events) if isinstance(x, RoundEnded))
        jackpot = 0
        for e in (x for x in g.events if isinstance(x, RoundEnded)):
            moved = [p for p in g.events[:last] if isinstance(p, PotPaid) and p.round == e.round]
            assert [(p.party, p.amount) for p in moved if p.into] == [(s, 12) for s in _order(g, e.round)]
            jackpot += 36
            makers = _bright(g, e.round)
            out = [(p.party, p.amount) for p in moved if not p.into]
            if makers:
                assert out == [(makers[0], jackpot)]
                jackpot, won = 0, won + 1
            else:
                assert out == []
        shared = [(p.party, p.amount, p.into) for p in g.events[last:end] if isinstance(p, PotPaid)]
        share = jackpot // 3
        assert shared == ([(s, share, False) for s in _order(g, g.round_index)] if share else [])
        assert dict(g.pots) == {"jackpot": jackpot - 3 * share} and jackpot - 3 * share < 3
        assert sum(g.chips) + g.pot + dict(g.pots)["jackpot"] == 3 * g.ruleset.chips.start
    assert won >= 1


def _order(g: GameState, r: int) -> list[int]:
    start = next(x.start for x in g.events if isinstance(x, RoundStarted) and x.round == r)
    return [(start + i) % g.players for i in range(g.players)]


def test_the_jackpot_is_in_the_replay_json_and_the_standings(tmp_path):
    """``hachi replay --json`` gives the named pots at the end (``pots``) and after each round
    (``pots_after``); a game without them has neither (interfaces.md); the standings show them."""
    from hachihachi.cli.score import standings
    from hachihachi.interpreter.records.gamerecord import Replay, summary

    g = _play(rules("fx_jackpot"), 3, 2)
    names = ("a", "b", "c")
    data = summary(Replay(g, names))
    assert data["pots"] == dict(g.pots) and data["pot"] == g.pot
    after = [r["pots_after"]["jackpot"] for r in data["rounds"]]
    expected, jackpot = [], 0
    for r in range(len(after)):
        jackpot = 0 if _bright(g, r) else jackpot + 36
        expected.append(jackpot)
    assert after == expected and data["pots"]["jackpot"] == after[-1] % 3     # the end shares it
    assert "pots" not in summary(Replay(_play(rules("hanafuda_hachihachi"), 3, 2), names))
    assert any("jackpot" in line for line in standings(Replay(g, names)))
