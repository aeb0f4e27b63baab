"""Read a game record file (YAML or JSON) safely and check the type of every field it holds.

Records come from other people's games and from hand-edited save files, so they are read by the
same bounded reader as rule files (:mod:`hachihachi.ruleset.yamlfile`: size, nesting, alias
bombs, tags, huge numbers, duplicate keys) and then checked field by field before any replay.
Every problem is one :class:`RecordError` placed ``FILE:LINE:COL``; its message starts with the
field (``round 2, action 5: ...``). What the rules allow is left to the replay.
"""

from __future__ import annotations

import os
import tempfile
import unicodedata
from pathlib import Path
from typing import Any, Optional, Sequence

from ...ruleset.errors import RecordError, shown
from ...ruleset.yamlfile import Limits, Path_, Places, read_yaml

# a record of a whole 12-round game at 7 seats is about 11 KB and 2,300 values; the longest game a
# rule file may ask for (rounds.standard at most 300, MAX_GAME_ROUNDS) about 280 KB and 59,000
# values. The limits take that game with a margin, and keep reading any file within them under
# two seconds and 200 MB (docs/limits.md)
MAX_GAME_ROUNDS = 300
RECORD = Limits(
    what="record",
    shape="a record is a mapping with ruleset, players and rounds",
    merge_hint="",
    error=RecordError,
    max_bytes=512 * 1024,
    max_depth=16,
    max_nodes=80_000,
    libyaml=True,                 # scanned and parsed in C: a long game reads in a fraction of a second
    max_number_chars=20,          # 64-bit seeds
    max_string_chars=1_000,
)
MAX_ROUNDS = 1_000          # the longest game a record may ask for (``length``)
MAX_NAME_CHARS = 40
HUMAN = "human"             # the bot name of the person's seat in a saved game


# characters that print as nothing although Unicode calls them printable: the Hangul fillers, the
# braille blank, the combining grapheme joiner, the variation selectors
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5") | \
    frozenset(map(chr, range(0xFE00, 0xFE10))) | frozenset(map(chr, range(0xE0100, 0xE01F0)))


# letters of other scripts that print as Latin ones (Cyrillic, Greek, and a few others): two names
# that differ only in them look like one seat (``bоb``, with a Cyrillic o, is ``bob``)
_ALIKE = str.maketrans(
    "аеорсухіјѕԁһӏԛԝ" "АВЕКМНОРСТХУІЈЅ" "οανρτικυχ" "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ" "ıɡ",
    "aeopcyxijsdhlqw" "ABEKMHOPCTXYIJS" "oavptikux" "ABEZHIKMNOPTYX" "ig")


def name_key(name: str) -> str:
    """What two names must differ in to be two players: their NFKC forms, without spaces before
    and after, with letters that print alike read as one (``ｂｏｂ``, ``bob `` and ``bоb`` are ``bob``).

    >>> name_key(" ｂｏｂ ") == name_key("b\u043eb") == "bob"
    True
    """
    return unicodedata.normalize("NFKC", name).strip().translate(_ALIKE)


def name_problem(name: object) -> Optional[str]:
    """Why ``name`` cannot be a player's name in a record, or None when it can.

    >>> name_problem("ann") is None, name_problem("\u3164") is not None, name_problem("a\u200bb") is not None
    (True, True, True)
    """
    if not isinstance(name, str) or not name.strip():
        return f"a player's name is text, not {shown(name)} (quote it)."
    if len(name) > MAX_NAME_CHARS or not name.isprintable():
        return f"the name {shown(name)} is not a plain name of at most {MAX_NAME_CHARS} printable characters."
    if any(ch in _INVISIBLE for ch in name) or \
            all(unicodedata.category(ch)[0] in "MZ" for ch in name_key(name)):
        return f"the name {shown(name)} holds characters that print as nothing; write a name that can be seen."
    return None


def same_name(name: str, names: Sequence[str]) -> Optional[str]:
    """The name of ``names`` that ``name`` cannot be told from (after NFKC), or None."""
    key = name_key(name)
    return next((n for n in names if name_key(n) == key), None)


def twice_problem(names: Sequence[str], i: int) -> Optional[str]:
    """Why ``names[i]`` cannot sit beside the names before it (None: it can)."""
    earlier = same_name(names[i], names[:i])
    if earlier is None:
        return None
    if earlier == names[i]:
        return f"the name {shown(names[i])} is given twice."
    return f"the names {shown(earlier)} and {shown(names[i])} differ only in how their characters are written " \
           "(Unicode NFKC, spaces around them, letters that print alike) and would look like one seat; make them " \
           "differ."


