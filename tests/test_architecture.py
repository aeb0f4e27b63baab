"""The shape of the package: no import cycles (imports inside functions count), and the doctests
of every module run."""

from __future__ import annotations

import ast
import doctest
import importlib
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("ruleset", "rules", "interpreter", "cli", "openspiel", "web")     # hachihachi.<folder> (pyproject.toml)


def module_files() -> dict[str, Path]:
    """Every module of hachihachi by dotted name, read from the source folders."""
    out = {}
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(("hachihachi",) + parts)] = path
    return out


@lru_cache(maxsize=None)
def parsed(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for all the tests of this file."""
    return ast.parse(path.read_text(encoding="utf-8"))


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The hachihachi modules ``name`` imports anywhere in its file (functions included)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            submodules = {f"{module}.{a.name}" for a in node.names} & known     # from package import module
            found.update(submodules)
            if len(submodules) < len(node.names):
                found.add(module)
    return {m for m in found if m in known and m != name}


@lru_cache(maxsize=1)
def import_graph() -> dict[str, set[str]]:
    """The import graph of the tree (read once; the tests only read it)."""
    files = module_files()
    return {name: imports_of(name, path, set(files)) for name, path in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), i.e. import cycles."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_imports_inside_functions():
    graph = import_graph()
    assert "hachihachi.ruleset.loader" in graph["hachihachi.interpreter.engine.gamestate"]    # imported in a function


def test_no_import_cycles():
    assert cycles(import_graph()) == []


@pytest.mark.parametrize("name", sorted(module_files()))
def test_module_doctests(name):
    """Every module imports, and the examples in its docstrings hold (the OpenSpiel bridge's
    where the optional extra is installed)."""
    if name.startswith("hachihachi.openspiel"):
        pytest.importorskip("pyspiel")
    if name.startswith("hachihachi.web"):
        pytest.importorskip("starlette")
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


# -- play kinds are plug-ins -------------------------------------------------------------------

KINDS = ROOT / "interpreter" / "games"         # one package per play kind: everything of that kind
REGISTRIES = {"ruleset.kind_registry", "interpreter.engine.registry", "cli.screen_registry",
              "openspiel.bridge_registry"}
OWN = {n for n in module_files() if n.startswith("hachihachi.interpreter.games.")}


def kind_names(name: str, path: Path, known: set[str]) -> list[str]:
    """Where module ``name`` names a play kind: ``PlayKind.X``, a play kind's own section
    (``ruleset.hanafuda``), or an import of a play kind's module."""
    found = [f"{path.name}:{m}" for m in sorted(imports_of(name, path, known) & OWN)]
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "PlayKind":
            found.append(f"{path.name}:{node.lineno}: PlayKind.{node.attr}")
        elif isinstance(node, ast.Attribute) and node.attr == "hanafuda":
            found.append(f"{path.name}:{node.lineno}: .hanafuda")
    return found


def test_kind_names_are_found():
    path = KINDS / "matching" / "kind.py"
    assert kind_names("hachihachi.interpreter.games.matching.kind", path, set(module_files()))


def test_the_core_never_names_a_play_kind():
    """Outside each play kind's own modules and the registries, nothing names a play kind."""
    files = module_files()
    core = {n: p for n, p in files.items()
            if n not in OWN and n.removeprefix("hachihachi.") not in REGISTRIES}
    named = [hit for n, p in sorted(core.items()) for hit in kind_names(n, p, set(files))]
    assert named == []


# -- layers: ruleset <- interpreter <- cli, openspiel <- web ------------------------------------

LAYERS = {"ruleset": 0, "rules": 0, "interpreter": 1, "cli": 2, "openspiel": 2, "web": 3}
# inside a play kind's package: its rule-file modules are at the ruleset's layer, its screen at the
# terminal's and its OpenSpiel game at the bridge's; the rest is the interpreter's
KIND_RULES = {"rules", "deck", "capture_roles", "book"}
KIND_SCREEN = {"screen", "screen_table", "screen_input", "explain", "score_questions"}
KIND_SPIEL = {"spiel"}
LAUNCHERS = {"hachihachi.cli.serve": "hachihachi.web.server"}     # ``hachi serve`` starts the browser table


def layer_of(name: str) -> tuple[int, str]:
    """A module's layer and the folder whose layer it is at (``cli`` or ``openspiel`` apart)."""
    parts = name.split(".")
    if parts[1:3] == ["interpreter", "games"] and len(parts) == 5:
        leaf = parts[4]
        if leaf in KIND_RULES:
            return 0, "ruleset"
        if leaf in KIND_SCREEN:
            return 2, "cli"
        if leaf in KIND_SPIEL:
            return 2, "openspiel"
    return LAYERS[parts[1]], parts[1]


def layer_breaks(graph: dict[str, set[str]]) -> list[str]:
    """Every import of a module from a higher layer, or between the terminal and the bridge."""
    out = []
    for name, deps in sorted(graph.items()):
        mine, side = layer_of(name)
        for dep in sorted(deps):
            theirs, their_side = layer_of(dep)
            if LAUNCHERS.get(name) == dep:
                continue
            if theirs > mine or (theirs == mine == 2 and side != their_side):
                out.append(f"{name} -> {dep}")
    return out


def test_layer_breaks_are_found():
    graph = {"hachihachi.ruleset.model": {"hachihachi.interpreter.engine.gamestate"},
             "hachihachi.interpreter.games.tricks.rules": {"hachihachi.interpreter.games.tricks.kind"},
             "hachihachi.interpreter.games.tricks.screen": {"hachihachi.cli.screen"},
             "hachihachi.cli.play": {"hachihachi.openspiel.game"}}
    assert [b.replace("hachihachi.", "") for b in layer_breaks(graph)] == [
        "cli.play -> openspiel.game",
        "interpreter.games.tricks.rules -> interpreter.games.tricks.kind",
        "ruleset.model -> interpreter.engine.gamestate"]


def test_every_module_imports_only_its_layer_and_below():
    """ruleset <- interpreter <- cli, openspiel <- web, and inside each play kind's package: its
    rule-file modules import only the ruleset's, its screen the terminal's, its game the bridge's."""
    assert layer_breaks(import_graph()) == []


# -- the engine's core names no kind's own things ------------------------------------------------

ENGINE = ROOT / "interpreter" / "engine"
# attribute and variable names that belong to one play kind
TRICK_ONLY = {"trump", "indicator", "mizuten", "mizuten_answered", "tricks_won", "trick", "trick_leader",
              "tricks", "trick_settlement", "trick_play", "per_trick", "CallMizuten", "Deal", "TrickTaken",
              "MIZUTEN_CALL", "TRICK_SETTLEMENT", "MIZUTEN_BONUS", "MIZUTEN", "TRICKS"}
MATCHING_ONLY = {"captures", "table_cards", "stock_left", "turned", "stock", "hanafuda", "HanaDeal", "Capture",
                 "Captured", "HANAFUDA_DEAL", "HAND_ROLES", "CARD_SCORING", "CAPTURE_ROLES", "SPECIAL_ROLES",
                 "CARD_POINTS"}
# what the core still names, each with the reason (docs/play-kinds.md, "What the core still knows")
ENGINE_EXCEPTIONS = {
    # the role evaluator (ruleset/roles.py) values a hand with a trump and a turned card: the core's
    # role phases pass it what the play kind gives (Kind.state.valued_with; None, None in hanafuda)
    ("phases/rolecache.py", "trump"): "the role evaluator's interface takes the trump (ruleset/roles.py)",
    ("phases/rolecache.py", "indicator"): "the role evaluator's interface takes the indicator (ruleset/roles.py)",
    # the round's end event keeps the record format's field (Kind.state.round_tricks fills it)
    ("gamestate.py", "tricks"): "RoundEnded.tricks (the record format's `tricks` of a round)",
    ("events.py", "tricks"): "RoundEnded.tricks (the record format's `tricks` of a round)",
}


def engine_kind_names(root: Path = ENGINE) -> set[tuple[str, str]]:
    """(module path under engine/, name) for every trick-only or matching-only name the core's
    modules use as an attribute, a variable, an argument or a field."""
    found = set()
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.Attribute):
                name = node.attr
            elif isinstance(node, ast.Name):
                name = node.id
            elif isinstance(node, ast.arg):
                name = node.arg
            elif isinstance(node, ast.keyword) and node.arg:
                name = node.arg
            elif isinstance(node, ast.alias):
                name = node.asname or node.name.rpartition(".")[2]
            else:
                continue
            if name in TRICK_ONLY or name in MATCHING_ONLY:
                found.add((where, name))
    return found


