"""``hachi score``'s questions of how a hanafuda round ended: a capture role that stopped it
(H18), or the card points each player took (H21) with the chaff of 素十六 and 飛び込み (H12, H19);
in Koi-Koi, who stopped with which roles and the koi calls (K15, K16)."""

from __future__ import annotations

from typing import Any

from ....cli.role_names import RoleNames
from ....cli.score_input import Bad, RoundQuestions
from ...parts.go_drop.rules import GoDropPhase


def ask_result(q: RoundQuestions) -> None:
    order = q.playing()
    if q.rules.kind_rules.capture_roles_paid == "at_stop":
        koi_result(q, order)
        return
    how = q.a.choose(q.t("end"), [(q.t("points"), "points"), (q.t("capture"), "capture")], "end?")
    if q.rules.kind_rules.after_capture_role != "stop":
        played_on(q, order)
    if how == "capture":
        seat = q.a.choose(q.t("who_made"), [(q.who(s), s) for s in order], "who_made?")
        role = which_capture_role(q)
        q.rnd["capture_role"] = {"player": q.names[seat], "role": role}
        return
    deck = q.rules.kind_rules.deck
    total = deck.points_of(deck.cards)
    points: dict[str, int] = {}
    everyone = GoDropPhase.DECLARATIONS not in q.rules.round    # then the points add up to the deck's
    for seat in order[:-1] if everyone else order:
        points[q.names[seat]] = q.a.number(q.t("card_points", who=q.who(seat)), 0, total, "card_points?",
                                           total=total)
    if everyone:
        last = q.names[order[-1]]
        points[last] = total - sum(points.values())
        q.a.echo(q.t("took", who=q.who(order[-1]), n=points[last]))
    q.rnd["points"] = points
    extras(q, [q.names[s] for s in order])


def koi_result(q: RoundQuestions, order: list[int]) -> None:
    """Koi-Koi (capture roles paid at the stop): who stopped (勝負), if anybody, with the roles
    they held (K15), and each player's koi calls (こいこい, K16); the rule file's effects pay."""
    seat = q.a.choose(q.t("who_stopped"), [(q.t("nobody_stopped"), -1)] + [(q.who(s), s) for s in order],
                      "who_stopped?")
    if seat >= 0:
        names = RoleNames.of([q.rules.kind_rules.capture_roles])
        roles = q.a.ask(q.t("stop_roles"), lambda answer: q.find_roles(names, answer, many=True), "stop_roles?")
        q.rnd["capture_role"] = {"player": q.names[seat], "role": roles}
    koi: dict[str, int] = {}
    for s in order:
        n = q.a.number(q.t("koi_calls", who=q.who(s)), 0, q.rules.hand_size, "koi_calls?")
        if n:
            koi[q.names[s]] = n
    if koi:
        q.rnd["koi"] = koi


def played_on(q: RoundQuestions, order: list[int]) -> None:
    """H18 ``play_on`` or ``choose``: the capture roles paid while play went on, ``NAME ROLE``
    one a line in the order they were made, until Enter."""
    names = RoleNames.of([q.rules.kind_rules.capture_roles])
    playing = {q.names[s]: s for s in order}

    def parse(answer: str) -> Any:
        words = answer.split()
        if not words:
            return None
        if len(words) != 2 or words[0] not in playing:
            raise Bad(q.t("not_played_on"))
        return words[0], q.find_roles(names, words[1], many=False)[0]
    while True:
        told = q.a.ask(q.t("played_on"), parse, "played_on?")
        if told is None:
            return
        q.rnd.setdefault("played_on", []).append({"player": told[0], "role": told[1]})


def which_capture_role(q: RoundQuestions) -> str:
    """The capture role made: its number in the list, or its id, English or Japanese name."""
    names = RoleNames.of([q.rules.kind_rules.capture_roles])
    ids = list(names.names)
    menu = "  ".join(f"{i}) {names.label(rid, q.a.lang)}" for i, rid in enumerate(ids, 1))

    def parse(answer: str) -> str:
        if answer.isdecimal() and len(answer) < 4 and 1 <= int(answer) <= len(ids):
            return ids[int(answer) - 1]
        return q.find_roles(names, answer, many=False)[0]
    return q.a.ask(f"{q.t('which_role')}  {menu}: ", parse, "which_role?")


def extras(q: RoundQuestions, playing: list[str]) -> None:
    """素十六 (sujuroku, many chaff, H19) and 飛び込み (tobikomi, H12) need what only the table
    counted: ``NAME chaff N`` or ``NAME tobikomi``, one a line, until Enter."""
    def parse(answer: str) -> Any:
        words = answer.split()
        if not words:
            return None
        if len(words) == 2 and words[0] in playing and words[1] == "tobikomi":
            return "tobikomi", words[0], True
        if len(words) == 3 and words[0] in playing and words[1] == "chaff" and words[2].isdecimal() \
                and len(words[2]) < 3:
            return "chaff", words[0], int(words[2])
        raise Bad(q.t("not_extra"))
    while True:
        told = q.a.ask(q.t("extras"), parse, "extras?")
        if told is None:
            return
        key, name, value = told
        if key == "tobikomi":
            q.rnd.setdefault("tobikomi", []).append(name)
        else:
            q.rnd.setdefault("chaff", {})[name] = value
