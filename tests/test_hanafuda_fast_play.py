"""Issue 15: the hot path of matching play (H14-H18) plays by the same rules as its plain form.

Matching play builds its Captured events without the class call and shares a one-card capture's
``taken`` tuple per card (H14), picks a hand's plays with one itemgetter (H14, a hand of one card
too), ends a turn choice (H15) through the same end of turn as a played turn, and checks a keyed
pile for capture roles in place (H18). These tests compare each with what it stands for."""

import copy
import dataclasses
import pickle
import random
from pathlib import Path

import pytest

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.interpreter.actions import Play
from hachihachi.interpreter.events import RolesShown
from hachihachi.interpreter.play.matching import Capture, Captured, Stage
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.roles import RoleEvaluator

HOUSE = Path(__file__).parent / "house_rules" / "variants"
# every bundled hanafuda rule file, and the house rules whose capture roles play on (H18)
VARIANTS = [("hanafuda_hachihachi", 3), ("hanafuda_go_drop", 5), ("hanafuda_traditional", 3),
            ("hanafuda_plain_willow", 3), ("h18_play_on", 3), ("h11_settle_at_end", 3)]


def rules(name):
    house = HOUSE / f"{name}.yaml"
    return load_ruleset(str(house) if house.exists() else name)


def random_game(ruleset, players, seed, rounds, see=None):
    """A seeded random game applied action by action; ``see(game)`` before every seat's action."""
    g = GameState(ruleset, players=players, seed=seed, rounds=rounds)
    rng = random.Random(seed)
    while not g.is_terminal:
        if g.current_player == CHANCE:
            g.deal_random(rng)
        else:
            if see is not None:
                see(g)
            g.apply(rng.choice(g.legal_actions()))
    return g


def test_h14_captured_events_equal_those_the_class_builds():
    g = random_game(rules("hanafuda_hachihachi"), 3, 21, 6)
    events = [e for e in g.events if type(e) is Captured]
    assert len(events) > 100 and any(e.taken for e in events) and any(not e.taken for e in events)
    for e in events:
        built = Captured(e.round, e.seat, e.card, e.turned, e.taken)
        assert built == e and repr(built) == repr(e) and hash(built) == hash(e)
        assert copy.copy(e) == e and pickle.loads(pickle.dumps(e)) == e
    with pytest.raises(dataclasses.FrozenInstanceError):
        events[0].card = 0          # still frozen


def test_h14_legal_plays_are_a_tuple_of_the_hand_in_order_down_to_one_card():
    seen = {"one": 0, "plays": 0}

    def check(g):
        s, hand = g.round.play, g.round.hands[g.current_player]
        legal = g.legal_actions()
        assert type(legal) is tuple
        if s.stage is Stage.PLAY and all(isinstance(a, Play) for a in legal):
            assert legal == tuple(Play(c) for c in sorted(hand))
            seen["plays"] += 1
            seen["one"] += len(hand) == 1

    random_game(rules("hanafuda_hachihachi"), 3, 22, 8, check)
    assert seen["plays"] > 100 and seen["one"] >= 8      # a one-card hand in every round


def test_h15_a_turn_choice_ends_the_turn_as_a_played_turn_does():
    """The turned card matching two field cards waits for the seat's choice; taking one ends the
    seat's turn: the next seat plays, the pile holds the two cards, the event is the turned card's."""
    ruleset = rules("hanafuda_hachihachi")
    checked = []

    def check(g):
        s = g.round.play
        if s.stage is not Stage.TURN_CHOICE:
            return
        seat, turn, pile = s.seat, s.turn, list(s.captures[s.seat])
        choice = g.legal_actions()[-1]
        assert isinstance(choice, Capture) and choice.card == s.pending
        h = g.clone()
        events = h.apply(choice)
        t = h.round.play
        assert events[1] == Captured(h.round_index, seat, choice.card, True, (choice.target,))
        assert t.captures[seat] == pile + [choice.card, choice.target] and t.pending is None
        if t.stopped is None:
            assert t.turn == turn + 1 and (t.stage is Stage.OVER or t.seat != seat)
        checked.append(seat)

    for seed in range(30, 40):
        random_game(ruleset, 3, seed, 3, check)
    assert len(checked) >= 5


@pytest.mark.parametrize("name,players", VARIANTS, ids=[n for n, _ in VARIANTS])
def test_h18_keyed_piles_and_whole_piles_play_the_same_games(name, players, monkeypatch):
    """A pile's capture roles checked by its key (the capture roles count known cards) and the
    same piles judged whole (``role_key`` None) give the same logs, seed by seed."""
    keyed = [random_game(rules(name), players, seed, 8).events for seed in (41, 42, 43)]
    assert any(type(e) is RolesShown and e.captured for log in keyed for e in log)   # roles were made
    asked = []
    monkeypatch.setattr(RoleEvaluator, "role_key", lambda self, trump=None, indicator=None: asked.append(self))
    whole = [random_game(rules(name), players, seed, 8).events for seed in (41, 42, 43)]
    assert asked        # a ruleset built anew: its engine asked for the piles' keys, and judged whole
    assert [list(map(repr, log)) for log in keyed] == [list(map(repr, log)) for log in whole]


@pytest.mark.parametrize("name,players", VARIANTS[:2], ids=[n for n, _ in VARIANTS[:2]])
def test_h15_the_months_lying_twice_follow_the_field(name, players):
    """Matching play keeps the cards of the months the field holds twice (a play of one is a
    choice, H15) instead of looking at every month each time: at every decision they are those of
    the field."""
    ruleset, seen = rules(name), []

    def check(g):
        s = g.round.play
        if not s.months:                # made when play starts (a go/drop form declares first)
            return
        months = [ruleset.deck.rank(c) for c in s.field]
        twice = {m for m in months if months.count(m) == 2}
        assert s.twice == {c for c in ruleset.deck.cards if ruleset.deck.rank(c) in twice}
        seen.append(len(twice))

    for seed in (51, 52):
        random_game(ruleset, players, seed, 6, check)
    assert len(seen) > 100 and 0 in seen and max(seen) >= 1
