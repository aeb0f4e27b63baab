"""Settings given on the command line (``--set declaration.drop_fee.first=1,2,3``) as a variant.

A setting is a dotted path of keys and a comma-separated list of YAML scalars. Applied to a base
rule file it is merged exactly as a variant file's ``extends`` would merge it
(:func:`.loader.load_variant`), then checked like any rule file, so a bad key or value gets the
loader's error, placed at ``setting KEY`` (:func:`place_of`; a front end names its own option
there, :func:`setting_of`). Nothing is evaluated; sizes are bounded.

>>> parse_set("trick_settlement.per_trick=1, 2,3")
Setting(key='trick_settlement.per_trick', values=(1, 2, 3))
>>> parse_set("two_goers.pot_tie=false,split").values
(False, 'split')
>>> override_data([("declaration.drop_fee.first", 3), ("declaration.max_goers", 2)])
{'declaration': {'drop_fee': {'first': 3}, 'max_goers': 2}}
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import yaml

from .errors import HachiError
from .safetext import quote
from .yamlfile import Places

__all__ = ["Setting", "parse_set", "override_data", "override_places", "place_of", "setting_of", "without_examples",
           "MAX_VALUES"]

MAX_VALUES = 64             # values of one setting
MAX_VALUE_CHARS = 200       # characters of one value
MAX_DEPTH = 8               # keys in one dotted path
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}\Z")
_REFUSED = {"extends": "extends names other files; sweep over the base rule file instead",
            "role_table": "a role table cannot be replaced from the command line; set its keys "
                          "(role_table.roles.NAME.points=...)"}

Scalar = bool | int | float | str


@dataclass(frozen=True)
class Setting:
    """One ``--set``: a dotted key and the values to try, in order."""

    key: str
    values: tuple[Scalar, ...]


SETTING = "setting"          # the place of a problem with the settings as a whole


def place_of(key: str) -> str:
    """The place an error about a setting names.

    >>> place_of("chips.start"), setting_of(place_of("chips.start")), setting_of("rules.yaml:3:1")
    ('setting chips.start', 'chips.start', None)
    """
    return f"{SETTING} {key}"


def setting_of(place: str | None) -> str | None:
    """The dotted key a place made by :func:`place_of` names ("" for the settings as a whole),
    or None for any other place."""
    if place == SETTING:
        return ""
    head, _, key = (place or "").partition(" ")
    return key if head == SETTING and all(_KEY.match(p) for p in key.split(".")) else None


def parse_set(text: str) -> Setting:
    """Read ``KEY=V1,V2,...``; raise :class:`HachiError` (place ``setting``) on a malformed one."""
    key, eq, rest = text.partition("=")
    key = key.strip()
    if not eq or not key:
        raise HachiError(f"write a setting as KEY=VALUE[,VALUE...], e.g. trick_settlement.per_trick=1,2,3; "
                         f"got {quote(text, 60)}", SETTING)
    parts = key.split(".")
    if len(parts) > MAX_DEPTH or not all(_KEY.match(p) for p in parts):
        raise HachiError(f"{quote(key, 60)} is not a dotted path of setting names (letters, digits and "
                         f"_, at most {MAX_DEPTH} deep)", SETTING)
    if parts[0] in _REFUSED and (parts[0] != "role_table" or len(parts) == 1):
        raise HachiError(_REFUSED[parts[0]], place_of(key))
    raw = [v.strip() for v in rest.split(",")]
    if len(raw) > MAX_VALUES:
        raise HachiError(f"at most {MAX_VALUES} values for one setting, not {len(raw)}", place_of(key))
    return Setting(key, tuple(_scalar(key, v) for v in raw))


def _scalar(key: str, text: str) -> Scalar:
    if not text:
        raise HachiError("an empty value; give values separated by commas", place_of(key))
    if len(text) > MAX_VALUE_CHARS:
        raise HachiError(f"a value longer than {MAX_VALUE_CHARS} characters", place_of(key))
    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError:
        value = None
    if value is None or isinstance(value, (list, dict)) or not isinstance(value, (bool, int, float, str)):
        raise HachiError(f"{quote(text, 60)} is not a single value (a number, true/false or a word)",
                         place_of(key))
    return value


def override_data(pairs: Iterable[tuple[str, Scalar]]) -> dict[str, Any]:
    """The nested mapping a variant file would hold for these ``(dotted key, value)`` pairs."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        node = out
        *head, last = key.split(".")
        for part in head:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise HachiError(f"{key} sets a key inside a setting that is also given a value", place_of(key))
        node[last] = value
    return out


def override_places(pairs: Sequence[tuple[str, Scalar]], base: dict[str, Any]) -> Places:
    """Places for the overriding mapping: each setting's path, and those of its parents that
    ``base`` does not have, at ``setting KEY``."""
    places = Places(root=SETTING)
    for key, _ in pairs:
        parts = tuple(key.split("."))
        for n in range(len(parts), 0, -1):
            places.values[parts[:n]] = places.keys[parts[:n]] = place_of(key)
            if _has(base, parts[:n - 1]):
                break
    return places


def without_examples(data: dict[str, Any]) -> dict[str, Any]:
    """A ruleset's data with settings merged over it, without its examples (of the ruleset, its
    role table and its capture roles): examples are the test vectors of the file that writes them,
    as a variant file does not inherit its base's (:mod:`.variants`), and a setting that changes a
    role's value or pattern would make the base's examples wrong."""
    out = {k: v for k, v in data.items() if k != "examples"}
    if isinstance(out.get("role_table"), dict):
        out["role_table"] = {k: v for k, v in out["role_table"].items() if k != "examples"}
    from .kind_registry import KINDS, play_of, rule_kind

    play = play_of(out)             # the play kind's own role table (matching play's capture roles)
    at = rule_kind(play).own_roles_at if play in KINDS else ()
    if at:
        out = _without_at(out, at)
    return out


def _without_at(node: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    """``node`` with the mapping at ``path`` copied without its examples (each mapping on the way copied)."""
    inner = node.get(path[0])
    if not isinstance(inner, dict):
        return node
    if len(path) == 1:
        return {**node, path[0]: {k: v for k, v in inner.items() if k != "examples"}}
    return {**node, path[0]: _without_at(inner, path[1:])}


def _has(data: Any, path: tuple[str, ...]) -> bool:
    for part in path:
        if not isinstance(data, dict) or part not in data:
            return False
        data = data[part]
    return True
