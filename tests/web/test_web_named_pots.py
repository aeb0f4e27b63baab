"""Named pots (``pots:``, docs/effects.md) wherever the web shows a game: the round summary of
the browser table, the replay page's frames and the phone scorekeeper; a game without named pots
shows none of it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.web.web_support import Asked, client, new_table, play_to_end, seated

from hachihachi.interpreter import CHANCE, GameState
from hachihachi.ruleset.loader import load_ruleset

pytestmark = pytest.mark.web

JACKPOT = Path(__file__).resolve().parents[1] / "house_rules" / "variants" / "fx_jackpot.yaml"


def _played(ruleset, seed: int) -> GameState:
    g, rng = GameState(ruleset, 3, seed=seed, rounds=3), random.Random(seed)
    while not g.is_terminal:
        g.deal_random() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
    return g


def test_the_round_summary_shows_each_named_pot_after_the_round(tmp_path):
    """Each round's summary gives the jackpot after the round, a multiple of one kan from each of
    three players (36); the heading beside it may already show the next round's payment in."""
    with client(tmp_path) as c:
        up = c.post("/api/rules?name=fx_jackpot.yaml", content=JACKPOT.read_bytes()).json()
        table = new_table(c, up["ref"], ["human", "random", "random"])
        asked = Asked()
        with seated(c, table) as sockets:
            play_to_end(sockets, asked)
    read = [m for m in asked.seen if m["type"] == "state" and m["summary"] and not m["over"]]
    assert read
    for m in read:
        (name, chips), = m["summary"]["pots_after"]
        assert name == "jackpot" and chips % 36 == 0 and m["pots"][0][1] - chips in (0, 36)


@pytest.mark.slow
def test_a_game_without_named_pots_has_no_pots_in_its_summary(tmp_path):
    with client(tmp_path) as c:
        table = new_table(c, "hanafuda_hachihachi", ["human", "random", "random"])
        asked = Asked()
        with seated(c, table) as sockets:
            play_to_end(sockets, asked)
    summaries = [m["summary"] for m in asked.seen if m["type"] == "state" and m["summary"]]
    assert summaries and all("pots_after" not in s for s in summaries)
    assert all(m["pots"] == [] for m in asked.seen if m["type"] == "state")


def test_the_replay_frames_give_each_named_pot_as_it_stands():
    """Every frame of the replay page names the jackpot and what it holds then (the first: one kan
    from each player, paid as the round starts); the last frame's is the game's end (after the
    game_end share); a plain game's frames have no ``pots``."""
    from hachihachi.web.replays import frames

    ruleset = load_ruleset(str(JACKPOT))
    g = _played(ruleset, 2)
    steps = frames(g, ["a", "b", "c"])
    assert all([name for name, _ in f["pots"]] == ["jackpot"] for f in steps)
    assert steps[0]["pots"] == [["jackpot", 36]] and steps[-1]["pots"] == [list(p) for p in g.pots]
    assert any(f["pots"][0][1] > 0 for f in steps)
    plain = frames(_played(load_ruleset("hanafuda_hachihachi"), 2), ["a", "b", "c"])
    assert all("pots" not in f for f in plain)


def test_the_scorekeeper_page_gives_the_named_pots_after_each_round_and_now(tmp_path):
    """The phone scorekeeper's sheet of a game with a jackpot: the totals give the jackpot now
    (``pots``) and each round's result what it held after that round, as the replay JSON does."""
    from hachihachi.interpreter.records.gamerecord import Replay, summary
    from hachihachi.interpreter.scorekeeper.sheet import sheet_from_data
    from hachihachi.interpreter.scorekeeper.sheet_write import sheet_from_game
    from hachihachi.web.rulefiles import Uploads
    from hachihachi.web.scorekeeper import Sheets

    ruleset = load_ruleset(str(JACKPOT))
    g = _played(ruleset, 3)
    names = ["ann", "bob", "cy"]
    sheet = sheet_from_data(sheet_from_game(g, names, str(JACKPOT)), load_ruleset)
    page = Sheets(tmp_path / "sheets", Uploads(tmp_path / "uploads")).overview("abcdefgh", sheet, "en")
    assert page["pots"] == [["jackpot", dict(g.pots)["jackpot"]]]
    replayed = summary(Replay(g, tuple(names)))
    after = [[list(p) for p in r["pots_after"].items()] for r in replayed["rounds"]]
    assert [r["pots"] for r in page["results"]] == after
    plain_rules = load_ruleset("hanafuda_hachihachi")
    plain = sheet_from_data(sheet_from_game(_played(plain_rules, 3), names, "hanafuda_hachihachi"), load_ruleset)
    shown = Sheets(tmp_path / "sheets", Uploads(tmp_path / "uploads")).overview("abcdefgi", plain, "en")
    assert "pots" not in shown and all("pots" not in r for r in shown["results"])
