"""The hand-role table as written in a rule file: frozen dataclasses and their builder.

``roles.py`` compiles a :class:`RoleTable` into an evaluator; ``model.py`` holds one per ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping


@dataclass(frozen=True)
class Name:
    ja: str
    en: str

    def __call__(self, lang: str = "en") -> str:
        return self.ja if lang == "ja" else self.en


@dataclass(frozen=True)
class RoleDef:
    id: str
    name: Name
    group: str | None
    pattern: str
    go: int
    forced: int
    place: str | None = None          # FILE:LINE:COL of the pattern string, for errors


@dataclass(frozen=True)
class Combo:
    id: str
    roles: tuple[str, ...]
    go: int
    forced: int
    name: Name | None = None


@dataclass(frozen=True)
class RoleExample:
    hand: str
    roles: tuple[str, ...]
    go: int | None = None
    forced: int | None = None
    trump: str | None = None
    indicator: str | None = None
    place: str | None = None


@dataclass(frozen=True)
class RoleTable:
    """The hand-role table as written; ``roles.py`` compiles it into an evaluator."""

    classes: Mapping[str, str]
    groups: Mapping[str, Name]
    roles: tuple[RoleDef, ...]
    combos: tuple[Combo, ...] = ()
    examples: tuple[RoleExample, ...] = ()
    ace_low: bool = True
    class_places: Mapping[str, str] = field(default_factory=dict)

    def role(self, role_id: str) -> RoleDef:
        for r in self.roles:
            if r.id == role_id:
                return r
        raise KeyError(role_id)


def _name(data: Mapping[str, Any] | None, fallback: str) -> Name:
    data = data or {}
    return Name(ja=str(data.get("ja", fallback)), en=str(data.get("en", fallback)))



def build_role_table(data: Mapping[str, Any], places: Mapping[str, str] | None = None) -> RoleTable:
    """Build a :class:`RoleTable` from the plain data of a (schema-valid) role table.

    ``places`` maps dotted paths such as ``roles.sanbon.pattern`` to ``FILE:LINE:COL``.
    """
    places = places or {}
    roles = tuple(
        RoleDef(
            id=rid,
            name=_name(r.get("name"), rid),
            group=r.get("group"),
            pattern=str(r["pattern"]),
            go=int(r.get("go", 0)),
            forced=int(r.get("forced", 0)),
            place=places.get(f"roles.{rid}.pattern"),
        )
        for rid, r in (data.get("roles") or {}).items()
    )
    combos = tuple(
        Combo(id=cid, roles=tuple(c["roles"]), go=int(c["go"]), forced=int(c.get("forced", 0)),
              name=_name(c.get("name"), cid) if c.get("name") else None)
        for cid, c in (data.get("combos") or {}).items()
    )
    examples = tuple(
        RoleExample(
            hand=" ".join(e["hand"]) if isinstance(e["hand"], list) else str(e["hand"]),
            roles=tuple(e.get("roles", ())),
            go=e.get("go"),
            forced=e.get("forced"),
            trump=e.get("trump"),
            indicator=e.get("indicator"),
            place=places.get(f"examples.{i}"),
        )
        for i, e in enumerate(data.get("examples") or ())
    )
    return RoleTable(
        classes=MappingProxyType({k: str(v) for k, v in (data.get("classes") or {}).items()}),
        groups=MappingProxyType({k: _name((g or {}).get("name"), k) for k, g in (data.get("groups") or {}).items()}),
        roles=roles,
        combos=combos,
        examples=examples,
        ace_low=bool((data.get("runs") or {}).get("ace_low", True)),
        class_places=MappingProxyType({k: places.get(f"classes.{k}", "") for k in (data.get("classes") or {})}),
    )