class _Checker:
    """Checks the plain data of a record, raising the first problem at its place."""

    def __init__(self, data: Any, places: Places):
        self.data, self.places = data, places

    def fail(self, path: Path_, message: str) -> RecordError:
        return RecordError(message, self.places.of(path))

    def integer(self, path: Path_, what: str, lo: int, hi: int, label: str) -> int:
        value = self.get(path)
        if type(value) is not int:
            raise self.fail(path, f"{label}: {what} is a whole number, not {shown(value)}.")
        if not lo <= value <= hi:
            raise self.fail(path, f"{label}: {what} {value} is out of range ({lo} to {hi}).")
        return value

    def get(self, path: Path_) -> Any:
        value = self.data
        for key in path:
            value = value[key]
        return value

    def check(self) -> dict[str, Any]:
        data = self.data
        if not isinstance(data, dict):
            raise self.fail((), "a record is a mapping with ruleset, players and rounds, "
                                f"not {type(data).__name__ if data is not None else 'empty'}.")
        for key, kind, word in (("ruleset", str, "text"), ("players", list, "a list"), ("rounds", list, "a list")):
            if key not in data:
                raise self.fail((), f"the record has no '{key}' ({word}).")
            if not isinstance(data[key], kind):
                raise self.fail((key,), f"'{key}' is {word}, not {shown(data[key])}.")
        players = self.players(data["players"])
        if "length" in data:
            self.integer(("length",), "the number of rounds", 1, MAX_ROUNDS, "length")
        self.session_fields(data, players)
        for r, rnd in enumerate(data["rounds"]):
            self.round(r, rnd, players)
        return data

    def players(self, names: list[object]) -> int:
        if not names:
            raise self.fail(("players",), "players: the list of players is empty.")
        for i, name in enumerate(names):
            problem = name_problem(name)
            if problem:
                raise self.fail(("players", i), f"players: {problem}")
            twice = twice_problem(names, i)      # type: ignore[arg-type]
            if twice:
                raise self.fail(("players", i), f"players: {twice}")
        return len(names)

    def session_fields(self, data: dict[str, Any], players: int) -> None:
        """The optional fields a saved game adds: seed, bots, human, lang."""
        if "lang" in data and data["lang"] not in ("en", "ja"):
            raise self.fail(("lang",), f"lang: the language of the game is en or ja, not {shown(data['lang'])}.")
        if "seed" in data:
            self.integer(("seed",), "the seed", -(2**63), 2**63 - 1, "seed")
        human = data.get("human")
        if human is not None:
            self.integer(("human",), "the human's seat", 0, players - 1, "human")
        if "bots" in data:
            bots = data["bots"]
            if not isinstance(bots, list) or len(bots) != players:
                raise self.fail(("bots",), f"bots: the record lists one bot name per seat ({players}), "
                                           f"not {shown(bots)}.")
            for i, name in enumerate(bots):
                if not isinstance(name, str):
                    raise self.fail(("bots", i), f"bots: a bot name is text, not {shown(name)}.")
                if (name == HUMAN) != (i == human):
                    raise self.fail(("bots", i), f"bots: seat {i} is {shown(name)}, but the human's seat is "
                                                 f"{human if human is not None else 'not given'}.")

    def round(self, r: int, rnd: Any, players: int) -> None:
        where, path = f"round {r + 1}", ("rounds", r)
        if not isinstance(rnd, dict):
            raise self.fail(path, f"{where}: a round is a mapping with start, hands and actions, not "
                                  f"{shown(rnd)}.")
        if "start" in rnd:
            self.integer(path + ("start",), "the start player", 0, players - 1, where)
        if "mizuten" in rnd and not isinstance(rnd["mizuten"], bool):
            raise self.fail(path + ("mizuten",), f"{where}: mizuten is true or false, not {shown(rnd['mizuten'])}.")
        if "hands" in rnd:
            self.hands(path + ("hands",), rnd["hands"], where)
        actions = rnd.get("actions")
        if actions is None:
            return
        if not isinstance(actions, list):
            raise self.fail(path + ("actions",), f"{where}: actions is a list, not {shown(actions)}.")
        for i, item in enumerate(actions):
            here = f"{where}, action {i + 1}"
            if not isinstance(item, dict):
                raise self.fail(path + ("actions", i), f"{here}: an action is a mapping with a seat, "
                                                       f"not {shown(item)}.")
            if "seat" not in item:
                raise self.fail(path + ("actions", i), f"{here}: the action names no seat.")
            if item["seat"] != "chance":        # a deal written by the generic codec (actions_codec.py)
                self.integer(path + ("actions", i, "seat"), "the seat", 0, players - 1, here)

    def hands(self, path: Path_, hands: Any, where: str) -> None:
        if not isinstance(hands, list):
            raise self.fail(path, f"{where}: hands is a list with one hand per seat, not {shown(hands)}.")
        for s, hand in enumerate(hands):
            cards = hand if isinstance(hand, list) else [hand]
            if not isinstance(hand, (str, list)) or not all(isinstance(c, str) for c in cards):
                raise self.fail(path + (s,), f"{where}: the hand of seat {s} is a list of cards "
                                             f"(text like 'As Kh'), not {shown(hand)}.")


def read_record(path: str | Path) -> tuple[dict[str, Any], Places]:
    """The plain data of a record file, read safely and checked field by field, and its places.

    Raises :class:`RecordError` (placed ``FILE:LINE:COL``) at the first problem.
    """
    doc = read_yaml(Path(path), str(path), RECORD)
    return _Checker(doc.data, doc.places).check(), doc.places


def read_record_data(path: str | Path) -> dict[str, Any]:
    """The plain data of a record file (see :func:`read_record`)."""
    return read_record(path)[0]


def ensure_folder(folder: str | Path) -> Path:
    """Create ``folder`` if needed and check that files can be written in it (before any game)."""
    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".hachi-probe-", dir=out)
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        raise RecordError(f"cannot write records into this folder ({e.strerror or e}).", str(folder)) from None
    return out
