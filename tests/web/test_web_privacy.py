"""Server-side truth: no message to a seat ever holds a card that seat may not see.

Whole seeded games are played by the server's own tables (two people and bots); after every
step, every seat's state message, its ``?`` explanation and its hint are checked against the
cards hidden from that seat at that moment: the other hands (less the cards shown by rule,
T14/T15/H11) and the stock.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web tests need the [web] extra: pip install 'hachihachi[web]'")

from hachihachi.interpreter.engine.actions import CHANCE  # noqa: E402
from hachihachi.interpreter.engine.events import Applied, RolesShown, RoundEnded, RoundStarted  # noqa: E402
from hachihachi.ruleset.loader import load_ruleset  # noqa: E402
from hachihachi.web import messages  # noqa: E402
from hachihachi.web.tables import Tables  # noqa: E402

pytestmark = pytest.mark.web
CARD_KEYS = {"hand", "trick", "table_cards", "cards", "indicator", "turned", "card", "target"}


def hidden_from(table: Any, seat: int) -> set[int]:
    g = table.game
    r = g.round
    shown: set[int] = set()
    for e in reversed(g.events):
        if isinstance(e, RoundStarted):
            break
        if isinstance(e, RolesShown):
            shown.update(e.cards)
    out = {c for s, hand in enumerate(r.hands) if s != seat for c in hand} - shown
    stock = getattr(r.play, "stock", None)
    if stock:
        out.update(stock)
    return out


def revealed_by(events: Any) -> set[int]:
    """The cards that ``events`` put face up: cards played, turned, taken or shown (never a deal)."""
    out: set[int] = set()
    for e in events:
        if isinstance(e, Applied):
            if e.seat == CHANCE:
                continue
            e = e.action
        for name in ("card", "target", "turned", "cards", "taken"):
            value = getattr(e, name, None)
            if isinstance(value, int) and not isinstance(value, bool):
                out.add(value)
            elif isinstance(value, tuple):
                out.update(v for v in value if isinstance(v, int))
    return out


def cards_in(msg: Any, key: str = "") -> list[int]:
    """Every card number in the message's card fields."""
    if isinstance(msg, dict):
        return [c for k, v in msg.items() if k not in ("summary", "last_round") for c in cards_in(v, k)]
    if isinstance(msg, list):
        return [c for v in msg for c in cards_in(v, key)]
    if key in CARD_KEYS and isinstance(msg, int) and not isinstance(msg, bool):
        return [msg]
    return []


def names_in(msg: Any, deck: Any) -> set[int]:
    """Every card whose name stands as a word in the message's texts."""
    words = set(re.findall(r"[0-9A-Za-z]+", json.dumps(msg, ensure_ascii=False)))
    names = {deck.name(c): c for c in deck.cards}
    return {names[w] for w in words if w in names}


@pytest.mark.parametrize("rules,seats,seed", [
    ("hachihachi_trick", ["human", "heuristic", "human", "random", "heuristic"], 3),
    ("hachihachi_trick", ["human", "human", "random"], 11),
    ("hanafuda_hachihachi", ["human", "heuristic_matching", "human"], 5),
    ("hanafuda_go_drop", ["human", "random", "human"], 7),
])
def test_no_message_to_a_seat_holds_a_card_it_may_not_see(tmp_path, rules, seats, seed):
    tables = Tables(tmp_path)
    ruleset = load_ruleset(rules)
    table = tables.create(ruleset, rules, seats, ["ann", "bob", "cy", "dee", "eve"][:len(seats)],
                          ruleset.rounds.short, seed=seed)
    rng, checked, steps = random.Random(seed), 0, 0
    deck = ruleset.deck
    told = 0                            # narration lines already checked
    while not table.game.is_terminal and steps < 3000:
        steps += 1
        for seat in table.people:
            hidden = hidden_from(table, seat)
            msg = messages.state(table, seat, "en" if steps % 2 else "ja")
            extra = messages.explain(table, seat, "en")
            if steps % 40 == 0:
                extra += messages.hint(table, seat, "en", iterations=10)
            assert not hidden & set(cards_in(msg)), (seat, hidden & set(cards_in(msg)))
            fields = {k: v for k, v in msg.items() if k not in ("log", "last_round", "summary")}
            assert not hidden & names_in(fields, deck)
            assert not hidden & names_in(extra, deck)
            assert "stock" not in msg and "hands" not in msg
            checked += 1
        # the narration of a step may name only what was hidden before it and the step put face up
        before = {seat: hidden_from(table, seat) for seat in table.people}
        lines = len(table.log)
        if table.bot_due():
            events = table.step()
        elif table.waiting:
            for seat in list(table.waiting):
                table.ready(seat)
            events = ()
        else:
            seat = table.person_to_act()
            assert seat is not None
            n = len(messages.state(table, seat)["choices"])
            events = table.act(seat, table.turn, rng.randrange(n))
        new = table.log[lines:] if len(table.log) > lines else table.log[-min(len(events), 200):]
        for seat in table.people:
            secret = before[seat] - revealed_by(events)
            assert not secret & names_in(new, deck), (seat, secret & names_in(new, deck), new)
            if table.summary is not None and any(isinstance(e, RoundEnded) for e in events):
                assert not secret & names_in(table.summary["lines"][-len(new):], deck)
        told += len(new)
    assert table.game.is_terminal
    assert checked > 50 and told > 20
