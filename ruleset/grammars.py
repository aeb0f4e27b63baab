"""The LALR parsers of the project's grammars (``expressions.lark``, ``patterns.lark``): built
from the grammar once per grammar, options and version of Lark, their tables kept in the user's
cache folder (:mod:`.usercache`) and read from there on later starts (a few milliseconds, where
building the two takes some 40 on every start of a command that reads a rule file).

The tables are Lark's own serialized form (``Lark.memo_serialize``, read back by ``Lark.load``),
kept as JSON: a dict key that is an int is written ``"#N"``. What is read is data only, and what
it could name that runs (a transformer, a lexer callback, a post-lexer, a tree class, plug-ins) is
set to none before Lark reads it; tables that do not load, or were made for other options, are
built again.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from typing import Any

import lark
from lark import Lark

from . import usercache



def _inert() -> dict[str, Any]:
    """What the loaded options must say, whatever the file says: nothing that runs code."""
    return {"transformer": None, "postlex": None, "lexer_callbacks": {}, "tree_class": None, "_plugins": {},
            "edit_terminals": None, "regex": False, "use_bytes": False, "debug": False, "cache": False}


def lalr_parser(grammar: str, **options: Any) -> Lark:
    """The parser of ``grammar`` (a file of this package) made with ``options`` (Lark's, with
    ``parser="lalr"``), its tables read from the cache when made there for the same grammar,
    options and Lark, else built and kept there."""
    text = resources.files("hachihachi.ruleset").joinpath(grammar).read_text(encoding="utf-8")
    key = hashlib.sha256(json.dumps([lark.__version__, text, options], sort_keys=True).encode()).hexdigest()[:32]
    name = f"lark-{grammar.removesuffix('.lark')}-{key}.json"
    kept = usercache.read_json(name, object_hook=_int_keys)
    if kept is not None:
        parser = _loaded(kept, options)
        if parser is not None:
            return parser
    parser = Lark(text, **options)
    data, memo = parser.memo_serialize([lark.lexer.TerminalDef, lark.grammar.Rule])
    try:
        usercache.write_json(name, _encoded({"data": data, "memo": memo}))
    except TypeError:           # tables this form cannot keep: built on every start
        pass
    return parser


def _loaded(kept: Any, options: dict[str, Any]) -> Lark | None:
    """The parser of the kept tables, or None when they do not load as tables made with ``options``."""
    try:
        tables, data = kept, kept["data"]
        data.pop("grammar", None)
        data["options"].update(_inert(), **options)
        parser = Lark.load(tables)
        return parser if parser.options.parser == "lalr" else None
    except Exception:           # a strange file can fail anywhere in Lark's reading: then it is built again
        return None


def _encoded(value: Any) -> Any:
    """``value`` (Lark's serialized data: dicts, lists, tuples, strings, numbers) as JSON values."""
    if isinstance(value, dict):
        return {(f"#{k}" if isinstance(k, int) else _checked(k)): _encoded(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_encoded(v) for v in value]
    return value


def _checked(key: str) -> str:
    if key.startswith("#"):
        raise TypeError(f"a key of Lark's tables starts with '#': {key!r}")    # not kept (write_json)
    return key


def _int_keys(pairs: dict[str, Any]) -> dict[Any, Any]:
    """A JSON object read back, its ``"#N"`` keys ints again (:func:`_encoded`)."""
    return {(int(k[1:]) if k[:1] == "#" else k): v for k, v in pairs.items()}
