"""Check many rule files at once, as ``hachi validate`` does (cli/problem_format.py prints the problems)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from .loader import analyse, check_file, standard_ruleset
from .part_registry import parts_of
from .problems import Problem
from .reach import rule_files


def check_paths(paths: Iterable[str | Path]) -> dict[str, list[Problem]]:
    """Every file found under ``paths`` with its problems (an empty list when it is valid)."""
    return {file: check_file(file, root) for file, root in rule_files(paths).items()}


def never_occurring(file: str, root: str | None = None) -> list[str]:
    """``PLACE: warning: ...`` for each role of a valid file that no hand can have.

    This counts every role over all hands (about a second per distinct role table), so
    ``hachi validate`` does it only when asked (``--warnings``); tables met twice are counted once
    (:func:`.stats.impossible_roles`).
    """
    return _never_occurring(analyse(Path(file), file, root=root), file)


def _never_occurring(analysis: Any, file: str) -> list[str]:
    import dataclasses

    from .stats import warnings

    ruleset = analysis.ruleset
    if ruleset is None and analysis.table is not None:
        ruleset = dataclasses.replace(standard_ruleset(), roles=analysis.table, source=file)
    if ruleset is None:
        return []
    return [_own_place(line, file, analysis.extends_place, analysis.chain) for line in warnings(ruleset)]


def growing_effects(file: str, root: str | None = None) -> list[str]:
    """``PLACE: warning: ...`` for each effect of a valid file that can grow a counter without
    bound (:func:`.growth.growing`)."""
    return _growing(analyse(Path(file), file, root=root), file)


def _growing(analysis: Any, file: str) -> list[str]:
    from .growth import growing

    ruleset = analysis.ruleset
    if ruleset is None:
        return []
    return growing((*ruleset.effects, *(e for _, effects in ruleset.settlement for e in effects)), file)


def file_warnings(file: str, root: str | None = None, lang: str = "en") -> list[str]:
    """Every warning of ``hachi validate --warnings`` for a valid file: roles no hand can have,
    effects that can grow a counter without bound, and what can never move chips (:mod:`.idle`, in
    ``lang``: among them an effect that reads roles before they are shown); the file analysed once
    for all."""
    analysis = analyse(Path(file), file, root=root)
    return (_never_occurring(analysis, file) + _growing(analysis, file) + _idle(analysis, file, lang)
            + _dropped_effects(analysis, file, root, lang))


def _dropped_effects(analysis: Any, file: str, root: str | None, lang: str) -> list[str]:
    """A variant whose own ``effects:`` leaves out effects of its base: a list replaces the base's
    (docs/house-rules.md), so those effects no longer apply; often meant as an addition."""
    from .catalog import say
    from .variants import resolve

    own = analysis.places.get("effects")
    if analysis.ruleset is None or analysis.extends_place is None or own is None or Problem.at(own, "").file != file:
        return []
    files = resolve(Path(file), file, root=root).files
    base = analyse(Path(files[1]), files[1]) if len(files) > 1 else None
    if base is None or base.ruleset is None:
        return []
    mine = {e.name for e in analysis.ruleset.effects}
    left = [e.name for e in base.ruleset.effects if e.name not in mine]
    if not left:
        return []
    text = say(lang, "idle.effects_replaced", base=analysis.chain[1], names=", ".join(f"'{n}'" for n in left))
    return [f"{own}: {say(lang, 'idle.warning')}: {text}"]


def idle_warnings(file: str, root: str | None = None, lang: str = "en") -> list[str]:
    """``PLACE: warning: ...`` (in ``lang``) for what of a valid file can never move chips (:mod:`.idle`)."""
    return _idle(analyse(Path(file), file, root=root), file, lang)


def _idle(analysis: Any, file: str, lang: str) -> list[str]:
    """What of a valid file can never move chips (:func:`.idle.idle_warnings`), each in ``lang``;
    one written in a base is placed at the file's ``extends`` and says where it is written."""
    from .catalog import say
    from .idle import CASES

    ruleset = analysis.ruleset
    if ruleset is None:
        return []
    word, out = say(lang, "idle.warning"), []
    cases = CASES + tuple(case for part in parts_of(ruleset) for case in part.warnings)    # go/drop's too
    for case in cases:
        for place, msg, values in case(ruleset, analysis.places):
            text, at = say(lang, msg, **values), place or file
            if analysis.extends_place is not None and Problem.at(at, "").file != file:
                text = say(lang, "idle.inherited", message=text.rstrip(".。"), chain=" -> ".join(analysis.chain),
                           place=at)
                at = analysis.extends_place
            out.append(f"{at}: {word}: {text}")
    return out


def _own_place(line: str, file: str, extends_place: str | None, chain: tuple[str, ...]) -> str:
    """A warning about a role a variant inherits, placed at the variant's ``extends`` (the file
    the user checks) and saying where in the base the role is written; others as they are."""
    place, sep, rest = line.partition(": warning: ")
    if not sep or extends_place is None or Problem.at(place, "").file == file:
        return line
    return (f"{extends_place}: warning: {rest.rstrip('.')} (inherited through {' -> '.join(chain)}; "
            f"written at {place}).")

