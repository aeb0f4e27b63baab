"""The validated rule model: frozen dataclasses, one per section of a rule file.

The loader (``loader.py``) reads YAML, checks it against the JSON Schema and builds these
objects with :func:`~.build.build_ruleset`; each ``__post_init__`` checks what the schema cannot, in
full sentences. Nothing here reads files.
"""

from __future__ import annotations

import enum
import sys
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .cards import Deck
from .errors import RuleFileError
from .roles import RoleEvaluator, compile_table
from .roletable import Combo as Combo
from .roletable import Name as Name
from .roletable import RoleDef as RoleDef
from .roletable import RoleExample as RoleExample
from .roletable import RoleTable as RoleTable
from .roletable import build_role_table as build_role_table


class _Named(str, enum.Enum):
    """A name a rule file writes, declared by the core or by a play kind's package: an enum of
    ``str`` whose members read and print under one label whoever declares them (:meth:`label`),
    so a log's ``repr`` and a message are the same for the core's names and a kind's."""

    @classmethod
    def label(cls) -> str:
        return cls.__name__

    def __repr__(self) -> str:
        return f"<{self.label()}.{self._name_}: {self._value_!r}>"

    def __str__(self) -> str:
        return f"{self.label()}.{self._name_}"

    def __format__(self, spec: str) -> str:
        # as an enum of str formats: by its value before Python 3.11, as str() from 3.11 on
        return format(self._value_ if sys.version_info < (3, 11) else str(self), spec)


class PhaseName(_Named):
    """A phase a rule file's ``round:`` may name (T23): the core's (:class:`Phase`), a part's (go/drop's
    declarations, its ``RulePart.phases``) or a play kind's own, an enum of this base in the part's or
    kind's package (its ``RuleKind.phases``). Every one reads as ``Phase.NAME``.

    >>> Phase.PLAY, f"{Phase.EFFECTS}", Phase.POT == "pot"
    (<Phase.PLAY: 'play'>, 'Phase.EFFECTS', True)
    """

    @classmethod
    def label(cls) -> str:
        return "Phase"


class Phase(PhaseName):
    """The phases of the core, which any play kind's round may name; a part declares its own
    (go/drop's declarations, forced out, two goers' choice, lone goer's pot and role settlement)
    and so does a play kind (the trick game's deal and mizuten call, hanafuda's deal, hand roles
    and card scoring)."""

    PLAY = "play"                          # the play kind's engine plays (T19, H14)
    POT = "pot"                            # written as effects (settlement:): the pot is taken
    EFFECTS = "effects"                    # placed by the effects' ``when`` (docs/effects.md), never named


# the core's phases no code runs: each runs the effects the rule file lists under its name in
# ``settlement:`` (a play kind declares its own such phases: ``RuleKind.settlement_phases``)
SETTLEMENT_PHASES = (Phase.POT,)


class TransferReasonName(_Named):
    """Why points move (T9): the core's reasons (:class:`TransferReason`), a part's (go/drop's drop
    fee and forced-out payment, its ``RulePart.transfers``) or a play kind's own, an enum of this
    base in the part's or kind's package (its ``RuleKind.own_transfers``). Every one reads as
    ``TransferKind.NAME``: the event log's ``repr`` (and so its digests) and messages keep the
    name they have always printed, whatever the Python class is called.

    >>> TransferReason.POT, TransferReason.EFFECT.value
    (<TransferKind.POT: 'pot'>, 'effect')
    """

    @classmethod
    def label(cls) -> str:
        return "TransferKind"


class TransferReason(TransferReasonName):
    """The reasons of point transfer of the core, which a field multiplier may apply to (T9) in any
    play kind; a part declares its own (go/drop's drop fee and forced-out payment) and so does a
    play kind (the trick game's tricks and mizuten bonus, ...)."""

    ROLES = "roles"
    POT = "pot"
    EFFECT = "effect"                      # a payment of an effect (docs/effects.md)


PlayKind = str
"""A play kind's name, as a rule file's ``play:`` writes it: a key of :data:`.kind_registry.KINDS`."""


@dataclass(frozen=True)
class Chips:
    start: int
    allow_negative: bool = True


@dataclass(frozen=True)
class Players:
    min: int
    max: int

    def __post_init__(self) -> None:
        if self.min > self.max:
            raise RuleFileError(f"players.min ({self.min}) is larger than players.max ({self.max}).")


@dataclass(frozen=True)
class Rounds:
    standard: int
    short: int
    skipped_counts: bool = True
    leftover_pot: str = "nobody"