def test_kind_only_names_are_found(tmp_path):
    (tmp_path / "pot.py").write_text("def f(rules, v, stock):\n    return rules.trick_settlement, v.captures\n")
    assert engine_kind_names(tmp_path) == {("pot.py", "trick_settlement"), ("pot.py", "captures"),
                                           ("pot.py", "stock")}


def test_the_engine_core_names_nothing_of_one_play_kind():
    """interpreter/engine/ never names a trick-only or matching-only field, action, event or phase,
    apart from the exceptions listed with their reason."""
    assert sorted(engine_kind_names() - set(ENGINE_EXCEPTIONS)) == []


def test_every_engine_exception_is_still_needed():
    assert sorted(set(ENGINE_EXCEPTIONS) - engine_kind_names()) == []


# -- the core's phases and transfer kinds are its own -------------------------------------------

def kind_names_of(play: str) -> set[str]:
    """The names of a registered play kind's own phases and transfer kinds, from its package."""
    from hachihachi.ruleset.kind_registry import rule_kind

    kind = rule_kind(play)
    return {p.value for p in kind.phases} | {t.value for t in kind.own_transfers}


def core_name_lists() -> dict[str, set[str]]:
    """Every list of phase or transfer names the core keeps, by where it is kept."""
    import json
    from importlib import resources

    from hachihachi.ruleset import catalog, kind_registry, model

    shared = json.loads(resources.files("hachihachi.ruleset").joinpath("ruleset.schema.json").read_text("utf-8"))
    return {
        "model.Phase": {p.value for p in model.Phase},
        "model.TransferReason": {t.value for t in model.TransferReason},
        "model.SETTLEMENT_PHASES": {p.value for p in model.SETTLEMENT_PHASES},
        "kind_registry.SHARED_TRANSFERS": {t.value for t in kind_registry.SHARED_TRANSFERS},
        "ruleset.schema.json round": set(shared["properties"]["round"]["items"]["enum"]),
        "ruleset.schema.json transfer": set(shared["$defs"]["transfer"]["enum"]),
        **{f"locale/{lang}.yaml transfer": {k.partition(".")[0] for k in catalog.section(lang, "transfer")}
           for lang in catalog.LANGS},
    }


