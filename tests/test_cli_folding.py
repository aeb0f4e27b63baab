"""Text of ``hachi play`` is folded once, to the terminal's width: explanations are written in
whole sentences, Japanese breaks at the edges of its phrases, and commands stay whole."""

from click.testing import CliRunner

from hachihachi.cli.display import columns, wrap
from hachihachi.cli.play import play
from hachihachi.cli.screen import fold

GAME = ["--seed", "7", "--short", "--players", "3"]


def _explained(tmp_path, columns_env, lang="en"):
    """The lines of the ``?`` explanation of the first trick play (after going)."""
    save = tmp_path / f"s-{columns_env}-{lang}.yaml"
    res = CliRunner().invoke(play, [*GAME, "--lang", lang, "--save", str(save)],
                             input="1\n?\nq\n", env={"COLUMNS": columns_env})
    assert res.exit_code == 0, res.output
    after = res.output.split("\n> ")[-2].split("\n")     # the answer to the last prompt but one
    return [line for line in after if line.strip() and line.strip() != "?"]


def test_an_explanation_is_folded_once_each_line_but_the_last_filling_the_width(tmp_path):
    lines = _explained(tmp_path, "80")
    assert len(lines) >= 3 and lines[0].lstrip().startswith("Trick play (T19)")
    assert all(columns(line) <= 79 for line in lines)
    assert all(columns(line) > 60 for line in lines[:-1]), lines      # no line ends where a hand split it


def test_an_explanation_fills_a_wider_terminal(tmp_path):
    narrow, wide = _explained(tmp_path, "80"), _explained(tmp_path, "121")
    assert len(wide) < len(narrow) and max(columns(line) for line in wide) > 79
    assert all(columns(line) <= 120 for line in wide)
    assert " ".join(x.strip() for x in wide) == " ".join(x.strip() for x in narrow)


def test_japanese_breaks_at_the_edges_of_its_phrases(tmp_path):
    text = ("出られるのは3人まで (T12)。残りは降ろされ、出た人から光1枚につき12点と役の降ろされ欄をもらいます (T14)。")
    for width in (30, 40, 50, 60):
        lines = wrap(text, width, "  ")
        assert all(columns(line) <= width for line in lines)
        for first, second in zip(lines, lines[1:]):
            for phrase in ("1枚につき", "人から", "降ろされ欄", "もらいます"):
                a, b = first.strip(), second.strip()
                split = phrase in a + b and phrase not in a and phrase not in b
                assert not split, (width, phrase, lines)
    ja = _explained(tmp_path, "80", "ja")
    assert all(columns(line) <= 79 for line in ja) and "1トリックにつき" in "".join(line.strip() for line in ja)


def test_a_command_in_a_message_stays_whole_on_one_line():
    path = "/home/someone/games/hachi-save-hachihachi_trick-20261202-101010.yaml"
    for text in (f"Game saved to {path}. Continue it with: hachi play --resume {path}",
                 f"{path} に保存しました。続きは: hachi play --resume {path}"):
        lines = fold(text, 79).splitlines()
        assert any(line.strip() == f"hachi play --resume {path}" for line in lines), lines
