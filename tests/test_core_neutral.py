"""The core knows no part of a round and no one game: go/drop's words (its phases, settings,
decisions, groups, outcomes, transfers; the trick game's mizuten) are in its package
(``interpreter/parts/go_drop/``: its code, its catalog files ``locale/<lang>.yaml``, its effect
points and facts in ``rules.py``), never in the core's code or catalogs (docs/architecture.md).

The code is read as Python (identifiers, attribute names, imports and string constants;
docstrings and comments may cite go/drop as the example of a part). Each core place that still
names one of its words is listed below with its reason: :data:`NEEDED` where the core's public API
or its schema keeps the name, :data:`NOT_YET` where the move to the part is still to do (a test
fails when a listed word is gone, so the lists only shrink)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from hachihachi.ruleset.catalog import LANGS, _flatten, _read

ROOT = Path(__file__).resolve().parent.parent
CORE = ("interpreter/engine", "ruleset", "cli")
"""The core's code: the engine, the rule files' side and the terminal (a part's and a play kind's
packages are under interpreter/parts/ and interpreter/games/)."""

FORBIDDEN = re.compile(r"goers?\b|goer_|dropper|drop_fee|drop fee|forced[_ -]out|two_goer|mizuten|go_drop|godrop|"
                       r"go/drop|go or drop|\bdeclarations?\b|降り|降ろ|出る|ミズテン", re.I)
"""go/drop's words (and the trick game's mizuten), as the code or a catalog may write them."""

_API = "the public engine API the web table, records and digests read keeps the name"
NEEDED: dict[tuple[str, str], str] = {
    ("interpreter/engine/events.py", "goers"): "RoundEnded.goers: " + _API,
    ("interpreter/engine/gamestate.py", "goers"): "fills RoundEnded.goers and View.goers: " + _API,
    ("interpreter/engine/view.py", "goers"): "View.goers: " + _API,
    ("interpreter/engine/view.py", "declarations"): "View.declarations (filled by the part's view): " + _API,
    ("interpreter/engine/view.py", "forced_out"): "View.forced_out (filled by the part's view): " + _API,
    ("ruleset/registered.py", "go_drop"): "the registry of parts names each part by its package",
    ("ruleset/effects/facts.py", "go/drop"): "the words of the core facts plays, round.played and the group player "
                                             "say what they are in a game with a part (shown in error messages)",
    ("ruleset/effects/facts.py", "goer"): "the same words (every goer, a lone goer)",
    ("ruleset/effects/actions/multiply.py", "forced_out"): "the schema's description of applies_to lists the "
                                                          "trick game's default (hachi schema prints it)",
    ("ruleset/effects/actions/multiply.py", "mizuten"): "the same description",
    ("ruleset/effects/actions/schema.py", "goer"): "the schema's description of a seat set lists the groups "
                                                  "(hachi schema prints it)",
    ("ruleset/effects/actions/schema.py", "dropper"): "the same description",
    ("ruleset/effects/actions/schema.py", "forced_out"): "the same description",
    ("ruleset/effects/build.py", "goer"): "the error for an unknown seat set shows 'each goer' as an example",
}
NOT_YET: dict[tuple[str, str], str] = {}
_COLUMNS = ("the role table is the core's, and its columns are a role's value to a goer (go) and to a forced-out "
            "player (forced, T14): the rulebook's and the hand-role sheet's words of them")
CATALOG_NEEDED: dict[tuple[str, str], str] = {
    **{("en", f"rulebook.keys.role_table.{g}.{k}"): _COLUMNS
       for g in ("roles.*", "combos.*", "examples.[]") for k in ("go", "forced")},
    **{("ja", f"rulebook.keys.role_table.{g}.forced"): _COLUMNS for g in ("roles.*", "combos.*", "examples.[]")},
    **{(lang, "rulebook.text.combo"): _COLUMNS for lang in LANGS},
    ("ja", "rulebook.text.col_forced"): _COLUMNS,
    ("ja", "sheet.headers.forced"): _COLUMNS,
    ("ja", "rulebook.keys.hanafuda.fukikeshi"): "出る is Japanese for 'appears' (a special role appears), not going",
}


def _docstrings(tree: ast.AST) -> set[int]:
    """The string statements of a tree (docstrings, and the strings written after an attribute)."""
    bodies = [b for node in ast.walk(tree) if isinstance(b := getattr(node, "body", None), list)]
    return {id(s.value) for body in bodies for s in body
            if isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str)}


def code_words(source: str) -> set[str]:
    """The forbidden words a module's code names (lower case): in its identifiers, attribute
    names, imports, keywords and string constants, not in its docstrings and comments."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            names = [node.value]
        elif isinstance(node, ast.Name):
            names = [node.id]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, (ast.arg, ast.keyword)):
            names = [node.arg or ""]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.alias):
            names = [node.name, node.asname or ""]
        found.update(m.group(0).lower() for n in names for m in FORBIDDEN.finditer(n))
    return found


def core_code_words() -> set[tuple[str, str]]:
    """Each (core module, forbidden word) its code names."""
    out = set()
    for folder in CORE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            out |= {(name, w) for w in code_words(path.read_text(encoding="utf-8"))}
    return out


def core_catalog_words() -> set[tuple[str, str]]:
    """Each (language, message id) of the core catalogs whose id or text names a forbidden word."""
    out = set()
    for lang in LANGS:
        messages: dict[str, str] = {}
        _flatten(_read("hachihachi.ruleset", f"locale/{lang}.yaml"), "", messages, lang)
        out |= {(lang, k) for k, v in messages.items() if FORBIDDEN.search(k) or FORBIDDEN.search(v)}
    return out


def _listed(path: str, word: str) -> bool:
    return (path, word) in NEEDED or (path, word) in NOT_YET or (path, "*") in NOT_YET


def test_the_core_code_names_no_word_of_go_drop_but_those_listed_with_their_reason():
    unlisted = sorted((p, w) for p, w in core_code_words() if not _listed(p, w))
    assert unlisted == [], "move these to the part's package (or list them with a reason)"


def test_every_listed_word_is_still_named_so_the_lists_only_shrink():
    found = core_code_words()
    files = {p for p, _ in found}
    stale = sorted(k for k in (*NEEDED, *NOT_YET) if (k not in found if k[1] != "*" else k[0] not in files))
    assert stale == [], "no longer named there: take it off the list"


def test_the_core_catalogs_hold_no_word_of_go_drop_but_those_listed_with_their_reason():
    found = core_catalog_words()
    assert sorted(found - set(CATALOG_NEEDED)) == [], "move these to the part's (or kind's) locale/<lang>.yaml"
    assert sorted(set(CATALOG_NEEDED) - found) == [], "no longer there: take it off the list"


def test_the_reader_finds_a_word_in_code_and_skips_docstrings_and_comments():
    source = '"""go/drop\'s goers."""\nx = 1  # the goers\ndef f(goers):\n    return "drop fee"\n'
    assert code_words(source) == {"goers", "drop fee"}
    assert code_words("import hachihachi.interpreter.parts.go_drop as p\n") == {"go_drop"}
