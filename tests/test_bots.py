"""Bots: only legal actions, seeded and repeatable, determinization consistent with what was seen."""

import random

import pytest

from hachihachi.interpreter import CHANCE, CallMizuten, Declare, GameState, Play
from hachihachi.interpreter.bots import make_bot
from hachihachi.interpreter.bots.determinize import determinize
from hachihachi.interpreter.games.tricks.determinize import sample_hidden
from hachihachi.interpreter.games.tricks.heuristic import HeuristicBot
from hachihachi.interpreter.games.tricks.knowledge import knowledge

from tests.interp_support import GO, PLAY, RULES, assert_zero_sum, c, deal, new_game, play_bots


def play_game(bots, seed: int, players: int = 5, rounds: int = 6) -> GameState:
    return play_bots(GameState(RULES, players, seed=seed, rounds=rounds), bots, random.Random(seed))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_T19_T27_bots_choose_only_legal_actions_over_many_seeded_games(name):
    for seed in range(40):
        players = 3 + seed % 5
        game = play_game([make_bot(name)] * players, seed, players)
        assert_zero_sum(game)


@pytest.mark.slow
def test_T19_mc_chooses_only_legal_actions():
    mc, h = make_bot("mc", samples=2), make_bot("heuristic")
    for seed in range(3):
        game = play_game([mc, h, mc, h], seed, players=4, rounds=2)
        assert_zero_sum(game)
    assert mc.decisions > 0


@pytest.mark.slow
def test_heuristic_beats_random_in_a_seeded_sample():
    h, r = make_bot("heuristic"), make_bot("random")
    totals = {"heuristic": [], "random": []}
    for seed in range(60):
        kinds = ["heuristic" if (s + seed) % 2 == 0 else "random" for s in range(5)]
        game = play_game([h if k == "heuristic" else r for k in kinds], seed)
        for seat, k in enumerate(kinds):
            totals[k].append(game.chips[seat])
    mean = {k: sum(v) / len(v) for k, v in totals.items()}
    assert mean["heuristic"] > 50 + 10 and mean["random"] < 50 - 10, mean


def test_mc_is_repeatable_with_the_same_rng():
    game = GameState(RULES, 5, seed=4, rounds=1)
    game.apply(CallMizuten(False)) if game.current_player != CHANCE else None
    game.deal_random(random.Random(9))
    who = game.current_player
    picks = {make_bot("mc", samples=6).choose(game, who, random.Random(1)) for _ in range(2)}
    assert len(picks) == 1


def _voided_game():
    """Seats 0 and 1 go, seat 2 drops; seat 1 shows a void in spades at trick 1."""
    g = new_game(players=3, start=0)
    g.apply(CallMizuten(False))
    deal(g, "As Ks 2h 3h 4h 5h 6h", "Ac Kc Qc Jc Tc 9c 8c", "Qs Js Ts 9s 8s 7s 6s", indicator="2d")
    g.apply(GO), g.apply(GO), g.apply(Declare(False)), g.apply(PLAY)
    g.apply(Play(c("As"))), g.apply(Play(c("8c")))
    return g


def test_T19_knowledge_marks_a_goer_void_when_it_does_not_follow():
    g = _voided_game()
    k = knowledge(g.view(0), RULES.deck)
    assert k.voids[1] == frozenset({RULES.deck.suit(c("As"))})
    assert c("As") not in k.unseen and c("8c") not in k.unseen and c("2d") not in k.unseen


def test_T19_knowledge_is_what_the_rounds_log_says_in_the_game_and_in_a_copy():
    """The cards each goer played, as a seat knows them at every card, are the round's plays in its
    log; a copy of the game (a search's) knows the same."""
    from hachihachi.interpreter.engine.events import Applied
    from hachihachi.ruleset.model import Phase

    checked, bot = 0, HeuristicBot()
    for seed in range(4):
        g, rng = GameState(RULES, 5, seed=seed, rounds=2), random.Random(seed)
        while not g.is_terminal:
            who = g.current_player
            if who == CHANCE:
                g.deal_random(rng)
                continue
            if g.phase is Phase.PLAY:
                warm = knowledge(g.view(who), RULES.deck)
                assert knowledge(g.clone().view(who), RULES.deck) == warm
                start = max(i for i, e in enumerate(g.events) if type(e).__name__ == "RoundStarted")
                plays = [e for e in g.events[start:] if isinstance(e, Applied) and isinstance(e.action, Play)]
                for s in g.round.playing:
                    assert warm.played_by[s] == tuple(e.action.card for e in plays if e.seat == s)
                checked += 1
            g.apply(bot.choose(g, who, rng))
    assert checked > 50


