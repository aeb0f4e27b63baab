"""The JSON Schemas of rule files and role tables, and their errors as full-sentence problems."""

from __future__ import annotations

import difflib
import json
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Callable, Iterable, cast

from .effects.actions import do_defs, every_action
from .kind_registry import DEFAULT, KINDS, kind_schema
from .part_registry import PARTS, part_schema
from .problems import Problem
from .safetext import quote
from .yamlfile import Path_, Places, dotted

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

RULESET = "ruleset"
ROLE_TABLE = "role_table"
SCHEMA_FILES = {RULESET: "ruleset.schema.json", ROLE_TABLE: "role_table.schema.json"}

_TYPE_WORDS = {"integer": "a whole number", "number": "a number", "string": "text", "boolean": "true or false",
               "object": "a mapping of keys to values", "array": "a list", "null": "null"}


def schema_text(file_type: str = RULESET) -> str:
    """The schema of ``file_type`` (``ruleset`` or ``role_table``) as JSON text."""
    return json.dumps(schema(file_type), indent=2, ensure_ascii=False) + "\n"


def schema(file_type: str = RULESET) -> dict[str, Any]:
    """The schema of ``file_type``; a rule file's is the shared part with the actions of effects
    (:func:`.effects.actions.do_defs`: the core's and every registered part's), every registered
    part's pieces (go/drop's sections) and every registered play kind's own."""
    return _schema(file_type, tuple(KINDS.items()), tuple(every_action().items()))


@lru_cache(maxsize=None)
def _schema(file_type: str, kinds: tuple[tuple[str, str], ...],
            actions: tuple[tuple[str, type], ...]) -> dict[str, Any]:
    text = resources.files("hachihachi.ruleset").joinpath(SCHEMA_FILES[file_type]).read_text(encoding="utf-8")
    shared = cast("dict[str, Any]", json.loads(text))
    if file_type != RULESET:
        return shared
    shared["$defs"].update(do_defs())       # an effect's actions, in effects: and settlement: alike
    shared = with_parts(shared, {name: part_schema(name) for name in PARTS})
    return with_kinds(shared, {play: kind_schema(play) for play in KINDS}, DEFAULT)


def with_parts(shared: dict[str, Any], parts: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The shared schema with each part's sections, phases and transfer reasons (before the
    core's, in the order of the parts), its points of a round for effects (right after the
    round's start) and what a complete file writes of its sections.

    >>> part = {"properties": {"x": {}}, "phases": ["x_call"], "transfers": ["x_fee"], "points": ["after_x_call"],
    ...         "complete": {"properties": {"x": {"required": ["n"]}}}}
    >>> effects = {"items": {"properties": {"when": {"enum": ["round_start", "round_end"]}}}}
    >>> shared = {"properties": {"round": {"items": {"enum": ["pot"]}}, "effects": effects},
    ...           "$defs": {"complete": {"properties": {}}, "transfer": {"enum": ["pot"]}}}
    >>> out = with_parts(shared, {"x": part})
    >>> out["properties"]["round"]["items"]["enum"], out["$defs"]["transfer"]["enum"], sorted(out["properties"])
    (['x_call', 'pot'], ['x_fee', 'pot'], ['effects', 'round', 'x'])
    >>> out["properties"]["effects"]["items"]["properties"]["when"]["enum"]
    ['round_start', 'after_x_call', 'round_end']
    >>> out["$defs"]["complete"]["properties"]
    {'x': {'required': ['n']}}
    """
    out = json.loads(json.dumps(shared))
    props, defs = out["properties"], out["$defs"]
    phases = [p for part in parts.values() for p in part["phases"]]
    transfers = [t for part in parts.values() for t in part.get("transfers", ())]
    props["round"]["items"]["enum"][:0] = phases
    defs["transfer"]["enum"][:0] = transfers
    if "effects" in props:
        props["effects"]["items"]["properties"]["when"]["enum"][1:1] = [p for part in parts.values()
                                                                          for p in part.get("points", ())]
    for part in parts.values():
        props.update(part["properties"])
        defs["complete"]["properties"].update(part.get("complete", {}).get("properties", {}))
    return cast("dict[str, Any]", out)


def with_kinds(shared: dict[str, Any], kinds: dict[str, dict[str, Any]], default: str) -> dict[str, Any]:
    """The rule files' schema: the shared part, each play kind's sections, phases and transfer
    kinds, ``play`` naming the kinds, and what a complete file requires, by its play kind
    (``default`` without ``play:``).

    >>> part = {"properties": {"x": {}}, "phases": ["x_deal"], "transfers": ["x_ante"], "complete": {"required": ["x"]}}
    >>> shared = {"properties": {"play": {}, "round": {"items": {"enum": ["pot"]}}},
    ...           "$defs": {"complete": {}, "transfer": {"enum": ["pot"]}}}
    >>> out = with_kinds(shared, {"t": {"properties": {}, "phases": [], "complete": {}}, "x": part}, "t")
    >>> out["properties"]["play"], out["properties"]["round"]["items"]["enum"], out["$defs"]["transfer"]["enum"]
    ({'enum': ['t', 'x']}, ['pot', 'x_deal'], ['pot', 'x_ante'])
    >>> out["$defs"]["complete"]["then"], out["$defs"]["complete"]["else"]
    ({'required': ['x']}, {})
    """
    out = json.loads(json.dumps(shared))
    props = out["properties"]
    props["play"]["enum"] = list(kinds)
    phases, transfers = props["round"]["items"]["enum"], out["$defs"]["transfer"]["enum"]
    for part in kinds.values():
        props.update(part["properties"])
        phases += [p for p in part["phases"] if p not in phases]
        transfers += [t for t in part.get("transfers", ()) if t not in transfers]
    chain: dict[str, Any] = kinds[default]["complete"]
    for play in reversed([p for p in kinds if p != default]):
        chain = {"if": {"properties": {"play": {"const": play}}, "required": ["play"]},
                 "then": kinds[play]["complete"], "else": chain}
    out["$defs"]["complete"].update(chain)
    return cast("dict[str, Any]", out)


def _whole(checker: object, instance: object) -> bool:
    """An integer is written as one: ``3``, never ``3.0`` (which JSON Schema would take as 3,
    and the game would then read as a float)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


def _validator(file_type: str) -> Draft202012Validator:
    return _validator_of(file_type, tuple(KINDS.items()), tuple(every_action().items()))


@lru_cache(maxsize=None)
def _validator_of(file_type: str, kinds: tuple[tuple[str, str], ...],
                  actions: tuple[tuple[str, type], ...]) -> Draft202012Validator:
    from jsonschema import Draft202012Validator, validators

    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole)
    strict = validators.extend(Draft202012Validator, type_checker=checker)  # type: ignore[no-untyped-call]  # untyped in jsonschema
    return cast("Draft202012Validator", strict(schema(file_type)))


