"""Reading the human's answers in ``hachi play``, and the ``?`` explanations of each decision.

:func:`parse_answer` turns a typed line into a legal action or raises :class:`BadAnswer` with
the reason (and the rule number when a rule forbids it); it never lets bad input through.
"""

from __future__ import annotations

from typing import Optional

from ..interpreter.actions import CallMizuten, Declare, Play, Split
from ..interpreter.view import View
from ..ruleset.errors import CardError, shown
from ..ruleset.model import Phase, PlayKind, Ruleset
from . import matching_input

QUIT = frozenset({"q", "quit", "exit", "終了"})
HELP = frozenset({"?", "？", "help", "h"})

WORDS = {
    Phase.MIZUTEN_CALL: {CallMizuten(True): ("y", "yes", "m", "mizuten", "ミズテン", "はい"),
                         CallMizuten(False): ("n", "no", "しない", "いいえ")},
    Phase.DECLARATIONS: {Declare(True): ("g", "go", "出", "出る"), Declare(False): ("d", "drop", "降", "降りる")},
    Phase.TWO_GOER_CHOICE: {Split(True): ("s", "split", "山分け"), Split(False): ("p", "play", "勝負")},
}


class BadAnswer(Exception):
    """An answer that is not a legal choice; the message says why."""


def numbered(v: View, rules: Ruleset) -> tuple:
    """The legal actions in the order they are numbered: cards as the hand is shown."""
    if _matching(v, rules):
        return matching_input.order(v, rules)
    if v.legal and isinstance(v.legal[0], Play):
        return tuple(sorted(v.legal, key=lambda a: rules.deck.sort_key(a.card, v.trump)))
    return tuple(v.legal)


def parse_answer(text: str, v: View, rules: Ruleset) -> object:
    """The legal action the answer ``text`` names (a number, a word or a card name)."""
    answer = text.strip()
    legal = numbered(v, rules)
    if not answer:
        raise BadAnswer(f"Please answer: a number from 1 to {len(legal)}, a name, or ? for help.")
    if answer.isdigit():                      # also ² and full-width digits, which int() may refuse
        n = int(answer) if answer.isdecimal() and len(answer) <= 6 else 0
        if 1 <= n <= len(legal):
            return legal[n - 1]
        raise BadAnswer(f"{shown(answer)[1:-1]} is not one of the choices: answer 1 to {len(legal)}.")
    if v.phase in WORDS:
        return _word(answer, v)
    if _matching(v, rules):
        return matching_input.parse(answer, v, rules, BadAnswer)
    return _card(answer, v, rules)


def _matching(v: View, rules: Ruleset) -> bool:
    return rules.play is PlayKind.MATCHING and v.phase is Phase.PLAY


def _word(answer: str, v: View):
    low = answer.lower()
    for action, words in WORDS[v.phase].items():
        if low in words:
            if action in v.legal:
                return action
            if isinstance(action, Declare):
                raise BadAnswer("You declared mizuten, so you must go (T6).")
            raise BadAnswer(f"'{answer}' is not allowed now.")
    options = " or ".join(ws[1] for ws in WORDS[v.phase].values())
    raise BadAnswer(f"{shown(answer)} is not an answer here: type a number or {options}.")


def _card(answer: str, v: View, rules: Ruleset) -> Play:
    deck = rules.deck
    try:
        card = deck.parse(answer)
    except CardError as e:
        raise BadAnswer(e.message) from None
    if Play(card) in v.legal:
        return Play(card)
    if card not in v.hand:
        raise BadAnswer(f"You do not hold {deck.name(card)}; your hand is {deck.format(v.hand)}.")
    led = deck.suit(v.trick[0])
    follow = [c for c in v.hand if deck.suit(c) == led]
    raise BadAnswer(f"You must follow suit: {deck.suits[led]} was led and you hold "
                    f"{deck.format(follow)} (T19).")


# -- the explanations behind '?' ----------------------------------------------------------------

def explain(v: View, rules: Ruleset, lang: str = "en") -> list[str]:
    """What the current decision is and the rule behind it (T-numbers of the standard rules)."""
    if rules.play is PlayKind.MATCHING:
        from .matching_explain import explain as explain_matching

        return explain_matching(v, rules, lang)
    texts = JA if lang == "ja" else EN
    key = v.phase if v.phase in texts else Phase.PLAY
    mult = v.multiplier
    fee = rules.declaration.drop_fee.fee(len(v.dropped))
    roles = rules.evaluator.evaluate(v.hand, v.trump, v.indicator) if v.hand else None
    role_text = ", ".join(f"{h.id} ({h.go})" for h in roles.roles) if roles and roles.roles else "-"
    led: Optional[str] = rules.deck.suits[rules.deck.suit(v.trick[0])] if v.trick else None
    values = dict(
        mult=mult, fee=fee, cost=fee * mult, max=rules.declaration.max_goers, roles=role_text,
        go=roles.go if roles else 0, per=rules.trick_settlement.per_trick, pot=v.pot,
        min=rules.mizuten.min_tricks, bonus=rules.mizuten.bonus,
        trump=rules.deck.suits[v.trump] if v.trump is not None else "-",
        led=led or "-", n=rules.hand_size, **ruled_words(rules, lang),
    )
    lines = [line.format(**values) for line in texts[key]]
    if key is Phase.PLAY:
        lines.append(texts["led"].format(**values) if led else texts["lead"].format(**values))
    return lines


def ruled_words(rules, lang: str = "en") -> dict[str, str]:
    """The parts of the help that house rules change, read from the ruleset: what a forced-out
    player is paid per card held (T14), who takes a split pot's odd chip (T16), and what a player
    who cannot follow may play (T19)."""
    ja = lang == "ja"
    per_card = rules.forced_out.per_card
    if ja:
        forced = "、".join(f"{cls} 1枚につき{n}点" for cls, n in per_card.items()) or "札による支払いなし"
        odd = "先の人" if rules.two_goers.odd_chip == "earlier_goer" else "後の人"
    else:
        forced = " and ".join(f"{n} per {cls}" for cls, n in per_card.items()) or "nothing per card"
        odd = "earlier goer" if rules.two_goers.odd_chip == "earlier_goer" else "later goer"
    play = rules.trick_play
    if not play.must_follow_suit:
        follow = "どの札でも出せます。" if ja else "you may play any card, following suit or not."
    elif play.must_trump:
        follow = ("出された札と同じスートがあれば必ず出し、なければ切り札を出します。" if ja else
                  "you must follow the led suit when you can, else trump when you can; otherwise any card.")
    else:
        follow = ("出された札と同じスートがあれば必ず出します。なければ何でも出せます。" if ja else
                  "you must follow the led suit when you can; otherwise play any card.")
    return {"forced_per_card": forced, "odd_chip": odd, "follow": follow}


EN = {
    Phase.MIZUTEN_CALL: [
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

JA = {
    Phase.MIZUTEN_CALL: [
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
