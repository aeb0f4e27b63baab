"""Read rule files: bundled rulesets by name, or files by path, checked in four stages.

1. YAML, read safely with places (``yamlfile``); 2. ``extends`` resolved (``variants``);
3. the JSON Schema (``schema``); 4. the meaning (``checks``, the model, the role patterns).
:func:`load_ruleset` raises the first problem; :func:`check_file` lists them all, best first.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .bundled import (BUNDLED_RULESET, RULESET, ROLE_TABLE, bundled_names, bundled_path, is_name,
                      resolve_ref)
from .checks import KEY, check_role_table
from .kind_registry import KINDS, SHARED_KEYS, play_of, rule_kind, ruleset_findings
from .rulekind import foreign_sections
from .errors import HachiError, RuleFileError
from .build import build_ruleset
from .model import RoleTable, Ruleset, build_role_table
from .problems import Problem
from .reach import locate, no_bundled, root_of
from .safetext import escape, quote
from .schema import error_paths, schema_problems
from .tablenumbers import TableNumbers, compile_numbers, deals_vary, substitute
from .variants import Resolved, merge, merge_places, resolve
from .yamlfile import Path_

__all__ = ["BUNDLED", "Analysis", "bundled_names", "bundled_path", "check_file", "load_role_table",
           "load_ruleset", "resolve_ref"]

BUNDLED = (BUNDLED_RULESET,)
MAX_PROBLEMS = 50           # listed per file; a stranger's file may have thousands


@dataclass
class Analysis:
    """Everything learnt from one file: what it is, what it builds, what is wrong with it."""

    file_type: str | None = None
    ruleset: Ruleset | None = None
    table: RoleTable | None = None
    problems: list[Problem] = field(default_factory=list)
    extends_place: str | None = None        # where a variant names its base (FILE:LINE:COL)
    chain: tuple[str, ...] = ()             # the file, then the bases it extends
    places: dict[str, str] = field(default_factory=dict)    # dotted key -> FILE:LINE:COL (a rule file's)

    def built_ruleset(self) -> Ruleset:
        """The ruleset of a rule file found without problems."""
        assert self.ruleset is not None, "a rule file without problems builds its ruleset"
        return self.ruleset

    def built_table(self) -> RoleTable:
        """The role table of a role-table file found without problems."""
        assert self.table is not None, "a role table without problems builds itself"
        return self.table


def _flat_places(resolved: Resolved) -> dict[str, str]:
    """Dotted places for the model; role-table paths appear with and without ``role_table.``."""
    places = resolved.places.dotted()
    for key, value in list(places.items()):
        if key.startswith("role_table."):
            places.setdefault(key[len("role_table."):], value)
    return places


class _Checker:
    """Turns findings into problems, pointing inherited values at the file's ``extends``."""

    def __init__(self, resolved: Resolved):
        self.resolved = resolved

    def relocate(self, problem: Problem) -> Problem:
        r = self.resolved
        if len(r.chain) < 2 or problem.file not in r.files[1:]:
            return problem
        chain = " -> ".join(r.chain)
        message = f"{problem.message.rstrip('.')} (inherited through {chain}; written at {problem.place})."
        return Problem.at(r.extends_place or problem.place, message)

    def at(self, path: Path_, message: str) -> Problem:
        key = bool(path) and path[-1] == KEY
        path = path[:-1] if key else path
        return self.relocate(Problem.at(self.resolved.places.of(path, key=key), message))

    def error(self, error: HachiError, path: Path_ = ()) -> Problem:
        return self.relocate(Problem.from_error(error, self.resolved.places.of(path)))


def _pattern_problems(ruleset: Ruleset, checker: _Checker) -> list[Problem]:
    from . import roles

    # every pattern error, or else every failing example; the same for a play kind's own roles
    kind = rule_kind(ruleset.play)
    return ([checker.error(exc, ("role_table",)) for exc in roles.check_examples(ruleset)]
            + [checker.error(exc, kind.own_roles_at) for exc in kind.own_role_problems(ruleset)])