def test_the_core_lists_of_phases_and_transfers_name_no_play_kinds_own():
    """The core's enums, the shared schema and the core's words list only the core's phases and
    transfer kinds; each play kind's are declared in its package (``RuleKind.phases``,
    ``own_transfers``) and read through the registry."""
    from hachihachi.ruleset.kind_registry import KINDS

    owned = {play: kind_names_of(play) for play in KINDS}
    assert all(owned.values())
    found = sorted((where, play, name) for where, names in core_name_lists().items()
                   for play, own in owned.items() for name in names & own)
    assert found == []


def test_a_kinds_phases_and_transfers_are_its_schemas_and_no_one_elses():
    """A play kind's enums and its schema.json list the same names, and no two kinds (nor a kind
    and the core) share a name."""
    from hachihachi.ruleset.kind_registry import KINDS, kind_schema, rule_kind
    from hachihachi.ruleset.model import Phase, TransferReason
    from hachihachi.ruleset.part_registry import part_phases, part_transfers

    seen = {p.value for p in (*Phase, *part_phases())} | {t.value for t in (*TransferReason, *part_transfers())}
    for play in KINDS:
        kind, schema = rule_kind(play), kind_schema(play)
        assert [p.value for p in kind.phases] == schema["phases"]
        assert {t.value for t in kind.own_transfers} == set(schema.get("transfers", ()))
        assert set(kind.transfer_words) == {t.value for t in kind.own_transfers}
        assert not kind_names_of(play) & seen
        seen |= kind_names_of(play)


