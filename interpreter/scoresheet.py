"""Score sheets (scorekeeper.md): read a sheet of games played with real cards and settle it.

A sheet names the ruleset, the players, the first start player and, per round, only what the
table saw (see :mod:`.told`). Every round is settled by the ruleset's own phases on a
:func:`~.told.told_game`; anything that cannot be a legal game is one :class:`SheetError` whose
message starts with the round and the field (``round 2, tricks: ...``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from ..ruleset.errors import CardError, HachiError, IllegalAction, RecordError, shown
from ..ruleset.model import Phase, PlayKind, Ruleset
from ..ruleset.yamlfile import Limits, read_yaml
from .actions import CallMizuten, Declare, Split
from .events import RoundEnded
from .game import Game
from .kinds import RoundKind
from .record import Replay, load_record_ruleset
from .recordfile import MAX_ROUNDS, name_problem
from .told import Claim, ToldCapture, ToldDeal, ToldPoints, ToldTricks, told_game

SHEET = Limits(kind="score sheet", shape="a score sheet is a mapping with ruleset, players, start and rounds",
               merge_hint="", error=RecordError, max_bytes=1024 * 1024, max_depth=16, max_nodes=200_000,
               max_number_chars=20, max_string_chars=1_000)

TRICK_KEYS = ("start", "indicator", "field", "mizuten", "declare", "split", "show", "roles", "aces", "tricks")
HANA_KEYS = ("dealer", "start", "field_cards", "field", "declare", "show", "roles", "aces", "capture_role",
             "points", "chaff", "tobikomi")


class SheetError(RecordError):
    """A score sheet that cannot be read or cannot be a legal game."""


class _Bad(Exception):
    """A problem in one field of a round: ``field`` and the reason."""

    def __init__(self, field: str, reason: str):
        self.field, self.reason = field, reason


@dataclass(frozen=True)
class Sheet:
    """A score sheet as read: the ruleset, the players' names, the first start player, the rounds."""

    ruleset: Ruleset
    ruleset_ref: str
    names: tuple[str, ...]
    start: int
    rounds: tuple[dict, ...]
    length: Optional[int] = None

    def data(self) -> dict:
        """The sheet as plain data, ready for YAML or JSON."""
        out: dict[str, Any] = {"ruleset": self.ruleset_ref, "players": list(self.names),
                               "start": self.names[self.start]}
        if self.length is not None:
            out["length"] = self.length
        out["rounds"] = [dict(r) for r in self.rounds]
        return out


# -- reading ---------------------------------------------------------------------------------

def read_sheet(path: str | Path) -> Sheet:
    """Read a sheet file (YAML or JSON) safely; raise :class:`SheetError` at the first problem."""
    p = Path(path)
    if not p.is_file():
        raise SheetError("there is no such file." if not p.exists() else "this is not a regular file.", str(path))
    data = read_yaml(p, str(path), SHEET).data
    return sheet_from_data(data, lambda ref: load_record_ruleset(ref, path), str(path))


def sheet_from_data(data: Any, load, place: str = "<sheet>") -> Sheet:
    """A :class:`Sheet` from plain data; ``load(ref)`` loads the ruleset a sheet names."""
    if not isinstance(data, dict):
        raise SheetError(SHEET.shape + ".", place)
    for key in ("ruleset", "players", "start", "rounds"):
        if key not in data:
            raise SheetError(f"the sheet has no '{key}'.", place)
    unknown = sorted(str(k) for k in data if k not in ("ruleset", "players", "start", "rounds", "length"))
    if unknown:
        raise SheetError(f"{shown(unknown[0])} is not a field of a score sheet.", place)
    if not isinstance(data["ruleset"], str):
        raise SheetError(f"ruleset: a ruleset's name or path, not {shown(data['ruleset'])}.", place)
    names = data["players"]
    if not isinstance(names, list) or not names:
        raise SheetError("players: a list of names.", place)
    for i, name in enumerate(names):
        problem = name_problem(name)
        if problem or name in names[:i]:
            raise SheetError(f"players: {problem or f'the name {shown(name)} is given twice.'}", place)
    if data["start"] not in names:
        raise SheetError(f"start: {shown(data['start'])} is not one of the players.", place)
    length = data.get("length")
    if length is not None and (type(length) is not int or not 1 <= length <= MAX_ROUNDS):
        raise SheetError(f"length: a number of rounds from 1 to {MAX_ROUNDS}, not {shown(length)}.", place)
    if not isinstance(data["rounds"], list) or not all(isinstance(r, dict) for r in data["rounds"]):
        raise SheetError("rounds: a list of rounds, each a mapping.", place)
    ruleset = load(data["ruleset"])
    lo, hi = ruleset.players.min, ruleset.players.max
    if not lo <= len(names) <= hi:
        raise SheetError(f"players: {ruleset.name} is for {lo} to {hi} players, not {len(names)}.", place)
    return Sheet(ruleset, data["ruleset"], tuple(names), names.index(data["start"]),
                 tuple(data["rounds"]), length)