def _role_tables() -> tuple[Path_, ...]:
    """Where roles are written: the role table, and each play kind's own (``RuleKind.own_roles_at``)."""
    return (("role_table",), *(at for play in KINDS if (at := rule_kind(play).own_roles_at)))


def _schema_paths(data: dict[str, Any]) -> list[Path_]:
    paths = error_paths(data, RULESET)
    if isinstance(data.get("role_table"), dict):
        paths += error_paths(data["role_table"], ROLE_TABLE, ("role_table",))
    return paths


def _without_broken_roles(data: dict[str, Any]) -> tuple[dict[str, Any], set[str]] | None:
    """``data`` without the roles that break the schema (and the combos and examples that name
    them), so that the rest of the file is checked too; None when a break lies elsewhere."""
    gone: dict[Path_, set[str]] = {}
    for path in _schema_paths(data):
        table = next((t for t in _role_tables() if path[:len(t)] == t and len(path) > len(t) + 1
                      and path[len(t)] == "roles"), None)
        if table is None:
            return None
        gone.setdefault(table, set()).add(str(path[len(table) + 1]))
    pruned = copy.deepcopy(data)
    for table_at, ids in gone.items():
        node: Any = pruned
        for part in table_at:
            node = node.get(part) if isinstance(node, dict) else None
        if not isinstance(node, dict):
            return None
        node["roles"] = {k: v for k, v in (node.get("roles") or {}).items() if k not in ids}
        for key in ("combos",):
            if isinstance(node.get(key), dict):
                node[key] = {k: v for k, v in node[key].items()
                             if not (isinstance(v, dict) and set(map(str, v.get("roles") or ())) & ids)}
        if isinstance(node.get("examples"), list):
            node["examples"] = [e for e in node["examples"]
                                if not (isinstance(e, dict) and set(map(str, e.get("roles") or ())) & ids)]
    if _schema_paths(pruned):
        return None
    return pruned, {i for ids in gone.values() for i in ids}


def _foreign_sections(data: dict[str, Any]) -> list[tuple[Path_, str]]:
    """The sections of another play kind's game in ``data`` (``hanafuda:`` in a trick file), each
    with the message naming the game it belongs to (said before anything inside it is checked)."""
    try:
        kind = rule_kind(play_of(data))
    except (KeyError, ValueError, TypeError):
        return []                               # a bad 'play:' is the schema's to report
    if not set(data) - SHARED_KEYS - kind.own_keys:
        return []                               # other kinds are imported only for a key of theirs
    return [found for play in KINDS if play != kind.kind
            for found in foreign_sections(data, kind, rule_kind(play))]


def _findings(data: dict[str, Any], numbers: tuple[Any, ...], built: dict[str, Any]) -> list[tuple[Path_, str]]:
    """What the schema cannot check of a file (:func:`ruleset_findings`); when its deal depends on
    the number of players, checked for each number of players it allows (the deck must suffice
    for every deal), one problem for each place: the first number of players it is found for."""
    if not deals_vary(numbers, play_of(data)):
        return list(ruleset_findings(built))
    found: dict[Path_, str] = {}
    for n in range(data["players"]["min"], data["players"]["max"] + 1):
        table = substitute(data, numbers, n)
        table["players"] = {**table["players"], "min": n, "max": n}
        for path, message in ruleset_findings(table):
            if path == ("hand_size",):          # the deck check: for this deal
                message = f"at {n} players: " + message.replace(f"players.max ({n}) players", f"{n} players")
            found.setdefault(path, message)
    return list(found.items())