def test_T19_determinized_hands_respect_voids_and_own_cards():
    g = _voided_game()
    rng = random.Random(3)
    spade = RULES.deck.suit(c("As"))
    for _ in range(50):
        k = knowledge(g.view(0), RULES.deck)
        d = sample_hidden(g, 0, k, rng)
        assert set(d.hands[0]) == set(RULES.deck.parse_list("As Ks 2h 3h 4h 5h 6h"))
        assert c("8c") in d.hands[1]
        assert not any(RULES.deck.suit(x) == spade for x in d.hands[1] if x != c("8c"))
        world = determinize(g, 0, rng).game()          # the replay of the round is legal
        assert world.current_player == g.current_player and world.view(0).hand == g.view(0).hand


def test_T19_heuristic_wins_with_the_lowest_sure_card_and_ruffs_when_void():
    g = new_game(players=3, start=0)
    g.apply(CallMizuten(False))
    deal(g, "Qs 3s 2c 3c 4c 5c 6c", "Ks Ts 9s 2h 3h 4h 5h", "4s 5s 2d 3d 4d 5d 6d", indicator="7d")
    g.apply(GO), g.apply(GO), g.apply(GO)
    g.apply(Play(c("2c")))                             # seat 0 leads a club; seat 1 is void in clubs
    assert HeuristicBot().choose(g, 1, random.Random(0)) == Play(c("2h"))   # no trump: lowest loser
    g.apply(Play(c("2h")))
    assert HeuristicBot().choose(g, 2, random.Random(0)) == Play(c("2d"))   # lowest trump wins


def test_H14_heuristic_and_mc_play_matching_games_and_a_trick_only_bot_is_refused():
    from hachihachi.interpreter.runs.simulate import simulate
    from hachihachi.ruleset.errors import HachiError
    from hachihachi.ruleset.loader import load_ruleset

    hana = load_ruleset("hanafuda_hachihachi")
    summary = simulate(hana, games=3, players=3, bots=("heuristic",), seed=2)
    assert summary.as_json()["zero_sum_violations"] == 0 and summary.as_json()["games"] == 3
    assert make_bot("mc", hana).name == "mc"
    with pytest.raises(HachiError, match="cannot play tricks.*heuristic, ismcts, mc, random"):
        make_bot("heuristic_matching", load_ruleset("hachihachi_trick"))


def test_T14_T15_determinized_hands_show_the_roles_their_seats_showed():
    from hachihachi.interpreter.bots.determinize import round_events
    from hachihachi.interpreter.engine.events import RolesShown
    from hachihachi.interpreter.engine.phases.rolecache import RoleCache
    from hachihachi.ruleset.model import Phase

    roles = RoleCache(RULES)
    shown_by = {True: [0, 0], False: [0, 0]}            # roles kept: [seats, seats showing the same]
    rng, bot = random.Random(5), HeuristicBot()
    for seed in range(6):
        g, deal_rng = GameState(RULES, 5, seed=seed, rounds=1), random.Random(seed)
        while not g.is_terminal:
            who = g.current_player
            if who == CHANCE:
                g.deal_random(deal_rng)
                continue
            if g.phase is Phase.PLAY and len(g.legal_actions()) > 1:
                shown = {e.seat: e.roles for e in round_events(g) if isinstance(e, RolesShown) and e.seat != who}
                k = knowledge(g.view(who), RULES.deck)
                kept = determinize(g, who, rng).game().round.dealt
                worlds = ((True, kept), (False, sample_hidden(g, who, k, rng).hands))
                for keep, d in worlds:
                    for s, ids in shown.items():
                        shown_by[keep][0] += 1
                        part = g.round.kind_state
                        shown_by[keep][1] += roles.values(d[s], part.trump, part.indicator).ids == ids
            g.apply(bot.choose(g, who, rng))
    kept_share, ignored_share = (shown_by[b][1] / shown_by[b][0] for b in (True, False))
    assert shown_by[True][0] > 20 and kept_share >= 0.8 > ignored_share
