"""The ``?`` explanations of hanafuda decisions: matching play (H14-H21) and, for go/drop rule
files, the declarations in hanafuda terms. Every figure comes from the ruleset and the view."""

from __future__ import annotations

from typing import Any

from .play import STOP, Capture
from ...engine.view import View
from ....ruleset.model import Phase, Ruleset


def explain(v: View, rules: Ruleset, lang: str = "en") -> list[str]:
    texts = JA if lang == "ja" else EN
    values = _values(v, rules, lang)
    if v.phase is Phase.DECLARATIONS:
        return [line.format(**values) for line in texts["declare"]]
    koi = rules.kind_rules.capture_roles_paid == "at_stop"
    if STOP in v.legal:
        return [line.format(**values) for line in texts["koi" if koi else "role"]]
    lines = [line.format(**values) for line in texts["koi_play" if koi else "play"]]
    if v.play.turned is not None:
        lines.append(texts["turned"].format(**values))
    return lines


def _values(v: View, rules: Ruleset, lang: str) -> dict[str, object]:
    hana = rules.kind_rules
    deck = hana.deck
    roles = rules.evaluator.evaluate(v.hand) if v.hand else None
    mine = dict(v.play.captures).get(v.seat, ())
    fee = rules.declaration.drop_fee.fee(len(v.dropped))
    turned = deck.name(v.play.turned) if v.play.turned is not None else "-"
    targets = [a.target for a in v.legal if isinstance(a, Capture) and a.card == v.play.turned]
    total = hana.capture_evaluator.evaluate(list(mine)).go if mine else 0
    return dict(
        total=total, mult=v.multiplier, kan=hana.kan, par=hana.par, pts=deck.points_of(mine),
        capture_roles=_capture_roles(rules, lang), kinds=_kinds(rules, lang),
        roles=", ".join(f"{h.id} {h.go}" for h in roles.roles) if roles and roles.roles else "-",
        go=roles.go if roles else 0, fee=fee, cost=fee * v.multiplier, max=rules.declaration.max_goers,
        per_card=_per_card(rules, lang), pot=v.pot, turned=turned,
        targets=" / ".join(deck.name(c) for c in targets) or "-", **_house_words(rules, lang),
    )


def _house_words(rules: Ruleset, lang: str) -> dict[str, str]:
    """H11 and H18 as the rule file sets them: when hand roles are paid, whether a capture role
    stops the round."""
    hana, ja = rules.kind_rules, lang == "ja"
    play_on = hana.after_capture_role == "play_on"
    if hana.after_capture_role == "choose":
        if ja:
            return {"capture_rule": "作った人が打ち切るか下げて続けるかを選び",
                    "settle_when": "局の終わりに精算し" if hana.settle == "at_end" else "すぐ精算し"}
        return {"capture_rule": "A capture role is paid at once and its maker stops the round or plays on",
                "capture_short": "are paid as made, and their maker stops or plays on",
                "settle_when": "paid when the round ends" if hana.settle == "at_end" else "paid at once"}
    if ja:
        return {"capture_rule": "勝負は続き (下げ)" if play_on else "その場で局が終わり",
                "settle_when": "局の終わりに精算し" if hana.settle == "at_end" else "すぐ精算し"}
    return {"capture_rule": "A capture role is paid at once and play goes on (下げ)" if play_on
            else "A capture role stops the round at once",
            "capture_short": "are paid as made" if play_on else "stop the round",
            "settle_when": "paid when the round ends" if hana.settle == "at_end" else "paid at once"}


def _capture_roles(rules: Ruleset, lang: str) -> str:
    """H17 from the rule file: each capture role's name and value in kan."""
    unit = "貫" if lang == "ja" else " kan"
    return ", ".join(f"{r.name(lang)} {r.go}{unit}" for r in rules.kind_rules.capture_roles.roles)


def _kinds(rules: Ruleset, lang: str) -> str:
    """H1 from the rule file: the points of each kind of card."""
    deck = rules.kind_rules.deck
    points = {deck.kind(c): deck.points(c) for c in deck.cards}
    names = [(k, ja if lang == "ja" else en.lower()) for k, ja, en in deck.kind_names] or [(k, k) for k in points]
    return ", ".join(f"{name} {points[k]}" for k, name in names if k in points)


def _per_card(rules: Ruleset, lang: str) -> str:
    """T14's per-card payments as the rule file sets them (``forced_out.per_card``)."""
    names = {k: (ja if lang == "ja" else en) for k, ja, en in rules.kind_rules.deck.kind_names}
    per = rules.forced_out.per_card
    if lang == "ja":
        return "、".join(f"{names.get(c, c)}1枚につき{n}点" for c, n in per.items()) or "札の支払いなし"
    return ", ".join(f"{n} per {names.get(c, c).lower()} card held" for c, n in per.items()) or "nothing per card"


