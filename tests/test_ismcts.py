"""The ismcts bot, matching-play determinization, mc in matching play, hints, and the
heuristics' mizuten call and hanafuda go/drop declarations. Every search here is seeded and
budgeted in iterations (never in time)."""

import dataclasses
import random

import pytest

from hachihachi.interpreter import CHANCE, CallMizuten, Declare, GameState
from hachihachi.interpreter.bots import bot_names, make_bot
from hachihachi.interpreter.bots.determinize import determinize
from hachihachi.interpreter.games.tricks.heuristic import HeuristicBot, mizuten_gain, wants_mizuten
from hachihachi.interpreter.bots.hint import hints
from hachihachi.interpreter.bots.ismcts import IsmctsBot
from hachihachi.interpreter.games.matching.heuristic import MatchingHeuristicBot, go_value
from hachihachi.interpreter.games.matching.play import Captured
from hachihachi.ruleset.errors import HachiError
from hachihachi.ruleset.loader import load_ruleset

from tests.interp_support import DROP, RULES, assert_zero_sum, deal, new_game, play_bots
from hachihachi.interpreter.parts.go_drop.rules import go_drop_rules, with_go_drop

HANA = load_ruleset("hanafuda_hachihachi")
GO_DROP = load_ruleset("hanafuda_go_drop")


def play(rules, bots, players: int, seed: int, rounds: int = 1) -> GameState:
    return play_bots(GameState(rules, players, seed=seed, rounds=rounds), bots, random.Random(seed))


def decisions(rules, players: int, seed: int):
    """Every decision of a seeded one-round game: yields (game, seat to act); the caller acts."""
    g, rng = GameState(rules, players, seed=seed, rounds=1), random.Random(seed)
    while not g.is_terminal:
        if g.current_player == CHANCE:
            g.deal_random(rng)
            continue
        yield g, g.current_player


def first_real_choice(rules, players: int, seed: int) -> GameState:
    """A seeded one-round game at its first decision with three or more choices."""
    for g, _ in decisions(rules, players, seed):
        if len(g.legal_actions()) >= 3:
            return g
        g.apply(g.legal_actions()[0])
    raise AssertionError("no such decision")


def lone_goer_choice() -> GameState:
    """T17: seats 0 and 1 dropped (fees 2 and 3); seat 2 goes alone and takes the pot, or drops."""
    g = new_game(players=3, start=0)
    g.apply(CallMizuten(False))
    deal(g, "2s 3s 4s 5s 6s 7s 8s", "2h 3h 4h 5h 6h 7h 8h", "2d 3d 4d 5d 6d 7d 8d", indicator="9c")
    g.apply(DROP), g.apply(DROP)
    return g


def test_ismcts_is_registered_and_plays_both_kinds_of_play():
    assert "ismcts" in bot_names()
    assert make_bot("ismcts", RULES).name == make_bot("ismcts", HANA).name == "ismcts"


@pytest.mark.slow
@pytest.mark.parametrize("rules,players", [(RULES, 4), (HANA, 3), (GO_DROP, 5)])
def test_T19_H14_ismcts_chooses_only_legal_actions_and_games_stay_zero_sum(rules, players):
    bot = IsmctsBot(iterations=6)
    for seed in range(2):
        game = play(rules, [bot, make_bot("heuristic")], players, seed)
        assert_zero_sum(game)
    assert bot.decisions > 0


def test_ismcts_is_repeatable_with_the_same_seed_and_iterations():
    g = first_real_choice(RULES, 4, seed=3)
    runs = [IsmctsBot(iterations=30).search(g, g.current_player, random.Random(11)) for _ in range(2)]
    assert runs[0] == runs[1]
    assert sum(s.visits for s in runs[0]) == 30


