"""Determinism: seeded games give the same games on every build of the engine (the pure package
and the compiled one, ``docs/compiled.md``). Seeded bot games of the trick game and of hanafuda end
with the final chips and event log recorded here (a digest of the log's ``repr``), whether random
bots (T7's shuffled deal, a uniform choice among the legal actions), the heuristic or a search bot
at a fixed budget (its sampled worlds and play-outs) play them."""

import hashlib

import pytest

from hachihachi.interpreter import GameState
from hachihachi.interpreter.bots import make_bot
from hachihachi.interpreter.runs.botgame import play_out
from hachihachi.ruleset.loader import load_ruleset

# (rule file, players, bot, seed, rounds): final chips and the digest of the log
RECORDED = {
    ("hachihachi_trick", 5, "random", 16, 24): ((134, 51, -10, 59, 16), "03b936c34ab5977f"),
    ("hachihachi_trick", 3, "random", 16, 24): ((53, 29, 68), "a695587a9af7d11a"),
    ("hanafuda_hachihachi", 3, "random", 16, 24): ((948, -1460, 512), "8d1986d87793911f"),
    ("hachihachi_trick", 5, "heuristic", 17, 6): ((47, 33, 37, 26, 107), "88b95cbcb804a5c5"),
    ("hachihachi_trick", 3, "heuristic", 17, 6): ((56, 56, 38), "910626563fd74b88"),
    ("hanafuda_hachihachi", 3, "heuristic", 17, 6): ((53, -3, -50), "70eb71f55a953089"),
}


def digest(game: GameState) -> str:
    h = hashlib.sha256()
    for e in game.events:
        h.update(repr(e).encode())
        h.update(b"\n")
    return h.hexdigest()[:16]


@pytest.mark.parametrize("case", list(RECORDED), ids=["-".join(map(str, c)) for c in RECORDED])
def test_seeded_bot_games_end_with_the_recorded_chips_and_log(case):
    name, players, bot, seed, rounds = case
    game = GameState(load_ruleset(name), players=players, seed=seed, rounds=rounds)
    play_out(game, [make_bot(bot)] * players, seed)
    assert (game.chips, digest(game)) == RECORDED[case]


# The search bots at a fixed budget (seat 0; the roll-out heuristic at the other seats): their
# worlds, play-outs and choices depend on the seed alone. (rule file, players, bot, budget, seed,
# rounds): final chips and the digest of the log.
SEARCHED = {
    ("hachihachi_trick", 5, "ismcts", 12, 21, 2): ((57, 56, 48, 42, 47), "4bfdba4a8d19f329"),
    ("hachihachi_trick", 5, "mc", 4, 21, 2): ((57, 56, 48, 42, 47), "a3b56dfea4939bf1"),
    ("hanafuda_hachihachi", 3, "ismcts", 12, 22, 1): ((12, 120, -132), "6282d47f713179bb"),
    ("hanafuda_hachihachi", 3, "mc", 3, 22, 1): ((12, 120, -132), "7deeb3c54aa49435"),
}
BUDGET = {"ismcts": "iterations", "mc": "samples"}


def searched_game(name, players, bot, budget, seed, rounds):
    ruleset = load_ruleset(name)
    game = GameState(ruleset, players=players, seed=seed, rounds=rounds)
    heuristic = make_bot("heuristic" if ruleset.play == "tricks" else "heuristic_matching")
    play_out(game, [make_bot(bot, **{BUDGET[bot]: budget})] + [heuristic] * (players - 1), seed)
    return game.chips, digest(game)


@pytest.mark.parametrize("case", list(SEARCHED), ids=["-".join(map(str, c)) for c in SEARCHED])
def test_seeded_search_bot_games_end_with_the_recorded_chips_and_log(case):
    assert searched_game(*case) == SEARCHED[case]