EN: dict[Any, Any] = {
    "play": [
        "Matching (H14): play a card. One field card of its month: you take both;",
        "two: you choose which (shown 'card -> target'); three: you take all three;",
        "none: it joins the field. Then the stock's top card is turned and matched",
        "the same way (H15). {capture_rule} (H17, H18):",
        "each other player pays its kan (1 kan = {kan} points) x{mult}.",
        "Capture roles: {capture_roles}.",
        "Otherwise card points ({kinds})",
        "count against {par} at the end (H21), x{mult} (H7). Your captures: {pts} points.",
    ],
    "turned": "You turned {turned}: it matches {targets} on the field; choose the one it takes (H15).",
    "role": [
        "Your captures make a capture role (H17, H18): {capture_roles}.",
        "Each other player pays you its kan (1 kan = {kan} points) x{mult} whatever you choose.",
        "Stop (1): the round ends here; no card points are counted.",
        "Play on (2, 下げ): the round goes on; a role grown later is paid the difference,",
        "and card points count against {par} at the end (H21; yours now: {pts} points).",
    ],
    "koi": [
        "Your role total rose this turn, to {total} (K15): {capture_roles}.",
        "Stop (1, 勝負): the round ends and the other player pays you your total,",
        "doubled when it is 7 or more and doubled again when the other called koi (K16).",
        "Koi (2, こいこい): nothing is paid now and play goes on; each later rise asks again.",
        "If the other player stops first, your roles are paid nothing (K18).",
    ],
    "koi_play": [
        "Matching (K8): play a card. One field card of its month: you take both;",
        "two: you choose which (shown 'card -> target'); three: you take all four.",
        "None: it joins the field. Then the stock's top card is turned and matched the same way.",
        "When your role total rises in a turn you choose: stop (勝負) and be paid,",
        "or koi (こいこい) and play on (K15, K16). Roles: {capture_roles}. Yours now: {total}.",
    ],
    "declare": [
        "Go or drop (出る/降りる). Dropping now costs {fee} x{mult} = {cost} points into the pot.",
        "At most {max} go; the rest are forced out, and each goer pays each of them",
        "{per_card}, plus the forced-out values of their hand roles.",
        "A lone goer takes the pot of {pot}. The goers play the round:",
        "hand roles {settle_when} (H8-H11; yours: {roles}, {go} kan), matching (H14, H15),",
        "capture roles {capture_short} (H17, H18), card points against {par} (H21).",
    ],
}

JA: dict[Any, Any] = {
    "play": [
        "合わせ (H14): 手札を1枚出し、同じ月の場札が1枚なら2枚とも取り、",
        "2枚ならどちらかを選び (「札 -> 取る札」)、3枚なら全部取ります。",
        "なければ場に置きます。続いて山札の一番上をめくり、",
        "同じように合わせます (H15)。",
        "出来役 (H17, H18) ができると{capture_rule}、他の全員から",
        "貫 (1貫 = {kan}点) x{mult} をもらいます: {capture_roles}。",
        "最後まで行けば札の点 ({kinds}) を",
        "{par}と比べます (H21、x{mult}、H7)。あなたの取り札は今 {pts}点です。",
    ],
    "turned": "{turned} をめくりました: 場の {targets} と合います。どちらを取るか選んでください (H15)。",
    "role": [
        "取り札で出来役ができました (H17, H18): {capture_roles}。",
        "どちらを選んでも、他の全員から貫 (1貫 = {kan}点) x{mult} をもらいます。",
        "打ち切る (1): 局はここで終わり、札の点は数えません。",
        "下げる (2): 局は続き、後で役が育てば差額をもらい、",
        "最後に札の点を{par}と比べます (H21、あなたの取り札は今 {pts}点)。",
    ],
    "koi": [
        "この手番で役の合計が {total}点に上がりました (K15): {capture_roles}。",
        "勝負 (1): 局はここで終わり、相手があなたの合計を払います。",
        "7点以上なら倍、相手がこいこいしていればさらに倍 (K16)。",
        "こいこい (2): 今は何も払われず続けます。また上がればまた選びます。",
        "先に相手が勝負すると、あなたの役には何も払われません (K18)。",
    ],
    "koi_play": [
        "合わせ (K8): 手札を1枚出し、同じ月の場札が1枚なら2枚とも取り、",
        "2枚ならどちらかを選び、3枚なら4枚とも取ります。なければ場に置きます。",
        "続いて山札の一番上をめくり、同じように合わせます。",
        "手番で役の合計が上がったら、勝負して点をもらうか、こいこいで続けるかを選びます",
        "(K15, K16)。役: {capture_roles}。あなたの合計は今 {total}点です。",
    ],
    "declare": [
        "出るか降りるか。今降りると降り賃 {fee} x{mult} = {cost}点を場に払います。",
        "出られるのは{max}人まで。残りは降ろされ、出た人から{per_card}と",
        "手役の降ろされ欄をもらいます。一人だけ出れば場代{pot}を取ります。",
        "出た人は手役を{settle_when} (H8-H11、あなた: {roles}、{go}貫)、合わせ (H14, H15)、",
        "出来役で局が終わり (H17, H18)、最後まで行けば札の点を{par}と比べます (H21)。",
    ],
}
