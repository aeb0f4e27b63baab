"""Resolve ``extends``: read a file and its bases, and merge them into one plain mapping.

Mappings merge deeply, scalars and lists replace, ``null`` removes a key and ``{}`` empties a
mapping of the base; a role table named by path is read into the ruleset first, so a variant
changes it role by role. Places follow the values: each path keeps the place of the file that
wrote it.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from .bundled import RULESET, ROLE_TABLE, is_name, kind_hint
from .errors import RuleFileError
from .confine import Outside, inside
from .reach import locate, root_of
from .safetext import escape, quote
from .yamlfile import RULE_FILE, Path_, Places, YamlDoc, decode, dotted, parse_text, read_bytes

MAX_CHAIN = 8                   # files in one chain of extends
MAX_CHAIN_BYTES = 160 * 1024    # bytes of all files of one chain: one file of the largest size and its bases

_ROLE_KEYS = {"classes", "runs", "groups", "roles", "combos", "examples"}
_FILE_WORDS = {RULESET: "a rule file", ROLE_TABLE: "a role table"}


@dataclass
class Resolved:
    """A file with its bases merged in: plain data, places, the chain of files, its file type."""

    data: dict[str, Any]
    places: Places
    chain: tuple[str, ...]
    file_type: str
    path: Path
    files: tuple[str, ...] = ()          # the file name in places of each file of the chain
    extends_place: str | None = None     # where this file says ``extends``


def merge(base: Any, over: Any) -> Any:
    """Deep merge: mappings key by key, anything else replaced; ``None`` removes a key; an empty
    mapping (``{}``) replaces the base's, clearing it."""
    if not (isinstance(base, dict) and isinstance(over, dict)):
        return over
    out = dict(base)
    for key, value in over.items():
        if value is None:
            out.pop(key, None)
        elif key in out and value != {}:
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def missing_removal(base: Any, over: Any, path: Path_ = ()) -> tuple[Path_, str] | None:
    """The first ``KEY: null`` of ``over`` whose key ``base`` does not have (a misspelt removal,
    which would remove nothing), as (its path, the message), else None."""
    if not (isinstance(base, dict) and isinstance(over, dict)):
        return None
    for key, value in over.items():
        if value is None and key not in base:
            where = f"in {dotted(path)}" if path else "at the top level"
            from .schema import suggest         # the schema's words (imported late: it reads the registry)

            near = suggest(key, [k for k in base if isinstance(k, str)])
            return path + (key,), (f"{quote(str(key))} {where} removes a key the base does not have"
                                   f"{near or ', so it removes nothing.'}")
        found = missing_removal(base.get(key), value, path + (key,))
        if found:
            return found
    return None


def _keep_own_examples(merged: dict[str, Any], own: dict[str, Any]) -> None:
    """Examples are the test vectors of the file that writes them: they are not inherited.

    A variant that changes a role could make its base's examples wrong; the base's examples are
    checked in the base, and a variant states the examples its own table must pass.
    """
    if "examples" not in own:
        merged.pop("examples", None)
    table, own_table = merged.get("role_table"), own.get("role_table")
    if isinstance(table, dict) and not (isinstance(own_table, dict) and "examples" in own_table):
        merged["role_table"] = {k: v for k, v in table.items() if k != "examples"}


def merge_places(data: Any, base: Places, over: Places) -> Places:
    """The places of merged ``data``: the overriding file's where it wrote the path, else the base's
    (every path of ``data``, each before the paths inside it, in the order written)."""
    merged = Places(root=over.root)
    values, keys = merged.values, merged.keys
    over_values, over_keys, base_values, base_keys = over.values, over.keys, base.values, base.keys
    stack: list[tuple[Path_, Any]] = [((), data)]
    while stack:
        path, node = stack.pop()
        place = over_values.get(path) or base_values.get(path)
        if place is not None:
            values[path] = place
        place = over_keys.get(path) or base_keys.get(path)
        if place is not None:
            keys[path] = place
        if isinstance(node, dict):
            stack.extend((path + (key,), value) for key, value in reversed(node.items()))
        elif isinstance(node, list):
            stack.extend((path + (index,), node[index]) for index in range(len(node) - 1, -1, -1))
    return merged


def detect_kind(data: dict[str, Any], text: str) -> str | None:
    """``ruleset`` or ``role_table`` by the keys a file uses (then its modeline); None if unclear."""
    role_keys = len(_ROLE_KEYS & set(data))
    rule_keys = len(set(data) - _ROLE_KEYS - {"extends", "description"})
    if role_keys != rule_keys:
        return ROLE_TABLE if role_keys > rule_keys else RULESET
    return kind_hint(text)


READS: list[list[str]] = []
"""The lists that note, while they are here, the absolute path of every file a chain reads (the
file, its bases, its role table; :func:`noting`)."""