def edit_distance(a: str, b: str, limit: int | None = None) -> int:
    """Edits (insert, delete, replace, swap of neighbours) turning ``a`` into ``b``.

    With ``limit``, any distance above it is returned as ``limit + 1``, stopping as soon as no
    row can come back under it (so a long unknown word costs little).

    >>> edit_distance("plya", "play"), edit_distance("gp", "go"), edit_distance("x" * 90, "play", 2)
    (1, 1, 3)
    """
    if limit is not None and abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2, prev = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            cost = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if prev2 is not None and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, prev2[j - 2] + 1)
            row.append(cost)
        if limit is not None and min(row) > limit:
            return limit + 1
        prev2, prev = prev, row
    return prev[-1] if limit is None else min(prev[-1], limit + 1)


MAX_SUGGESTED_CHARS = 40    # longer words get no "did you mean" (names here are shorter)


def suggest(word: str, candidates: Iterable[str]) -> str:
    """``"; did you mean 'players'?"`` for a near miss, else ``""``."""
    word, names = str(word), [str(c) for c in candidates]
    if not names or len(word) > MAX_SUGGESTED_CHARS:
        return ""
    low = word.lower()
    near = []
    for name in names:
        limit = max(1, min(len(word), len(name)) // 3)
        distance = edit_distance(low, name.lower(), limit)
        if distance <= limit:
            near.append((distance, name))
    if near:
        return f"; did you mean '{min(near)[1]}'?"
    match = difflib.get_close_matches(word, names, n=1, cutoff=0.75)
    return f"; did you mean '{match[0]}'?" if match else ""


def describe(value: Any) -> str:
    """A short description of a value for messages: ``the text 'x'``, ``the number 3``, ``a list``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:40] + "..."
        return f"the text '{shown}'"
    return "a list" if isinstance(value, list) else "a mapping"


def _what(path: Path_) -> str:
    return dotted(path) if path else "the file"


MAX_SUGGESTIONS = 20        # unknown keys of one mapping that get a "did you mean"


def _unknown_keys(error: ValidationError, path: Path_, places: Places) -> list[Problem]:
    subschema: Any = error.schema           # the failing (object) schema and mapping, both set
    instance: Any = error.instance
    known = list(subschema.get("properties", {}))
    extra = [k for k in instance if k not in known]
    problems: list[Problem] = []
    for n, key in enumerate(extra):
        where = f"in {dotted(path)}" if path else "at the top level"
        near = suggest(key, known) if n < MAX_SUGGESTIONS else ""
        hint = near or (f"; the keys are: {', '.join(known)}." if known else ".")
        problems.append(Problem.at(places.of(path + (key,), key=True), f"unknown key {quote(key)} {where}{hint}"))
    return problems


def _message(error: ValidationError, path: Path_) -> str:
    """The sentence of a schema error at ``path``: the words of its check (:data:`_WORDS`), else
    jsonschema's own message."""
    words = _WORDS.get(str(error.validator))
    if words is None:
        return f"{_what(path)} is not valid: {error.message}."
    return words(_what(path), error.validator_value, error.instance)     # instance: set on every error


def _type_words(what: str, arg: Any, value: Any) -> str:
    types = [arg] if isinstance(arg, str) else list(arg)
    expected = " or ".join(_TYPE_WORDS.get(t, t) for t in types)
    return f"{what} must be {expected}, not {describe(value)}."


def _enum_words(what: str, arg: Any, value: Any) -> str:
    if len(arg) == 1:
        return f"{what} is {describe(value)}; the only value it may have is '{arg[0]}'."
    choices = ", ".join(str(c) for c in arg)
    return f"{what} is {describe(value)}, which is not one of: {choices}{suggest(value, arg) or '.'}"


def _required_words(what: str, arg: Any, value: Any) -> str:
    missing = [k for k in arg if k not in value]
    keys = ", ".join(f"'{k}'" for k in missing)
    return f"{what} has no {keys}; {'it is' if len(missing) == 1 else 'they are'} required."


def _unique_words(what: str, arg: Any, value: Any) -> str:
    seen: list[Any] = []
    dup = None
    for item in value:
        if item in seen:
            dup = item
            break
        seen.append(item)
    return f"{what} lists {describe(dup)} twice; each item may appear once."


_WORDS: dict[str, Callable[[str, Any, Any], str]] = {
    "type": _type_words,
    "enum": _enum_words,
    "required": _required_words,
    "minimum": lambda what, arg, value: f"{what} must be at least {arg}, not {value}.",
    "maximum": lambda what, arg, value: f"{what} must be at most {arg}, not {value}.",
    "exclusiveMinimum": lambda what, arg, value: f"{what} must be larger than {arg}, not {value}.",
    "minItems": lambda what, arg, value: f"{what} must list at least {arg} item{'s' if arg != 1 else ''}.",
    "maxItems": lambda what, arg, value: f"{what} may list at most {arg} items.",
    "uniqueItems": _unique_words,
    "pattern": lambda what, arg, value: (f"{what} is {describe(value)}, which is not a valid id: use lower-case "
                                         "letters, digits and '_', starting with a letter."),
    "minLength": lambda what, arg, value: f"{what} must not be empty.",
    "maxLength": lambda what, arg, value: f"{what} is too long ({len(value)} characters; at most {arg}).",
    "maxProperties": lambda what, arg, value: f"{what} has more than {arg} entries.",
}
"""The words of each check of the schema a value fails: (the value's place in words, the check's
value, the value) -> a sentence."""


def _near_entry(error: ValidationError, path: Path_, root: Any, prefix: Path_) -> str:
    """For an entry of a mapping of ids (``role_table.roles.karsu``) that lacks required keys: the
    nearest complete entry it may have been meant to change (``'karasu'``), as a hint, else ""."""
    if error.validator != "required" or len(path) < 2 or not isinstance(error.instance, dict):
        return ""
    parent: Any = root
    for part in path[len(prefix):-1]:
        if not isinstance(parent, (dict, list)):
            return ""
        try:
            parent = parent[part]
        except (KeyError, IndexError, TypeError):
            return ""
    if not isinstance(parent, dict):
        return ""
    required: Any = error.validator_value
    complete = [k for k, v in parent.items() if k != path[-1] and isinstance(v, dict) and all(r in v for r in required)]
    near = suggest(path[-1], complete)
    if not near:
        return ""
    return f" Did you mean{near.partition('did you mean')[2]} (only a new entry needs them)"


def _problems(error: ValidationError, prefix: Path_, places: Places, root: Any = None) -> list[Problem]:
    path = prefix + tuple(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        return _unknown_keys(error, path, places)
    if error.validator == "propertyNames":
        key = error.instance
        return [Problem.at(places.of(path + (key,), key=True),
                           f"the key '{key}' in {_what(path)} is not a valid id: use lower-case letters, "
                           "digits and '_', starting with a letter.")]
    key_place = error.validator in ("required",) or isinstance(error.instance, (dict, list))
    return [Problem.at(places.of(path, key=key_place), _message(error, path) + _near_entry(error, path, root, prefix))]


def _order(problem: Problem, depth: int) -> tuple[int, str, int, int]:
    return (depth, problem.file, problem.line, problem.col)


def schema_problems(data: Any, places: Places, file_type: str = RULESET, prefix: Path_ = ()) -> list[Problem]:
    """Every way ``data`` breaks the schema of ``file_type``, shallowest (most fundamental) first.

    ``prefix`` is where ``data`` sits in the places (``("role_table",)`` for a role table read
    into a ruleset). A document found valid is remembered by its content (:func:`known_valid`),
    so that reading it again neither imports nor runs the validator.
    """
    digest = _digest(data, file_type)
    checker = _checker_key(tuple(KINDS.items()))
    valid = _known_valid(checker)
    if digest is not None and digest in valid:
        return []
    found: list[tuple[tuple[int, str, int, int], Problem, tuple[str, str]]] = []
    for error in _validator(file_type).iter_errors(data):
        depth = len(error.absolute_path)
        what = _what(prefix + tuple(error.absolute_path))
        # a node written once and used again through a YAML alias (*name) has one place and many
        # paths: its problem is the same one, told once
        found.extend((_order(p, depth), p, (p.place, p.message.replace(what, "")))
                     for p in _problems(error, prefix, places, data))
    found.sort(key=lambda item: item[0])
    unique: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    for _, problem, same in found:
        if same not in seen:
            seen.add(same)
            unique.append(problem)
    if not unique and digest is not None:
        _remember(checker, valid, digest)
    return unique


# -- documents known valid ------------------------------------------------------------------
# The digests of the documents (rule files and role tables, as read, variants resolved) found
# valid, kept in the user's cache folder (:mod:`.usercache`: JSON, read only when the user's own)
# for the schemas and validator they were checked with, in a file of their own (so that two
# installs, each with its own checker, do not take turns emptying one file); most recent last,
# at most this many.
MAX_VALID = 512


def verdicts_file(checker: str | None = None) -> str:
    """The name of the cache file of the verdicts of ``checker`` (by default the current one)."""
    return f"schema-valid-{(checker or _checker_key(tuple(KINDS.items())))[:32]}.json"


def known_valid() -> list[str]:
    """The digests of the documents known valid under the current schemas and validator."""
    return _known_valid(_checker_key(tuple(KINDS.items())))


@lru_cache(maxsize=4)
def _known_valid(checker: str) -> list[str]:
    """The digests kept for ``checker`` (read once a process; the list grows as more are found valid)."""
    from . import usercache

    kept = usercache.read_json(verdicts_file(checker))
    if not isinstance(kept, dict) or kept.get("checker") != checker:
        return []
    documents = kept.get("documents")
    return [d for d in documents if isinstance(d, str)] if isinstance(documents, list) else []


def _remember(checker: str, valid: list[str], digest: str) -> None:
    from . import usercache

    valid.append(digest)
    del valid[:-MAX_VALID]
    usercache.write_json(verdicts_file(checker), {"checker": checker, "documents": valid})


@lru_cache(maxsize=4)
def _checker_key(kinds: tuple[tuple[str, str], ...]) -> str:
    """What a verdict depends on besides the document: both schemas (with the parts of the play
    kinds registered, ``kinds``), this module and the installed jsonschema (their files' sizes
    and times)."""
    import hashlib
    import importlib.util
    import os

    spec = importlib.util.find_spec("jsonschema")
    files = [__file__] + ([os.path.join(os.path.dirname(spec.origin), "validators.py")] if spec and spec.origin else [])
    stamps = []
    for path in files:
        try:
            st = os.stat(path)
            stamps.append([path, st.st_size, st.st_mtime_ns])
        except OSError:
            stamps.append([path, None, None])
    text = json.dumps([schema(RULESET), schema(ROLE_TABLE), stamps], sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _digest(data: Any, file_type: str) -> str | None:
    """A digest of ``data`` as a document of ``file_type``, or None when it is not plain JSON (a key
    that is not text, a value JSON has no word for), which is then always checked."""
    import hashlib

    if not _plain(data):
        return None
    try:
        text = json.dumps([file_type, data], sort_keys=True, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return None
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _plain(value: Any) -> bool:
    """Whether every mapping in ``value`` has text keys (json.dumps would turn 1 into "1")."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if not all(isinstance(k, str) for k in v):
                return False
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return True


def error_paths(data: Any, file_type: str = RULESET, prefix: Path_ = ()) -> list[Path_]:
    """Where in ``data`` each break of the schema of ``file_type`` lies (``prefix`` as in
    :func:`schema_problems`)."""
    return [prefix + tuple(error.absolute_path) for error in _validator(file_type).iter_errors(data)]
