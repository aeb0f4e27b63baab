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
from hachihachi.ruleset.model import TransferKind as K


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
