"""The ``?`` explanations of Hachi-Hachi Trick decisions: the mizuten call, go or drop, the two
goers' choice and trick play, with the T-numbers of the rules. Every figure comes from the
ruleset and the view."""

from __future__ import annotations

from typing import Any, Optional

from ...engine.view import View
from ....ruleset.model import Phase, Ruleset
from .rules import TrickPhase
from .rules import trick_rules_of
from ...parts.go_drop.rules import go_drop_rules


def explain(v: View, rules: Ruleset, lang: str = "en") -> list[str]:
    """What the current decision is and the rule behind it (T-numbers of the standard rules)."""
    texts = JA if lang == "ja" else EN
    key = v.phase if v.phase in texts else Phase.PLAY
    mult = v.multiplier
    fee = go_drop_rules(rules).declaration.drop_fee.fee(len(v.dropped))
    roles = rules.evaluator.evaluate(v.hand, v.play.trump, v.play.indicator) if v.hand else None
    ja_names = {r.id: r.name.ja for r in rules.roles.roles} if lang == "ja" else {}
    role_text = ", ".join(f"{ja_names.get(h.id, h.id)} ({h.go})" for h in roles.roles) if roles and roles.roles else "-"
    led: Optional[str] = rules.deck.suits[rules.deck.suit(v.play.trick[0])] if v.play.trick else None
    values = dict(
        mult=mult, fee=fee, cost=fee * mult, max=go_drop_rules(rules).declaration.max_goers, roles=role_text,
        go=roles.go if roles else 0, per=trick_rules_of(rules).trick_settlement.per_trick, pot=v.pot,
        min=trick_rules_of(rules).mizuten.min_tricks, bonus=trick_rules_of(rules).mizuten.bonus,
        trump=rules.deck.suits[v.play.trump] if v.play.trump is not None else "-",
        led=led or "-", n=rules.hand_size, **ruled_words(rules, lang),
    )
    lines = [line.format(**values) for line in texts[key]]
    if key is Phase.PLAY:
        lines.append(texts["led"].format(**values) if led else texts["lead"].format(**values))
    return lines


def ruled_words(rules: Ruleset, lang: str = "en") -> dict[str, str]:
    """The parts of the help that house rules change, read from the ruleset: what a forced-out
    player is paid per card held (T14), who takes a split pot's odd chip (T16), and what a player
    who cannot follow may play (T19)."""
    ja = lang == "ja"
    per_card = go_drop_rules(rules).forced_out.per_card
    if ja:
        from ....cli.sheet import CLASS_JA

        forced = "、".join(f"{CLASS_JA.get(cls, cls)} 1枚につき{n}点" for cls, n in per_card.items())
        forced = forced or "札による支払いなし"
        odd = "先の人" if go_drop_rules(rules).two_goers.odd_chip == "earlier_goer" else "後の人"
    else:
        forced = " and ".join(f"{n} per {cls}" for cls, n in per_card.items()) or "nothing per card"
        odd = "earlier goer" if go_drop_rules(rules).two_goers.odd_chip == "earlier_goer" else "later goer"
    play = trick_rules_of(rules).trick_play
    if not play.must_follow_suit:
        follow = "どの札でも出せます。" if ja else "you may play any card, following suit or not."
    elif play.must_trump:
        follow = ("出された札と同じスートがあれば必ず出し、なければ切り札を出します。" if ja else
                  "you must follow the led suit when you can, else trump when you can; otherwise any card.")
    else:
        follow = ("出された札と同じスートがあれば必ず出します。なければ何でも出せます。" if ja else
                  "you must follow the led suit when you can; otherwise play any card.")
    return {"forced_per_card": forced, "odd_chip": odd, "follow": follow}


EN: dict[Any, Any] = {
    TrickPhase.MIZUTEN_CALL: [
        "Mizuten (ミズテン, T6): before the deal you may declare mizuten; you then must go (T10).",
        "If the round has three goers and you take {min} or more tricks, every other player pays",
        "you {bonus} x the field multiplier (T22). With one or two goers it is void (T18).",
    ],
    Phase.DECLARATIONS: [
        "Go or drop (出る/降りる, T10-T13). Dropping now costs {fee} x{mult} = {cost} into the pot (T11).",
        "At most {max} go (T12); the rest are forced out and each goer pays every one of them",
        "{forced_per_card} plus their roles' forced-out values (T14). Goers settle roles pairwise (T15):",
        "your roles: {roles}, value {go}. Then {n} tricks (T19): fewer tricks pays {per} per trick",
        "of difference to each other goer (T20), and the most tricks takes the pot of {pot} (T21).",
    ],
    Phase.TWO_GOER_CHOICE: [
        "Two goers (二人プレイ, T16): the earlier goer says play or split; if it wants to split the",
        "later goer says too. Both split: the pot of {pot} is halved (odd chip to the {odd_chip}),",
        "no roles, no tricks. Either plays: roles (T15, yours: {go}) and tricks (T19-T21).",
    ],
    Phase.PLAY: [
        "Trick play (T19): {follow}",
        "The highest trump ({trump}) wins, else the highest card of the led suit.",
        "Fewer tricks pays {per} x{mult} per trick of difference (T20); most tricks takes the pot (T21).",
    ],
    "led": "Led suit: {led}. Legal cards are numbered below.",
    "lead": "You lead this trick: any card may be played.",
}

JA: dict[Any, Any] = {
    TrickPhase.MIZUTEN_CALL: [
        "ミズテン (T6): 配る前に宣言すると、必ず出なければなりません (T10)。",
        "三人プレイで{min}トリック以上取ると、他の全員から{bonus}点 x 場の倍率をもらえます (T22)。",
        "一人・二人プレイでは無効です (T18)。",
    ],
    Phase.DECLARATIONS: [
        "出るか降りるか (T10-T13)。今降りると降り賃 {fee} x{mult} = {cost} を場に払います (T11)。",
        "出られるのは{max}人まで (T12)。残りは降ろされ、出た人から{forced_per_card}と役の降ろされ欄を",
        "もらいます (T14)。出た人どうしで役の精算 (T15): あなたの役 {roles}、値 {go}。",
        "{n}トリックを争い (T19)、少ない方が差1トリックにつき{per}点払い (T20)、最多が場代{pot}を取ります (T21)。",
    ],
    Phase.TWO_GOER_CHOICE: [
        "二人プレイ (T16): 先に出た人が勝負か山分けを選び、山分けなら後の人も選びます。",
        "両者山分け: 場代{pot}を半分ずつ (端数は{odd_chip})、役もトリックもなし。",
        "どちらかが勝負: 役の精算 (T15、あなた: {go}) とトリック (T19-T21)。",
    ],
    Phase.PLAY: [
        "トリック (T19): {follow}",
        "最も高い切り札 ({trump}) が勝ち、なければ最初のスートの最も高い札が勝ちます。",
        "少ない方が差1トリックにつき{per} x{mult}点払い (T20)、最多が場代を取ります (T21)。",
    ],
    "led": "最初のスート: {led}。出せる札には番号が付いています。",
    "lead": "あなたがリードします: どの札でも出せます。",
}
