"""A readable account of a game from its event log, with names in Japanese and English.

The events every game has (rounds, transfers, results) are told here; each part of the round
(its ``RoundPart.words``: go/drop's decisions and the seats forced out) and the play kind (its
``Kind.words``, :mod:`hachihachi.interpreter.engine.kindplugin`) tell their own (the deal, the
field made, roles shown, tricks or captures, the round's card points).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Optional, Sequence

from ..ruleset.catalog import maybe, say, translated
from ..ruleset.kind_registry import transfer_word
from ..ruleset.model import Ruleset, TransferReasonName
from ..ruleset.roletable import RoleTable
from ..ruleset.model import TransferReason
from ..interpreter.engine.actions import CHANCE, POT, Choose
from ..interpreter.engine.effect_events import effect_tellers
from ..interpreter.engine.events import Applied, DealerDrawn, GameEnded, RoundEnded, RoundStarted, Seat, Transfer
from ..interpreter.engine.parts import parts_for
from ..interpreter.engine.registry import plugin_for
from ..interpreter.parts.go_drop.rules import counted_classes
from ..interpreter.scorekeeper.told import counted_cards


def kind_name(kind: TransferReasonName, lang: str = "en") -> str:
    """A kind of transfer in the account's words (the catalogs' ``told`` word of the core's or a
    play kind's own kind): in Japanese only the Japanese word, in English both; an unknown kind
    by its name in English, "" in another language.

    >>> kind_name(TransferReason.POT), kind_name(TransferReason.POT, "ja")
    ('場の総取り pot', '場の総取り')
    """
    said = transfer_word(kind.value, "told", lang)
    if said is not None:
        return said
    return kind.value if lang == "en" else ""


_ALL_OF = re.compile(r" \(all the payer has: (\d+)\)$")     # a payment cut to what the payer has (T3)
_COUNTED = re.compile(r"(\d+) ([a-z][a-z_0-9]*)")       # a forced-out reason's count of a card class (T14)


def reason_words(reason: str, lang: str) -> str:
    """A transfer's reason (the phases word it in English) in ``lang``: as it is in English, else
    by the catalog's ``sentences.reasons``, "" when it has no words there.

    >>> reason_words("roles 2 against 0", "ja"), reason_words("drop fee of dropper 1 (all the payer has: 1)", "ja")
    ('役 2 対 0', '1人目の降り賃 (持ち点すべて: 1)')
    """
    if lang == "en":
        return reason
    all_of = _ALL_OF.search(reason)
    said = translated(lang, "reasons", reason[:all_of.start()] if all_of else reason)
    if said is None:
        return ""
    return said + (say(lang, "narration.all_payer_has", n=all_of.group(1)) if all_of else "")


class Narrator:
    """Turns events into lines of text; ``names`` are the players by seat; ``lang`` "ja" tells it
    in Japanese (the English account keeps the Japanese terms beside the English ones)."""

    def __init__(self, ruleset: Ruleset, names: Sequence[str], lang: str = "en"):
        self.rules, self.names = ruleset, list(names)
        self.lang = lang
        self.kind = plugin_for(ruleset)
        self.shown = self.kind.shown(ruleset)           # a game without a pot tells none (Koi-Koi)
        self.playing_order: dict[int, list[int]] = {}   # the seats that play, in the order they joined, per round
        common: dict[type, Callable[[Any], Optional[str]]] = {
            DealerDrawn: self._dealer_drawn, RoundStarted: self._round_started, Applied: self._applied,
            Transfer: self._transfer, RoundEnded: self._round_ended, GameEnded: self._game_ended,
            **{cls: self._told_by(f) for cls, f in effect_tellers().items()}}
        parts = [part.words for part in parts_for(ruleset)]     # the parts' own (go/drop's ForcedOut, Declare)
        own = {cls: self._told_by(f) for words in (*parts, self.kind.words) for cls, f in words.events.items()}
        self._tellers = {**common, **own}
        self._actions = {cls: f for words in (*parts, self.kind.words) for cls, f in words.actions.items()}

    def _told_by(self, f: Callable[[Any, Any], Optional[str]]) -> Callable[[Any], Optional[str]]:
        return lambda e: f(self, e)

    @property
    def deck(self) -> Any:
        return self.rules.deck

    @property
    def ja(self) -> bool:
        return self.lang == "ja"

    def say(self, msg_id: str, **values: object) -> str:
        """The message ``msg_id`` of the catalogs in the account's language, filled in."""
        return say(self.lang, msg_id, **values)

    def tell(self, msg_id: str, **values: object) -> str:
        """The same as lines of the account of a round (each indented)."""
        return "\n".join("  " + line for line in say(self.lang, msg_id, **values).split("\n"))

    def who(self, seat: Seat) -> str:
        if seat == POT:
            return self.say("narration.who_pot")
        return self.names[seat]

    def does(self, seat: Seat, verb: str) -> str:
        """``seat`` and its verb, in the second person for a player called "you" (``hachi play``).

        >>> n = Narrator.__new__(Narrator); n.names = ["ann", "you"]
        >>> n.does(0, "goes"), n.does(1, "goes"), n.does(1, "pays")
        ('ann goes', 'you go', 'you pay')
        """
        name = self.who(seat)
        if name.lower() != "you":
            return f"{name} {verb}"
        return f"{name} {'go' if verb == 'goes' else verb[:-1]}"

    def role_name(self, role_id: str, table: Optional[RoleTable] = None) -> str:
        table = table or self.rules.roles
        for r in table.roles:
            if r.id == role_id:
                return r.name.ja if self.ja else f"{r.name.ja} {r.name.en}"
        for combo in table.combos:
            if combo.id == role_id and combo.name:
                return combo.name.ja if self.ja else f"{combo.name.ja} {combo.name.en}"
        return role_id

    def _named(self, reason: str) -> str:
        """A reason that lists roles by id (``forced out: hikariichi 48``, ``capture role
        akatan+aotan``) with the roles' names, as the rest of the account says them."""
        hand = [(prefix, self.rules.roles) for part in parts_for(self.rules) for prefix in part.role_reasons]
        for prefix, table in (*hand, ("capture role ", self._capture_table())):
            if reason.startswith(prefix) and table is not None:
                cut = _ALL_OF.search(reason)
                rest, after = (reason[:cut.start()], reason[cut.start():]) if cut else (reason, "")
                parts = rest[len(prefix):].split(", ")
                return prefix + ", ".join(self._named_part(part, table) for part in parts) + after
        return reason

    def _named_part(self, part: str, table: RoleTable) -> str:
        """One item of a reason: a count of a card class (``2 ace``, T14) as the narration counts
        cards (``2 aces``), else its roles by name."""
        counted = _COUNTED.fullmatch(part)
        if counted and counted[2] in counted_classes(self.rules):
            return counted_cards(self, int(counted[1]), counted[2])
        return re.sub(r"[a-z][a-z_0-9]*", lambda m: self._name_in(m[0], table), part)

    def _name_in(self, word: str, table: RoleTable) -> str:
        name = self.role_name(word, table)
        return name.split(" ", 1)[1] if name != word and " " in name else name     # the English name

    def _capture_table(self) -> Optional[RoleTable]:
        from .sheet import own_role_table          # the play kind's own role table (RuleKind.own_roles_at)

        return own_role_table(self.rules)

    def lines(self, events: Iterable[object]) -> list[str]:
        out: list[str] = []
        for e in events:
            line = self.line(e)
            if line is not None:
                out.extend(line.split("\n"))
        return out

    def line(self, e: Any) -> str | None:
        teller = self._tellers.get(type(e))
        return teller(e) if teller else None

    def _starter(self, msg: str) -> str:
        return self.say(f"{self.kind.words.msg}.{msg}")

    def _dealer_drawn(self, e: DealerDrawn) -> str:
        n = len(self.names)                 # draw_again (K3): every draw in turn, a seat each card
        drawn = ", ".join(f"{self.who(s % n)} {self.deck.name(c)}" for s, c in enumerate(e.cards))
        return self.say("narration.dealer_drawn", drawn=drawn, who=self.who(e.start), does=self.does(e.start, "deals"))

    def _round_started(self, e: RoundStarted) -> str:
        said = "narration.round_started" if self.shown.pot or e.pot else "narration.round_started_no_pot"
        return self.say(said, round=e.round + 1, starter=self._starter("starter"), who=self.who(e.start), pot=e.pot)

    def _applied(self, e: Applied) -> str | None:
        a = e.action
        own = self._actions.get(type(a))        # the play kind's or a part's own action
        if own is not None:
            return own(self, e)
        who = self.who(e.seat)
        if isinstance(a, Choose):
            return self.tell("narration.choose", who=who, does=self.does(e.seat, "chooses"), option=a.option,
                             question=a.question)
        said = a.told(self.deck)                # an action of a kind without words for it; chance deals
        return f"  {said}" if e.seat == CHANCE else f"  {who}: {said}"

    def _transfer(self, e: Transfer) -> str:
        times = f" ({e.base} x{e.multiplier})" if e.multiplier != 1 else ""
        said = kind_name(e.kind, self.lang)
        if e.kind is TransferReason.EFFECT:               # the effect's name: the author's words
            why = self.say("narration.why_effect", kind=said, reason=e.reason)
        else:
            reason = reason_words(self._named(e.reason), self.lang)
            why = self.say("narration.why", kind=said, reason=reason) if reason and reason != said else said
        if e.source == POT:
            return self.tell("narration.from_pot", who=self.who(e.target), does=self.does(e.target, "takes"),
                             amount=e.amount, why=why)
        if e.target == POT:
            return self.tell("narration.into_pot", who=self.who(e.source), does=self.does(e.source, "pays"),
                             amount=e.amount, times=times, why=why)
        return self.tell("narration.pays", who=self.who(e.source), does=self.does(e.source, "pays"),
                         target=self.who(e.target), amount=e.amount, times=times, why=why)

    def _round_ended(self, e: RoundEnded) -> str:
        delta = ", ".join(f"{n} {d:+d}" for n, d in zip(self.names, e.delta))
        won = self.say("words.list").join(f"{self.who(s)} {n}" for s, n in e.tricks.items())
        tricks = self.say("narration.round_tricks", tricks=won) if won else ""
        kind = f"{maybe(self.lang, f'narration.rounds.{e.kind.value}') or e.kind.value} " if e.kind is not None else ""
        pot = bool(self.shown.pot or e.pot_after)
        plain = not (pot or self.shown.field or e.multiplier != 1)                                  # Koi-Koi
        said = "round_ended_plain" if plain else "round_ended" if pot else "round_ended_no_pot"
        return self.tell(f"narration.{said}", kind=kind,
                         multiplier=e.multiplier, tricks=tricks, delta=delta,
                         pot=e.pot_after, starter=self._starter("next_starter"), who=self.who(e.next_start))

    def _game_ended(self, e: GameEnded) -> str:
        final = ", ".join(f"{n} {c}" for n, c in zip(self.names, e.chips))
        won = ", ".join(self.who(s) for s in e.winners)
        text = self.say("narration.game_ended_one" if len(e.winners) == 1 else "narration.game_ended_shared",
                        final=final, winners=won)
        return text + (self.say("narration.leftover_pot", pot=e.leftover_pot) if e.leftover_pot else "")
