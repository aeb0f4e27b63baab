"""House rules written with the points inside the play (``after_trick``, ``after_turn``), the
facts of their events and of the cards, and the round's decisions as facts (docs/effects.md,
"Points inside the play"). Each is played from seeds, or replayed on the recorded trick game,
beside its base game on the same deals and decisions, and the payments it adds are worked out
again from the log, card by card."""

from __future__ import annotations


import pytest
from tests.house_rules.house_replay import TRICK_RECORD, ended, events, flows, played, replay, rules

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.engine.actions import Choose, Play
from hachihachi.ruleset.effects.actions.multiply import Multiplied
from hachihachi.interpreter.engine.events import Applied, RolesShown, RoundStarted, Transfer
from hachihachi.interpreter.games.matching.phases import HanaDeal
from hachihachi.interpreter.games.matching.play import Captured
from hachihachi.interpreter.games.matching.rules import MatchingTransfer
from hachihachi.interpreter.games.tricks.events import TrickTaken
from hachihachi.interpreter.games.tricks.rules import TrickTransfer
from hachihachi.ruleset.model import TransferReason as K

CAPTURE = MatchingTransfer.CAPTURE_ROLES


def extra(house: GameState, base: GameState, r: int, kind) -> list[tuple]:
    """The transfers of ``kind`` in round ``r`` of ``house`` beyond those of ``base``."""
    left = flows(house, r, kind)
    for f in flows(base, r, kind):
        left.remove(f)
    return left


# -- after_trick ----------------------------------------------------------------------------------

def test_T19_the_last_trick_is_paid_by_every_other_goer():
    house, base = replay("t19_last_trick_bonus", TRICK_RECORD), replay("hachihachi_trick", TRICK_RECORD)
    paid = 0
    for r in range(house.round_index + 1):
        tricks = events(house, r, TrickTaken)
        assert tricks == events(base, r, TrickTaken)                    # the play is the same
        assert flows(house, r, TrickTransfer.TRICKS) == flows(base, r, TrickTransfer.TRICKS)    # and its settlement
        got = flows(house, r, K.EFFECT)
        if not tricks:
            assert got == []
            continue
        last, end = tricks[-1], ended(house, r)
        assert last.index == 6
        expected = [(g, last.winner, 2 * end.multiplier, 2 * end.multiplier)
                    for g in end.goers if g != last.winner]
        assert sorted(got) == sorted(expected)
        paid += len(got)
    assert paid > 0


def test_T19_a_revoke_costs_the_revoker_three_to_each_other_goer():
    held: dict[tuple[int, int], list] = {}      # (round, trick) -> (seat, card, hand before) of each card

    def watch(g, action):
        if isinstance(action, Play):
            p = g.round.play
            held.setdefault((g.round_index, len(p.done)), []).append(
                (p.to_play(), action.card, tuple(g.round.hands[p.to_play()])))

    g = played(rules("t19_revoke_penalty"), seed=3, players=4, rounds=4, watch=watch)
    suits, revokes = len(g.ruleset.deck.suits), 0
    for r in range(g.round_index + 1):
        expected = []
        for trick in events(g, r, TrickTaken):
            cards = held[(r, trick.index)]
            led = cards[0][1] % suits
            for seat, card, hand in cards[1:]:
                if card % suits != led and any(c % suits == led for c in hand):
                    expected += [(seat, other, 3, 3) for other in ended(g, r).goers if other != seat]
        assert sorted(flows(g, r, K.EFFECT)) == sorted(expected)
        revokes += len(expected)
    assert revokes > 0


# -- after_turn, 法度 ------------------------------------------------------------------------------

def _laid_by(g: GameState, r: int) -> dict[int, int]:
    """Each card laid on the field from a hand in round ``r``, with the seat that laid it."""
    return {e.card: e.seat for e in events(g, r, Captured) if not e.taken and not e.turned}


def _stopping_turn(g: GameState, r: int, seat: int) -> list[Captured]:
    placed = events(g, r, Captured)
    turn = []
    for e in reversed(placed):
        if e.seat != seat:
            break
        turn.append(e)
    return turn