# -- settling --------------------------------------------------------------------------------

def settle(sheet: Sheet, place: str = "<sheet>") -> Replay:
    """Settle every round of ``sheet``; raise :class:`SheetError` naming the round and the field."""
    game = new_game(sheet)
    for r, rnd in enumerate(sheet.rounds, 1):
        settle_round(game, sheet, r, rnd, place)
    return Replay(game, sheet.names)


def new_game(sheet: Sheet) -> Game:
    return told_game(sheet.ruleset, len(sheet.names), sheet.start, sheet.length)


def settle_round(game: Game, sheet: Sheet, r: int, rnd: dict, place: str = "<sheet>") -> None:
    """Settle round ``r`` (1-based) of the sheet onto ``game``."""
    try:
        if game.is_terminal:
            raise _Bad("rounds", f"the game is already over after {game.rounds} rounds")
        _Round(game, sheet, rnd).settle()
    except _Bad as bad:
        raise SheetError(f"round {r}, {bad.field}: {bad.reason}", place) from None


class _Round:
    """One round of a sheet, told to the game in the order the table plays it."""

    def __init__(self, game: Game, sheet: Sheet, rnd: dict):
        self.game, self.sheet, self.rnd = game, sheet, rnd
        self.rules, self.names = game.ruleset, sheet.names
        self.deck = self.rules.deck
        self.hana = self.rules.play is PlayKind.MATCHING
        known = HANA_KEYS if self.hana else TRICK_KEYS
        for key in rnd:
            if key not in known:
                raise _Bad(str(key)[:20], f"not a field of a round (known: {', '.join(known)})")

    # -- reading fields --------------------------------------------------------------------

    def seat(self, field: str, name: Any) -> int:
        if name not in self.names:
            raise _Bad(field, f"{shown(name)} is not one of the players ({', '.join(self.names)})")
        return self.names.index(name)

    def by_name(self, field: str) -> dict[int, Any]:
        value = self.rnd.get(field) or {}
        if not isinstance(value, dict):
            raise _Bad(field, f"a mapping from player to value, not {shown(value)}")
        return {self.seat(field, k): v for k, v in value.items()}

    def count(self, field: str, seat: int, value: Any, hi: int) -> int:
        if type(value) is not int or not 0 <= value <= hi:
            raise _Bad(field, f"{self.names[seat]}: a whole number from 0 to {hi}, not {shown(value)}")
        return value

    def cards(self, field: str, value: Any) -> tuple[int, ...]:
        try:
            return self.deck.parse_list(value if isinstance(value, (list, str)) else [value])
        except CardError as e:
            raise _Bad(field, e.message.rstrip(".")) from None

    def flag(self, field: str) -> bool:
        value = self.rnd.get(field, False)
        if not isinstance(value, bool):
            raise _Bad(field, f"true or false, not {shown(value)}")
        return value

    def answers(self, field: str, words: Optional[dict] = None) -> list:
        value = self.rnd.get(field) or []
        if not isinstance(value, list):
            raise _Bad(field, f"a list, not {shown(value)}")
        if words is None:
            if not all(isinstance(v, bool) for v in value):
                raise _Bad(field, f"a list of true/false answers, not {shown(value)}")
            return value
        bad = next((v for v in value if v not in words), None)
        if bad is not None:
            raise _Bad(field, f"{shown(bad)} is not {' or '.join(words)}")
        return [words[v] for v in value]

    # -- the round -------------------------------------------------------------------------

    def settle(self) -> None:
        g = self.game
        index = g.round_index
        self.check_start()
        mizuten = False if self.hana else self.flag("mizuten")
        if g.phase is Phase.MIZUTEN_CALL:
            self.apply("mizuten", CallMizuten(mizuten))
        elif mizuten:
            raise _Bad("mizuten", f"{self.rules.name} has no mizuten")
        self.apply("show", self.deal())
        self.declare(mizuten)
        self.split()
        self.play()
        if not g.is_terminal and g.round_index == index:
            raise _Bad("rounds", f"the round is not finished ({g.describe_state()})")

    def apply(self, field: str, action) -> None:
        try:
            self.game.apply(action)
        except IllegalAction as e:
            raise _Bad(field, e.message) from None

    def check_start(self) -> None:
        field = "dealer" if self.hana and "dealer" in self.rnd else "start"
        if field not in self.rnd:
            return
        seat, want = self.seat(field, self.rnd[field]), self.game.round.start
        if seat != want:
            raise _Bad(field, f"{self.names[seat]}, but the rules make {self.names[want]} "
                              f"{'the dealer' if self.hana else 'the start player'}: {start_reason(self.game, self.names)}")

    def deal(self) -> ToldDeal:
        shown_hands = self.shown_hands()
        roles, aces = self.by_name("roles"), self.by_name("aces")
        ids = {role.id for role in self.rules.roles.roles} | {c.id for c in self.rules.roles.combos}
        for seat, claim in roles.items():
            if seat in shown_hands:
                raise _Bad("roles", f"{self.names[seat]} laid the hand open; claims are for hands not shown")
            if isinstance(claim, str):
                claim = roles[seat] = [claim]
            if not isinstance(claim, list) or any(c not in ids for c in claim):
                bad = next((c for c in claim if c not in ids), claim) if isinstance(claim, list) else claim
                raise _Bad("roles", f"{self.names[seat]}: {shown(bad)} is not a role of {self.rules.name}")
        for seat, n in aces.items():
            if seat in shown_hands:
                raise _Bad("aces", f"{self.names[seat]} laid the hand open; claims are for hands not shown")
            self.count("aces", seat, n, self.rules.hand_size)
        hands = tuple(shown_hands.get(s) or Claim(tuple(roles.get(s, ())), aces.get(s, 0))
                      for s in range(len(self.names)))
        if self.hana:
            return self.hana_deal(hands, shown_hands)
        indicator = None
        if "indicator" in self.rnd:
            (indicator,) = self.one_card("indicator")
            self.twice("indicator", shown_hands, (indicator,))
        return ToldDeal(hands, indicator=indicator, field=self.field_id(indicator is not None))

    def hana_deal(self, hands, shown_hands) -> ToldDeal:
        cards: tuple[int, ...] = ()
        if "field_cards" in self.rnd:
            cards = self.cards("field_cards", self.rnd["field_cards"])
            need = self.rules.hanafuda.field_cards
            if len(cards) != need:
                raise _Bad("field_cards", f"the field has {need} cards, not {len(cards)}")
            self.twice("field_cards", shown_hands, cards)
        return ToldDeal(hands, field_cards=cards, field=self.field_id(bool(cards)))

    def one_card(self, field: str) -> tuple[int]:
        cards = self.cards(field, self.rnd[field])
        if len(cards) != 1:
            raise _Bad(field, f"one card, not {len(cards)}")
        return cards

    def field_id(self, have_cards: bool) -> Optional[str]:
        what = "field_cards" if self.hana else "indicator"
        if "field" not in self.rnd:
            if not have_cards:
                raise _Bad(what, f"the {'field cards' if self.hana else 'turned card'} (or 'field: ID' "
                                 f"when not noted) are missing")
            return None
        if have_cards:
            raise _Bad("field", f"give {what} or field, not both")
        fields = [f.field for f in self.rules.hanafuda.fields] if self.hana else list(self.rules.fields)
        if self.rnd["field"] not in [f.id for f in fields]:
            raise _Bad("field", f"{shown(self.rnd['field'])} is not a field of {self.rules.name} "
                                f"({', '.join(f.id for f in fields)})")
        return self.rnd["field"]

    def shown_hands(self) -> dict[int, tuple[int, ...]]:
        out: dict[int, tuple[int, ...]] = {}
        size = self.rules.hand_size
        for seat, cards in self.by_name("show").items():
            hand = self.cards("show", cards)
            if len(hand) != size:
                raise _Bad("show", f"{self.names[seat]}'s hand has {len(hand)} cards, not {size} (show the whole hand)")
            self.twice("show", out, hand)
            out[seat] = tuple(sorted(hand))
        return out

    def twice(self, field: str, hands: dict, cards) -> None:
        seen = {c: s for s, h in hands.items() for c in h}
        for c in cards:
            if c in seen:
                raise _Bad(field, f"the card {self.deck.name(c)} is shown twice (also in "
                                  f"{self.names[seen[c]]}'s hand)")

    def declare(self, mizuten: bool) -> None:
        g = self.game
        said = self.answers("declare", {"go": True, "drop": False})
        if Phase.DECLARATIONS not in self.rules.round:
            if said:
                raise _Bad("declare", f"{self.rules.name} has no declarations: everyone plays")
            return
        if mizuten and said and not said[0]:
            raise _Bad("declare", f"{self.names[g.round.start]} called mizuten and must go, not drop (T6)")
        for i, go in enumerate(said):
            if g.phase is not Phase.DECLARATIONS or g.round.declarations_done:
                self.too_many(said[i:])
            self.apply("declare", Declare(go))
        if g.phase is Phase.DECLARATIONS and not g.round.declarations_done:
            raise _Bad("declare", f"{len(said)} declarations, but {self.names[g.current_player]} must "
                                  f"still say go or drop")

    def too_many(self, rest: list) -> None:
        r, most = self.game.round, self.rules.declaration.max_goers
        out = ", ".join(self.names[s] for s in r.forced_out)
        if True in rest:
            raise _Bad("declare", f"{_ordinal(most + 1)} goer, but at most {most} may go (T12)"
                                  + (f"; {out} {'is' if len(r.forced_out) == 1 else 'are'} forced out and "
                                     f"say{'s' if len(r.forced_out) == 1 else ''} nothing" if out else ""))
        raise _Bad("declare", f"{len(rest)} declaration(s) too many: everyone has declared"
                              + (f" ({out} forced out, T12)" if out else ""))

    def split(self) -> None:
        g, said = self.game, self.answers("split")
        for i, want in enumerate(said):
            if g.phase is not Phase.TWO_GOER_CHOICE:
                goers = len(g.round.goers)
                if i == 0:
                    raise _Bad("split", f"split answers are given only with exactly two goers; this round has {goers}"
                               if goers != 2 else f"{self.rules.name} does not let two goers split")
                raise _Bad("split", f"{self.names[g.round.goers[1]]} answers only when "
                                    f"{self.names[g.round.goers[0]]} wants to split")
            self.apply("split", Split(want))
        if g.phase is Phase.TWO_GOER_CHOICE:
            raise _Bad("split", f"two goers: {self.names[g.current_player]} must say whether to split "
                                f"(true) or play (false)")

    def play(self) -> None:
        g = self.game
        result = ("capture_role", "points") if self.hana else ("tricks",)
        given = [k for k in result if self.rnd.get(k) is not None]
        if g.phase is not Phase.PLAY:
            if given:
                kind = g.round.kind or RoundKind.SKIPPED
                raise _Bad(given[0], f"nobody played this round ({kind.value.replace('_', ' ')})")
            return
        if self.hana:
            self.apply(given[0] if given else "points", self.hana_result())
        else:
            self.apply("tricks", self.tricks())

    def goers_of(self, field: str, values: dict) -> None:
        r = self.game.round
        for seat in values:
            if seat not in r.goers:
                why = "was forced out" if seat in r.forced_out else "dropped"
                raise _Bad(field, f"{self.names[seat]} {why} and did not play")

    def tricks(self) -> ToldTricks:
        if self.rnd.get("tricks") is None:
            raise _Bad("tricks", "the goers played: tell the tricks each took")
        won = self.by_name("tricks")
        self.goers_of("tricks", won)
        size = self.rules.hand_size
        for seat, n in won.items():
            self.count("tricks", seat, n, size)
        if sum(won.values()) != size:
            raise _Bad("tricks", f"they add up to {sum(won.values())}, but a hand plays {size} tricks")
        return ToldTricks(tuple(sorted(won.items())))

    def hana_result(self):
        total = sum(self.deck.points(c) for c in self.deck.cards)
        points = self.by_name("points")
        self.goers_of("points", points)
        for seat, n in points.items():
            self.count("points", seat, n, total)
        if self.rnd.get("capture_role") is not None:
            return self.capture(points)
        if self.rnd.get("points") is None:
            raise _Bad("points", f"tell the card points each player took (adding up to {total}), "
                                 f"or the capture_role that stopped the round")
        if Phase.DECLARATIONS not in self.rules.round and sum(points.values()) != total:
            raise _Bad("points", f"they add up to {sum(points.values())}, not {total}")
        if sum(points.values()) > total:        # go/drop: the cards left in the stock count for nobody
            raise _Bad("points", f"they add up to {sum(points.values())}, more than the {total} of the deck")
        chaff = self.by_name("chaff")
        self.goers_of("chaff", chaff)
        for seat, n in chaff.items():
            self.count("chaff", seat, n, self.deck.size)
        tobikomi = self.answers("tobikomi", {n: n for n in self.names})
        return ToldPoints(tuple(sorted(points.items())), tuple(sorted(chaff.items())),
                          tuple(self.names.index(n) for n in tobikomi))

    def capture(self, points: dict) -> ToldCapture:
        told = self.rnd["capture_role"]
        if not isinstance(told, dict) or set(told) != {"player", "role"}:
            raise _Bad("capture_role", f"a mapping with player and role, not {shown(told)}")
        seat = self.seat("capture_role", told["player"])
        self.goers_of("capture_role", {seat: 0})
        roles = told["role"] if isinstance(told["role"], list) else [told["role"]]
        ids = {role.id for role in self.rules.hanafuda.capture_roles.roles}
        bad = next((x for x in roles if x not in ids), None)
        if bad is not None or not roles:
            raise _Bad("capture_role", f"{shown(bad)} is not a capture role ({', '.join(sorted(ids))})")
        return ToldCapture(seat, tuple(roles), tuple(sorted(points.items())))