@contextmanager
def noting() -> Iterator[list[str]]:
    """A list of the files every chain reads while the block runs (:mod:`.verdicts` stamps them)."""
    reads: list[str] = []
    READS.append(reads)
    try:
        yield reads
    finally:
        READS.remove(reads)


class _Reader:
    """Reads one chain of files, refusing cycles, long or large chains and bases of the wrong kind.

    Every name a file writes is followed only as :func:`reach.locate` allows, and a file that
    some other file names (a base, a role table; a record's ruleset) is *foreign*: when it is not
    a rule file, one line says so and nothing of its content is shown.
    """

    def __init__(self) -> None:
        self.stack: list[tuple[Path, str]] = []
        self.total = 0          # bytes read in this chain

    def chain_text(self, extra: str | None = None) -> str:
        names = [name for _, name in self.stack] + ([extra] if extra else [])
        return " -> ".join(escape(name, 200) for name in names)

    def read(self, path: Path, shown: str, file_type: str | None, root: str, place: str | None = None,
             ref: str | None = None) -> Resolved:
        """Read ``path`` (named ``ref`` at ``place`` by another file; given by the user when ``place`` is None)."""
        if len(self.stack) >= MAX_CHAIN:
            raise RuleFileError(f"the chain of extends is longer than {MAX_CHAIN} files: {self.chain_text(shown)}.",
                                f"{self.stack[-1][1]}")
        self.stack.append((path, shown))
        for reads in READS:
            reads.append(os.path.abspath(path))
        try:
            return self._read(path, shown, file_type, root, place, ref or shown)
        finally:
            self.stack.pop()

    def _count(self, path: Path, place: str | None) -> None:
        try:
            size = os.stat(path).st_size
        except (OSError, ValueError):
            return              # the reader says why it cannot read the file
        if size > RULE_FILE.max_bytes:
            return              # the reader refuses the file itself, naming its own limit
        self.total += size
        if self.total > MAX_CHAIN_BYTES:
            raise RuleFileError(f"the chain of extends is larger than {MAX_CHAIN_BYTES // 1024} KiB in all: "
                                f"{self.chain_text()}.", place or self.stack[0][1])

    def _doc(self, path: Path, shown: str, place: str | None, ref: str, root: str) -> YamlDoc:
        self._count(path, place)
        if place is None:
            return _read_cached(path, str(path) if is_name(shown) else shown, root)
        try:
            doc = _read_cached(path, str(path) if is_name(shown) else shown, root)
        except Outside:
            raise RuleFileError(f"{quote(ref, 200)} is outside the folder {quote(root, 200)} as it is opened (a "
                                "link out of it, perhaps swapped in while it was read); nothing of it is read.",
                                place) from None
        except RuleFileError:
            raise RuleFileError(f"{quote(ref, 200)} is not a rule file: it cannot be read as one "
                                f"(nothing of it is shown; 'hachi validate' on it says why).", place) from None
        if not isinstance(doc.data, dict) or not set(doc.data) <= _known_keys():
            raise RuleFileError(f"{quote(ref, 200)} is not a rule file: it is not a mapping of rule-file keys "
                                f"(nothing of it is shown; 'hachi validate' on it says why).", place)
        return doc

    def _read(self, path: Path, shown: str, file_type: str | None, root: str, place: str | None, ref: str) -> Resolved:
        doc = self._doc(path, shown, place, ref, root)
        if not isinstance(doc.data, dict):
            what = "a list" if isinstance(doc.data, list) else "a single value"
            raise RuleFileError(f"the file holds {what}; a rule file is a YAML mapping of settings.", doc.places.root)
        mine = detect_kind(doc.data, doc.text)
        data, places = dict(doc.data), doc.places
        base = self._base(data, places, path, mine or file_type, root)
        actual = mine or (base.file_type if base else None) or file_type or RULESET
        own_table = None
        if actual == RULESET and isinstance(data.get("role_table"), (str, dict)):
            own_table = self._role_table(data["role_table"], places, path, root)
            data["role_table"] = own_table.data
            places = _with_table(places, own_table)
        data.pop("extends", None)
        if base is None:
            return Resolved(data, places, (shown,), actual, path, (doc.file,))
        table_named = isinstance(doc.data.get("role_table"), str)     # replaces the base's table whole
        wrong = missing_removal(base.data, {k: v for k, v in data.items() if not (table_named and k == "role_table")})
        if wrong:
            raise RuleFileError(wrong[1], places.of(wrong[0], key=True))
        merged = merge(base.data, data)
        if own_table is not None and isinstance(doc.data.get("role_table"), str):
            merged["role_table"] = own_table.data        # a role table named by path replaces the base's
        _keep_own_examples(merged, data)
        return Resolved(merged, merge_places(merged, base.places, places), (shown,) + base.chain, actual, path,
                        (doc.file,) + base.files, places.of(("extends",)))

    def _base(self, data: dict[str, Any], places: Places, path: Path, file_type: str | None,
              root: str) -> Resolved | None:
        ref = data.get("extends")
        if ref is None:
            return None
        place = places.of(("extends",))
        if not isinstance(ref, str) or not ref:
            raise RuleFileError("extends must name a bundled ruleset or a rule file's path.", place)
        target, base_root = locate(ref, path, root, place, "rule file", file_type)
        shown = ref if is_name(ref) else _relative_name(path, ref)
        if any(os.path.realpath(target) == os.path.realpath(seen) for seen, _ in self.stack):
            raise RuleFileError(f"extends makes a cycle: {self.chain_text(shown)}.", place)
        base = self.read(target, shown, file_type, base_root, place, ref)
        if file_type and base.file_type != file_type:
            raise RuleFileError(f"the base {quote(ref)} is {_FILE_WORDS[base.file_type]}, "
                                f"not {_FILE_WORDS[file_type]}.", place)
        return base

    def _role_table(self, ref: str | dict[str, Any], places: Places, path: Path, root: str) -> Resolved:
        place = places.of(("role_table",))
        if isinstance(ref, dict):
            if "extends" not in ref:
                return Resolved(ref, places, (), ROLE_TABLE, path)
            raise RuleFileError("a role table written inside a rule file cannot use extends; "
                                "name its file in role_table, or change the base's table key by key.", place)
        target, table_root = locate(ref, path, root, place, "role table", ROLE_TABLE)
        shown = ref if is_name(ref) else _relative_name(path, ref)
        table = self.read(target, shown, ROLE_TABLE, table_root, place, ref)
        if table.file_type != ROLE_TABLE:
            raise RuleFileError(f"role_table names {quote(ref)}, which is a rule file, not a role table.", place)
        return table


