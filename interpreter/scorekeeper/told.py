"""Told rounds: what a table tells in place of a deal and a play (the scorekeeper, docs/scorekeeper.md).

A round played with real cards is settled by the ruleset's own phases. Only the deal and the play
(and the phases that read cards the table does not tell) are replaced, by phases that take what
the table saw instead of every card: the turned card or the field cards and the hands laid open
or the roles claimed (:class:`ToldDeal`), then the result of the play. Which phases a play kind
replaces, and how its part of a score sheet reads, is its :class:`ToldKind`
(``Kind.told``, :mod:`..engine.kindplugin`). The told phases leave the round state the settlement
phases read, so no settlement is written twice.

>>> from hachihachi.ruleset.loader import load_ruleset
>>> table = load_ruleset("hachihachi_trick").roles
>>> claimed(table, ["sanbon"]).ids
('sanbon',)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Protocol, Union, runtime_checkable

from ...ruleset.errors import IllegalAction
from ...ruleset.model import PhaseName, Ruleset
from ...ruleset.roles import Resolution, RoleHit, RoleResult, resolve_roles
from ..engine.phases.base import PhaseRule
from ..engine.phases.rolecache import RoleCache
from ..parts.go_drop.rules import NAME, counted_classes, go_drop_rules

if TYPE_CHECKING:
    from .sheetround import RoundReader

__all__ = ["Claim", "ToldDeal", "ToldKind", "ToldRoles", "Told", "check_told", "claimed", "resolve_claim", "spread",
           "told_hands"]


@dataclass(frozen=True)
class Claim:
    """A hand not laid open: the roles its holder claims and, when forced out, the aces (T14)."""

    roles: tuple[str, ...] = ()
    aces: int = 0


Hand = Union[tuple[int, ...], Claim]


@dataclass(frozen=True)
class ToldDeal:
    """What the table saw of the deal: per seat the hand laid open or a :class:`Claim`; the turned
    card (trick game) or the field cards (hanafuda), or else the field by its id."""

    hands: tuple[Hand, ...]
    indicator: Optional[int] = None
    field_cards: tuple[int, ...] = ()
    field: Optional[str] = None


def resolve_claim(table: Any, ids: Any) -> Resolution:
    """The roles of a claim, resolved as a hand holding exactly them would be (groups, combos).

    A claimed combo stands for the roles it combines.
    """
    wanted = set(ids)
    for combo in table.combos:
        if combo.id in wanted:
            wanted |= set(combo.roles)
    return resolve_roles(table, [role.id in wanted for role in table.roles])


def claimed(table: Any, ids: Any) -> RoleResult:
    """:func:`resolve_claim` as a role result, with no cards shown."""
    res = resolve_claim(table, ids)
    return RoleResult(tuple(RoleHit(h.id, h.go, h.forced, ()) for h in res.hits), res.go, res.forced)


class ToldRoles:
    """Stands in for the phases' role cache: a laid-open hand is evaluated, a claim is taken at its word."""

    def __init__(self, cache: RoleCache, ruleset: Ruleset):
        self.cache, self.ruleset = cache, ruleset
        classes = list(go_drop_rules(ruleset).forced_out.per_card) if NAME in ruleset.parts else []
        self.ace_class = "ace" if "ace" in classes else (classes[0] if classes else None)

    def values(self, hand: Any, trump: Any, indicator: Any) -> Any:
        if isinstance(hand, Claim):
            return resolve_claim(self.ruleset.roles, hand.roles)
        return self.cache.values(hand, trump, indicator)

    def count_class(self, name: str, hand: Any, trump: Any, indicator: Any) -> int:
        if isinstance(hand, Claim):
            return hand.aces if name == self.ace_class else 0
        return int(self.cache.count_class(name, hand, trump, indicator))


class Told:
    """The legal actions of a told phase: whatever the table tells is checked by the sheet
    reader; here only its kind."""

    def __init__(self, *kinds: type):
        self.kinds = kinds

    def __contains__(self, action: object) -> bool:
        return isinstance(action, self.kinds)

    def __repr__(self) -> str:
        return " or ".join(k.__name__ for k in self.kinds)


def check_told(legal: Told, action: object, what: str) -> None:
    """Refuse an action that is not of the kind a table tells of ``what``."""
    if action not in legal:
        raise IllegalAction(f"{action!r} is not what a table tells of {what}")