def _ordinal(n: int) -> str:
    return {2: "a second", 3: "a third", 4: "a fourth", 5: "a fifth", 6: "a sixth"}.get(n, f"goer number {n} as a")


def start_reason(game: Game, names) -> str:
    """Why the rules make the current start player (T5, T24), in words."""
    ended = [e for e in game.events if isinstance(e, RoundEnded)]
    if not ended:
        return "the sheet's start player begins (T5)"
    e, ns = ended[-1], game.ruleset.next_start
    who = names[e.next_start]
    if e.kind is RoundKind.ONE_GOER:
        return f"{who} went alone last round (T24)"
    if e.kind is RoundKind.TWO_GOERS_SPLIT:
        return f"{who} is the {ns.after_split.replace('_', ' ')} of last round's split (T24)"
    if e.pot_to == e.next_start and e.tricks and ns.after_tricks == "pot_taker":
        unit = "card points" if game.ruleset.play is PlayKind.MATCHING else "tricks"
        return f"{who} took the pot with the most {unit} last round (T24)"
    return f"{who} sits left of last round's {'dealer' if game.ruleset.play is PlayKind.MATCHING else 'start player'} (T24)"


def error_line(e: HachiError, fallback: str) -> str:
    """One line for the terminal: ``PLACE: error: MESSAGE``."""
    return f"{e.place or fallback}: error: {e.message}"