def _analyse_ruleset(resolved: Resolved, source: str) -> Analysis:
    out = Analysis(file_type=RULESET, extends_place=resolved.extends_place, chain=tuple(resolved.chain))
    checker = _Checker(resolved)
    data = resolved.data
    foreign = _foreign_sections(data)
    if foreign:
        own = {k: v for k, v in data.items() if (k, KEY) not in {path for path, _ in foreign}}
        problems = [checker.at(path, message) for path, message in foreign]
        problems += schema_problems(own, resolved.places, RULESET)
        out.problems = [checker.relocate(p) for p in problems]
        return out
    problems = schema_problems(data, resolved.places, RULESET)
    if isinstance(data.get("role_table"), dict):
        problems += schema_problems(data["role_table"], resolved.places, ROLE_TABLE, ("role_table",))
    if problems:
        # a role that breaks the schema is left out and the rest of the file is still checked,
        # so that one run reports every problem; the ruleset is not built
        rest = _without_broken_roles(data)
        if rest is not None:
            pruned, gone = rest
            more = _analyse_ruleset(dataclasses.replace(resolved, data=pruned), source).problems
            problems += [p for p in more if not any(f"'{i}'" in p.message for i in gone)]
        out.problems = [checker.relocate(p) for p in problems]
        return out
    data = _standard_settlement(data)
    numbers: tuple[Any, ...] = ()
    flat = _flat_places(resolved)       # read, never changed, by what follows
    out.places = flat
    if not problems:                    # numbers written as expressions of the table (tablenumbers.py)
        try:
            numbers = compile_numbers(data, range(data["players"]["min"], data["players"]["max"] + 1), flat)
        except HachiError as exc:
            problems = [checker.error(exc)]
    least = data["players"]["min"]
    built = substitute(data, numbers, least) if numbers else data
    deal_for = least if deals_vary(numbers, play_of(data)) else 0
    if not problems:
        problems = [checker.at(path, message) for path, message in _findings(data, numbers, built)]
    if not problems:
        try:
            out.ruleset = build_ruleset(built, source=source, places=flat,
                                        extends_chain=resolved.chain[1:], deal_for=deal_for)
        except HachiError as exc:
            problems = [checker.error(e) for e in getattr(exc, "errors", (exc,))]   # effects: every one
    if out.ruleset is not None and numbers:
        out.ruleset = dataclasses.replace(out.ruleset, table_numbers=TableNumbers(
            data, numbers, source, flat, resolved.chain[1:]))
    if out.ruleset is not None:
        problems = _pattern_problems(out.ruleset, checker)
        if problems:
            out.ruleset = None
    out.problems = [checker.relocate(p) for p in problems]
    return out


def _analyse_table(resolved: Resolved) -> Analysis:
    out = Analysis(file_type=ROLE_TABLE)
    checker = _Checker(resolved)
    problems = schema_problems(resolved.data, resolved.places, ROLE_TABLE)
    if not problems:
        problems = [checker.at(path, message) for path, message in check_role_table(resolved.data, ())]
    if not problems:
        try:
            standard = standard_ruleset()
            flat = _flat_places(resolved)
            numbers = compile_numbers({"role_table": resolved.data}, range(standard.players.min,
                                      standard.players.max + 1), flat)
            table_data = substitute({"role_table": resolved.data}, numbers, standard.players.min)["role_table"]
            out.table = build_role_table(table_data, flat)
            problems = _pattern_problems(dataclasses.replace(standard, roles=out.table), checker)
        except HachiError as exc:
            problems = [checker.error(exc)]
    if problems:
        out.table = None
    out.problems = [checker.relocate(p) for p in problems]
    return out


