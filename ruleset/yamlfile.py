"""Read one YAML file (a rule file, or a game record) safely, keeping the place of every value.

Rule files and records come from strangers, so this refuses, with one clear error each
(:class:`RuleFileError`, or the error class of the :class:`Limits` given), oversized files,
invalid UTF-8 and binary data, tabs in indentation, deep nesting, alias bombs, huge numbers,
duplicate keys, tags other than the plain JSON-like ones, and empty files.
Only plain ``dict``/``list``/``str``/``int``/``float``/``bool``/``None`` values are built.
"""

from __future__ import annotations

import math
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, cast

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.error import Mark
from yaml.resolver import Resolver
from yaml.events import Event
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

if TYPE_CHECKING:
    from yaml._yaml import Mark as CMark          # libyaml's marks, when PyYAML is built with it

from .errors import HachiError, RuleFileError
from .confine import confine
from .safetext import quote

MAX_FILE_BYTES = 128 * 1024     # rule files are a few KiB; parsing this much takes about half a second
MAX_DEPTH = 32                  # rule files nest 5 levels deep
MAX_NODES = 20_000              # values after expanding aliases (refuses "billion laughs")
MAX_NUMBER_CHARS = 18           # digits of a number, checked before converting it
MAX_STRING_CHARS = 10_000

Path_ = tuple[Any, ...]  # a path into the data: keys (str) and list indexes (int)



@dataclass(frozen=True)
class Limits:
    """What file is read (``what``, in words), the error it raises, and the bounds it must keep."""

    what: str = "rule file"
    shape: str = "a rule file is a YAML mapping of settings"
    merge_hint: str = "; use 'extends' to build on another rule file"
    error: type[HachiError] = RuleFileError
    max_bytes: int = MAX_FILE_BYTES
    max_depth: int = MAX_DEPTH
    max_nodes: int = MAX_NODES
    max_number_chars: int = MAX_NUMBER_CHARS
    max_string_chars: int = MAX_STRING_CHARS
    libyaml: bool = False       # scan and parse with libyaml (when PyYAML has it); its messages differ a little


    def refuse(self, message: str, file: str, line: int = 1, col: int = 1) -> HachiError:
        return self.error(message, f"{file}:{line}:{col}")


RULE_FILE = Limits(libyaml=True)

_TAG = "tag:yaml.org,2002:"
_PLAIN_TAGS = {_TAG + t for t in ("str", "int", "float", "bool", "null", "timestamp")}


@dataclass
class Places:
    """Where each path's key and value are written, as ``FILE:LINE:COL`` strings."""

    values: dict[Path_, str] = field(default_factory=dict)   # path -> place of the value
    keys: dict[Path_, str] = field(default_factory=dict)     # path -> place of the key
    root: str = "<memory>:1:1"

    def of(self, path: Path_ = (), key: bool = False) -> str:
        """The place of a path (its key when ``key``), else of its nearest ancestor."""
        path = tuple(path)
        tables = (self.keys, self.values) if key else (self.values, self.keys)
        while path:
            for table in tables:
                if path in table:
                    return table[path]
            path = path[:-1]
        return self.values.get((), self.root)

    def prefixed(self, prefix: Path_) -> "Places":
        """The same places under ``prefix`` (a role table read into ``role_table``)."""
        return Places({prefix + p: v for p, v in self.values.items()},
                      {prefix + p: v for p, v in self.keys.items()}, self.root)

    def dotted(self) -> dict[str, str]:
        """``{"roles.sanbon.pattern": "FILE:LINE:COL", ...}`` (value places)."""
        return {".".join(map(str, p)): v for p, v in self.values.items() if p}


@dataclass
class YamlDoc:
    """A parsed file: its data, its text and the places of its keys and values."""

    file: str
    data: Any
    text: str = ""
    places: Places = field(default_factory=Places)


def dotted(path: Path_) -> str:
    """``('roles', 'sanbon', 'go')`` -> ``roles.sanbon.go``; the root is ``the top level``."""
    return ".".join(str(p) for p in path) if path else "the top level"


def _short(tag: str) -> str:
    return "!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag


def _mark(mark: Mark | CMark) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


