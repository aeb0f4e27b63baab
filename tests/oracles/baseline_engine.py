"""A minimal hand-written engine for the standard rules (T1-T27 hard-coded): the speed baseline.

Plain lists and ints, no events, no checks. It plays the same seeded random play as the
interpreter driven by the ``random`` bot in ``hachi simulate``: the game's generator
``Random(game_seed)`` picks the first start player and shuffles each deal, and seat ``s`` draws
its choices from ``Random(game_seed * 16 + 1 + s)`` with ``choice`` over the same legal actions
in the same order. So both engines must end every game with the same chips and pot; the speed
benchmark and tests/test_simulate.py check that, which cross-checks the interpreter too.

Role values (T14, T15) come from :func:`native_roles` (the standard table of hand-roles.md written
out by hand) or, when given, from the ruleset's own evaluator: see ``benchmarks/throughput.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Callable

GO_DROP, GO_ONLY, NO_YES = (True, False), (True,), (False, True)
LIGHT = 8                                   # ranks T J Q K A are 8..12 (T4 light cards)
ACE = 12
SETS = {(4, 3): ("shisan", 20, 10), (4, 2): ("ichinishi", 8, 4), (3, 2, 2): ("haneken", 7, 4),
        (4,): ("teshi", 6, 3), (3, 3): ("nisanbon", 6, 3), (2, 2, 2): ("kuttsuki", 4, 2),
        (3,): ("sanbon", 2, 1), (3, 2): ("sanbon", 2, 1)}

RoleValues = Callable[[list, int, int], tuple]     # (hand, trump, indicator) -> (go, forced)


def _longest_run(ranks: set) -> int:
    """The longest run of consecutive ranks, the ace also counting below the 2."""
    if ACE in ranks:
        ranks = ranks | {-1}
    best = run = 0
    for r in range(-1, 13):
        run = run + 1 if r in ranks else 0
        best = max(best, run)
    return best


def native_roles(hand, trump=None, indicator=None) -> tuple[int, int]:
    """(go, forced) of a hand under the standard role table (hand-roles.md), by hand."""
    go = forced = 0
    shape = tuple(n for n in sorted(Counter(c >> 2 for c in hand).values(), reverse=True) if n > 1)
    hit = SETS.get(shape)
    if hit:
        go, forced = hit[1], hit[2]
    light = sum(1 for c in hand if c >> 2 >= LIGHT)
    if light == 0:
        go, forced = go + 4, forced + 2
    elif light == 1:
        go, forced = go + 2, forced + 1
    by_suit: list[set] = [set(), set(), set(), set()]
    for c in hand:
        by_suit[c & 3].add(c >> 2)
    if any(_longest_run(s) >= 5 for s in by_suit):
        return go + 10, forced + 5
    if max(len(s) for s in by_suit) >= 5:
        return go + 3, forced + 2
    if _longest_run({c >> 2 for c in hand}) >= 5:
        return go + 2, forced + 1
    return go, forced


def evaluator_roles(ruleset) -> RoleValues:
    """Role values from the ruleset's own evaluator (the one the interpreter uses)."""
    ev = ruleset.evaluator

    def values(hand, trump, indicator):
        r = ev.evaluate(hand, trump, indicator)
        return r.go, r.forced

    return values


def play_game(gseed: int, players: int, rounds: int = 12, roles: RoleValues = native_roles) -> tuple:
    """Play one game of the standard rules; return (chips, leftover pot, rounds played)."""
    grng = random.Random(gseed)
    rngs = [random.Random(gseed * 16 + 1 + s) for s in range(players)]
    chips, pot = [50] * players, 0
    start = grng.randrange(players)
    for _ in range(rounds):
        start, pot = _round(grng, rngs, chips, pot, start, players, roles)
    return chips, pot, rounds


def _round(grng, rngs, chips, pot, start, players, roles) -> tuple[int, int]:
    """One round (T6-T24); changes ``chips``; returns the next start player and the pot."""
    mizuten = rngs[start].choice(NO_YES)                                    # T6
    cards = list(range(52))                                                 # T7
    grng.shuffle(cards)
    hands = [sorted(cards[i * 7:i * 7 + 7]) for i in range(players)]
    indicator = cards[players * 7]
    trump, rank = indicator & 3, indicator >> 2
    mult = 4 if rank >= 11 else 2 if rank >= 8 else 1                       # T8, T9
    goers, forced, drops = [], [], 0
    for i in range(players):                                                # T10-T12
        seat = (start + i) % players
        if len(goers) == 3:
            forced.append(seat)
            continue
        if rngs[seat].choice(GO_ONLY if mizuten and seat == start else GO_DROP):
            goers.append(seat)
        else:
            fee = (2 + drops) * mult
            drops += 1
            chips[seat] -= fee
            pot += fee
    if not goers:                                                           # T13
        return (start + 1) % players, pot
    for seat in forced:                                                     # T14
        hand = hands[seat]
        aces = sum(1 for c in hand if c >> 2 == ACE)
        pts = (aces + roles(hand, trump, indicator)[1]) * mult
        for g in goers:
            chips[g] -= pts
            chips[seat] += pts
    if len(goers) == 1:                                                     # T17
        chips[goers[0]] += pot
        return goers[0], 0
    if len(goers) == 2 and rngs[goers[0]].choice(NO_YES) and rngs[goers[1]].choice(NO_YES):   # T16
        small = pot // 2
        chips[goers[0]] += pot - small
        chips[goers[1]] += small
        return goers[0], 0
    value = {g: roles(hands[g], trump, indicator)[0] for g in goers}       # T15
    n = len(goers)
    for a in range(n):
        for b in range(a + 1, n):
            x, y = goers[a], goers[b]
            d = (value[x] - value[y]) * mult
            chips[x] += d
            chips[y] -= d
    won = _tricks(rngs, hands, goers, trump)                                # T19
    for a in range(n):                                                      # T20
        for b in range(a + 1, n):
            x, y = goers[a], goers[b]
            d = 2 * (won[x] - won[y]) * mult
            chips[x] += d
            chips[y] -= d
    best = max(won.values())                                                # T21
    taker = next(g for g in goers if won[g] == best)
    chips[taker] += pot
    if mizuten and n == 3 and won[start] >= 3:                              # T22
        for seat in range(players):
            if seat != start:
                chips[seat] -= mult
                chips[start] += mult
    return taker, 0                                                         # T24


def _tricks(rngs, hands, goers, trump) -> dict:
    """Seven tricks among the goers (T19); the tricks each goer won."""
    won = {g: 0 for g in goers}
    n, lead = len(goers), 0
    for _ in range(7):
        played = []
        for k in range(n):
            seat = goers[(lead + k) % n]
            hand = hands[seat]
            if played:
                led = played[0] & 3
                follow = [c for c in hand if c & 3 == led]
                card = rngs[seat].choice(follow or hand)
            else:
                card = rngs[seat].choice(hand)
            hand.remove(card)
            played.append(card)
        led = played[0] & 3
        best = max(range(n), key=lambda i: (2 if played[i] & 3 == trump else 1 if played[i] & 3 == led else 0,
                                            played[i] >> 2))
        lead = (lead + best) % n
        won[goers[lead]] += 1
    return won