def spread(t: Any, action: ToldDeal) -> None:
    """The told hands as the round's hands: a laid-open hand is held, a claim holds no card."""
    r = t.round
    r.dealt = tuple(action.hands)
    r.hands = [list(h) if not isinstance(h, Claim) else [] for h in action.hands]


def counted_cards(n: Any, k: int, of: Optional[str] = None) -> str:
    """``1 ace``, ``2 aces``: the cards a forced-out player is paid for (T14), by their class when
    the rules pay for one class or ``of`` names it (else ``counted cards``), in the narrator's language."""
    classes = [of] if of is not None else counted_classes(n.rules)
    what = classes[0].replace("_", " ") if len(classes) == 1 else n.say("narration.counted_card")
    return str(n.say("narration.counted_one" if k == 1 else "narration.counted_many", n=k, what=what))


def told_hands(n: Any, a: ToldDeal, parts: list[str]) -> Optional[str]:
    """The told deal in one line: ``parts`` (the field), the hands shown and the claims."""
    shown = [f"{n.names[s]} {n.deck.format(h)}" for s, h in enumerate(a.hands) if not isinstance(h, Claim) and h]

    def roles(h: Claim) -> str:                 # by name, in every language
        return str(n.say("narration.told.roles_sep")).join(n.role_name(r) for r in h.roles)

    def aces(k: int) -> str:                    # T14: by their class
        return str(n.say("narration.told.aces", aces=k, counted=counted_cards(n, k)))
    claims = [f"{n.names[s]} " + (roles(h) + (aces(h.aces) if h.aces else "")).strip()
              for s, h in enumerate(a.hands) if isinstance(h, Claim) and (h.roles or h.aces)]
    if shown:
        parts.append(n.say("narration.told.shown", hands="; ".join(shown)))
    if claims:
        parts.append(n.say("narration.told.claimed", claims="; ".join(claims)))
    return "  " + n.say("narration.told.sep").join(parts) if parts else None

Teller = Callable[[Any, Any], Optional[str]]


@runtime_checkable
class ToldKind(Protocol):
    """A play kind's part of the scorekeeper: its told phases and its fields of a score sheet."""

    @property
    def phases(self) -> Mapping[PhaseName, type[PhaseRule]]:
        """The phases replaced in a told round (the deal, the play, phases that read unseen cards)."""

    @property
    def call(self) -> Optional[PhaseName]:
        """Its phase of a yes-or-no call a round may open with before the deal, which a sheet's
        field ``mizuten`` answers (the trick game's mizuten call, T6), or None."""

    @property
    def round_keys(self) -> tuple[str, ...]:
        """Every field a round of a sheet may have."""

    @property
    def starter_keys(self) -> tuple[str, ...]:
        """The fields that name who begins the round, the one written first."""

    @property
    def starter_word(self) -> str:
        """Who begins a round, in a sheet's messages ("start player", "dealer")."""

    @property
    def turned_key(self) -> str:
        """The field of the cards turned at the deal ("indicator", "field_cards")."""

    @property
    def turned_words(self) -> str:
        """The same in words, for messages."""

    @property
    def result_keys(self) -> tuple[str, ...]:
        """The fields that tell the result of the play (the last one is asked for when none is given)."""

    @property
    def narrate_actions(self) -> Mapping[type, Teller]:
        """How its told actions read in the account (:class:`ToldDeal` included)."""

    @property
    def write_events(self) -> Mapping[type, Callable[[Any, Any], None]]:
        """How a played game's events are written into its sheet, by event type (an :class:`Applied`
        event by its action's type): ``f(writer, event)``."""

    def read_deal(self, reader: RoundReader, hands: tuple[Hand, ...],
                  open_hands: dict[int, tuple[int, ...]]) -> ToldDeal:
        """The told deal of a sheet's round: the turned cards or the named field, and ``hands``."""

    def read_result(self, reader: RoundReader) -> Any:
        """The told action of the play's result."""

    def scratch_deal(self, ruleset: Ruleset, rnd: Mapping[str, Any], players: int) -> ToldDeal:
        """The deal of a round being asked (no hand known yet)."""

    def split_shows_roles(self, ruleset: Ruleset) -> bool:
        """Whether hands are shown in a round two goers split."""