def test_T17_ismcts_goes_alone_to_take_the_pot_and_hints_say_by_how_much():
    g = lone_goer_choice()
    assert IsmctsBot(iterations=20).choose(g, 2, random.Random(1)) == Declare(True)
    best, worst = hints(g, rng=random.Random(1), iterations=40)
    assert best.action == Declare(True) and best.mean == best.low == best.high == 5      # fees 2 + 3
    assert worst.action == Declare(False) and worst.mean == -4                            # third fee
    mc = hints(g, rng=random.Random(1), iterations=40, method="mc")
    assert [h.action for h in mc] == [Declare(True), Declare(False)] and {h.samples for h in mc} == {20}


def test_hints_cover_every_legal_action_best_first_with_intervals_around_the_mean():
    g = first_real_choice(HANA, 3, seed=4)
    hs = hints(g, rng=random.Random(2), iterations=60, method="mc")
    assert {h.action for h in hs} == set(g.legal_actions())
    assert [h.mean for h in hs] == sorted((h.mean for h in hs), reverse=True)
    assert all(h.low <= h.mean <= h.high and h.samples == 60 // len(hs) for h in hs)
    with pytest.raises(HachiError, match="nothing for seat"):
        hints(g, seat=(g.current_player + 1) % 3)
    with pytest.raises(HachiError, match="no hint method"):
        hints(g, method="oracle")


@pytest.mark.slow
@pytest.mark.parametrize("rules,players", [(HANA, 3), (GO_DROP, 5), (GO_DROP, 7)])
def test_H4_H15_matching_worlds_keep_what_the_seat_saw_and_deal_the_rest_anew(rules, players):
    changed = 0
    rng = random.Random(0)
    for seed in range(4):
        for g, who in decisions(rules, players, seed):
            world = determinize(g, who, rng).game()             # the replay of the round is legal
            mine, theirs = g.view(who), world.view(who)
            assert theirs.hand == mine.hand and theirs.play.table_cards == mine.play.table_cards
            assert theirs.play.captures == mine.play.captures and theirs.play.stock_left == mine.play.stock_left
            assert set(world.legal_actions()) == set(g.legal_actions())
            turned = [e.card for e in g.events if isinstance(e, Captured) and e.turned]
            assert [e.card for e in world.events if isinstance(e, Captured) and e.turned] == turned
            others = [s for s in range(players) if s != who]
            changed += any(world.round.dealt[s] != g.round.dealt[s] for s in others)
            g.apply(MatchingHeuristicBot().choose(g, who, rng))
    assert changed > 0


def test_H14_mc_plays_matching_games():
    mc = make_bot("mc", HANA, samples=2)
    game = play(HANA, [mc, make_bot("heuristic_matching")], 3, seed=1)
    assert mc.decisions > 0 and sum(game.chips) + game.pot == 3 * HANA.chips.start


# -- the heuristics ------------------------------------------------------------------------

def mizuten_view(rules, chips=None, last=False):
    g = GameState(rules, 5, seed=1, rounds=1 if last else 12, start=0)
    v = g.view(0)
    return dataclasses.replace(v, chips=chips or v.chips)


def test_T6_T22_standard_rules_decline_mizuten_with_level_standings():
    assert not wants_mizuten(RULES, mizuten_view(RULES))
    game = GameState(RULES, 5, seed=1, rounds=2, start=0)
    assert HeuristicBot().choose(game, 0, random.Random(0)) == CallMizuten(False)


def test_T6_T22_a_house_rule_bonus_that_pays_is_called():
    own = RULES.kind_rules
    rich = dataclasses.replace(RULES, kind_rules=dataclasses.replace(own, mizuten=dataclasses.replace(own.mizuten,
                                                                                                  bonus=5)))
    assert wants_mizuten(rich, mizuten_view(rich))
    game = GameState(rich, 5, seed=1, rounds=2, start=0)
    assert HeuristicBot().choose(game, 0, random.Random(0)) == CallMizuten(True)


def test_T6_T26_in_the_last_round_a_start_player_just_behind_the_leader_calls():
    gain = mizuten_gain(RULES, 5)
    assert 1 < gain < 20
    assert wants_mizuten(RULES, mizuten_view(RULES, chips=(49, 51, 50, 50, 50), last=True))
    assert not wants_mizuten(RULES, mizuten_view(RULES, chips=(49, 51, 50, 50, 50)))         # not last
    assert not wants_mizuten(RULES, mizuten_view(RULES, chips=(30, 70, 50, 40, 60), last=True))  # too far
    assert not wants_mizuten(RULES, mizuten_view(RULES, chips=(51, 49, 50, 50, 50), last=True))  # leading


def go_drop_first_view(hand: str, field: str, rules=GO_DROP):
    from tests.test_hanafuda_go_drop import deal4

    D = rules.deck
    rest = [c for c in D.cards if c not in set(D.parse_list(hand) + D.parse_list(field))]
    hands = [hand] + [" ".join(D.name(c) for c in rest[i * 6:(i + 1) * 6]) for i in range(3)]
    g = GameState(rules, players=4, seed=0, rounds=1, start=0)
    g.apply(deal4(hands, field))
    return g, g.view(0)


STRONG = "1b 3b 8b 11b 12b 1r"          # five brights and a ribbon
WEAK = "2c1 2c2 4c1 6r 9r 10r"         # no hand role, no field card of its months


def test_T10_hanafuda_go_drop_declared_from_hand_field_and_fees():
    g, strong = go_drop_first_view(STRONG, "2a 5a 6a 7a 9a 10a")
    assert MatchingHeuristicBot().choose(g, 0, random.Random(0)) == Declare(True)
    g, weak = go_drop_first_view(WEAK, "1c1 3r 5a 7a 8c1 12c1")
    assert go_value(GO_DROP, weak) < go_value(GO_DROP, strong)
    assert MatchingHeuristicBot().choose(g, 0, random.Random(0)) == Declare(False)


def test_T11_hanafuda_drop_fee_is_read_from_the_ruleset():
    decl = go_drop_rules(GO_DROP).declaration
    dear = with_go_drop(GO_DROP, declaration=dataclasses.replace(
        decl, drop_fee=dataclasses.replace(decl.drop_fee, first=500)))
    g, weak = go_drop_first_view(WEAK, "1c1 3r 5a 7a 8c1 12c1", rules=dear)
    assert MatchingHeuristicBot().choose(g, 0, random.Random(0)) == Declare(True)       # dropping costs more


@pytest.mark.slow
@pytest.mark.parametrize("rules,players,policy", [(RULES, 4, "heuristic"), (HANA, 3, "heuristic_matching")])
def test_ismcts_with_a_single_play_out_per_action_plays_as_the_heuristic(rules, players, policy):
    heuristic, bot = make_bot(policy), IsmctsBot(iterations=1)
    for seed in range(2):
        for g, who in decisions(rules, players, seed):
            expected = heuristic.choose(g, who, random.Random(seed))
            assert bot.choose(g, who, random.Random(seed)) == expected
            g.apply(expected)


# -- the heuristic as the search's prior: the search keeps it unless clearly beaten ---------

def test_confident_best_keeps_the_default_unless_ahead_by_z_standard_errors():
    from hachihachi.interpreter.bots.search import Estimate, confident_best

    near = [Estimate("a", 10, 1.0, 0.8), Estimate("b", 10, 0.5, 0.6)]
    assert confident_best(near, "h", z=1.5) == "h"                  # 1.0 - 1.5 * 0.8 < 0
    assert confident_best(near, "h", z=1.0) == "a"                  # both clear at z=1; a gains more
    assert confident_best([Estimate("a", 1, 9.0, 0.0)], "h") == "h"     # one play-out proves nothing
    assert confident_best([Estimate("a", 5, -1.0, 0.1)], "h", z=0.0) == "h"


class _AlwaysDrop:
    """A roll-out policy that drops whenever it may: a heuristic with a plain mistake."""

    name = "always_drop"

    def choose(self, game, seat, rng):
        legal = game.legal_actions()
        return Declare(False) if Declare(False) in legal else legal[0]


@pytest.mark.parametrize("bot", [IsmctsBot(iterations=8), make_bot("mc", samples=4)])
def test_T17_search_overrules_the_heuristic_when_every_world_shows_a_better_action(bot, monkeypatch):
    from hachihachi.interpreter.bots import rollout

    monkeypatch.setitem(rollout._POLICIES, RULES.play, _AlwaysDrop())
    g = lone_goer_choice()                   # going alone takes the pot (+5), dropping pays (-4)
    assert bot.choose(g, 2, random.Random(3)) == Declare(True)


@pytest.mark.parametrize("bot", [IsmctsBot(iterations=2), make_bot("mc", samples=1)])
def test_one_world_is_too_few_to_overrule_the_heuristic(bot, monkeypatch):
    from hachihachi.interpreter.bots import rollout

    monkeypatch.setitem(rollout._POLICIES, RULES.play, _AlwaysDrop())
    assert bot.choose(lone_goer_choice(), 2, random.Random(3)) == Declare(False)


@pytest.mark.slow
@pytest.mark.parametrize("rules,players,make", [
    (RULES, 4, lambda z: IsmctsBot(iterations=12, confidence=z)),
    (RULES, 4, lambda z: make_bot("mc", samples=3, confidence=z)),
    (HANA, 3, lambda z: IsmctsBot(iterations=12, confidence=z)),
])
def test_a_small_budget_departs_from_the_heuristic_less_with_the_prior(rules, players, make):
    policy = make_bot("heuristic")
    departs = {None: 0, 1.0: 0}
    for seed in range(5):
        g = first_real_choice(rules, players, seed)
        who = g.current_player
        expected = policy.choose(g, who, random.Random(0))
        for z in departs:
            departs[z] += make(z).choose(g, who, random.Random(seed)) != expected
    assert departs[None] > departs[1.0], departs


def test_young_nodes_below_the_root_play_as_the_roll_out_instead_of_exploring():
    g = first_real_choice(RULES, 5, seed=2)
    seat = g.current_player

    def breadth(expand_after):
        root, _ = IsmctsBot(iterations=40, expand_after=expand_after)._run(g, seat, random.Random(4), None)
        return sum(len(child.children) for child in root.children.values())

    explored, heuristic = breadth(0), breadth(10 ** 6)
    assert heuristic < explored
    assert breadth(10 ** 6) == heuristic                 # seeded: the same tree again


# -- time management, settled decisions, several contenders a world, the sampler's memo ------

def test_the_clock_keeps_the_mean_time_a_decision_and_never_allows_more_than_the_cap():
    from hachihachi.interpreter.bots.clock import Clock

    clock = Clock(ms=25.0, cap_ms=100.0)
    weights = [2.0, 1.2, 1.0, 0.8, 0.6, 0.45, 0.3] * 40          # a round's decisions, many times
    spent = []
    for i, w in enumerate(weights):
        allowed = clock.allowance(w)
        assert 0 < allowed <= 0.1
        took = allowed if i % 3 else allowed / 4                     # every third one settles early
        clock.spent(took)
        spent.append(took)
    assert abs(sum(spent) / len(spent) - 0.025) < 0.0025             # the mean stays at 25 ms
    rich = Clock(ms=25.0, cap_ms=100.0, bank=10.0)
    assert rich.allowance(2.0) == 0.1                                # the cap, whatever the bank
    poor = Clock(ms=25.0, cap_ms=100.0, bank=-10.0)
    assert 0 < poor.allowance(1.0) < 0.025                           # debts are repaid, never below the floor


def test_the_clock_gives_declarations_several_means_cards_a_fraction_and_mizuten_nothing():
    from hachihachi.interpreter.bots.clock import weight
    from hachihachi.interpreter.engine.actions import Play
    from hachihachi.interpreter.parts.go_drop.actions import Split
    from hachihachi.interpreter.games.matching.play import Capture

    first, last = weight((Play(1), Play(2)), 7, 7), weight((Play(1), Play(2)), 2, 7)
    declare = weight((Declare(True), Declare(False)), 7, 7)
    assert declare == weight((Split(True), Split(False)), 5, 7) > 2.0
    assert 1.0 > first > last > 0
    assert weight((CallMizuten(True), CallMizuten(False)), 0, 7) == 0
    # a hanafuda capture choice is a card decision, not a declaration
    assert weight((Capture(1, 2), Capture(1, 3)), 7, 7) == weight((Play(1), Play(2)), 7, 7)


def _mizuten_choice() -> GameState:
    for seed in range(40):
        for g, _ in decisions(RULES, 5, seed):
            legal = g.legal_actions()
            if isinstance(legal[0], CallMizuten) and len(legal) > 1:
                return g
            g.apply(legal[0])
    raise AssertionError("no mizuten call in 40 games")


def test_a_decision_the_clock_gives_nothing_or_less_than_one_pair_keeps_the_heuristic_choice(monkeypatch):
    from hachihachi.interpreter.bots import ismcts

    worlds = []
    monkeypatch.setattr(ismcts, "determinize", lambda *a: worlds.append(a) or determinize(*a))
    g = _mizuten_choice()                                  # weight 0: never searched
    seat = g.current_player
    default = make_bot("heuristic").choose(g, seat, random.Random(1))
    bot = IsmctsBot(ms=1000.0)
    assert bot.choose(g, seat, random.Random(1)) == default and worlds == []
    g = first_real_choice(RULES, 5, seed=3)                # a card: one pair dearer than its allowance
    seat = g.current_player
    bot.pair_cost[type(g.legal_actions()[0])] = 60.0
    assert bot.choose(g, seat, random.Random(1)) == make_bot("heuristic").choose(g, seat, random.Random(1))
    assert worlds == []
    assert bot.clock is not None and bot.clock.bank > 0.9         # the unspent time is banked
    bot.pair_cost.clear()                                  # unknown cost: searched, and the cost learnt
    bot.choose(g, seat, random.Random(1))
    assert worlds and 0 < bot.pair_cost[type(g.legal_actions()[0])] < 60.0


def test_past_its_deadline_a_world_stops_after_the_pair_it_is_playing():
    g = first_real_choice(RULES, 5, seed=3)
    seat = g.current_player
    default = make_bot("heuristic").choose(g, seat, random.Random(0))
    root, first_pair = IsmctsBot(ms=10.0, per_world=6)._run(g, seat, random.Random(8), default, deadline=0.0)
    assert sum(n.pairs for n in root.children.values()) == 1 and first_pair is not None and first_pair > 0


def test_a_settled_decision_stops_before_its_iterations_are_spent():
    from hachihachi.interpreter.bots.search import SETTLE_PAIRS, Estimate, settled

    assert settled([Estimate("a", 3, -1.0, 0.5), Estimate("b", 4, 0.0, 0.0)])
    assert not settled([Estimate("a", 3, -1.0, 0.5), Estimate("b", 2, -5.0, 0.0)])     # b: too few
    assert not settled([Estimate("a", 9, -0.4, 0.5)])                                 # a may yet win
    g = lone_goer_choice()              # going alone takes the pot, dropping pays: every world agrees
    root, _ = IsmctsBot(iterations=200)._run(g, 2, random.Random(3), Declare(True))
    assert root.children[Declare(False)].pairs == SETTLE_PAIRS


@pytest.mark.slow
def test_ismcts_is_repeatable_with_iterations_and_plays_several_contenders_a_world():
    g = first_real_choice(RULES, 5, seed=3)
    seat, legal = g.current_player, tuple(g.legal_actions())
    default = make_bot("heuristic").choose(g, seat, random.Random(0))

    def pairs(per_world):
        root, _ = IsmctsBot(iterations=40, per_world=per_world)._run(g, seat, random.Random(8), default)
        return {a: (n.pairs, round(n.gain, 9)) for a, n in root.children.items() if a != default}

    assert pairs(3) == pairs(3)                                      # seeded: the same search again
    assert sum(p for p, _ in pairs(3).values()) > sum(p for p, _ in pairs(1).values())
    choices = {IsmctsBot(iterations=40).choose(g, seat, random.Random(8)) for _ in range(2)}
    assert len(choices) == 1 and choices <= set(legal)


@pytest.mark.slow
@pytest.mark.parametrize("infer", [False, True])
def test_T14_T15_T19_worlds_drawn_with_a_memo_keep_what_the_seat_saw(infer):
    from hachihachi.interpreter.bots.determinize import round_events
    from hachihachi.interpreter.engine.events import RolesShown
    from hachihachi.interpreter.games.tricks.knowledge import knowledge
    from hachihachi.ruleset.model import Phase

    deck, checked, same = RULES.deck, 0, [0, 0]          # same: [shown seats, showing the same roles]
    for seed in range(3):
        g, deal_rng, bot = GameState(RULES, 5, seed=seed, rounds=1), random.Random(seed), make_bot("heuristic")
        while not g.is_terminal:
            who = g.current_player
            if who == CHANCE:
                g.deal_random(deal_rng)
                continue
            shown = {e.seat: e.roles for e in round_events(g) if isinstance(e, RolesShown) and e.seat != who}
            if g.phase is Phase.PLAY and len(g.legal_actions()) > 1 and any(shown.values()):
                k, memo, rng = knowledge(g.view(who), deck), {}, random.Random(seed)
                for _ in range(8):
                    world = determinize(g, who, rng, memo, infer).game()
                    dealt = world.round.dealt
                    assert world.view(who).hand == g.view(who).hand
                    for s, ids in shown.items():
                        same[0] += 1
                        part = g.round.kind_state
                        same[1] += RULES.evaluator.values(dealt[s], part.trump, part.indicator).ids == ids
                        assert set(k.played_by.get(s, ())) <= set(dealt[s])
                        late = set(dealt[s]) - set(k.played_by.get(s, ()))
                        assert not any(deck.suit(c) in k.voids.get(s, ()) for c in late)
                    checked += 1
            g.apply(bot.choose(g, who, random.Random(seed)))
    assert checked > 20 and same[1] >= 0.95 * same[0], same


def _declaring_position(mizuten: bool = False):
    """T10-T12: 5 players, start 0 (who called ``mizuten``); seat 0 went, seat 1 dropped; seat 2
    to declare."""
    g = new_game(players=5, start=0)
    g.apply(CallMizuten(mizuten))
    deal(g, "As Ks Qs Ah Kh 2d 3d", "2c 3c 4c 5h 6h 7d 9d", "4s 5s 6s 7s 8s 9s Td",
         "2s 3s 8c 9c Tc Jc Qc", "Jh Qh 2h 3h 4h 5d 6d", indicator="Kc")
    g.apply(Declare(True)), g.apply(DROP)
    return g


@pytest.mark.slow
def test_T10_T11_inference_deals_a_goer_hands_worth_going_with_and_a_dropper_weaker_ones():
    from hachihachi.interpreter.games.tricks.going import place_of
    from hachihachi.interpreter.games.tricks.heuristic import drop_cost, go_value
    from hachihachi.interpreter.games.tricks.inference import declaration_checks

    g = _declaring_position()
    view = g.view(2)
    checks = declaration_checks(RULES, view, carried=0)
    assert set(checks) == {0, 1}                           # the seats that declared, not the viewer

    def would_go(hand, seat, dropped):
        then = dataclasses.replace(place_of(view), declarations=view.declarations[:seat],
                                   goers=(0,) if seat else (), dropped=dropped, pot=0)
        return go_value(RULES, dataclasses.replace(then, hand=hand)) > -drop_cost(RULES, then)

    going = {True: [0, 0], False: [0, 0]}                  # infer -> [seat 0 would go, seat 1 would go]
    for infer in (False, True):
        rng, memo = random.Random(4), {}
        for _ in range(300):
            dealt = determinize(g, 2, rng, memo, infer).game().round.dealt
            assert dealt[2] == g.round.dealt[2]            # the viewer's own hand as dealt
            going[infer][0] += would_go(dealt[0], 0, ())
            going[infer][1] += would_go(dealt[1], 1, ())
    assert going[True][0] >= going[False][0] + 40          # the goer: more often a hand worth going with
    assert going[True][1] <= going[False][1] - 100         # the dropper: far less often
    assert going[True][0] < 300                            # the heuristic is a model, not a certainty (LEAK)


def test_T11_inference_sees_each_seat_at_its_declaration_with_the_fees_paid_before_it():
    from hachihachi.interpreter.games.tricks.inference import places

    g = _declaring_position()
    g.apply(DROP), g.apply(Declare(True))                  # seat 2 drops (fee 3), seat 3 goes
    at = places(RULES, g.view(4), carried=7)
    mult = g.round.multiplier                              # the indicator Kc: a field of 4 (T9)
    assert mult == 4
    assert {s: (p.declarations, p.goers, p.dropped, p.pot, went) for s, (p, went) in at.items()} == {
        0: ((), (), (), 7, True),
        1: (((0, True),), (0,), (), 7, False),
        2: (((0, True), (1, False)), (0,), (1,), 7 + 2 * mult, False),
        3: (((0, True), (1, False), (2, False)), (0,), (1, 2), 7 + 5 * mult, True),
    }


def test_T6_inference_reads_nothing_from_a_mizuten_start_players_forced_go():
    from hachihachi.interpreter.games.tricks.inference import declaration_checks

    g = _declaring_position(mizuten=True)
    assert set(declaration_checks(RULES, g.view(2), carried=0)) == {1}


def _infer_flags(monkeypatch) -> list[bool]:
    """The ``infer`` of every world ismcts deals from now on (its ``determinize`` spied on)."""
    import hachihachi.interpreter.bots.ismcts as ismcts_module

    seen: list[bool] = []
    real = ismcts_module.determinize

    def spy(game, seat, rng, memo=None, infer=False):
        seen.append(infer)
        return real(game, seat, rng, memo, infer)

    monkeypatch.setattr(ismcts_module, "determinize", spy)
    return seen


def test_ismcts_deals_its_worlds_with_inference_unless_told_not_to(monkeypatch):
    seen = _infer_flags(monkeypatch)
    g = _declaring_position()
    IsmctsBot(iterations=4).choose(g, 2, random.Random(1))
    IsmctsBot(iterations=4, infer=False).choose(g, 2, random.Random(1))
    assert True in seen and False in seen and seen.index(False) > 0 and all(seen[:seen.index(False)])


def test_T19_ismcts_deals_the_worlds_of_a_card_uniformly(monkeypatch):
    """Inference weighs the worlds of declarations only: a card chosen on inferred worlds did
    worse on the real deal than one chosen on uniform worlds (the module doc's measure)."""
    seen = _infer_flags(monkeypatch)
    g = _declaring_position()
    for _ in range(3):                              # seat 2 goes, seats 3 and 4 drop: seats 0 and 2 play
        g.apply(Declare(g.current_player == 2))
    while type(g.legal_actions()[0]).__name__ != "Play" or len(g.legal_actions()) < 2:
        g.apply(g.legal_actions()[0])               # T16: Split(want=False) first; then the lowest card
    IsmctsBot(iterations=4).choose(g, g.current_player, random.Random(1))
    assert seen and not any(seen)
