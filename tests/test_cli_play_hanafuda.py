"""``hachi play`` for hanafuda Hachi-Hachi: what a person sees (nothing hidden leaks) and how
matching choices are answered (H14, H15)."""

import re

import pytest
from click.testing import CliRunner

from hachihachi.cli.play import play
from hachihachi.cli.screen import Screen
from hachihachi.cli.tui_input import BadAnswer, explain, numbered, parse_answer
from hachihachi.interpreter import GameState
from hachihachi.interpreter.engine.actions import Play
from hachihachi.interpreter.engine.events import Applied
from hachihachi.interpreter.games.matching.phases import HanaDeal
from hachihachi.interpreter.games.matching.play import Capture
from hachihachi.interpreter.records.gamerecord import replay
from hachihachi.interpreter.runs.session import Session
from hachihachi.ruleset.loader import load_ruleset

RULES = load_ruleset("hanafuda_hachihachi")
D = RULES.deck
SEED = 27                    # the human's first decision offers a Capture; the second is a turned card
ARGS = ["--rules", "hanafuda_hachihachi", "--players", "3", "--short", "--seed", str(SEED),
        "--bots", "heuristic_matching"]


def run(tmp_path, answers, save="s.yaml", extra=()):
    text = "".join(a + "\n" for a in answers)
    return CliRunner().invoke(play, [*ARGS, *extra, "--save", str(tmp_path / save)], input=text)


def human_views(first_only_until: int):
    """The human's views at its first decisions when it always answers 1."""
    s = Session.new(RULES, "hanafuda_hachihachi", 3, ["heuristic_matching"], SEED, RULES.rounds.short, 0)
    views = []
    while len(views) < first_only_until:
        if s.human_to_act:
            v = s.game.view(0)
            views.append(v)
            s.apply(numbered(v, RULES)[0])
        else:
            s.step()
    return views


def deals(path):
    return [e.action for e in replay(path).game.events
            if isinstance(e, Applied) and isinstance(e.action, HanaDeal)]


@pytest.mark.slow
def test_H4_a_full_game_never_shows_a_bots_hand(tmp_path):
    res = run(tmp_path, ["zz", "1", "99", "12c3 1b", "1", "?"] + ["1"] * 200)
    assert res.exit_code == 0, res.output
    out = res.output
    assert "Final standings" in out and "Traceback" not in out
    assert "must follow suit" not in out and "(T19)" not in out
    assert "is not a hanafuda card" in out and "99 is not one of the choices" in out
    deal_lines = [line for line in out.splitlines() if line.startswith("Cards are dealt.")]
    dealt = deals(tmp_path / "s.yaml")
    assert len(deal_lines) == len(dealt) == RULES.rounds.short and "deal:" not in out
    for line, d in zip(deal_lines, dealt):
        shown = set(line.replace(";", " ").replace(".", " ").split())
        assert not shown & {D.name(c) for h in d.hands[1:] for c in h}
        assert f"Field cards: {D.format(sorted(d.field, key=D.sort_key))}; stock {len(d.stock)} cards." in line
    game = replay(tmp_path / "s.yaml").game
    assert game.is_terminal and sum(game.chips) + game.pot == 0           # H22: points from 0
    assert re.search(rf"^  \d\. you +{game.chips[0]}$", out, re.M)         # the standings


def test_H14_the_field_line_shows_the_field_cards(tmp_path):
    first = human_views(1)[0]
    res = run(tmp_path, ["q"])
    assert f"Field (場札): {D.format(sorted(first.table_cards, key=D.sort_key))}" in res.output
    assert f"stock {first.stock_left}" in res.output and "Declared" not in res.output
    assert "小場 Small field x1" in res.output or "x2" in res.output or "x4" in res.output


def test_H14_a_capture_is_chosen_by_number_or_by_card_and_target(tmp_path):
    v = human_views(1)[0]
    legal = numbered(v, RULES)
    n, cap = next((i, a) for i, a in enumerate(legal, 1) if isinstance(a, Capture))
    by_number = run(tmp_path, [str(n), "q"], save="a.yaml")
    by_name = run(tmp_path, ["3b", f"{D.name(cap.card)} {D.name(cap.target)}", "q"], save="b.yaml")
    assert f"{n}) {D.name(cap.card)} -> {D.name(cap.target)}" in by_number.output
    assert by_number.exit_code == by_name.exit_code == 0, by_name.output
    moves = [replay(tmp_path / p).game.events for p in ("a.yaml", "b.yaml")]
    assert moves[0] == moves[1]
    assert any(isinstance(e, Applied) and e.action == cap for e in moves[0])


def test_H15_a_turned_card_choice_is_asked_and_answered_by_its_target(tmp_path):
    views = human_views(2)
    turned = views[1]
    assert turned.turned is not None
    target = numbered(turned, RULES)[0].target
    res = run(tmp_path, ["1", D.name(turned.turned), D.name(target), "q"])
    assert f"You turned {D.name(turned.turned)}: which field card does it take?" in res.output
    assert f"{D.name(turned.turned)} takes " in res.output and "answer with the number" in res.output
    events = replay(tmp_path / "s.yaml").game.events
    assert any(isinstance(e, Applied) and e.action == Capture(turned.turned, target) for e in events)


