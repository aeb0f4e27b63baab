"""The ``?`` explanations of Hachi-Hachi Trick decisions: the mizuten call, go or drop, the two
goers' choice and trick play, with the T-numbers of the rules. Every figure comes from the
ruleset and the view."""

from __future__ import annotations

from typing import Optional

from ...engine.view import View
from ....ruleset.catalog import LANGS, maybe, say
from ....ruleset.model import Phase, Ruleset
from .rules import trick_rules_of
from ...parts.go_drop.rules import go_drop_rules


WORDS = "kind.tricks.explain"          # its words: the catalogs' kind.tricks.explain.*


def explain(v: View, rules: Ruleset, lang: str = "en") -> list[str]:
    """What the current decision is and the rule behind it (T-numbers of the standard rules)."""
    lang = lang if lang in LANGS else "en"
    key = v.phase.value if v.phase is not None and maybe(lang, f"{WORDS}.{v.phase.value}") else Phase.PLAY.value
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
    lines = say(lang, f"{WORDS}.{key}", **values).split("\n")
    if key == Phase.PLAY.value:
        lines.append(say(lang, f"{WORDS}.{'led' if led else 'lead'}", **values))
    return lines


def ruled_words(rules: Ruleset, lang: str = "en") -> dict[str, str]:
    """The parts of the help that house rules change, read from the ruleset: what a forced-out
    player is paid per card held (T14), who takes a split pot's odd chip (T16), and what a player
    who cannot follow may play (T19)."""
    per_card = go_drop_rules(rules).forced_out.per_card
    from ....cli.sheet import class_name

    classes = {cls: class_name(cls, lang) for cls in per_card}   # the sheet's words of a class
    forced = say(lang, f"{WORDS}.forced_sep").join(say(lang, f"{WORDS}.forced_item", n=n, cls=classes[cls])
                                                  for cls, n in per_card.items())
    forced = forced or say(lang, f"{WORDS}.forced_none")
    earlier = go_drop_rules(rules).two_goers.odd_chip == "earlier_goer"
    odd = say(lang, f"{WORDS}.odd_{'earlier' if earlier else 'later'}")
    play = trick_rules_of(rules).trick_play
    follow = say(lang, f"{WORDS}.follow_" + ("any" if not play.must_follow_suit else "trump" if play.must_trump
                                             else "suit"))
    return {"forced_per_card": forced, "odd_chip": odd, "follow": follow}
