"""T14: the witness cards ``evaluate`` reads from hand masks are the cards the rule of
roles.py names, written out here card by card, on seeded random hands of every bundled table."""

import random
from collections import Counter
from pathlib import Path

import pytest

from hachihachi.ruleset.cards import STANDARD_52
from hachihachi.ruleset.compiler import CompiledContext, Context
from hachihachi.ruleset.features import Features, deck_tables
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.model import Name, RoleDef, RoleTable
from hachihachi.ruleset.patterns import (
    And, Compare, Count, Groups, MaxSuit, Not, Number, Or, Run, RunIn, Shape, SuitRun,
)
from hachihachi.ruleset.roles import RoleEvaluator, compile_table

FLIP = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}
TEST = {"==": int.__eq__, "!=": int.__ne__, "<": int.__lt__, "<=": int.__le__, ">": int.__gt__, ">=": int.__ge__}
BUNDLED = ["hanafuda_hachihachi", "hachihachi_trick"] + sorted(
    p.stem for p in (Path(__file__).resolve().parents[1] / "rules" / "variants").glob("*.yaml"))


class Plain:
    """The witness rule of roles.py for one hand, from the cards themselves."""

    def __init__(self, ev: RoleEvaluator, hand: list[int], trump: int | None, indicator: int | None):
        self.ev, self.hand, self.ctx = ev, hand, Context(trump, indicator)
        self.deck, self.tables = ev.deck, ev.compiler.tables
        self.ranks = Counter(self.deck.rank(c) for c in hand)
        t, bit = self.tables, self.tables.hand_bit
        hm = sum(bit[c] for c in hand)
        self.features = Features(t, tuple(self.ranks[r] for r in range(t.ranks)),
                                 tuple(sum(1 for c in hand if self.deck.suit(c) == s) for s in range(t.suits)), hm)

    def inside(self, cardset: object) -> list[int]:
        mask = self.ev.compiler.cardset_mask(cardset, self.ctx)
        return [c for c in self.hand if self.tables.hand_bit[c] & mask]

    def holds(self, node: object) -> bool:
        if isinstance(node, Not):
            return not self.holds(node.part)
        if isinstance(node, (And, Or)):
            found = [self.holds(p) for p in node.parts]
            return all(found) if isinstance(node, And) else any(found)
        scratch = CompiledContext(self.tables, self.ctx, [], [], [])
        return self.ev.compiler._atom(node, self.ctx, scratch).fn(self.features)

    def lowest_of_each(self, cards: list[int], ranks: tuple[int, ...]) -> set[int]:
        d = self.deck
        return {min((c for c in cards if d.rank(c) == r), key=d.suit) for r in ranks}

    def run_of(self, cards: list[int]) -> set[int]:
        held = sum(1 << r for r in {self.deck.rank(c) for c in cards})
        return self.lowest_of_each(cards, self.tables.run_ranks(held))

    def cards(self, node: object) -> set[int]:
        d, hand, whole = self.deck, self.hand, set(self.hand)
        if isinstance(node, Shape):
            return {c for c in hand if self.ranks[d.rank(c)] > 1} if node.sizes else whole
        if isinstance(node, Not):
            return whole
        if isinstance(node, And):
            return set().union(*(self.cards(p) for p in node.parts))
        if isinstance(node, Or):
            return next((self.cards(p) for p in node.parts if self.holds(p)), set())
        assert isinstance(node, Compare)
        left, op, right = node.left, node.op, node.right
        if isinstance(left, Number):
            left, op, right = right, FLIP[op], left
        if isinstance(left, Groups):
            cards = hand if left.cardset is None else self.inside(left.cardset)
            count = Counter(d.rank(c) for c in cards)
            return {c for c in cards if TEST[left.op](count[d.rank(c)], left.n)} or whole
        if not isinstance(right, Number) or op not in (">=", ">"):
            return whole
        if isinstance(left, Count):
            return set(self.inside(left.cardset))
        if isinstance(left, (Run, RunIn)):
            return self.run_of(hand if isinstance(left, Run) else self.inside(left.cardset))
        if isinstance(left, SuitRun):
            runs = [self.tables.run_length(m) for m in self.features.suit_masks]
            suit = max(range(self.tables.suits), key=lambda s: (runs[s], -s))
            return self.run_of([c for c in hand if d.suit(c) == suit])
        if isinstance(left, MaxSuit):
            suit = max(range(self.tables.suits), key=lambda s: (self.features.suit_counts[s], -s))
            return {c for c in hand if d.suit(c) == suit}
        return whole


def check_hands(ev: RoleEvaluator, hands: int, seed: int, contexts: bool) -> Counter[str]:
    rng, size, shown = random.Random(seed), ev.deck.size, Counter[str]()
    for _ in range(hands):
        hand = rng.sample(range(size), rng.choice((7, 7, 8, 10)))
        trump = indicator = None
        if contexts:
            trump, indicator = rng.randrange(4), rng.choice([c for c in range(size) if c not in hand])
        got = ev.evaluate(hand, trump, indicator)
        plain = Plain(ev, hand, trump, indicator)
        for hit, made in zip(got.roles, ev.values(hand, trump, indicator).hits, strict=True):
            cards = set().union(*(plain.cards(ev.compiler.patterns[i]) for i in made.parts))
            order = sorted(cards, key=lambda c: (-ev.deck.rank(c), ev.deck.suit(c)))
            assert hit.cards == tuple(order), (hand, hit.id)
            shown[hit.id] += 1
    return shown


@pytest.mark.slow
@pytest.mark.parametrize("name", BUNDLED)
def test_T14_witness_cards_of_every_bundled_table_are_the_rules_cards(name):
    rules = load_ruleset(name)
    shown = check_hands(rules.evaluator, 1500, 15, contexts=not name.startswith("hanafuda"))
    # the sample showed many roles (or every role of a short table, Koi-Koi's two), so the comparison meant something
    assert len(shown) >= min(6, len(rules.roles.roles))


@pytest.mark.slow
def test_T14_witness_cards_of_runs_in_sets_groups_in_sets_and_or():
    patterns = ["run(suit s h) >= 3", "groups(>=2, rank 2 3 4 5 6 7) >= 1", "groups(2) >= 1 or run >= 4",
                "shape 2 or count(rank A K) > 1", "max_suit >= 3 and not count(rank Q) == 0", "suit_run >= 3",
                "groups(<2, suit c d) == 1"]
    table = RoleTable(classes={}, groups={}, combos=(),
                      roles=tuple(RoleDef(f"r{i}", Name("r", "r"), None, p, 1, 0) for i, p in enumerate(patterns)))
    shown = check_hands(compile_table(table, STANDARD_52), 2500, 14, contexts=False)
    assert set(shown) == {f"r{i}" for i in range(len(patterns))}


@pytest.mark.parametrize("ranks, suits", [(3, 7), (8, 4), (12, 4), (13, 4), (16, 4), (20, 4), (24, 2)])
def test_shape_key_packs_how_many_ranks_have_each_count(ranks, suits):
    """The shape key read a few ranks at a time (written out for three and four chunks, a loop
    for the others) is the histogram of the rank counts, one field per count."""
    t, rng = deck_tables(ranks, suits, True), random.Random(ranks + suits)
    room = ranks.bit_length()
    for _ in range(2000):
        hand = rng.sample(range(ranks * suits), rng.randrange(ranks * suits + 1))
        counts = Counter(c // suits for c in hand)
        assert t.shape_key(t.keys(hand)[0]) == sum(1 << (room * counts[r]) for r in range(ranks))
