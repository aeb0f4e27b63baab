"""The answers to house rules' questions (:class:`~.actions.Choose`, docs/effects.md) in a game
record, for every play kind: ``{seat: S, choose: OPTION, question: COUNTER}`` among a round's
actions, in the order they were given."""

from __future__ import annotations

from typing import Any, Optional

from ..engine.actions import Choose
from .replaying import fail

KEYS = ("choose", "question")


def choose_item(action: object) -> Optional[dict[str, str]]:
    """The record item of an answer (without its seat), or None for any other action."""
    if isinstance(action, Choose):
        return {"choose": action.option, "question": action.question}
    return None


def parse_choose(item: dict[str, Any], where: str) -> Optional[tuple[int, Choose]]:
    """The seat and answer of a record item that holds ``choose``, or None for any other item."""
    if "choose" not in item:
        return None
    unknown = sorted(str(k) for k in item if k not in ("seat", *KEYS))
    if unknown:
        fail(where, f"an answer has a seat, choose and question; '{unknown[0]}' is not known"[:300])
    option, question = item.get("choose"), item.get("question")
    if not isinstance(option, str) or not isinstance(question, str):
        fail(where, "an answer names its option (choose) and its question (question) as text")
    return item["seat"], Choose(question, option)
