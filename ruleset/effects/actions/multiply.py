"""``multiply``: the rest of the round's transfers of some kinds multiplied (docs/effects.md, "multiply")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Optional

from ...catalog import say
from ...effect_words import kinds_words
from ...expressions import INT, Expression
from ...kind_registry import transfer_named
from ..facts import multiplied_by_default
from ..whens import point_phases
from ..model import GAME_END, ROUND_END, ActionBase, Problem, Run, bounded
from .schema import NUMBER


@dataclass(frozen=True, slots=True)
class Multiplied:
    """The rest of the round's transfers of ``kinds`` are multiplied by ``by`` (effect ``name``)."""

    round: int
    by: int
    kinds: tuple[str, ...]
    name: str


def _told(n: Any, e: Multiplied) -> str:
    return "  " + say(n.lang, "effects.multiplied", by=e.by, kinds=kinds_words(e.kinds, n.lang), name=e.name)


@dataclass(frozen=True)
class Multiply(ActionBase):
    """The rest of the round's transfers of ``kinds`` multiplied by ``by``."""

    by: Expression
    kinds: tuple[str, ...]

    key: ClassVar[str] = "multiply"
    summary: ClassVar[str] = "multiply the rest of the round's transfers of some kinds"
    schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "required": ["by"],
        "additionalProperties": False,
        "properties": {
            "by": NUMBER,
            "applies_to": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/transfer"},
                           "description": "The kinds of transfer multiplied (default: tricks, roles, forced_out, "
                                          "mizuten, effect)."},
        },
        "description": "Multiply the rest of the round's transfers.",
    }
    tellers = {Multiplied: _told}

    @classmethod
    def build(cls, body: Any, at: tuple[object, ...], b: Any, name: str) -> Multiply:
        kinds = tuple(body.get("applies_to") or multiplied_by_default(getattr(b.rules, "play", "")))
        return cls(b.expr(body["by"], (*at, "by"), INT, per_seat=False), kinds)

    def check(self, when: str, rules: Any) -> Optional[Problem]:
        if when in (ROUND_END, GAME_END):
            at = " or ".join(f"'{p}'" for p in point_phases())
            return (f"a multiplier at '{when}' multiplies nothing: every transfer of the round is made; use it "
                    f"{at}.", ())
        return None

    def words(self, lang: str = "en") -> str:
        return say(lang, "effects.multiply", kinds=kinds_words(self.kinds, lang), by=self.by.text)

    def run(self, r: Run) -> None:
        t = r.table
        rnd = t.round
        by = bounded(int(self.by.evaluate(r.facts)), "the multiplier")
        scale = rnd.scale if rnd.scale is not None else {}
        for kind in self.kinds:
            key = transfer_named(kind)
            scale[key] = bounded(scale.get(key, 1) * by, "the multiplier")
        rnd.scale = scale
        t.emit(Multiplied(rnd.index, by, self.kinds, r.name))
        return None
