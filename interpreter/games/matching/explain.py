"""The ``?`` explanations of hanafuda decisions: matching play (H14-H21) and, for go/drop rule
files, the declarations in hanafuda terms. Every figure comes from the ruleset and the view."""

from __future__ import annotations

from .play import STOP, Capture, pile_roles
from .shown import shown
from ...engine.view import View
from ....ruleset.catalog import LANGS, say
from ....ruleset.model import Ruleset
from ...parts.go_drop.rules import GoDropPhase, go_drop_rules

WORDS = "kind.matching.explain"        # its words: the catalogs' kind.matching.explain.*


def explain(v: View, rules: Ruleset, lang: str = "en") -> list[str]:
    lang = lang if lang in LANGS else "en"
    values = _values(v, rules, lang)

    def lines(key: str) -> list[str]:
        return say(lang, f"{WORDS}.{key}", **values).split("\n")

    if v.phase is GoDropPhase.DECLARATIONS:
        return lines("declare")
    koi = rules.kind_rules.capture_roles_paid == "at_stop"
    if STOP in v.legal:
        return lines("koi" if koi else "role")
    return lines("koi_play" if koi else "play") + (lines("turned") if v.play.turned is not None else [])


def _values(v: View, rules: Ruleset, lang: str) -> dict[str, object]:
    hana = rules.kind_rules
    deck = hana.deck
    roles = rules.evaluator.evaluate(v.hand) if v.hand else None
    mine = dict(v.play.captures).get(v.seat, ())
    decl = go_drop_rules(rules).declaration if rules.parts else None       # with go/drop only
    fee = decl.drop_fee.fee(len(v.dropped)) if decl else 0
    turned = deck.name(v.play.turned) if v.play.turned is not None else "-"
    targets = [a.target for a in v.legal if isinstance(a, Capture) and a.card == v.play.turned]
    total = pile_roles(rules, mine, dict(v.play.captures).values()).go if mine else 0
    return dict(
        total=total, mult=v.multiplier, kan=hana.kan, par=hana.par, pts=deck.points_of(mine),
        capture_roles=_capture_roles(rules, lang), kinds=_card_classes(rules, lang),
        roles=", ".join(f"{h.id} {h.go}" for h in roles.roles) if roles and roles.roles else "-",
        go=roles.go if roles else 0, fee=fee, cost=fee * v.multiplier, max=decl.max_goers if decl else v.players,
        per_card=_per_card(rules, lang), pot=v.pot, turned=turned,
        targets=" / ".join(deck.name(c) for c in targets) or "-", **_house_words(rules, lang),
    )


def _house_words(rules: Ruleset, lang: str) -> dict[str, str]:
    """H11 and H18 as the rule file sets them: when hand roles are paid, whether a capture role
    stops the round."""
    hana = rules.kind_rules
    rule = "choose" if hana.after_capture_role == "choose" else "play_on" if hana.after_capture_role == "play_on" \
        else "stop"
    return {"capture_rule": say(lang, f"{WORDS}.{rule}_rule"), "capture_short": say(lang, f"{WORDS}.{rule}_short"),
            "settle_when": say(lang, f"{WORDS}.settle_{'at_end' if hana.settle == 'at_end' else 'at_once'}")}


def _capture_roles(rules: Ruleset, lang: str) -> str:
    """H17 from the rule file: each capture role's name and value, in kan (or in points where a kan
    is one point: Koi-Koi)."""
    unit = say(lang, "kind.matching.unit.kan" if shown(rules).kan else "kind.matching.unit.points")
    space = "" if lang == "ja" else " "
    return ", ".join(f"{r.name(lang)} {r.go}{space}{unit}" for r in rules.kind_rules.capture_roles.roles)


def _card_classes(rules: Ruleset, lang: str) -> str:
    """H1 from the rule file: the points of each class of card (``deck.kinds``)."""
    deck = rules.kind_rules.deck
    points = {deck.card_class(c): deck.points(c) for c in deck.cards}
    names = [(k, ja if lang == "ja" else en.lower()) for k, ja, en in deck.class_names] or [(k, k) for k in points]
    return ", ".join(f"{name} {points[k]}" for k, name in names if k in points)


def _per_card(rules: Ruleset, lang: str) -> str:
    """T14's per-card payments as the rule file sets them (``forced_out.per_card``)."""
    names = {k: (ja if lang == "ja" else en) for k, ja, en in rules.kind_rules.deck.class_names}
    per = go_drop_rules(rules).forced_out.per_card if rules.parts else {}

    def class_name(c: str) -> str:              # a card class's name, in lower case in an English sentence
        name = str(names.get(c, c))
        return name if lang == "ja" else name.lower()

    return (say(lang, f"{WORDS}.per_card_sep").join(say(lang, f"{WORDS}.per_card_item", n=n, kind=class_name(c))
                                                   for c, n in per.items())
            or say(lang, f"{WORDS}.per_card_none"))
