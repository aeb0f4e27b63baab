"""The core knows no part of a round and no one game: go/drop's words (its phases, settings,
decisions, groups, outcomes, transfers; the trick game's mizuten) are in its package
(``interpreter/parts/go_drop/``: its code, its catalog files ``locale/<lang>.yaml``, its effect
points and facts in ``rules.py``), never in the core's code or catalogs (docs/architecture.md).

The code is read as Python (identifiers, attribute names, imports and string constants;
docstrings and comments may cite go/drop as the example of a part). Each core place that still
names one of its words is listed below with its reason: :data:`NEEDED` where the core's public API
or its schema keeps the name, :data:`NOT_YET` where the move to the part is still to do (a test
fails when a listed word is gone, so the lists only shrink).

The same holds for a play kind's own words (:data:`KIND_WORDS`: the trick game's and matching
play's sections, settings and facts): the core asks the kind (its ``RuleKind``, its ``Kind``),
and :data:`KIND_NEEDED` lists each place that still names one, with its reason."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

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


def code_words(source: str, words: re.Pattern[str] = FORBIDDEN) -> set[str]:
    """The forbidden words (``words``: go/drop's unless told) a module's code names (lower case): in
    its identifiers, attribute names, imports, keywords and string constants, not in its docstrings
    and comments."""
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
        found.update(m.group(0).lower() for n in names for m in words.finditer(n))
    return found


def core_modules() -> list[str]:
    """The core's modules, by their paths from the project's root."""
    return [path.relative_to(ROOT).as_posix() for folder in CORE for path in sorted((ROOT / folder).rglob("*.py"))]


def core_code_words() -> set[tuple[str, str]]:
    """Each (core module, forbidden word) its code names."""
    return {(name, w) for name in core_modules() for w in code_words((ROOT / name).read_text(encoding="utf-8"))}


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


# -- the play kinds' own words ---------------------------------------------------------------

KIND_WORDS = re.compile(r"hanafuda|koikoi|trick_settlement|trick_play|pot_tie|pot_split|most_tricks|card_points|"
                        r"capture_roles|special_roles|sohachi|nihachi|sujuroku|field_cards|sit_out|tobikomi|"
                        r"\bnuke\b|\bpar\b|\bkan\b|binding|\btricks\b|\bmatching\b|\bcaptured\b|after_trick|"
                        r"after_capture", re.I)
"""The play kinds' own words, as the code may write them: their sections (the trick game's
``trick_play``, ``trick_settlement``; matching play's ``hanafuda``), their settings and facts (the
pot shared on a tie, the field cards, par, kan, the players sitting out, the capture and special
roles, the card points, the tricks taken, the capture roles made (``captured``), the points of
effects inside their play; the trick game's mizuten is go/drop's :data:`FORBIDDEN`'s) and their
names (``tricks``, ``matching``). A play kind
gives the core what it needs of them through its ``RuleKind`` (``book``, ``numbers``,
``deal_sizes``, ``own_roles_at``, ``made_in_play``...) and its ``Kind`` (docs/play-kinds.md)."""

_MESSAGE = "a message the core shows a rule file's author names the setting as the game writes it (its text is output)"
KIND_NEEDED: dict[tuple[str, str], str] = {
    ("interpreter/engine/kindplugin.py", "card_points"): "Shown.card_points: what a table shows, read by the web "
                                                         "table's header (web/messages.py) and a kind's screen",
    ("interpreter/engine/kindplugin.py", "kan"): "Shown.kan: the same interface (role values told in kan or in points)",
    ("cli/roles.py", "card_points"): "reads Shown.card_points (hachi roles --captures shows a pile's card points)",
    ("cli/roles.py", "kan"): "reads Shown.kan (hachi roles --captures tells values in kan or points)",
    ("cli/roles.py", "hanafuda"): "hachi roles --help's words of --captures (the command's interface)",
    ("cli/sweep.py", "trick_settlement"): "hachi sweep --help's example of --set (the command's interface)",
    ("ruleset/overrides.py", "trick_settlement"): "the example in the error for a bad --set (hachi sweep, "
                                                  "hachi simulate): " + _MESSAGE,
    ("ruleset/compiler.py", "hanafuda"): "the error for a 'kind' set on a deck without card kinds: " + _MESSAGE,
    ("ruleset/effects/facts.py", "hanafuda"): "the words of the core fact start say what it is in a matching game "
                                             "(the list of facts an author reads; docs/effects.md quotes them)",
    ("ruleset/effects/model.py", "hanafuda"): "the words of the core point after_play say what it is in a matching "
                                             "game (the same list; docs/effects.md quotes them)",
    ("ruleset/effects/model.py", "tricks"): "the same words of after_play (the trick game's tricks)",
    ("interpreter/engine/events.py", "tricks"): "RoundEnded.tricks: " + _API + " (the record format's `tricks` of "
                                                "a round; tests/test_architecture.py lists it too)",
    ("interpreter/engine/gamestate.py", "tricks"): "fills RoundEnded.tricks from the kind (Kind.state.round_tricks): "
                                                   + _API,
    ("interpreter/engine/events.py", "captured"): "RolesShown.captured (a role made from captured cards, H18): " + _API,
    ("interpreter/engine/phases/effects.py", "captured"): "reads RolesShown.captured for the fact role.ID (a role "
                                                          "shown or made this round)",
    ("cli/narrate.py", "tricks"): "tells RoundEnded.tricks, with the catalogs' message narration.round_tricks and "
                                  "its value {tricks} (the catalogs' interface, in both languages)",
    ("ruleset/kind_registry.py", "tricks"): "the play kind of a rule file without play: (the schema's default)",
    ("ruleset/registered.py", "tricks"): "the registry of play kinds names each kind and its package",
    ("ruleset/registered.py", "matching"): "the same registry",
    ("cli/roles.py", "matching"): "the error of hachi roles --captures for a game without capture roles: " + _MESSAGE,
    ("cli/roles.py", "captured"): "hachi roles --help's and its errors' words of --captures (the command's interface)",
    ("ruleset/effects/actions/multiply.py", "tricks"): "the schema's description of applies_to lists the trick game's "
                                                       "default (hachi schema prints it)",
    ("ruleset/effects/actions/pay.py", "tricks"): "the schema's description of compare and the error for a missing "
                                                  "one give tricks as the example (hachi schema prints it)",
    ("ruleset/effects/facts.py", "tricks"): "the words of the core fact table.hand_size (the list of facts an author "
                                            "reads)",
    ("ruleset/expressions.py", "tricks"): "the errors for an expression written in capitals or empty give tricks as "
                                          "the example: " + _MESSAGE,
}
KIND_NOT_YET: dict[tuple[str, str], str] = {
    ("ruleset/effects/model.py", "after_trick"): "the points inside the play and their words are the core's (WHENS, "
                                                 "IN_PLAY; the schema's `when` lists them): to declare with the kinds' "
                                                 "RuleKind.play_points, as a part's RulePart.effect_points",
    ("ruleset/effects/model.py", "after_capture"): "the same",
    ("ruleset/effects/model.py", "matching"): "the same (the words of after_capture)",
}
_KIND_LISTED = {**KIND_NEEDED, **KIND_NOT_YET}


@pytest.mark.parametrize("module", core_modules())
def test_a_core_module_names_no_word_of_a_play_kind_but_those_listed_with_their_reason(module):
    named = code_words((ROOT / module).read_text(encoding="utf-8"), KIND_WORDS)
    unlisted = sorted(w for w in named if (module, w) not in _KIND_LISTED)
    assert unlisted == [], "ask the play kind for it (RuleKind, Kind), or list it with its reason"


def test_every_listed_word_of_a_play_kind_is_still_named_so_the_list_only_shrinks():
    stale = sorted((m, w) for m, w in _KIND_LISTED
                   if w not in code_words((ROOT / m).read_text(encoding="utf-8"), KIND_WORDS))
    assert stale == [], "no longer named there: take it off the list"
    assert all(reason.strip() for reason in _KIND_LISTED.values())


def test_the_reader_finds_a_play_kind_word_in_code_and_skips_docstrings():
    source = '"""hanafuda\'s par."""\ndef f(rules):\n    return rules.hanafuda.par, "card_points"\n'
    assert code_words(source, KIND_WORDS) == {"hanafuda", "par", "card_points"}
    assert code_words("def _field_card_names(): pass\n", KIND_WORDS) == set()
