"""The rule-file side of a play kind: its own sections, its meaning checks and what it builds.

A rule file's ``play:`` names its play kind; :mod:`.kind_registry` maps the name to its package,
whose ``rules.py`` holds its one :class:`RuleKind` (the rule-file part of its ``Kind``). The
builder (:mod:`.build`) and the checks of the loader ask it; a key of another play kind is an
error that names the game (:func:`foreign_keys`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, NamedTuple, Optional

from .catalog import say
from .errors import HachiError
from .model import Field, PhaseName, PlayKind, TransferReasonName

Found = Iterator[tuple[tuple[object, ...], str]]
KEY = "<key>"   # ends a path whose key, not value, the message is about (as in checks.py)


class KindParts(NamedTuple):
    """What a play kind builds from its own parts of a rule file."""

    deck: Any
    fields: tuple[Field, ...]
    rules: Any                                  # the play kind's own section, built (or None)
    dealt_beside_hands: int                     # the indicator (1), or the field cards
    role_deck: Any = None                       # the deck hand-role patterns read, when not ``deck``
    section: str = ""                           # the name of ``rules``'s section in a rule file
    dealt_no_hand: int = 0                      # the seats that sit each round out, dealt no hand (H2)


@dataclass(frozen=True)
class TransferWords:
    """A play kind's own transfer kind in words, in each language: ``told`` in the account of a
    game (``hachi replay``; the English one gives the Japanese word too), ``short`` in an effect's
    words (a multiplier's kinds) and ``book`` in the rulebook (what a field multiplies). A
    bundled kind's words are messages of the catalogs (``msg``: the id they are under, as
    ``kind.tricks.transfer.tricks``, :mod:`.catalog`); a kind from outside the project may give
    its own instead (``given``: language -> ``(told, short, book)``).

    >>> TransferWords("kind.tricks.transfer.tricks").word("short", "ja")
    'トリック'
    >>> TransferWords(given={"en": ("ante", "ante", "antes")}).word("book", "en")
    'antes'
    """

    msg: str = ""
    given: Mapping[str, tuple[str, str, str]] = field(default_factory=dict)

    def word(self, what: str, lang: str) -> str:
        """Its ``told``, ``short`` or ``book`` word in ``lang``."""
        if self.msg:
            return say(lang, f"{self.msg}.{what}")
        return self.given[lang][("told", "short", "book").index(what)]


Rows = list[tuple[int, str, str]]
"""Rows of the rulebook's list of settings: ``(depth, label, value)``."""
BookTable = tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]
"""A table of the rulebook: its head and its rows."""


@dataclass(frozen=True)
class BookWords:
    """How the rulebook (``hachi rulebook``, ``cli/rulebook.py``) writes a play kind's or a part's
    own settings, in the words of its catalogs (``rulebook.*``): a kind's ``RuleKind.book``, a
    part's ``RulePart.book``."""

    sections: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Its sections of settings, in order: the ``rulebook.text`` id of each heading and the
    top-level keys it shows (a part's come after the deck, a play kind's after them)."""
    after_fields: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Its sections shown after the fields (before the order of a round), as ``sections``."""
    aliases: Mapping[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict)
    """Where its built rules keep a setting under another name (schema path -> attribute path)."""
    own_roles: str = ""
    """The id of the words of a play kind's own role table (``RuleKind.own_roles_at``; matching
    play's capture roles): ``rulebook.text.<id>`` heads it in the rulebook, ``sheet.<id>`` names its
    rows' group in the role sheet."""
    facts: tuple[str, ...] = ()
    """Its facts that an expression in words names by their words (``rulebook.text.fact_*``)."""
    rows: Callable[[Any, str, tuple[object, ...], Any, int], Optional[Rows]] = lambda w, key, path, value, depth: None
    """``(writer, key, path, value, depth)``: the rows of one of its settings that reads better as a
    sentence (the writer gives ``label(path)``, ``text(id, **values)``, ``class_name(name)``,
    ``lang`` and the ruleset ``r``), or None."""
    paragraph: Callable[[Any, str], Optional[str]] = lambda w, section: None
    """``(writer, section)``: a paragraph told under the heading of a section (the ``rulebook.text`` id
    of its heading), before its settings (how the deal makes the fields), or None."""
    tables: Callable[[Any], Mapping[str, BookTable]] = lambda w: {}
    """``(writer)``: its settings that read best as tables, by the key they stand for (shown in the
    section that holds the key): each ``(head, rows)``."""
    settlement_files: tuple[str, ...] = ()
    """The bundled rule files whose settlement effects the rulebook words by their rule."""
    settlement_values: Callable[[Any, str], Optional[Mapping[str, object]]] = lambda ruleset, lang: None
    """``(ruleset, lang)``: the values of the sentences of its settlement (``rulebook.text.settle_*``)
    with this file's numbers, or None (then none)."""
    settlement_key: Callable[[Any, Any, str], str] = lambda ruleset, effect, key: key
    """``(ruleset, effect, key)``: the ``rulebook.text`` id of the sentence of one of its bundled
    settlement effects (``key``: ``settle_<phase>_<name>``, or another form of it), or "" for one
    this file's settings never let run (the other of two forms of a rule)."""


