"""The rulebook of a rule file (``hachi rulebook``): the whole game it describes, in words.

Every setting of the file is written out, in the order a table explains a game (the game, the
table, the deck, going and dropping, play and settlement, the fields, the play kind's own section,
the order of a round), with the hand roles and the capture roles as tables (names in the chosen
language, each definition in words, the values) and the fields as a table. A setting the file does
not write is shown with its standard value.

The words are messages of the catalogs (``ruleset/locale/<lang>.yaml``, ``rulebook.*``): one
entry per key of the rule-file and role-table schemas, the words of the values a setting takes and
the rulebook's headings and sentences. A test walks both schemas and fails for a key without words.

The rulebook is built as blocks (:class:`Heading`, :class:`Items`, :class:`Table`, :class:`Para`)
and rendered as Markdown or HTML by :func:`render`, which escapes every piece of text, from the
rule file or not (a role name is shown, never interpreted).

Effects: :func:`describe_effects` is the hook of an ``effects`` section; its lines become the
section "Effects" of the rulebook.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterator, Mapping, Optional, Sequence, Union

import click

from ..ruleset import catalog
from ..ruleset.catalog import LANGS
from ..ruleset.expressions import Expression
from ..ruleset.kind_registry import KINDS, rule_kind, transfer_word
from ..ruleset.model import Ruleset
from ..ruleset.safetext import escape
from .errors_ja import error_word, LangCommand, error_message
from .sheet import capture_rows, has_forced_values, markdown_text, sheet_rows
from ..ruleset.part_registry import PARTS, rule_part
from ..ruleset.rulekind import BookWords

MAX_TEXT = 2_000            # characters of one piece of text from the rule file


# -- the words -------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def words() -> Mapping[str, Mapping[str, Mapping[str, str]]]:
    """The word table from the catalogs: ``keys`` (schema path -> language -> label), ``values``,
    ``text``."""
    return {part: {key: {lang: catalog.section(lang, f"rulebook.{part}")[key] for lang in LANGS}
                   for key in catalog.section("en", f"rulebook.{part}")}
            for part in ("keys", "values", "text")}


def _text(key: str, lang: str, **kw: object) -> str:
    return words()["text"][key][lang].format(**kw)


def key_words(path: Sequence[str], lang: str) -> str | None:
    """The label of the key at ``path`` (a schema path: ``*`` for an id, ``[]`` for a list item)."""
    entry = words()["keys"].get(".".join(path))
    return entry[lang] if entry else None


def value_words(value: object, lang: str, key: str = "") -> str:
    """A setting's value in words: yes/no, the words of a named value (as the setting ``key``
    says it, ``KEY=VALUE``, when it says it its own way), else the value itself."""
    if isinstance(value, bool):
        value = "true" if value else "false"
    table = words()["values"]
    entry = (table.get(f"{key}={value}") or table.get(str(value))) if isinstance(value, str) else None
    return entry[lang] if entry else str(value)


def payment_words(kind: object, lang: str) -> str:
    """A kind of payment (what a field multiplies) in words: the rulebook's (``book``) word of the
    core's or a play kind's own kind of transfer, else its name.

    >>> payment_words("pot", "en"), payment_words("tricks", "ja")
    ('the pot', '勝負の精算')
    """
    return transfer_word(str(kind), "book", lang) or str(kind)


# -- blocks ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 2


@dataclass(frozen=True)
class Para:
    text: str


@dataclass(frozen=True)
class Items:
    """A nested list: ``(depth, label, value)`` rows (an empty value: a heading of the rows below)."""

    rows: tuple[tuple[int, str, str], ...]


@dataclass(frozen=True)
class Table:
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Block = Union[Heading, Para, Items, Table]


# -- the effects hook ------------------------------------------------------------------------

def describe_effects(ruleset: Ruleset, lang: str) -> list[str]:
    """The effects of the ruleset in words, one line each (empty for a ruleset without effects),
    as ``hachi table`` words them (:func:`~..ruleset.effects.describe`, in ``lang``)."""
    return [effect_words(effect, ruleset, lang) for effect in ruleset.effects]


def describe_settlement(ruleset: Ruleset, lang: str) -> list[str]:
    """The settlement phases written as effects, each in words: one the bundled files hold (the
    trick settlement, the pot, the mizuten bonus, hanafuda's special roles) in the words of its
    rule, with this file's numbers; any other as an effect (:func:`effect_words`)."""
    out = []
    for phase, effects in ruleset.settlement:
        for effect in effects:
            said = _standard_words(ruleset, phase, effect, lang)
            if said is None:
                out.append(f"{value_words(phase, lang)}: {effect_words(effect, ruleset, lang)}")
            elif said:                      # "": a bundled effect this table's settings never fire
                out.append(said)
    return out


def books(r: Ruleset) -> tuple[BookWords, ...]:
    """How the rulebook writes the own settings of the ruleset's parts (in the order it names them)
    and of its play kind (``RulePart.book``, ``RuleKind.book``)."""
    return (*(rule_part(name).book for name in r.parts), rule_kind(r.play).book)


def _bundled_files() -> tuple[str, ...]:
    """The bundled files whose settlement effects are worded by their rule, by (phase, effect
    name), when this file's effect is the bundled one (its expressions as the bundled file writes
    them): each play kind's (``BookWords.settlement_files``)."""
    return tuple(name for play in KINDS for name in rule_kind(play).book.settlement_files)


def _signature(effect: Any) -> tuple[object, ...]:
    """What an effect says, without its compiled parts: its name, point, condition and actions."""
    def text(x: Any) -> object:
        if x is None or isinstance(x, (str, int, bool, float)):
            return x
        if isinstance(x, Expression):
            return ("expr", x.text)
        if isinstance(x, tuple):
            return tuple(text(v) for v in x)
        if hasattr(x, "__dataclass_fields__"):
            return (type(x).__name__,) + tuple((k, text(getattr(x, k))) for k in x.__dataclass_fields__
                                               if k not in ("place", "run"))
        return repr(x)
    return text(effect)  # type: ignore[return-value]


@lru_cache(maxsize=None)
def _bundled_signatures() -> frozenset[tuple[str, tuple[object, ...]]]:
    from ..ruleset.loader import load_ruleset

    return frozenset((phase, _signature(e)) for name in _bundled_files()
                     for phase, effects in load_ruleset(name).settlement for e in effects)


def _standard_words(r: Ruleset, phase: str, effect: Any, lang: str) -> str | None:
    if (phase, _signature(effect)) not in _bundled_signatures():
        return None
    key = f"settle_{phase}_{effect.name.replace(' ', '_')}"
    if key not in words()["text"]:
        return None
    book = rule_kind(r.play).book
    key = book.settlement_key(r, effect, key)           # the form of the rule this table plays, or none
    if not key:
        return ""                       # a bundled effect this table's settings never let run
    values = book.settlement_values(r, lang) or {}      # the play kind's numbers, from this file
    try:
        return _text(key, lang, **values)
    except KeyError:
        return None


_FACT_WORDS = ("chips", "gain", "roles", "round.multiplier", "round.pot", "table.players", "round.number",
               "round.last", "start")
"""The core's facts an expression in words names by their words (each play kind's and part's are
its ``BookWords.facts``, :func:`fact_words`)."""


@lru_cache(maxsize=1)
def fact_words() -> frozenset[str]:
    """The facts an expression in words names by their words: the core's, every part's and play kind's."""
    own = [f for name in PARTS for f in rule_part(name).book.facts]
    return frozenset((*_FACT_WORDS, *own, *(f for play in KINDS for f in rule_kind(play).book.facts)))


def expression_words(text: str, lang: str, roles: Optional[Mapping[str, tuple[str, str]]] = None) -> str:
    """An expression as a table reads it: facts and operators in words (``tricks == 0`` ->
    ``tricks taken = 0``; ``role.shisan`` -> ``showed Four and Three``, by ``roles``: id -> its
    name and whether it is shown (a hand role) or made (a capture role)), numbers and the rest as
    written."""
    import re

    table = words()["text"]

    def fact_word(token: str) -> Optional[str]:
        family, _, rest = token.partition(".")
        if family in ("role", "role_value") and roles is not None and rest in roles:
            name, how = roles[rest]
            key = f"fact_role_{how}" if family == "role" else "fact_role_value"
            return str(table[key][lang].format(role=name))
        if family == "pot" and rest:                   # a named pot (pots:)
            return str(table["fact_named_pot"][lang].format(pot=rest))
        entry = table.get(f"fact_{token.replace('.', '_')}") if token in fact_words() else None
        return entry[lang] if entry is not None else None

    def word(m: "re.Match[str]") -> str:
        token = m[0]
        whose, _, fact = token.partition(".")         # a payment's pair: payer.gain, receiver.tricks
        if whose in ("payer", "receiver") and fact:
            return table[f"fact_of_{whose}"][lang].format(fact=fact_word(fact) or fact)
        said = fact_word(token)
        if said is not None:
            return said
        op = table.get({"==": "op_eq", "!=": "op_ne", ">=": "op_ge", "<=": "op_le", "//": "op_div",
                        "*": "op_mul", "and": "op_and", "or": "op_or", "not": "op_not"}.get(token, ""))
        return op[lang] if op is not None else token
    return re.sub(r"[a-z_][a-z_0-9.]*|==|!=|>=|<=|//|\*", word, text)


def role_names(r: Ruleset, lang: str) -> dict[str, tuple[str, str]]:
    """Each role and combination of ``r``'s role tables by id, with its name in ``lang`` (as the
    role sheet names it) and how a seat comes to hold it: ``shown`` (a hand role) or ``made`` (a
    capture role)."""
    from ..ruleset.effects.facts import role_tables

    names: dict[str, tuple[str, str]] = {}
    for what, table in role_tables(r):
        for role in (*table.roles, *table.combos):
            name = role.name(lang) if role.name is not None else role.id
            names.setdefault(role.id, (name, "shown" if what == "hand roles" else "made"))
    return names


def effect_words(effect: Any, r: Ruleset, lang: str) -> str:
    """An effect in words (as :func:`~..ruleset.effects.describe` says it, its expressions in words),
    with the reason its author wrote for each payment."""
    import re

    from ..ruleset.effects import Pay, describe

    line = describe(effect, lang)
    start = line.find(effect.name) + len(effect.name)          # the name and the point it runs at stay
    for when in (catalog.maybe(lang, f"effects.when.{effect.when}"),
                 catalog.say(lang, "effects.in_phase", when=effect.when)):
        if when and when in line[start:]:
            start = line.index(when, start) + len(when)
            break
    head, rest = line[:start], line[start:]
    acts = effect.actions
    exprs = [effect.condition] + [getattr(a, k, None) for a in acts
                                  for k in ("amount", "compare", "value", "by", "share")]
    exprs += [getattr(getattr(a, k, None), "where", None) for a in acts for k in ("payers", "receivers", "seats")]
    texts = sorted({x.text for x in exprs if x is not None}, key=lambda x: -len(x))
    if texts:                   # one pass, so that words put in for one expression are not read as another
        either = "|".join(re.escape(e) for e in texts)
        names = role_names(r, lang)
        rest = re.sub(rf"(?<![\w.])(?:{either})(?!\w|\.\w)", lambda m: expression_words(m[0], lang, names), rest)
    line = head + rest
    told = f"{effect.name}: "             # a payment's reason is told after its effect's name
    reasons = [a.reason[len(told):] if a.reason.startswith(told) else a.reason
               for a in effect.actions if isinstance(a, Pay) and a.reason and a.reason != effect.name]
    if reasons:
        line = line.rstrip(".。") + _text("reason", lang, reason="; ".join(dict.fromkeys(reasons)))
    return line


# -- settings in words -----------------------------------------------------------------------

Sections = tuple[tuple[str, tuple[str, ...]], ...]
_FIRST: Sections = (
    ("game", ("title", "name", "description", "extends", "play")),
    ("table", ("players", "chips", "hand_size", "rounds")),
    ("deck", ("deck",)),
)
_FIELDS: Sections = (("fields", ("fields",)),)
_LAST: Sections = (("round", ("round",)),)


def sections(r: Ruleset) -> Sections:
    """The sections of the settings, in the order a table explains a game: the game, the table and
    the deck, then the sections of the ruleset's parts and of its play kind (``BookWords.sections``:
    going and dropping, trick play), then the fields, the sections shown after them
    (``BookWords.after_fields``: hanafuda's) and the round."""
    own = books(r)
    return (*_FIRST, *(s for book in own for s in book.sections), *_FIELDS,
            *(s for book in own for s in book.after_fields), *_LAST)


_APART = {"role_table", "effects", "settlement"}          # shown in sections of their own
_SCALARS = (bool, int, float, str)


def _schema_path(path: Sequence[object]) -> tuple[str, ...]:
    """The schema path of a data path: list indices become ``[]``, ids of a mapping ``*``."""
    out: list[str] = []
    for part in path:
        if isinstance(part, int):
            out.append("[]")
        elif ".".join([*out, str(part)]) in words()["keys"]:
            out.append(str(part))
        else:
            out.append("*")
    return tuple(out)


class _Writer:
    """Writes the settings of one ruleset in one language."""

    def __init__(self, ruleset: Ruleset, data: Mapping[str, Any], lang: str):
        self.r, self.data, self.lang = ruleset, data, lang
        self.books = books(ruleset)
        # where the model keeps a setting under another name (a part's or a play kind's: BookWords.aliases)
        self.aliases = {k: v for book in self.books for k, v in book.aliases.items()}

    def text(self, key: str, **kw: object) -> str:
        """The rulebook's text ``key`` (``rulebook.text.*``) in the writer's language."""
        return _text(key, self.lang, **kw)

    # a label, and a value in words
    def label(self, path: Sequence[object]) -> str:
        spath = _schema_path(path)
        return key_words(spath, self.lang) or str(path[-1])

    def value(self, path: Sequence[object], value: Any) -> str:
        if path and path[-1] == "applies_to" and isinstance(value, (list, tuple)):
            return ", ".join(payment_words(v, self.lang) for v in value) or _text("nothing", self.lang)
        if isinstance(value, (list, tuple)) and all(isinstance(v, _SCALARS) for v in value):
            joiner = " → " if tuple(path) == ("round",) else ", "
            return joiner.join(self.value(path, v) for v in value) or _text("nothing", self.lang)
        key = ".".join(_schema_path(path))
        return value_words(value, self.lang, key) if isinstance(value, _SCALARS) else str(value)

    def rows(self, path: tuple[object, ...], value: Any, depth: int) -> Iterator[tuple[int, str, str]]:
        special = self.special(path, value, depth)
        if special is not None:
            yield from special
            return
        if isinstance(value, Mapping) and not value:
            yield depth, self.label(path), _text("nothing", self.lang)
        elif isinstance(value, Mapping):
            yield depth, self.label(path), ""
            for key, sub in value.items():
                yield from self.rows(path + (key,), sub, depth + 1)
            yield from self.standard(path, value, depth + 1)
        elif isinstance(value, list) and value and not all(isinstance(v, _SCALARS) for v in value):
            yield depth, self.label(path), ""
            for i, item in enumerate(value):
                yield from self.rows(path + (i,), item, depth + 1)
        else:
            yield depth, self.label(path), self.value(path, value)

    def standard(self, path: tuple[object, ...], written: Mapping[str, Any],
                 depth: int) -> Iterator[tuple[int, str, str]]:
        """The settings of this section the file does not write, with their standard values."""
        for key, value in self.model_defaults(path):
            if key not in written:
                label = key_words(_schema_path(path + (key,)), self.lang)
                if label:
                    yield depth, label, f"{self.value(path + (key,), value)} {_text('default', self.lang)}"

    def model_defaults(self, path: tuple[object, ...]) -> Iterator[tuple[str, Any]]:
        spath = _schema_path(path)
        prefix = ".".join(spath) + "."
        for key in words()["keys"]:
            if not key.startswith(prefix) or "." in key[len(prefix):]:
                continue
            name = key[len(prefix):]
            where = self.aliases.get(tuple(spath) + (name,), tuple(spath) + (name,))
            node: Any = self.r
            for named in self.r.parts:          # a part's section is in its own rules (go/drop's)
                if spath[0] in rule_part(named).own_keys:
                    node = self.r.part(named)
            for part in where:
                node = getattr(node, part, None)
                if node is None:
                    break
            if node is not None and isinstance(node, _SCALARS):
                yield name, node.value if hasattr(node, "value") and not isinstance(node, bool) else node

    # the settings that read better as a sentence or a table
    def special(self, path: tuple[object, ...], value: Any, depth: int) -> Iterator[tuple[int, str, str]] | None:
        key = ".".join(map(str, path))
        lang = self.lang
        if key == "title" and isinstance(value, Mapping):
            return iter([(depth, self.label(path), str(value.get(lang) or value.get("en") or ""))])
        if _by_players(value):
            return iter([(depth, self.label(path), "")] + [(depth + 1, _text("players_n", lang, n=n),
                                                            self.value(path + (n,), v)) for n, v in value.items()])
        for book in self.books:                 # a part's or the play kind's own (go/drop's drop fees)
            own = book.rows(self, key, path, value, depth)
            if own is not None:
                return iter(own)
        if key == "role_table.classes" and isinstance(value, Mapping):
            return iter([(depth, self.label(path), "")] + [(depth + 1, self.class_name(name), self.class_words(text))
                                                          for name, text in value.items()])
        if key.endswith(".examples") or key == "examples":
            n = len(value) if isinstance(value, list) else 0
            return iter([(depth, self.label(path), _text("examples", lang, n=n))])
        if key in ("fields", "deck.cards", "deck.kinds"):
            return iter([(depth, self.label(path), "↓")])        # a table of its own below
        if key == "deck.months" and isinstance(value, list):
            names = [str(((m or {}).get("name") or {}).get(lang, i + 1)) for i, m in enumerate(value)]
            return iter([(depth, self.label(path), ", ".join(names))])
        return None

    def class_words(self, text: object) -> str:
        """A class of cards in words (``rank T J Q K A`` -> ``rank T J Q K A`` / ``T J Q K A の札``)."""
        from ..ruleset.errors import HachiError
        from ..ruleset.patterns import parse_cardset
        from .sheet import _cardset, words_for

        try:
            return _cardset(parse_cardset(str(text)), self.lang, words_for(self.r.deck))
        except HachiError:
            return str(text)

    def class_name(self, name: str) -> str:
        from .sheet import class_name

        return class_name(name, self.lang)

    def role_name(self, role_id: str) -> str:
        try:
            return self.r.roles.role(role_id).name(self.lang)
        except KeyError:
            return role_id



def _tables_of(w: _Writer) -> dict[str, Table]:
    """The tables of the settings that read best as tables, by the key they stand for (a part's and
    the play kind's own: ``BookWords.tables``)."""
    r, data, lang = w.r, w.data, w.lang
    out: dict[str, Table] = {}
    if r.fields and "fields" in data:
        out["fields"] = _fields_table(r, data, lang)
    for book in w.books:
        out.update({key: Table(head, rows) for key, (head, rows) in book.tables(w).items()})
    deck_data = data.get("deck") or {}
    if isinstance(deck_data.get("kinds"), Mapping):
        out["deck.kinds"] = _card_classes_table(deck_data["kinds"], lang)
    if isinstance(deck_data.get("cards"), list):
        out["deck.cards"] = _cards_table(deck_data, lang)
    return out


def _fields_table(r: Ruleset, data: Mapping[str, Any], lang: str) -> Table:
    """T7-T9: each field, what makes it, its multiplier and the payments it multiplies."""
    rows = []
    written = {str(f.get("id")): f for f in data["fields"] if isinstance(f, Mapping)}
    for f in r.fields:
        made = " ".join([*f.ranks, *f.cards, *f.suits]) or _text("any", lang)
        own = written.get(f.id) or {}
        for key in ("trump", "indicator"):      # T7, T8: a field beyond its multiplier
            if own.get(key) in ("none", "dealer_hand"):
                made += f" ({value_words(own[key], lang, f'fields.[].{key}')})"
        paid = sorted(k.value for k in f.applies_to)
        rows.append((f.name(lang), made, f"x{f.multiplier}", ", ".join(payment_words(k, lang) for k in paid)))
    return Table(_heads(lang, "col_field", "made_by", "col_multiplier", "col_applies_to"), tuple(rows))


def _card_classes_table(classes: Mapping[str, Any], lang: str) -> Table:
    """The classes of the deck's cards (brights, animals...) and their points."""
    return Table(_heads(lang, "col_kind", "col_points"),
                 tuple((str(((k or {}).get("name") or {}).get(lang, kid)), str((k or {}).get("points", "")))
                       for kid, k in classes.items()))


def _cards_table(deck_data: Mapping[str, Any], lang: str) -> Table:
    """Each card of a deck written card by card: its month, class and name."""
    months: list[Any] = [((m or {}).get("name") or {}) for m in deck_data.get("months") or ()]
    classes = deck_data.get("kinds") or {}

    def month(n: Any) -> str:
        return str(months[n - 1].get(lang, n)) if isinstance(n, int) and 0 < n <= len(months) else str(n)

    def card_class(k: Any) -> str:
        return str(((classes.get(k) or {}).get("name") or {}).get(lang, k))

    return Table(_heads(lang, "col_card", "col_month", "col_kind", "col_name"),
                 tuple((str(c.get("id")), month(c.get("month")), card_class(c.get("kind")),
                        str((c.get("name") or {}).get(lang, "")))
                       for c in deck_data["cards"] if isinstance(c, Mapping)))


def _heads(lang: str, *keys: str) -> tuple[str, ...]:
    return tuple(_text(key, lang) for key in keys)


def _role_tables(r: Ruleset, lang: str) -> tuple[Table, Table | None]:
    forced = has_forced_values(r)
    def t(key: str) -> str:
        return _text(key, lang)

    head = (t("col_group"), t("col_role"), t("col_definition"), t("col_go")) + ((t("col_forced"),) if forced else ())
    rows = tuple((row["group"], row["name"], row["definition"], str(row["go"]))
                 + ((str(row["forced"]),) if forced else ()) for row in sheet_rows(r, None, lang))
    captures = capture_rows(r, lang)
    capture = None
    if captures:
        capture = Table((t("col_group"), t("col_role"), t("col_definition"), t("col_value_kan")),
                        tuple((row["group"].partition(" · ")[2], row["name"], row["definition"], str(row["go"]))
                              for row in captures))
    return Table(head, rows), capture


def _by_players(value: Any) -> bool:
    """A setting written by the number of players (``hand_size: {2: 10, 3: 7}``)."""
    return isinstance(value, Mapping) and bool(value) and all(str(k).isdigit() for k in value)


def rulebook(ruleset: Ruleset, data: Mapping[str, Any], lang: str = "en") -> list[Block]:
    """The rulebook of ``ruleset`` (``data``: its rule file, extends merged) as blocks."""
    w = _Writer(ruleset, data, lang)
    tables = _tables_of(w)
    blocks: list[Block] = [Heading(f"{ruleset.title(lang)} — {_text('rulebook', lang)}", 1)]
    done: set[str] = set()
    for section, keys in sections(ruleset):
        rows: list[tuple[int, str, str]] = []
        for key in keys:
            if key == "extends" and ruleset.extends_chain and key not in data:
                rows.append((0, w.label((key,)), " → ".join(ruleset.extends_chain)))
            elif key in data:
                rows += w.rows((key,), data[key], 0)
            else:
                rows += _standard_top(w, key)
        done.update(keys)
        section_tables = [tables[k] for k in tables if k.split(".")[0] in keys]
        if rows or section_tables:
            blocks.append(Heading(_text(section, lang)))
            blocks += [Para(said) for book in w.books if (said := book.paragraph(w, section)) is not None]
            if rows:
                blocks.append(Items(tuple(rows)))
            blocks += section_tables
    blocks += _roles_blocks(ruleset, data, w, lang)
    effects = describe_effects(ruleset, lang)
    if effects:
        blocks += [Heading(_text("effects", lang)), Items(tuple((0, line, "") for line in effects))]
    settlement = describe_settlement(ruleset, lang)
    if settlement:
        blocks += [Heading(_text("settlement", lang)), Items(tuple((0, line, "") for line in settlement))]
    other = [key for key in data if key not in done and key not in _APART]
    if other:
        blocks.append(Heading(_text("other", lang)))
        blocks.append(Items(tuple(row for key in other for row in w.rows((key,), data[key], 0))))
    return blocks


def _standard_top(w: _Writer, key: str) -> list[tuple[int, str, str]]:
    """A section of the ruleset's own play kind that the file does not write, with its standard
    values (a section the play kind shares with others applies only when written)."""
    from ..ruleset.kind_registry import rule_kind

    if key not in rule_kind(w.r.play).own_keys:
        return []
    rows = list(w.standard((key,), {}, 1))
    if not rows:
        return []
    return [(0, w.label((key,)), "")] + rows


def _roles_blocks(r: Ruleset, data: Mapping[str, Any], w: _Writer, lang: str) -> list[Block]:
    roles, captures = _role_tables(r, lang)
    blocks: list[Block] = [Heading(_text("roles", lang)), roles]
    table = data.get("role_table")
    if isinstance(table, Mapping):
        rows: list[tuple[int, str, str]] = []
        for key in ("description", "classes", "combos", "runs", "examples"):
            if key in table:
                rows += w.rows(("role_table", key), table[key], 0)
        if rows:
            blocks.append(Items(tuple(rows)))
    if captures is not None:
        blocks += [Heading(_text(rule_kind(r.play).book.own_roles, lang)), captures]    # its words (BookWords)
    return blocks


# -- rendering -------------------------------------------------------------------------------

def _clean(text: str) -> str:
    return escape(text, MAX_TEXT)


def render(blocks: Sequence[Block], fmt: str = "md", lang: str = "en") -> str:
    """The blocks as plain text (``text``, for a terminal), Markdown (``md``) or a whole HTML page
    (``html``), every text escaped."""
    if fmt == "text":
        return _plain(blocks)
    return _html(blocks, lang) if fmt == "html" else _markdown(blocks)


def _plain(blocks: Sequence[Block], width: int = 100) -> str:
    """Plain text for a terminal: headings underlined, settings as an indented list folded at
    ``width`` columns, tables in aligned columns; no markup to read past."""
    from .display import columns, wrap

    def pad(text: str, n: int) -> str:
        return text + " " * (n - columns(text))

    out: list[str] = []
    for b in blocks:
        if isinstance(b, Heading):
            text = _clean(b.text)
            out += [text, ("=" if b.level == 1 else "-") * columns(text), ""]
        elif isinstance(b, Para):
            out += wrap(_clean(b.text), width) + [""]
        elif isinstance(b, Items):
            for depth, label, value in b.rows:
                lead = "  " * depth + "- "
                text = f"{_clean(label)}: {_clean(value)}" if value else _clean(label)
                out += wrap(lead + text, width, " " * (len(lead) + 2))
            out.append("")
        else:
            rows = [tuple(_clean(c) for c in b.head)] + [tuple(_clean(c) for c in row) for row in b.rows]
            widths = [max(columns(row[i]) for row in rows) for i in range(len(b.head))]
            last = max(20, width - sum(w + 2 for w in widths[:-1]))          # the last column wraps
            for n, row in enumerate(rows):
                cells = wrap(row[-1], last) if row[-1] else [""]
                first = "  ".join(pad(c, w) for c, w in zip(row[:-1], widths))
                out.append((first + "  " + cells[0]).rstrip())
                out += [(" " * (columns(first) + 2) + more).rstrip() for more in cells[1:]]
                if n == 0:
                    out.append("  ".join("-" * w for w in widths[:-1] + [min(widths[-1], last)]))
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _markdown(blocks: Sequence[Block]) -> str:
    def md(text: str) -> str:
        return markdown_text(_clean(text))

    out: list[str] = []
    for b in blocks:
        if isinstance(b, Heading):
            out += ["#" * b.level + " " + md(b.text), ""]
        elif isinstance(b, Para):
            out += [md(b.text), ""]
        elif isinstance(b, Items):
            for depth, label, value in b.rows:
                out.append("  " * depth + "- " + (f"**{md(label)}**: {md(value)}" if value else md(label)))
            out.append("")
        else:
            out.append("| " + " | ".join(md(h) for h in b.head) + " |")
            out.append("|" + "---|" * len(b.head))
            out += ["| " + " | ".join(md(c) for c in row) + " |" for row in b.rows]
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _html(blocks: Sequence[Block], lang: str) -> str:
    def esc(text: str) -> str:
        return html.escape(_clean(text))

    title = next((b.text for b in blocks if isinstance(b, Heading)), "")
    out = [f'<!DOCTYPE html>\n<html lang="{esc(lang)}"><head><meta charset="utf-8">'
           f'<title>{esc(title)}</title></head><body>']
    for b in blocks:
        if isinstance(b, Heading):
            out.append(f"<h{b.level}>{esc(b.text)}</h{b.level}>")
        elif isinstance(b, Para):
            out.append(f"<p>{esc(b.text)}</p>")
        elif isinstance(b, Items):
            out.append(_html_list(b.rows, esc))
        else:
            out.append("<table>\n<tr>" + "".join(f"<th>{esc(h)}</th>" for h in b.head) + "</tr>")
            out += ["<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in b.rows]
            out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _html_list(rows: Sequence[tuple[int, str, str]], esc: Callable[[str], str]) -> str:
    """Nested ``<ul>`` lists from ``(depth, label, value)`` rows."""
    out, depth = ["<ul>"], 0
    for i, (d, label, value) in enumerate(rows):
        while depth < d:
            out.append("<ul>")
            depth += 1
        while depth > d:
            out.append("</ul></li>")
            depth -= 1
        item = f"<li><strong>{esc(label)}</strong>: {esc(value)}" if value else f"<li>{esc(label)}"
        deeper = i + 1 < len(rows) and rows[i + 1][0] > d
        out.append(item if deeper else item + "</li>")
    while depth > 0:
        out.append("</ul></li>")
        depth -= 1
    out.append("</ul>")
    return "\n".join(out)


# -- the command -----------------------------------------------------------------------------

@click.command(cls=LangCommand)
@click.argument("rules")
@click.option("--lang", type=click.Choice(list(LANGS)), default="en", show_default=True)
@click.option("--format", "fmt", type=click.Choice(["text", "md", "html"]), default="text", show_default=True,
              help="Plain text (for the terminal), Markdown or a whole HTML page.")
def rulebook_command(rules: str, lang: str, fmt: str) -> None:
    """Print the whole game RULES describes (a bundled name or a rule file) in words: every setting,
    the roles and the fields, as plain text, Markdown or HTML."""
    from ..ruleset.errors import HachiError
    from ..ruleset.loader import ruleset_data

    try:
        ruleset, data = ruleset_data(rules)
    except HachiError as err:
        said = escape(error_message(err.message, lang), MAX_TEXT)
        click.echo(f"{escape(err.place or rules, MAX_TEXT)}: {error_word(lang)}: {said}", err=True)
        raise SystemExit(1) from None
    click.echo(render(rulebook(ruleset, data, lang), fmt, lang), nl=False)
