"""Every rule code the program mentions resolves to a section of the rules reference in docs/rules/.

A rule code is ``T``, ``H`` or ``K`` followed by a number, standing alone as a word: ``T14``, ``H6``, ``K15``,
both ends of ``T10-T13``. Card names never match: a playing card is a rank and a suit (``Th``, ``9c``,
the ten written ``T``), a hanafuda card a month, a kind letter and a number (``11c``, ``12c3``),
so neither is a capital T, H or K followed only by digits (a king is ``Kh``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "docs" / "rules"
BOOKS = {"T": REFERENCE / "hachihachi-trick.md", "H": REFERENCE / "hanafuda-hachihachi.md",
         "K": REFERENCE / "koikoi.md"}
RULES = {"T": 27, "H": 22, "K": 20}  # Hachi-Hachi Trick T1-T27, hanafuda Hachi-Hachi H1-H22, Koi-Koi K1-K20
SOURCE_FOLDERS = ("ruleset", "interpreter", "cli", "openspiel")
PLAYER_TEXT_FOLDERS = ("interpreter", "cli")

CODE = re.compile(r"(?<!\w)([THK])(\d+)(?![\w])")
SECTION = re.compile(r"^## ([THK])(\d+) — \S", re.MULTILINE)
ANCHORED = re.compile(r'^<a id="([thk])(\d+)"></a>\n## ([THK])(\d+) — ', re.MULTILINE)


def codes_in(text: str) -> list[tuple[int, str]]:
    """Each rule code in ``text`` with its line number."""
    return [(text.count("\n", 0, m.start()) + 1, m.group(1) + m.group(2)) for m in CODE.finditer(text)]


def sections(letter: str) -> list[str]:
    """The codes of the sections of one game's reference, in the order they appear."""
    return [a + n for a, n in SECTION.findall(BOOKS[letter].read_text(encoding="utf-8"))]


def documented() -> set[str]:
    return {code for letter in BOOKS for code in sections(letter)}


def scanned_files() -> list[Path]:
    """The program's modules and the bundled rule files."""
    files = [p for folder in SOURCE_FOLDERS for p in sorted((ROOT / folder).rglob("*.py"))]
    return files + sorted((ROOT / "rules").rglob("*.yaml")) + sorted(REFERENCE.glob("*.md"))


def test_codes_are_found_alone_and_at_both_ends_of_a_range_but_never_in_card_names() -> None:
    text = "T14; Th 9c T9s 11c 12c3 As Ts Kh; T10-T13 (H6)\nT7: 8b K15-K16"
    assert codes_in(text) == [(1, "T14"), (1, "T10"), (1, "T13"), (1, "H6"), (2, "T7"), (2, "K15"), (2, "K16")]


def test_words_before_a_code_leave_out_placeholders() -> None:
    assert words_before_first_code("Trick play (T19): {follow}") == "Trick play"
    assert words_before_first_code("ミズテン (T6): {x}") == "ミズテン"
    assert words_before_first_code("{who} (T24)") == ""


def test_the_scan_finds_the_codes_the_modules_mention() -> None:
    found = {code for path in scanned_files() for _, code in codes_in(path.read_text(encoding="utf-8"))}
    assert {"T6", "T14", "T19", "H14", "H18", "K6", "K15", "K16"} <= found


@pytest.mark.parametrize("letter", sorted(RULES))
def test_every_rule_of_the_game_has_one_section_in_order(letter: str) -> None:
    expected = [f"{letter}{n}" for n in range(1, RULES[letter] + 1)]
    assert sections(letter) == expected


@pytest.mark.parametrize("letter", sorted(RULES))
def test_every_section_has_its_fixed_lower_case_anchor_right_above(letter: str) -> None:
    text = BOOKS[letter].read_text(encoding="utf-8")
    anchored = [(a, n, b, m) for a, n, b, m in ANCHORED.findall(text)]
    assert all(a.upper() == b and n == m for a, n, b, m in anchored)
    assert [b + m for _, _, b, m in anchored] == sections(letter)


def test_every_code_in_the_modules_and_rule_files_has_a_section() -> None:
    known = documented()
    missing = [f"{path.relative_to(ROOT)}:{line}: {code}"
               for path in scanned_files()
               for line, code in codes_in(path.read_text(encoding="utf-8"))
               if code not in known]
    assert missing == []


def test_the_index_links_every_reference() -> None:
    index = (REFERENCE / "README.md").read_text(encoding="utf-8")
    assert all(f"]({book.name})" in index for book in BOOKS.values())


def player_texts(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module that are not docstrings, f-strings read as one text with
    ``{}`` for each value, with their line numbers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    inside_fstrings = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            out.append((node.lineno, str(text)))
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docstrings and id(node) not in inside_fstrings):
            out.append((node.lineno, node.value))
    return out


def words_before_first_code(text: str) -> str:
    """What ``text`` says before its first rule code, without ``{placeholders}`` and punctuation."""
    first = CODE.search(text)
    head = re.sub(r"\{[^}]*\}", " ", text[: first.start()] if first else text)
    return " ".join(re.findall(r"[^\W\d_]{2,}", head))


def test_texts_a_player_reads_name_the_rule_in_words_before_its_code() -> None:
    bare = [f"{path.relative_to(ROOT)}:{line}: {text!r}"
            for folder in PLAYER_TEXT_FOLDERS
            for path in sorted((ROOT / folder).rglob("*.py"))
            for line, text in player_texts(path)
            if codes_in(text) and not words_before_first_code(text)]
    assert bare == []