def read_bytes(path: Path, file: str, limits: Limits = RULE_FILE, root: str | None = None) -> bytes:
    """The bytes of the regular file ``path``, refusing anything larger than ``limits.max_bytes``.

    The file is opened without blocking and checked after opening, so a FIFO, a device, a socket
    or a folder is refused at once (even one swapped in between a check and the open). With
    ``root``, the file opened must lie under it, checked on the open file (:func:`confine.confine`).
    """
    try:
        _regular(os.stat(path).st_mode, file, limits)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as handle:
            _regular(os.fstat(fd).st_mode, file, limits)
            if root is not None:
                confine(fd, path, root, file)
            raw = handle.read(limits.max_bytes + 1)
    except FileNotFoundError:
        raise limits.error("there is no such file.", file) from None
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or "the name cannot be used"
        raise limits.refuse(f"the file cannot be read ({reason}).", file) from None
    if len(raw) > limits.max_bytes:
        raise limits.refuse(f"the file is larger than {limits.max_bytes // 1024} KiB, the limit for "
                            f"{limits.what}s.", file)
    return raw


def _regular(mode: int, file: str, limits: Limits) -> None:
    """Refuse anything but a regular file: a folder, a FIFO, a socket, a device."""
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise limits.refuse(f"this is a folder, not a {limits.what}.", file)
    found = next((word for test, word in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"),
                                          (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device")) if test(mode)),
                 "a special file")
    raise limits.refuse(f"this is not a regular file ({found}), so it cannot be a {limits.what}.", file)


def decode(raw: bytes, file: str, limits: Limits = RULE_FILE) -> str:
    """UTF-8 text without a byte order mark; binary data is refused at its first bad byte."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise limits.refuse(f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x} cannot start a "
                            f"character); {limits.what}s are UTF-8 YAML.", file, line, col) from None
    nul = text.find("\x00")
    if nul >= 0:
        line, col = _line_col(text, nul)
        raise limits.refuse("the file holds a NUL character, so it is binary data, not YAML.", file, line, col)
    bom = text.find("\ufeff")
    if bom >= 0:
        line, col = _line_col(text, bom)
        raise limits.refuse("the file holds a byte order mark (U+FEFF) after its start; only the first character of "
                            "a file may be one.", file, line, col)
    return text


def _line_col(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def check_tabs(text: str, file: str, limits: Limits = RULE_FILE) -> None:
    """Refuse a tab in the indentation of any line (YAML indents with spaces only)."""
    for number, line in enumerate(text.split("\n"), start=1):
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in indent and line.strip():
            raise limits.refuse("this line is indented with a tab; YAML indents with spaces only.",
                                file, number, indent.index("\t") + 1)


try:                                        # libyaml's scanner and parser, four times as fast, when built
    from yaml._yaml import CParser as _Parser

    _LIBYAML = True
except ImportError:                         # pragma: no cover - PyYAML without libyaml
    _LIBYAML = False


class _PyLoader(yaml.SafeLoader):
    """The pure-Python reader, scanner and parser (PyYAML without libyaml)."""


if _LIBYAML:
    class _Base(Composer, _Parser, SafeConstructor, Resolver):
        """libyaml's events, composed into nodes in Python (so the limits below apply as nodes
        are made): the parser is iterative, so no nesting reaches the C stack."""

        def __init__(self, stream: str) -> None:
            _Parser.__init__(self, stream)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            Composer.__init__(self)
else:                                       # pragma: no cover
    _Base = _PyLoader                       # type: ignore[misc,assignment]


class _Limited:
    """Composes nodes only, refusing nesting deeper than ``limits.max_depth`` and more than
    ``limits.max_nodes`` nodes as it goes (mixed into a loader below)."""

    _file: str
    _limits: Limits
    _depth: int
    _nodes: int

    if TYPE_CHECKING:
        def peek_event(self) -> Event | None: ...       # the loader's own

    def _start(self, file: str, limits: Limits) -> None:
        self._file = file
        self._limits = limits
        self._depth = 0
        self._nodes = 0

    def compose_node(self, parent: Node | None, index: int) -> Node | None:
        self._depth += 1
        self._nodes += 1
        try:
            lim = self._limits
            if self._depth > lim.max_depth or self._nodes > lim.max_nodes:
                event: Event | None = self.peek_event()
                line, col = _mark(event.start_mark) if event is not None and event.start_mark else (1, 1)
                if self._nodes > lim.max_nodes:     # counted while parsing: refused before it all is built
                    raise lim.refuse(f"the file holds more than {lim.max_nodes} values; a {lim.what} needs "
                                     "far fewer.", self._file, line, col)
                raise lim.refuse(f"the data is nested more than {lim.max_depth} levels deep.", self._file, line, col)
            return super().compose_node(parent, index)  # type: ignore[misc,no-any-return]  # the loader's own
        finally:
            self._depth -= 1


class _FastLoader(_Limited, _Base):
    def __init__(self, stream: str, file: str, limits: Limits) -> None:
        _Base.__init__(self, stream)
        self._start(file, limits)


class _Loader(_Limited, _PyLoader):
    def __init__(self, stream: str, file: str, limits: Limits) -> None:
        _PyLoader.__init__(self, stream)
        self._start(file, limits)


def _loader(text: str, file: str, limits: Limits) -> _FastLoader | _Loader:
    return (_FastLoader if limits.libyaml and _LIBYAML else _Loader)(text, file, limits)


class _Builder:
    """Turns composed nodes into plain data, recording places and counting values."""

    def __init__(self, doc: YamlDoc, loader: _FastLoader | _Loader, limits: Limits = RULE_FILE) -> None:
        self.doc, self.loader, self.limits, self.count = doc, loader, limits, 0
        self.lines: Optional[list[str]] = None     # the file's lines, split when a text spans several

    def place(self, node: Node) -> str:
        line, col = _mark(node.start_mark)
        return f"{self.doc.file}:{line}:{col}"

    def folded(self, node: ScalarNode, path: Path_) -> str:
        """The place of a text folded from several lines, each line's part at its real place."""
        from .folded import folded_place

        if self.lines is None:
            self.lines = self.doc.text.split("\n")
        return folded_place(self.doc.places.values[path], self.lines, node.start_mark.line, node.start_mark.column,
                            node.end_mark.line, str(node.value))

    def refuse(self, message: str, node: Node) -> HachiError:
        return self.limits.refuse(message, self.doc.file, *_mark(node.start_mark))

    def build(self, node: Node, path: Path_) -> Any:
        self.count += 1
        lim = self.limits
        if self.count > lim.max_nodes:
            raise self.refuse(f"the file expands to more than {lim.max_nodes} values (through aliases, "
                              f"perhaps); a {lim.what} needs far fewer.", node)
        if len(path) > lim.max_depth:
            raise self.refuse(f"the data is nested more than {lim.max_depth} levels deep (through aliases).", node)
        self.doc.places.values.setdefault(path, self.place(node))
        if isinstance(node, ScalarNode) and node.end_mark.line > node.start_mark.line:
            self.doc.places.values[path] = self.folded(node, path)
        if isinstance(node, MappingNode):
            return self.mapping(node, path)
        if isinstance(node, SequenceNode):
            if node.tag != _TAG + "seq":
                raise self.refuse(f"the tag {_short(node.tag)} is not allowed in {self.limits.what}s.", node)
            return [self.build(child, path + (i,)) for i, child in enumerate(node.value)]
        return self.scalar(cast(ScalarNode, node))         # neither a mapping nor a list

    def mapping(self, node: MappingNode, path: Path_) -> dict[str, Any]:
        if node.tag != _TAG + "map":
            raise self.refuse(f"the tag {_short(node.tag)} is not allowed in {self.limits.what}s.", node)
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _TAG + "merge":
                raise self.refuse(f"merge keys (<<) are not supported in {self.limits.what}s"
                                  f"{self.limits.merge_hint}.", key_node)
            if not isinstance(key_node, ScalarNode):
                raise self.refuse("a key must be plain text, not a list or a mapping.", key_node)
            key = key_node.value
            self.scalar(key_node)           # a key obeys the limits of every text
            if key in result:
                first = self.doc.places.keys[path + (key,)].rsplit(":", 2)[1]
                raise self.refuse(f"the key {quote(key)} appears twice in {dotted(path)} (first on line "
                                  f"{first}); keep one.", key_node)
            self.doc.places.keys[path + (key,)] = self.place(key_node)
            result[key] = self.build(value_node, path + (key,))
        return result

    def scalar(self, node: ScalarNode) -> Any:
        tag, text = node.tag, node.value
        if tag not in _PLAIN_TAGS:
            raise self.refuse(f"the tag {_short(tag)} is not allowed in {self.limits.what}s.", node)
        lim = self.limits
        if tag in (_TAG + "int", _TAG + "float") and len(text) > lim.max_number_chars:
            shown = text[:12] + "..."
            raise self.refuse(f"the number {shown} is {len(text)} characters long; numbers in {lim.what}s "
                              f"have at most {lim.max_number_chars}.", node)
        if tag == _TAG + "str" and len(text) > lim.max_string_chars:
            raise self.refuse(f"this text is {len(text)} characters long; the limit is {lim.max_string_chars}.", node)
        if tag == _TAG + "str" and not text.replace("\n", "").isprintable():
            bad = next(ch for ch in text if ch != "\n" and not ch.isprintable())
            raise self.refuse(f"this text holds the control character U+{ord(bad):04X}; {lim.what}s hold "
                              "printable text only (nothing in them may steer a terminal).", node)
        if tag == _TAG + "timestamp":
            return text
        value = self.loader.construct_object(node)
        if isinstance(value, float) and not math.isfinite(value):
            raise self.refuse(f"'{text}' is not a finite number.", node)
        return value


def _full_width_colon(text: str, line: int) -> tuple[int, int] | None:
    """(line, column) of the last full-width colon that ends a would-be key, at or before ``line``."""
    lines = text.splitlines()[:max(line, 1)]
    for n in range(len(lines), 0, -1):
        found = re.search(r"^\s*(?:- )?[^\s#'\"][^#'\"]*?(：)(?:\s|$)", lines[n - 1])
        if found:
            return n, found.start(1) + 1
    return None


def parse_text(text: str, file: str, limits: Limits = RULE_FILE) -> YamlDoc:
    """Parse YAML text (one document) into a :class:`YamlDoc`; refuse anything unsafe."""
    check_tabs(text, file, limits)
    doc = YamlDoc(file=file, data=None, text=text, places=Places(root=f"{file}:1:1"))
    loader = None
    try:
        loader = _loader(text, file, limits)
        node = loader.get_single_node()
        if node is None:
            raise limits.refuse(f"the file is empty; {limits.shape}.", file)
        doc.data = _Builder(doc, loader, limits).build(node, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = _mark(mark) if mark else (1, 1)
        problem = exc.problem or exc.context or "it does not parse"
        if "maximum nesting depth" in problem:          # libyaml's own bound, met while scanning ahead
            raise limits.refuse(f"the data is nested more than {limits.max_depth} levels deep.",
                                file, line, col) from None
        colon = _full_width_colon(text, line)
        if colon is not None:                 # YAML blames the line after; point at the colon itself
            raise limits.refuse("a full-width colon '：' (U+FF1A) stands where YAML needs ':'; write "
                                "the key as 'key: value' with an ASCII colon.", file, *colon) from None
        raise limits.refuse(f"this is not valid YAML: {problem}.", file, line, col) from None
    except yaml.reader.ReaderError as exc:
        position = exc.position                 # libyaml counts bytes of UTF-8, PyYAML characters
        if _LIBYAML:
            position = len(text.encode("utf-8")[:position].decode("utf-8", "ignore"))
        line, col = _line_col(text, position)
        raise limits.refuse(f"the file holds the character U+{exc.character:04X}, which YAML does not allow "
                            "(is it binary data?).", file, line, col) from None
    except yaml.YAMLError as exc:
        raise limits.refuse(f"this is not valid YAML: {exc}.", file) from None
    except RecursionError:
        raise limits.refuse(f"the data is nested too deeply (the limit is {limits.max_depth} levels).",
                            file) from None
    finally:
        if loader is not None:
            loader.dispose()
    return doc


def read_yaml(path: Path, file: str | None = None, limits: Limits = RULE_FILE, root: str | None = None) -> YamlDoc:
    """Read and parse the YAML file at ``path``; ``file`` is the name shown in places; with
    ``root``, the file opened must lie under that folder."""
    file = file if file is not None else str(path)
    return parse_text(decode(read_bytes(path, file, limits, root), file, limits), file, limits)
