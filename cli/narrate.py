"""A readable account of a game from its event log, with names in Japanese and English.

The events every game has (rounds, declarations, transfers, results) are told here; the play
kind (its ``Kind.words``, :mod:`hachihachi.interpreter.engine.kindplugin`) tells its own (the deal, the
field made, roles shown, tricks or captures, the round's card points).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Optional, Sequence

from ..ruleset.kind_registry import transfer_words
from ..ruleset.model import Phase, Ruleset, TransferName
from ..ruleset.roletable import RoleTable
from ..ruleset.model import TransferKind
from ..interpreter.engine.actions import CHANCE, POT, Choose, Declare, Split
from ..interpreter.engine.effect_events import effect_tellers
from ..interpreter.engine.events import (Applied, DealerDrawn, ForcedOut, GameEnded, RoundEnded, RoundStarted, Seat,
                                         Transfer)
from ..interpreter.engine.registry import plugin_for

# the core's kinds of transfer in words; a play kind's own are in its package (RuleKind.transfer_words)
KIND_NAMES: dict[TransferName, str] = {
    TransferKind.DROP_FEE: "降り賃 drop fee",
    TransferKind.FORCED_OUT: "降ろされ forced-out payment",
    TransferKind.ROLES: "手役の精算 role settlement",
    TransferKind.POT: "場の総取り pot",
    TransferKind.EFFECT: "house rule",
}

# The account in Japanese (``lang="ja"``); the English one is written out in the methods below.
JA_KINDS: dict[TransferName, str] = {
    TransferKind.DROP_FEE: "降り賃", TransferKind.FORCED_OUT: "降ろされの支払い",
    TransferKind.ROLES: "手役の精算", TransferKind.POT: "場の総取り", TransferKind.EFFECT: "ハウスルール",
}


def kind_name(kind: TransferName, ja: bool = False) -> str:
    """A kind of transfer in the account's words: the core's, a play kind's own (its package's
    words), else its name (``ja``: in Japanese only, else both; "" for an unknown one in Japanese).

    >>> kind_name(TransferKind.POT), kind_name(TransferKind.POT, ja=True)
    ('場の総取り pot', '場の総取り')
    """
    core = (JA_KINDS if ja else KIND_NAMES).get(kind)
    if core is not None:
        return core
    own = transfer_words(kind.value)
    if own is None:
        return "" if ja else kind.value
    return own.ja if ja else own.told


JA_ROUNDS = {"skipped": "流れ", "one_goer": "一人出", "two_goers_split": "二人出・山分け",
             "two_goers_play": "二人出・勝負", "three_goers": "三人出"}
JA_REASONS: tuple[tuple[str, str], ...] = (            # the phases' reasons (English), in Japanese
    (r"drop fee of dropper (\d+)", "{0}人目の降り賃"),
    (r"drop fee refunded: nobody went", "誰も出ないので降り賃を返す"),
    (r"roles (\d+) against (\d+)", "役 {0} 対 {1}"),
    (r"tricks (\d+) against (\d+)", "トリック {0} 対 {1}"),
    (r"most \w+ \((\d+)\) takes the pot", "最多 ({0}) が場を取る"),
    (r"tied for most \w+ \((\d+)\): a share of the pot", "最多 ({0}) の同点で場を分ける"),
    (r"lone goer takes the pot", "一人出が場を取る"),
    (r"split pot", "山分け"),
    (r"share of the pot left after the last round", "最終局の後に残った場代の分配"),
    (r"special role (\w+)", "特別役"),
    (r"hand roles blown out \(fukikeshi\)", "吹き消し"),
    (r"hand roles [\w+]+", "手役"),
    (r"card points", "札の点"),
    (r"tobikomi/nuke bonus", "飛び込み・抜けの加算"),
    (r"forced out: .*", "降ろされ"),
)


def ja_reason(reason: str) -> str:
    """A transfer's reason in Japanese, or "" when it has no Japanese words here.

    >>> ja_reason("roles 2 against 0"), ja_reason("drop fee of dropper 1 (all the payer has: 1)")
    ('役 2 対 0', '1人目の降り賃 (持ち点すべて: 1)')
    """
    all_of = re.search(r" \(all the payer has: (\d+)\)$", reason)
    core = reason[:all_of.start()] if all_of else reason
    for pattern, ja in JA_REASONS:
        m = re.fullmatch(pattern, core)
        if m:
            return ja.format(*m.groups()) + (f" (持ち点すべて: {all_of.group(1)})" if all_of else "")
    return ""


class Narrator:
    """Turns events into lines of text; ``names`` are the players by seat; ``lang`` "ja" tells it
    in Japanese (the English account keeps the Japanese terms beside the English ones)."""

    def __init__(self, ruleset: Ruleset, names: Sequence[str], lang: str = "en"):
        self.rules, self.names = ruleset, list(names)
        self.lang = lang
        self.kind = plugin_for(ruleset)
        self.goer_order: dict[int, list[int]] = {}      # goers in declaration order, per round
        common: dict[type, Callable[[Any], Optional[str]]] = {
            DealerDrawn: self._dealer_drawn, RoundStarted: self._round_started, Applied: self._applied,
            Transfer: self._transfer,
            ForcedOut: self._forced_out, RoundEnded: self._round_ended, GameEnded: self._game_ended,
            **{cls: self._told_by(f) for cls, f in effect_tellers().items()}}
        if self.ja:
            common.update({cls: self._told_by(f) for cls, f in effect_tellers(ja=True).items()})
        self._tellers = {**common, **{cls: self._told_by(f) for cls, f in self.kind.words.events.items()}}

    def _told_by(self, f: Callable[[Any, Any], Optional[str]]) -> Callable[[Any], Optional[str]]:
        return lambda e: f(self, e)

    @property
    def deck(self) -> Any:
        return self.rules.deck

    @property
    def ja(self) -> bool:
        return self.lang == "ja"

    def who(self, seat: Seat) -> str:
        if seat == POT:
            return "場" if self.ja else "the pot"
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
        for prefix, table in (("forced out: ", self.rules.roles), ("capture role ", self._capture_table())):
            if reason.startswith(prefix) and table is not None:
                rest = re.sub(r"[a-z][a-z_0-9]*", lambda m: self._name_in(m[0], table), reason[len(prefix):])
                return prefix + rest
        return reason

    def _name_in(self, word: str, table: RoleTable) -> str:
        name = self.role_name(word, table)
        return name.split(" ", 1)[1] if name != word and " " in name else name     # the English name

    def _capture_table(self) -> Optional[RoleTable]:
        return getattr(self.rules.kind_rules, "capture_roles", None)

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

    def _dealer_drawn(self, e: DealerDrawn) -> str:
        drawn = ", ".join(f"{self.who(s)} {self.deck.name(c)}" for s, c in enumerate(e.cards))
        if self.ja:
            return f"親決め: {drawn}。{self.who(e.start)} が親"
        return f"Drawing for the first dealer: {drawn}; {self.who(e.start)} deals first"

    def _round_started(self, e: RoundStarted) -> str:
        if self.ja:
            return f"第{e.round + 1}局: {self.kind.words.starter_ja} {self.who(e.start)}、場代 {e.pot}"
        return f"Round {e.round + 1}: {self.kind.words.starter} {self.who(e.start)}, pot {e.pot}"

    def _applied(self, e: Applied) -> str | None:
        a = e.action
        own = self.kind.words.actions.get(type(a))
        if own is not None:
            return own(self, e)
        if isinstance(a, Declare):
            if a.go:
                self.goer_order.setdefault(e.round, []).append(e.seat)
            if self.ja:
                return f"  {self.who(e.seat)}: " + ("出る" if a.go else "降りる")
            return "  " + (self.does(e.seat, "goes") + " (出る)" if a.go else self.does(e.seat, "drops") + " (降りる)")
        if isinstance(a, Split):
            if self.ja:
                return f"  {self.who(e.seat)}: " + ("山分けを望む" if a.want else "勝負を望む")
            return f"  {self.does(e.seat, 'wants')} to " + ("split (山分け)" if a.want else "play (勝負)")
        if isinstance(a, Choose):
            if self.ja:
                return f"  {self.who(e.seat)}: 「{a.option}」を選ぶ (カウンター「{a.question}」)"
            return f"  {self.does(e.seat, 'chooses')} {a.option} ({a.question})"
        said = a.told(self.deck)                # an action of a kind without words for it; chance deals
        return f"  {said}" if e.seat == CHANCE else f"  {self.who(e.seat)}: {said}"

    def _forced_out(self, e: ForcedOut) -> str:
        if self.ja:
            return f"  降ろされ: {'、'.join(self.who(s) for s in e.seats)}"
        return f"  forced out (降ろされ): {', '.join(self.who(s) for s in e.seats)}"

    def _transfer(self, e: Transfer) -> str:
        times = f" ({e.base} x{e.multiplier})" if e.multiplier != 1 else ""
        if self.ja:
            reason = ja_reason(e.reason)
            said = kind_name(e.kind, ja=True)
            why_ja = said + (f"、{reason}" if reason and reason != said else "")
            if e.kind is TransferKind.EFFECT:
                why_ja = f"ハウスルール「{e.reason}」"          # the effect's name: the author's words
            if e.source == POT:
                return f"  {self.who(e.target)} が場から {e.amount} を取る: {why_ja}"
            if e.target == POT:
                return f"  {self.who(e.source)} が場に {e.amount}{times} を払う: {why_ja}"
            return f"  {self.who(e.source)} が {self.who(e.target)} に {e.amount}{times} を払う: {why_ja}"
        why = f"{kind_name(e.kind)}, {self._named(e.reason)}"
        if e.source == POT:
            return f"  {self.does(e.target, 'takes')} {e.amount} from the pot: {why}"
        if e.target == POT:
            return f"  {self.does(e.source, 'pays')} {e.amount}{times} into the pot: {why}"
        return f"  {self.does(e.source, 'pays')} {self.who(e.target)} {e.amount}{times}: {why}"

    def _round_ended(self, e: RoundEnded) -> str:
        delta = ", ".join(f"{n} {d:+d}" for n, d in zip(self.names, e.delta))
        if self.ja:
            won = "、".join(f"{self.who(s)} {n}" for s, n in e.tricks.items())
            kind = f"{JA_ROUNDS.get(e.kind.value, e.kind.value)} " if Phase.DECLARATIONS in self.rules.round else ""
            return (f"  結果: {kind}x{e.multiplier}{'; トリック ' + won if won else ''}; {delta}; "
                    f"場代 {e.pot_after}; 次の{self.kind.words.starter_ja} {self.who(e.next_start)}")
        tricks = ", ".join(f"{self.who(s)} {n}" for s, n in e.tricks.items())
        tricks = f"; tricks {tricks}" if tricks else ""
        kind = f"{e.kind.value} " if Phase.DECLARATIONS in self.rules.round else ""
        return (f"  result: {kind}x{e.multiplier}{tricks}; {delta}; pot {e.pot_after}; "
                f"next {self.kind.words.next_starter} "
                f"{self.who(e.next_start)}")

    def _game_ended(self, e: GameEnded) -> str:
        final = ", ".join(f"{n} {c}" for n, c in zip(self.names, e.chips))
        won = ", ".join(self.who(s) for s in e.winners)
        if self.ja:
            text = f"最終: {final}; " + ("勝者 " if len(e.winners) == 1 else "同点の勝者 ") + won
            return text + (f"; 残った場代 {e.leftover_pot} は誰のものにもならない" if e.leftover_pot else "")
        text = f"Final: {final}; " + ("winner " if len(e.winners) == 1 else "shared win ") + won
        if e.leftover_pot:
            text += f"; the leftover pot of {e.leftover_pot} goes to nobody"
        return text
