"""``--lang ja`` is Japanese throughout: the account of the game, the questions, the ``?``
explanation, the ``hint``, the answers refused and the standings. What may stay latin is what
is not English: card codes (``Kd``, ``11a``), the players' names, rule codes (``T19``, ``H14``),
numbers, what the player typed (quoted) and the commands and files named."""

import re

import pytest
from click.testing import CliRunner

from hachihachi.cli.play import play
from hachihachi.interpreter.runs.session import BOT_NAMES
from hachihachi.ruleset.loader import load_ruleset

COMMANDS = {"hachi", "play", "score", "replay", "resume", "add", "Enter"}
TYPED = {"zz", "hint", "1b", "Zs"}                # the test's answers, as CliRunner writes them back


def english_words(line: str, cards: set[str]) -> list[str]:
    """The words of ``line`` that are English: latin words of two letters or more that are not a
    card, a player's name, a rule code or part of a quoted answer, a path or a command.

    >>> english_words("  trick 1: ann As, cy 4s -> cy", {"As", "4s"})
    ['trick']
    >>> english_words("  第1トリック: ann As, cy 4s -> cy (T19) 'zz' hachi-save-x.yaml", {"As", "4s"})
    []
    """
    line = re.sub(r"'[^']*'", " ", line)                       # what the player typed, quoted
    line = re.sub(r"\S*(/|\.ya?ml)\S*|--[\w-]+", " ", line)   # files and options named
    words = re.findall(r"[A-Za-z0-9_]+", line)
    return [w for w in words if re.search("[A-Za-z]{2}", w) and w not in cards and w not in BOT_NAMES
            and w not in COMMANDS and not re.fullmatch(r"[TH]\d+", w)]


PROMPTS = r"^(>|Enterで次の局へ \(qで保存して終了\)|Press Enter for the next round \(q saves and quits\))"


def english_lines(output: str, rules: str) -> list[str]:
    """The lines with English words; the answers the test typed, which CliRunner writes after
    each prompt, are left out."""
    deck = load_ruleset(rules).deck
    cards = {deck.name(c) for c in deck.cards}
    lines = [re.sub(PROMPTS + r" ([^ ]+( [^ ]+)?)$", r"\1", line) if line.split(" ")[-1] in TYPED else line
             for line in output.splitlines()]
    return [line for line in lines if english_words(line, cards)]


GAMES = {
    "hachihachi_trick": ["--seed", "3", "--short", "--players", "5"],
    "hanafuda_hachihachi": ["--seed", "27", "--short", "--players", "3", "--bots", "heuristic_matching"],
}
ODD_ANSWERS = ["zz", "?", "99", "hint", "12c3 1b", "Zs"]        # refused, explained, hinted: then the game


@pytest.mark.slow
@pytest.mark.parametrize("rules", list(GAMES))
def test_a_whole_game_in_japanese_has_no_english_line(tmp_path, rules):
    args = ["--rules", rules, *GAMES[rules], "--lang", "ja", "--pause", "--save", str(tmp_path / "s.yaml")]
    res = CliRunner().invoke(play, args, input="\n".join(ODD_ANSWERS + ["1"] * 400) + "\n")
    assert res.exit_code == 0, res.output
    out = res.output
    assert "最終成績" in out and "あなた" in out                  # the game ran to its end, the person named
    assert english_lines(out, rules) == []


@pytest.mark.slow
@pytest.mark.parametrize("rules", list(GAMES))
def test_the_same_game_in_english_is_caught_by_the_check(tmp_path, rules):
    """The check is able to fail: the English game has English lines of every kind."""
    args = ["--rules", rules, *GAMES[rules], "--save", str(tmp_path / "s.yaml")]
    res = CliRunner().invoke(play, args, input="\n".join(ODD_ANSWERS + ["1"] * 400) + "\n")
    assert res.exit_code == 0, res.output
    caught = english_lines(res.output, rules)
    assert len(caught) > 20
    assert any("Final standings" in line for line in caught)


def test_quitting_in_japanese_says_how_to_resume_in_japanese(tmp_path):
    res = CliRunner().invoke(play, [*GAMES["hachihachi_trick"], "--lang", "ja", "--save", str(tmp_path / "s.yaml")],
                             input="q\n")
    assert res.exit_code == 0, res.output
    assert "保存しました。続きは" in res.output and english_lines(res.output, "hachihachi_trick") == []


def test_the_check_of_english_words_itself():
    import doctest
    import sys

    result = doctest.testmod(sys.modules[__name__])
    assert result.attempted > 0 and result.failed == 0