def _standard_settlement(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with the settlement phases its round names and it does not write taken from its
    play kind's bundled rule file (``RuleKind.standard_settlement``), the one place they are written:
    a standalone copy of the trick game's rules made before they were effects still settles. Those a
    phase of the play kind runs (``RuleKind.settled_within``: hanafuda's special roles) likewise."""
    own = data.get("settlement") or {}
    kind = rule_kind(play_of(data))
    missing = [p.value for p in kind.settlement_phases if p.value in data["round"] and p.value not in own]
    bundled = kind.standard_settlement
    found: dict[str, Any] = {}
    if missing and bundled is not None and data.get("name") != bundled:
        found.update(_settlement_of(bundled, missing))
    for phase, name in kind.settled_within:
        if phase not in own and data.get("name") != name:
            found.update(_settlement_of(name, [phase]))
    return {**data, "settlement": {**own, **found}} if found else data


def _settlement_of(bundled: str, phases: list[str]) -> dict[str, Any]:
    """The settlement phases ``phases`` of the bundled rule file ``bundled`` (those it has)."""
    standard = resolve(_find(bundled, RULESET), bundled, RULESET).data.get("settlement") or {}
    return {p: standard[p] for p in phases if p in standard}


def analyse(path: Path, shown: str | None = None, file_type: str | None = None, root: str | None = None,
            named_at: str | None = None, ref: str | None = None) -> Analysis:
    """Check the file at ``path`` completely; never raises for a bad file.

    ``root`` and ``named_at`` are as for :func:`variants.resolve`.
    """
    shown = shown if shown is not None else str(path)
    try:
        resolved = resolve(path, shown, file_type, root, named_at, ref)
    except RuleFileError as exc:
        problem = Problem.from_error(exc, f"{shown}:1:1")
        if problem.file != shown and not is_name(shown):
            problem = dataclasses.replace(problem, message=f"{problem.message.rstrip('.')} (in a base of {shown}).")
        return Analysis(problems=[problem])
    if resolved.file_type == ROLE_TABLE:
        return _analyse_table(resolved)
    return _analyse_ruleset(resolved, str(path))


def check_file(path: str | Path, root: str | None = None) -> list[Problem]:
    """All problems of one rule file or role table (kind decided by its content), best first.

    Names in it keep to ``root`` (by default its own folder); at most :data:`MAX_PROBLEMS` are listed.
    """
    problems = list(dict.fromkeys(analyse(Path(path), str(path), root=root).problems))   # an alias's once
    if len(problems) <= MAX_PROBLEMS:
        return problems
    last = problems[MAX_PROBLEMS - 1]
    more = Problem(last.file, last.line, last.col,
                   f"{len(problems) - MAX_PROBLEMS + 1} more problems in this file are not listed.")
    return problems[:MAX_PROBLEMS - 1] + [more]


def _find(ref: str | Path, file_type: str) -> Path:
    path = resolve_ref(ref)
    what = "rule file" if file_type == RULESET else "role table"
    try:
        if path.is_file():
            return path
    except (OSError, ValueError) as exc:        # a name too long, or not one at all
        reason = getattr(exc, "strerror", None) or "the name cannot be used"
        raise RuleFileError(f"this {what} cannot be read ({reason}).", escape(str(ref), 200)) from None
    if is_name(ref):
        raise RuleFileError(no_bundled(str(ref), file_type, what))
    if path.is_dir():
        raise RuleFileError(f"this is a folder, not a {what}.", str(ref))
    if path.exists():
        raise RuleFileError(f"this is not a regular file, so it cannot be a {what}.", str(ref))
    raise RuleFileError(f"there is no {what} '{ref}'.", str(ref))


def _load(ref: str | Path, file_type: str) -> Analysis:
    """The analysis of the file ``ref`` names; raise the first problem, if any."""
    path = _find(ref, file_type)
    analysis = analyse(path, str(ref) if not is_name(ref) else str(path), file_type)
    if analysis.problems:
        raise analysis.problems[0].to_error()
    return analysis


def load_ruleset(ref: str | Path) -> Ruleset:
    """Load, validate and build a ruleset from a bundled name or a file path.

    Raises :class:`RuleFileError` (with ``place``) for the first, most fundamental problem.
    """
    return _load(ref, RULESET).built_ruleset()


def ruleset_data(ref: str | Path) -> tuple[Ruleset, dict[str, Any]]:
    """The ruleset ``ref`` names (as :func:`load_ruleset`) and the data of its rule file with
    every base it extends merged (its role table read in), for a rulebook of it."""
    ruleset = load_ruleset(ref)
    path = _find(ref, RULESET)
    return ruleset, resolve(path, str(ref) if not is_name(ref) else str(path), RULESET).data


def load_named_ruleset(ref: object, naming: Path, place: str) -> Ruleset:
    """The ruleset a file (a record) names at ``place``: a bundled name, or a path kept to its folder.

    The file named is foreign: when it is not a rule file, one line says so and nothing of it
    is shown (see :mod:`.reach`).
    """
    target, root = locate(ref, naming, root_of(naming), place, "ruleset", RULESET)
    if is_name(str(ref)):
        return _load(str(ref), RULESET).built_ruleset()
    analysis = analyse(target, str(target), RULESET, root, named_at=place, ref=str(ref))
    if analysis.problems:
        raise analysis.problems[0].to_error()
    return analysis.built_ruleset()


def load_variant(ref: str | Path, pairs: tuple[tuple[str, Any], ...] = ()) -> Ruleset:
    """The ruleset ``ref`` with settings ``((dotted key, value), ...)`` merged over it the way a
    variant file that extends ``ref`` would merge them, then checked like any rule file.

    A problem with a setting is raised at ``setting KEY`` (:mod:`.overrides`).
    """
    from .overrides import SETTING, override_data, override_places, place_of, setting_of, without_examples

    if not pairs:
        return load_ruleset(ref)
    path = _find(ref, RULESET)
    shown = str(ref) if not is_name(ref) else str(path)
    resolved = resolve(path, shown, RULESET)
    _known_parameters(pairs, resolved.data)
    over = override_data(pairs)
    data = without_examples(merge(resolved.data, over))
    resolved = dataclasses.replace(resolved, data=data,
                                   places=merge_places(data, resolved.places, override_places(pairs, resolved.data)))
    analysis = _analyse_ruleset(resolved, str(path))
    if analysis.problems:
        problem = analysis.problems[0]
        if setting_of(problem.file) is not None:
            raise RuleFileError(problem.message, problem.file)
        point = ", ".join(f"{key}={value}" for key, value in pairs)     # the base alone loads: the settings did it
        raise RuleFileError(f"with {point}: {problem.message.rstrip('.')} (at {problem.file}).",
                            place_of(pairs[0][0]) if len(pairs) == 1 else SETTING)
    return analysis.built_ruleset()


def _known_parameters(pairs: tuple[tuple[str, Any], ...], data: dict[str, Any]) -> None:
    """A setting of ``parameters.NAME`` names a parameter the file has (a new one would change no
    effect: every effect reads only the parameters its file declares)."""
    import difflib

    from .overrides import place_of

    given = data.get("parameters")
    known: dict[str, Any] = given if isinstance(given, dict) else {}
    for key, _ in pairs:
        head, _, name = key.partition(".")
        if head != "parameters" or not name or name in known:
            continue
        close = difflib.get_close_matches(name, sorted(known), n=1)
        listed = f"the parameters: {', '.join(sorted(known))}" if known else "the file has no parameters"
        hint = f"; did you mean '{close[0]}'?" if close else f" ({listed})."
        raise RuleFileError(f"unknown parameter {quote(name)} in parameters{hint}", place_of(key))


@lru_cache(maxsize=1)
def standard_ruleset() -> Ruleset:
    """The bundled standard ruleset (read once per process)."""
    return load_ruleset(BUNDLED_RULESET)


def load_role_table(ref: str | Path) -> RoleTable:
    """Load and check a role table from a bundled name (``hand_roles``) or a file path."""
    return _load(ref, ROLE_TABLE).built_table()