@dataclass(frozen=True)
class RuleKind:
    """The rule-file side of a play kind: its name, its title and its builder are what every kind
    writes; a kind with sections, transfer kinds or checks of its own names them."""

    kind: PlayKind
    title: str                                  # the play kind in words, for messages
    parts: Callable[[Mapping[str, Any], Mapping[str, str] | None], KindParts]
    own_keys: frozenset[str] = frozenset()      # top-level sections only this play kind reads
    own_transfers: frozenset[TransferReasonName] = frozenset()  # transfer reasons only this play kind has (its enum)
    checks: tuple[Callable[[dict[str, Any]], Found], ...] = ()  # its meaning checks of a schema-valid file
    indicator_makes_trump: bool = False         # T7: a turned card's suit is trump
    # the play kind's own role tables (hanafuda's capture roles): where they are written, the
    # problems of their patterns and examples in a built ruleset, and one pile tried
    # (``hachi roles --captures``); none for a play kind without such a table
    own_roles_at: tuple[str, ...] = ()
    own_role_problems: Callable[[Any], list[HachiError]] = lambda ruleset: []
    own_roles_of: Callable[[Any, str], dict[str, Any]] | None = None
    # the phases only this play kind has (its own enum of PhaseName; its schema.json lists them),
    # those of them and of the core's that run the rule file's effects (``settlement:``), in the
    # order a bundled file's settlement is taken in, and that bundled rule file, whose settlement a
    # file of this kind without its own runs (a copy made before the settlement was effects)
    phases: tuple[PhaseName, ...] = ()
    settlement_phases: tuple[PhaseName, ...] = ()
    standard_settlement: str | None = None
    transfer_words: Mapping[str, TransferWords] = field(default_factory=dict)   # own transfers, by name
    # the facts of its own that effects may read (``Fact``s of :mod:`.expressions`: a seat's
    # chaff, the settings of its own sections), beside those of every game (docs/effects.md)
    own_facts: tuple[Any, ...] = ()
    # the settlement phases one of its own phases runs at its point (``settlement:`` keys not in
    # ``round:``), each with the bundled rule file whose list a file without one runs: hanafuda's
    # card scoring runs ``special_roles`` (H19)
    settled_within: tuple[tuple[str, str], ...] = ()
    # what an effect's ``multiply`` without ``applies_to`` multiplies: every kind of transfer of a
    # round of this play kind but the pot, in the order its Multiplied event lists (a part's reasons
    # that it multiplies, ``RulePart.multiplied``, are placed right after "roles")
    multiplied_by_default: tuple[str, ...] = ("roles", "effect")
    # the points inside its play effects may name (``after_trick``...; ruleset/effects/play_points.py),
    # each with the names of the facts of its event (among ``own_facts``), read only at that point
    play_points: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # the places in a rule file's data of its numbers that may be expressions of the table
    # (ruleset/tablenumbers.py), each (path, what is written there), as a part's ``RulePart.numbers``
    numbers: Callable[[Mapping[str, Any]], list[tuple[tuple[Any, ...], Any]]] = lambda data: []
    # those of its numbers that are sizes of the deal (hanafuda's field cards, par, the players who
    # sit out): they may be given by the number of players, and a file with one builds its deal
    # for each number of players
    deal_sizes: tuple[tuple[str, ...], ...] = ()
    # the facts of its own that its play makes: 0 or false for every seat before ``play`` (its
    # tricks, card points, capture roles...; hachi validate --warnings tells a settlement before the
    # play that reads one, ruleset/idle.py)
    made_in_play: frozenset[str] = frozenset()
    book: BookWords = BookWords()               # how the rulebook writes its settings


def written_at(data: Mapping[str, Any], paths: tuple[tuple[str, ...], ...]) -> list[tuple[tuple[Any, ...], Any]]:
    """Each of ``paths`` (keys into nested mappings) that ``data`` writes, with what it writes
    there, in the order of ``paths``: the places of a play kind's numbers of the table
    (``RuleKind.numbers``).

    >>> written_at({"a": {"b": 1}, "c": 2}, (("a", "b"), ("a", "x"), ("c",), ("d", "e")))
    [(('a', 'b'), 1), (('c',), 2)]
    """
    out: list[tuple[tuple[Any, ...], Any]] = []
    for path in paths:
        node: Any = data
        for key in path[:-1]:
            node = node.get(key) if isinstance(node, dict) else None
        if isinstance(node, dict) and path[-1] in node:
            out.append((path, node[path[-1]]))
    return out


def _game(data: Mapping[str, Any], kind: RuleKind) -> str:
    return f"the game '{data.get('name', '?')}' (play: {kind.kind})"


def foreign_sections(data: Mapping[str, Any], kind: RuleKind, other: RuleKind) -> Found:
    """The sections of the play kind ``other`` in a rule file of ``kind`` (read before the schema
    is checked: only the top-level keys are looked at)."""
    for key in sorted(other.own_keys - kind.own_keys):
        if key in data:
            yield (key, KEY), f"'{key}' is a setting of {other.title}, which {_game(data, kind)} does not play."


def foreign_keys(data: Mapping[str, Any], kind: RuleKind, others: tuple[RuleKind, ...]) -> Found:
    """The keys of other play kinds in a rule file of ``kind``, each an error naming the game."""
    game = _game(data, kind)
    for other in others:
        yield from foreign_sections(data, kind, other)
        foreign = other.own_transfers - kind.own_transfers
        for i, f in enumerate(data.get("fields") or ()):
            for j, t in enumerate(f.get("applies_to") or () if isinstance(f, dict) else ()):
                if t in {x.value for x in foreign}:
                    yield (("fields", i, "applies_to", j),
                           f"the field '{f.get('id')}' multiplies '{t}', a transfer of {other.title}, "
                           f"which {game} does not play.")