def test_H18_hatto_the_feeder_pays_the_capture_role_for_everyone():
    found = 0
    for seed in range(1, 6):
        house, base = played(rules("h18_hatto_feeder_pays"), seed), played(rules("hanafuda_hachihachi"), seed)
        for r in range(house.round_index + 1):
            added = extra(house, base, r, CAPTURE)
            stops = [e for e in events(base, r, RolesShown) if e.captured]
            if not stops:
                assert added == []
                continue
            maker = stops[-1].seat
            laid = _laid_by(base, r)
            feeders = {laid[c] for e in _stopping_turn(base, r, maker) for c in e.taken
                       if c in laid and laid[c] != maker}
            if not feeders:
                assert added == []
                continue
            start = next(e.start for e in events(base, r, RoundStarted))
            feeder = next(s for s in ((start + i) % 3 for i in range(3)) if s in feeders)
            share = {(s, a) for s, t, b, a in flows(base, r, CAPTURE) if t == maker}
            others = [s for s in range(3) if s not in (maker, *feeders)]
            assert sorted((s, t, a) for s, t, b, a in added) == sorted(
                (feeder, o, a) for o in others for s, a in share if s == o)
            found += bool(others)
    assert found > 0


# -- the cards: brights dealt to the field ---------------------------------------------------------

def test_H5_brights_dealt_to_the_field_multiply_the_rest_of_the_round():
    seen = 0
    for seed in range(1, 4):
        house, base = played(rules("h5_brights_dealt_multiply"), seed), played(rules("hanafuda_hachihachi"), seed)
        deck = base.ruleset.deck
        for r in range(base.round_index + 1):
            deal = next(e.action for e in events(base, r, Applied) if isinstance(e.action, HanaDeal))
            brights = sum(1 for c in deal.field if deck.card_class(c) == "bright")
            log = [e for e in house.events if getattr(e, "round", None) == r]
            at = next((i for i, e in enumerate(log) if isinstance(e, Multiplied)), None)
            assert (at is not None) == (brights > 0)
            if at is None:
                assert flows(house, r) == flows(base, r)
                continue
            assert log[at].by == 1 + brights
            first_turn = [i for i, e in enumerate(log) if isinstance(e, Applied) and e.seat != CHANCE][:1]
            assert first_turn and first_turn[0] < at
            for kind in (CAPTURE, MatchingTransfer.CARD_POINTS):
                later = [e for e in log[at:] if isinstance(e, Transfer) and e.kind is kind]
                before = [f for f in flows(base, r, kind)][:len(flows(house, r, kind)) - len(later)]
                assert flows(house, r, kind) == before + [
                    (s, t, b, a * (1 + brights)) for s, t, b, a in flows(base, r, kind)[len(before):]]
                seen += bool(later)
    assert seen > 0


# -- decisions as facts: play on for double --------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_H18_play_on_for_double_is_paid_by_the_outcome(seed):
    house, base = played(rules("h18_play_on_for_double"), seed), played(rules("h18_choose"), seed)
    for r in range(base.round_index + 1):
        added = extra(house, base, r, CAPTURE)
        shown = [e for e in events(base, r, RolesShown) if e.captured]
        on = {e.seat for e in events(base, r, Applied)
              if isinstance(e.action, Choose) and e.action.option == "play_on"}
        stopper = next((s for s in {e.seat for e in shown}
                        if sum(1 for e in events(base, r, Applied) if e.seat == s
                               and isinstance(e.action, Choose) and e.action.option == "stop")), None)
        if stopper is None:                     # no stop: the hands ran out, nobody is paid again
            assert added == []
            continue
        value = sum(e.value for e in shown if e.seat == stopper)
        factor = {a // b for s, t, b, a in flows(base, r, CAPTURE) if b}
        amount = value * 12 * (factor.pop() if factor else 1)
        pairs = [(s, stopper) for s in range(3) if s != stopper] if stopper in on else []
        pairs += [(s, stopper) for s in sorted(on) if s != stopper]
        assert sorted((s, t, a) for s, t, b, a in added) == sorted((s, t, amount) for s, t in pairs)