@dataclass(frozen=True)
class Field:
    """T8, T9: a field, made by an indicator whose card, suit or rank it lists."""

    id: str
    name: Name
    ranks: tuple[str, ...]
    multiplier: int
    applies_to: frozenset[TransferReasonName]
    cards: tuple[str, ...] = ()
    suits: tuple[str, ...] = ()

    def made_by(self, deck: Deck, indicator: int) -> bool:
        """Whether the indicator card's card, suit or rank is one this field lists."""
        return (deck.name(indicator) in {deck.name(deck.parse(c)) for c in self.cards}
                or deck.suits[deck.suit(indicator)] in self.suits
                or deck.ranks[deck.rank(indicator)] in self.ranks)

    def factor(self, transfer: TransferReasonName) -> int:
        return self.multiplier if transfer in self.applies_to else 1


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: Name
    play: PlayKind
    deck: Deck
    hand_size: int
    roles: RoleTable
    chips: Chips
    players: Players
    rounds: Rounds
    fields: tuple[Field, ...]
    round: tuple[str, ...]                 # PhaseName members (the core's, the play kind's), by name if unknown
    source: str = "<memory>"
    extends_chain: tuple[str, ...] = ()
    kind_rules: Any = None                 # the play kind's own sections, built by the kind (or None):
                                           # the trick game's TrickRules (trick_settlement, mizuten, trick_play)
    kind_section: str = ""                 # the name of that section in a rule file (``hanafuda``)
    dealt_beside_hands: int = 1            # cards dealt besides the hands: an indicator, or the field cards
    dealt_no_hand: int = 0                 # seats that sit each round out, dealt no hand (KindParts.dealt_no_hand)
    role_deck: Deck | None = None          # the deck hand-role patterns read, when not ``deck`` itself
    counters: tuple[Any, ...] = ()         # Counter (effects.py): numbers kept across rounds
    pots: tuple[str, ...] = ()             # named pots beside the table's pot, kept across rounds (pot.NAME)
    parameters: tuple[tuple[str, int], ...] = ()    # named numbers effects read (parameter.NAME)
    effects: tuple[Any, ...] = ()          # Effect (effects.py): when / if / do, in the file's order
    settlement: tuple[tuple[str, tuple[Any, ...]], ...] = ()    # a phase of the round -> its Effects
    table_numbers: Any = None              # TableNumbers (tablenumbers.py): numbers read by the table
    first_dealer: str = "random"           # T5, H2: the first start player at random, or by a draw of cards
    parts: tuple[str, ...] = ()            # the parts of a round the file names (``parts:``, part_registry.py)
    part_rules: tuple[Any, ...] = ()       # each part's sections, built by the part, in that order
    deal_for: int = 0                      # the players its deal's sizes are for, when they depend on it (else 0)

    def __post_init__(self) -> None:
        most = self.deal_for or self.players.max
        most -= self.dealt_no_hand         # seats sitting a round out are dealt no hand (hanafuda's, H2)
        needed = most * self.hand_size + self.dealt_beside_hands
        if needed > self.deck.size:
            raise RuleFileError(
                f"{most} players with {self.hand_size} cards each and {self.dealt_beside_hands} "
                f"more dealt need {needed} cards, but the deck has {self.deck.size}."
            )

    if not TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """A play kind's own section also reads by its name in rule files (``ruleset.hanafuda``)."""
            known = object.__getattribute__(self, "__dict__")
            if name and name == known.get("kind_section"):
                return known["kind_rules"]
            raise AttributeError(f"'Ruleset' object has no attribute '{name}'")

    def part(self, name: str) -> Any:
        """The sections of the part ``name``, built (``go_drop``'s ``GoDropRules``); a ruleset that
        does not name the part raises :class:`KeyError`."""
        for named, rules in zip(self.parts, self.part_rules):
            if named == name:
                return rules
        raise KeyError(f"{self.name} has no part '{name}'")

    def with_part(self, name: str, rules: Any) -> Ruleset:
        """A copy whose part ``name`` has the sections ``rules`` (a variant made in code)."""
        from dataclasses import replace

        return replace(self, part_rules=tuple(rules if n == name else r for n, r in zip(self.parts, self.part_rules)))

    def field_for(self, indicator: int) -> Field:
        """The field (T8) an indicator card makes: the first field listing its card, suit or rank."""
        return self._field_by_card[indicator]

    @cached_property
    def _field_by_card(self) -> dict[int, Field]:
        table = {}
        for card in self.deck.cards:
            found = next((f for f in self.fields if f.made_by(self.deck, card)), None)
            if found is not None:
                table[card] = found
        return table

    @cached_property
    def evaluator(self) -> RoleEvaluator:
        """The compiled hand-role evaluator (built on first use)."""
        return compile_table(self.roles, self.role_deck or self.deck)
