"""What the schema cannot check: the meaning of a (schema-valid, resolved) rule file.

Each check yields ``(path, message)``: the path of the value the message is about, and a full
sentence. The loader turns paths into places. A part's checks are in its package (go/drop's in
``interpreter/parts/go_drop/rules.py``), a play kind's in its ``rules.py``.
"""

from __future__ import annotations

from typing import Any, Iterator

KeyPath = tuple[str | int, ...]          # keys and list indices, from the top of the file
Found = Iterator[tuple[KeyPath, str]]
KEY = "<key>"   # ends a path whose key, not value, the message is about

def check_players(data: dict[str, Any]) -> Found:
    players, hand = data["players"], data["hand_size"]
    if players["min"] > players["max"]:
        yield ("players", "min"), f"players.min ({players['min']}) is larger than players.max ({players['max']})."
    deck = data["deck"]
    size = len(deck["ranks"]) * len(deck["suits"])
    needed = players["max"] * hand + 1
    if needed > size:
        yield ("hand_size",), (
            f"players.max ({players['max']}) players with hand_size ({hand}) cards each and an indicator "
            f"need {needed} cards, but the deck has only {size} ({len(deck['ranks'])} ranks x "
            f"{len(deck['suits'])} suits).")



def check_rounds(data: dict[str, Any]) -> Found:
    rounds = data["rounds"]
    if rounds["short"] > rounds["standard"]:
        yield ("rounds", "short"), (f"rounds.short ({rounds['short']}) is longer than rounds.standard "
                                    f"({rounds['standard']}); the short game must not be the longer one.")


def check_fields(data: dict[str, Any]) -> Found:
    """T8: fields name real ranks, suits and cards; a rank makes one field; every card makes one.

    A field may list ``cards:`` and ``suits:`` beside ``ranks:``; the first field in the list whose
    keys match the indicator applies, so only a rank named twice is an error (its second field
    could never apply).
    """
    ranks = [str(r) for r in data["deck"]["ranks"]]
    suits = [str(s) for s in data["deck"]["suits"]]
    owner: dict[str, str] = {}
    ids: set[str] = set()
    covered: set[tuple[str, str]] = set()
    for i, f in enumerate(data["fields"]):
        if f["id"] in ids:
            yield ("fields", i, "id"), f"two fields have the id '{f['id']}'; field ids must differ."
        ids.add(f["id"])
        if not (f.get("ranks") or f.get("cards") or f.get("suits")):
            yield ("fields", i), f"field '{f['id']}' lists no ranks, cards or suits, so no indicator makes it."
        yield from _field_ranks(f, i, ranks, suits, owner, covered)
        yield from _field_suits(f, i, ranks, suits, covered)
        yield from _field_card_names(f, i, ranks, suits, covered)
    yield from _uncovered(ranks, suits, covered)


def _field_ranks(f: dict[str, Any], i: int, ranks: list[str], suits: list[str], owner: dict[str, str],
                      covered: set[tuple[str, str]]) -> Found:
    """The ranks of the ``i``-th field: each a rank of the deck, in no earlier field (``owner``)."""
    for j, rank in enumerate(f.get("ranks") or ()):
        rank = str(rank)
        if rank not in ranks:
            yield ("fields", i, "ranks", j), (f"field '{f['id']}' names the rank '{rank}', which is not a rank "
                                              f"of the deck ({' '.join(ranks)}).")
        elif rank in owner:
            yield ("fields", i, "ranks", j), (f"the rank '{rank}' is in both field '{owner[rank]}' and field "
                                              f"'{f['id']}'; each rank makes exactly one field.")
        else:
            owner[rank] = f["id"]
            covered.update((rank, s) for s in suits)


def _field_suits(f: dict[str, Any], i: int, ranks: list[str], suits: list[str],
                      covered: set[tuple[str, str]]) -> Found:
    for j, suit in enumerate(f.get("suits") or ()):
        if str(suit) not in suits:
            yield ("fields", i, "suits", j), (f"field '{f['id']}' names the suit '{suit}', which is not a suit "
                                              f"of the deck ({' '.join(suits)}).")
        covered.update((r, str(suit)) for r in ranks)


def _field_card_names(f: dict[str, Any], i: int, ranks: list[str], suits: list[str],
                      covered: set[tuple[str, str]]) -> Found:
    for j, card in enumerate(f.get("cards") or ()):
        found = _card(str(card), ranks, suits)
        if found is None:
            yield ("fields", i, "cards", j), (
                f"field '{f['id']}' names the card '{card}', which is not a card "
                f"of the deck (a rank {' '.join(ranks)} and a suit {' '.join(suits)}).")
        else:
            covered.add(found)


def _uncovered(ranks: list[str], suits: list[str], covered: set[tuple[str, str]]) -> Found:
    """T8: the ranks no field lists, then the cards of the other ranks no field makes."""
    missing = [r for r in ranks if all((r, s) not in covered for s in suits)]
    if missing:
        yield ("fields",), (f"no field lists the rank{'s' if len(missing) > 1 else ''} {' '.join(missing)}; "
                            "every rank of the deck must make exactly one field (T8).")
    partly = [r + s for r in ranks if r not in missing for s in suits if (r, s) not in covered]
    if partly:
        yield ("fields",), (f"no field makes the card{'s' if len(partly) > 1 else ''} {' '.join(partly)}; every "
                            "indicator must make a field (T8): list its card, suit or rank.")


def _card(text: str, ranks: list[str], suits: list[str]) -> tuple[str, str] | None:
    """``(rank, suit)`` of a card written as rank then suit (``AS``, ``10h``), or None."""
    from .cards import SuitedDeck
    from .errors import CardError

    deck = SuitedDeck(ranks=tuple(ranks), suits=tuple(suits), rank_aliases=(("10", "T"),) if "T" in ranks else ())
    try:
        card = deck.parse(text)
    except CardError:
        return None
    return ranks[deck.rank(card)], suits[deck.suit(card)]



def check_role_table(table: dict[str, Any], prefix: KeyPath = ("role_table",)) -> Found:
    """Names a role table refers to: groups of roles, roles of combos and examples."""
    groups, roles = table.get("groups") or {}, table.get("roles") or {}
    for rid, role in roles.items():
        group = role.get("group")
        if group is not None and group not in groups:
            known = ", ".join(groups) or "none"
            yield prefix + ("roles", rid, "group"), (f"role '{rid}' is in the group '{group}', which is not defined "
                                                     f"under groups (the groups: {known}).")
    for cid, combo in (table.get("combos") or {}).items():
        for i, rid in enumerate(combo["roles"]):
            if rid not in roles:
                yield (prefix + ("combos", cid, "roles", i),
                       f"combo '{cid}' names the role '{rid}', which is not defined.")
    defined = set(roles) | set(table.get("combos") or {})
    for i, example in enumerate(table.get("examples") or ()):
        for j, rid in enumerate(example.get("roles") or ()):
            if rid not in defined:
                yield (prefix + ("examples", i, "roles", j),
                       f"example {i} expects the role '{rid}', which is not defined.")