def core_members_named(known: dict[str, set[str]]) -> list[str]:
    """Where a core module reads a member ``Phase.X`` or ``TransferReason.X`` that the core's enum
    does not have (a play kind's, which the core never names)."""
    files = module_files()
    out = []
    for name, path in sorted(files.items()):
        if name in OWN:
            continue
        for node in ast.walk(parsed(path)):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in known
                    and node.attr.isupper() and node.attr not in known[node.value.id]):
                out.append(f"{path.name}:{node.lineno}: {node.value.id}.{node.attr}")
    return out


def test_the_core_reads_no_members_but_its_own():
    from hachihachi.ruleset.model import Phase, TransferReason

    known = {"Phase": set(Phase.__members__), "TransferReason": set(TransferReason.__members__)}
    assert core_members_named({"Phase": known["Phase"] - {"PLAY"}, "TransferReason": known["TransferReason"]})
    assert core_members_named(known) == []


# -- go/drop is a part of the round, not the core ------------------------------------------------

GO_DROP_ONLY = {"declarations", "dropped", "forced_out", "splits", "declarations_done", "choice_done", "goers",
                "declaration", "two_goers", "went", "RoundOutcome", "PLAYED", "SKIPPED", "ONE_GOER", "TWO_GOERS_SPLIT",
                "TWO_GOERS_PLAY", "THREE_GOERS", "Declare", "Split", "ForcedOut", "GoDropPhase", "GoDropTransfer",
                "DECLARATIONS", "FORCED_OUT", "TWO_GOER_CHOICE", "ONE_GOER_POT", "ROLE_SETTLEMENT", "DROP_FEE"}
# the public API keeps its names (docs/play-kinds.md, "Parts of a round"): a seat's view of the
# declarations (go/drop's part fills them) and the round's end event's seats that played
GO_DROP_EXCEPTIONS = {
    ("view.py", "declarations"), ("view.py", "dropped"), ("view.py", "forced_out"), ("view.py", "splits"),
    ("view.py", "goers"), ("events.py", "goers"), ("gamestate.py", "goers"),
}


def test_the_engine_core_names_nothing_of_go_drop():
    """interpreter/engine/ names no field, setting or kind of round of go/drop (T10-T17), which is
    the part ``interpreter/parts/go_drop/``, apart from the public API's names."""
    found = set()
    for path in sorted(ENGINE.rglob("*.py")):
        where = path.relative_to(ENGINE).as_posix()
        for node in ast.walk(parsed(path)):
            name = (node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name)
                    else node.arg if isinstance(node, (ast.arg, ast.keyword)) else None)
            if name in GO_DROP_ONLY:
                found.add((where, name))
    assert sorted(found - GO_DROP_EXCEPTIONS) == [] and GO_DROP_EXCEPTIONS <= found


def test_the_core_lists_of_phases_and_transfers_name_no_parts_own():
    """The core's enums and the shared schema list none of a part's phases and transfer reasons
    (go/drop's ``declarations``, ``drop_fee``): the part declares them (``RulePart.phases``,
    ``transfers``, its ``schema.json``), and the readers find them through the part registry."""
    from hachihachi.ruleset.part_registry import PARTS, part_schema, rule_part

    for name in PARTS:
        part = rule_part(name)
        own = {p.value for p in part.phases} | {t.value for t in part.transfers}
        assert own and {p.value for p in part.phases} == set(part_schema(name)["phases"])
        assert {t.value for t in part.transfers} == set(part_schema(name)["transfers"])
        # the shared transfers are the core's and every part's (read from the registry), and the core's
        # catalogs and the terminal's answers still word go/drop's (docs/play-kinds.md, "What the core still knows")
        lists = {where: names for where, names in core_name_lists().items()
                 if where.startswith(("model.", "ruleset.schema.json"))}
        assert len(lists) == 5
        assert sorted((where, n) for where, names in lists.items() for n in names & own) == []


def test_every_package_folder_is_listed_for_the_wheel():
    """pyproject.toml lists the packages a wheel holds one by one: a new package folder that is
    not listed would be missing from an installed (or compiled) build, not from the tree."""
    tomllib = pytest.importorskip("tomllib")            # Python 3.11 on

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    folders = {".".join(("hachihachi",) + init.parent.relative_to(ROOT).parts)
               for folder in FOLDERS for init in (ROOT / folder).rglob("__init__.py")}
    assert sorted(folders - listed) == []