def _known_keys() -> frozenset[str]:
    """Every top-level key a rule file or a role table may have."""
    from .schema import schema

    return frozenset(schema(RULESET)["properties"]) | frozenset(schema(ROLE_TABLE)["properties"])


_CACHE: dict[tuple[str, bytes], YamlDoc] = {}
_CACHE_SIZE = 32


def _read_cached(path: Path, file: str, root: str) -> YamlDoc:
    """Parse a file once per process while its bytes are the same (bases are shared by many
    variants); the file is read every time, and must lie under ``root`` as it is opened."""
    raw = read_bytes(path, file, RULE_FILE, root)
    key = (os.path.realpath(path), raw)
    doc = _CACHE.get(key)
    if doc is None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        doc = _CACHE[key] = parse_text(decode(raw, file), file)
    return doc if doc.file == file else _relabel(doc, file)


def _relabel(doc: YamlDoc, file: str) -> YamlDoc:
    """The same document with its places naming the file ``file``."""
    cut = len(doc.file)
    places = Places({p: file + v[cut:] for p, v in doc.places.values.items()},
                    {p: file + v[cut:] for p, v in doc.places.keys.items()}, f"{file}:1:1")
    return YamlDoc(file, doc.data, doc.text, places)


def _with_table(places: Places, table: Resolved) -> Places:
    if table.chain:             # read from its own file: its places point into that file
        merged = Places({k: v for k, v in places.values.items() if k[:1] != ("role_table",) or k == ("role_table",)},
                        {k: v for k, v in places.keys.items() if k[:1] != ("role_table",) or k == ("role_table",)},
                        places.root)
        inner = table.places.prefixed(("role_table",))
        inner.values.pop(("role_table",), None)
        merged.values.update(inner.values)
        merged.keys.update(inner.keys)
        return merged
    return places


def _relative_name(path: Path, ref: str) -> str:
    return str(Path(str(path)).parent / ref) if not Path(ref).is_absolute() else ref


def resolve(path: Path, shown: str | None = None, file_type: str | None = None, root: str | None = None,
            named_at: str | None = None, ref: str | None = None) -> Resolved:
    """Read ``path`` and every base it extends, merged; raise :class:`RuleFileError` on the first problem.

    ``file_type`` (``ruleset`` or ``role_table``) is what the file must be, when the caller knows.
    ``root`` is the folder every name in the chain keeps to (by default the folder of ``path``).
    ``named_at`` is the place of the name of ``path`` when another file (a record) names it: the
    file is then foreign, and read as a base is; ``ref`` is the name written there.
    """
    shown = shown if shown is not None else str(path)
    root = root if root is not None else root_of(path)
    if named_at is None and not inside(root, os.path.realpath(path)):
        raise RuleFileError(f"this file is a link to a file outside the folder {quote(root, 200)}, "
                            "so it is not read.", f"{shown}:1:1")
    resolved = _Reader().read(path, shown, file_type, root, named_at, ref)
    if file_type and resolved.file_type != file_type:
        raise RuleFileError(f"{quote(shown, 200)} is {_FILE_WORDS[resolved.file_type]}, not {_FILE_WORDS[file_type]}.",
                            named_at or f"{shown}:1:1")
    return resolved