# -- answers and explanations on a dealt table ---------------------------------------------------

def _table(rest=""):
    g = GameState(RULES, players=3, seed=0, rounds=1, start=0)
    hands = ["3b 2a 1r 4c1 5c1 6c1 10c1", "1b 4a 5r 6c2 2c1 10c2 12c1", "8b 5a 6r 4c2 1c1 12c2 11c"]
    hs = tuple(tuple(sorted(D.parse_list(h))) for h in hands)
    field = tuple(sorted(D.parse_list("3r 3c1 7c1 7c2 8c1 9c1")))
    used = {c for h in hs for c in h} | set(field)
    first = [c for c in D.parse_list(rest) if c not in used] if rest else []
    g.apply(HanaDeal(hs, field, tuple(first + [c for c in D.cards if c not in used and c not in first])))
    return g


def test_H14_answers_name_a_card_or_a_card_and_its_target():
    v = _table().view(0)
    c = D.parse
    assert parse_answer("2a", v, RULES) == Play(c("2a"))
    assert parse_answer("3b 3r", v, RULES) == Capture(c("3b"), c("3r")) == parse_answer("3B->3r", v, RULES)
    with pytest.raises(BadAnswer, match=r"3b takes 3r or 3c1: answer with the number or '3b 3r'"):
        parse_answer("3b", v, RULES)
    with pytest.raises(BadAnswer, match="do not hold 8b"):
        parse_answer("8b", v, RULES)
    with pytest.raises(BadAnswer, match="3b takes 3r or 3c1, not 7c1"):
        parse_answer("3b 7c1", v, RULES)
    with pytest.raises(BadAnswer, match="3c2 is not on the field"):
        parse_answer("3b 3c2", v, RULES)
    with pytest.raises(BadAnswer, match="matches no field card"):
        parse_answer("2a 3r", v, RULES)
    with pytest.raises(BadAnswer, match="not a hanafuda card"):
        parse_answer("As", v, RULES)
    shown = Screen(RULES, ["you", "ann", "bob"]).choices(v)
    assert "1) 1r" in shown[0] and any(s.endswith("3b -> 3r") for s in shown)


def test_H15_a_turned_card_is_answered_by_its_target():
    g = _table(rest="7a")
    g.apply(Play(D.parse("4c1")))
    v = g.view(0)
    assert v.turned == D.parse("7a")
    assert parse_answer("7c2", v, RULES) == Capture(D.parse("7a"), D.parse("7c2"))
    assert parse_answer("7a 7c1", v, RULES) == Capture(D.parse("7a"), D.parse("7c1"))
    with pytest.raises(BadAnswer, match="7a takes 7c1 or 7c2: answer with the number or '7a 7c1'"):
        parse_answer("7a", v, RULES)
    with pytest.raises(BadAnswer, match="You turned 7a"):
        parse_answer("3b 3r", v, RULES)
    screen = Screen(RULES, ["you", "ann", "bob"])
    assert "You turned 7a: which field card does it take?" in screen.question(v)
    assert any("(H15)" in line for line in explain(v, RULES, "en"))


def test_H17_explanations_cite_the_rules_in_both_languages():
    v = _table().view(0)
    en, ja = " ".join(explain(v, RULES, "en")), " ".join(explain(v, RULES, "ja"))
    for rule in ("H14", "H15", "H17", "H18", "H21"):
        assert rule in en and rule in ja
    assert "88" in en and "赤タン 7" in ja and "Red poetry ribbons 7" in en


def test_go_drop_declarations_are_explained_in_hanafuda_terms():
    rules = load_ruleset("hanafuda_go_drop")
    g = GameState(rules, players=4, seed=0, rounds=1, start=0)
    g.deal_random(__import__("random").Random(1))
    v = g.view(g.current_player)
    text = " ".join(explain(v, rules, "en"))
    assert "12 per bright card held" in text and "ace" not in text
    assert "光1枚につき12点" in " ".join(explain(v, rules, "ja"))
    screen = Screen(rules, ["you", "ann", "bob", "cy"])
    assert any(line.startswith("Declared:") for line in screen.table(v))


def test_coloured_lines_fold_to_80_columns_without_splitting_colour_codes():
    import click

    from hachihachi.cli.screen import WIDTH, columns, fold

    screen = Screen(RULES, ["you", "ann", "bob"], colour=True)
    text = "Field (場札): " + " ".join(screen.card(c) for c in D.cards[:30])
    lines = fold(text).split("\n")
    assert len(lines) > 1 and all(columns(click.unstyle(line)) <= WIDTH for line in lines)
    assert click.unstyle("".join(lines)).split() == click.unstyle(text).split()
    items = [f"{i}) " + screen.card(c) for i, c in enumerate(D.cards[:20], 1)]
    packed = Screen.pack(items)
    assert all(columns(click.unstyle(line)) <= WIDTH for line in packed) and len(packed) > 1
