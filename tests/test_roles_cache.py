"""The role evaluator's caches (atom truths per rank key, suit key and the values of the
joint atoms' sides) answer exactly as evaluating every atom of the table on the whole hand."""

import random

import pytest

from hachihachi.ruleset.compiler import Domain
from hachihachi.ruleset.features import Features
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.roles import resolve_roles


def every_atom(evaluator, hand, trump=None, indicator=None):
    """The go value and role ids of ``hand`` with no cache: every atom on the hand's full features."""
    ev = evaluator.context(trump, indicator)
    t = ev.tables
    rk, sk, mask = t.keys(hand)
    f = Features(t, t.rank_counts(rk), t.suit_counts(sk), mask)
    bits = sum(ev.c.bits(d, f) for d in (Domain.RANK, Domain.SUIT, Domain.JOINT))
    res = resolve_roles(ev.table, [fn(bits) for fn in ev.c.roles])
    return res.go, res.ids


@pytest.mark.slow
@pytest.mark.parametrize("name, table, size", [
    ("hanafuda_hachihachi", "hand", 7), ("hanafuda_hachihachi", "hand", 8),
    ("hanafuda_hachihachi", "capture", 12), ("hanafuda_hachihachi", "capture", 20),
    ("hachihachi_trick", "hand", 7),
])
def test_cached_roles_equal_every_atom_evaluated(name, table, size):
    rules = load_ruleset(name)
    evaluator = rules.evaluator if table == "hand" else rules.hanafuda.capture_evaluator
    rng, cards = random.Random(size), list(rules.deck.cards)
    found = set()
    for _ in range(1500):
        hand = rng.sample(cards, size)
        trump, indicator = (None, None) if name.startswith("hanafuda") else (rng.randrange(4), rng.choice(
            [c for c in cards if c not in hand]))
        got = evaluator.values(hand, trump, indicator)
        assert (got.go, got.ids) == every_atom(evaluator, hand, trump, indicator), hand
        found.update(got.ids)
    assert found                     # the sample made roles, so the comparison meant something


def test_a_table_with_no_rank_atoms_keeps_no_rank_cache():
    """Capture roles read card sets only: the endless variety of captured piles is not remembered."""
    rules = load_ruleset("hanafuda_hachihachi")
    ev = rules.hanafuda.capture_evaluator
    rng = random.Random(3)
    for _ in range(200):
        ev.values(rng.sample(list(rules.deck.cards), 16))
    ctx = ev.context(None, None)
    assert not ctx.rank_cache and not ctx.suit_cache and ctx.joint_cache
    assert ctx.joint_reads is not None and ctx.read_cache      # keyed by the cards the roles read


def test_a_suit_run_reads_every_card_so_keys_by_its_value():
    ctx = load_ruleset("hachihachi_trick").evaluator.context(0, 5)
    assert ctx.joint_reads is None and len(ctx.joint_fns) == 1


def test_hanafuda_sets_are_remembered_by_the_hands_shape():
    """Hanafuda's set roles (shape 4 3, groups(3) ...) read how many months have each count only:
    the many month keys of its hands share the few shapes. (In the trick game's table the sets
    are remembered by the shape too, beside the runs and light counts read from each hand.)"""
    rules = load_ruleset("hanafuda_hachihachi")
    ctx = rules.evaluator.context(None, None)
    assert not ctx.other_rank                   # every rank atom reads the shape alone
    assert load_ruleset("hachihachi_trick").evaluator.context(0, 5).other_rank      # runs, light counts
    rng = random.Random(8)
    for _ in range(300):
        rules.evaluator.values(rng.sample(list(rules.deck.cards), 7))
    assert 0 < len(ctx.shape_cache) < len(ctx.rank_cache) / 5


def test_H18_a_capture_of_cards_no_capture_role_reads_changes_no_role():
    """H18 is checked after a turn that took cards; chaff no capture role counts cannot change the
    pile's capture roles, while a bright or a ribbon can. Hand roles read every card."""
    rules = load_ruleset("hanafuda_hachihachi")
    deck, ev = rules.deck, rules.hanafuda.capture_evaluator
    chaff = [c for c in deck.cards if deck.card_class(c) == "chaff" and deck.month(c) != 11]
    bright = next(c for c in deck.cards if deck.card_class(c) == "bright")
    ribbon = next(c for c in deck.cards if deck.card_class(c) == "ribbon")
    assert not ev.reads_any(chaff[:6])
    assert ev.reads_any(chaff[:2] + [bright]) and ev.reads_any([ribbon])
    assert rules.evaluator.reads_any(chaff[:1])
    assert load_ruleset("hachihachi_trick").evaluator.reads_any([0], 0, 5)


@pytest.mark.parametrize("name, table, sizes", [
    ("hanafuda_hachihachi", "capture", (2, 8, 16, 24)), ("hanafuda_hachihachi", "hand", (7, 8)),
    ("hachihachi_trick", "hand", (7,)),
])
def test_H18_the_compiled_role_check_answers_as_the_evaluator(name, table, sizes):
    """``holds_role`` (capture roles: remembered by the pile's read cards) and ``reads_fn`` answer
    as ``values(...).hits`` and ``reads_any`` on every hand, the remembered answers too."""
    rules = load_ruleset(name)
    ev = rules.hanafuda.capture_evaluator if table == "capture" else rules.evaluator
    holds, reads = ev.holds_role(), ev.reads_fn()
    rng, cards, hits = random.Random(18), list(rules.deck.cards), 0
    for _ in range(400):
        hand = rng.sample(cards, rng.choice(sizes))
        want = bool(ev.values(hand).hits)
        hits += want
        assert holds(hand) is want and holds(list(reversed(hand))) is want
        assert reads(hand[:3]) is ev.reads_any(hand[:3])
    assert 0 < hits < 400


@pytest.mark.parametrize("table", ["hand", "capture"])
def test_joint_atoms_of_card_set_counts_are_keyed_by_the_counts(table):
    """Hanafuda's weak hands, 立三本's groups(3, standing) and the capture roles count the hand's
    cards in known sets: one sum over the hand gives those counts (above the hand mask), and they
    key the joint atoms; the comparison with every atom evaluated above runs through this key."""
    rules = load_ruleset("hanafuda_hachihachi")
    ev = rules.evaluator if table == "hand" else rules.hanafuda.capture_evaluator
    ctx = ev.context(None, None)
    assert ctx.count_shift is not None
    rng, cards = random.Random(4), list(rules.deck.cards)
    hands = [rng.sample(cards, 7 if table == "hand" else 14) for _ in range(300)]
    assert [(r.go, r.ids) for r in ev.evaluate_many(hands)] == [every_atom(ev, h) for h in hands]
    keys = {sum(ctx.packed[c] for c in h) >> ctx.count_shift for h in hands}
    assert keys <= set(ctx.count_cache) and len(keys) < len(hands)      # hands share their counts
    assert ev.evaluate(hands[0]).go == every_atom(ev, hands[0])[0]


@pytest.mark.parametrize("ranks,suits", [(13, 4), (12, 4), (4, 4), (5, 2), (13, 8), (9, 3), (8, 4)])
def test_rank_counts_read_from_chunk_tables_match_rank_by_rank(ranks, suits):
    from hachihachi.ruleset.features import DeckTables

    t, rng = DeckTables(ranks, suits, ace_low=True), random.Random(ranks * suits)
    for _ in range(300):
        hand = rng.sample(range(ranks * suits), min(8, ranks * suits))
        key = sum(t.rank_key[c] for c in hand)
        assert t.rank_counts(key) == tuple(sum(1 for c in hand if c // suits == r) for r in range(ranks))


def test_a_table_that_reads_no_context_compiles_once_for_every_deal():
    """The standard table reads neither trump nor indicator: every (trump, indicator) of a deal
    shares one compiled context and its caches, and values are those of a context of its own."""
    ev = load_ruleset("hachihachi_trick").evaluator
    assert ev.compiler.reads_context() == (False, False)
    assert ev.context(0, 5) is ev.context(3, 51) is ev.context(None, None)
    rng = random.Random(4)
    for _ in range(200):
        cards = rng.sample(range(52), 8)
        hand = sorted(cards[:7])
        assert ev.values(hand, cards[7] & 3, cards[7]) == ev.values(hand)
        assert ev.evaluate(hand, cards[7] & 3, cards[7]) == ev.evaluate(hand)


def test_H18_capture_piles_are_remembered_by_the_counts_their_roles_read():
    """H18: the capture roles count a pile's cards in known sets (the brights of 四光 and 五光, the ribbons of
    赤タン, 青タン, 七タン), so a pile's key is those counts: piles with other ribbons of the same
    sets share it, and the answer remembered for one is the evaluator's for the other."""
    rules = load_ruleset("hanafuda_hachihachi")
    ev, deck = rules.hanafuda.capture_evaluator, rules.deck
    keys, holds = ev.role_key()

    def key(text):
        return sum(keys[c] for c in deck.parse_list(text))

    assert key("1r 2r 5c1") == key("2r 3r 6c2") != key("1r 6r 5c1")   # 赤タン's ribbons, 2 of 3 each
    assert key("1c1 2c1 5c1") == 0
    rng, cards, seen = random.Random(15), list(rules.deck.cards), set()
    for _ in range(400):
        pile = rng.sample(cards, rng.choice((6, 12, 20)))
        k = sum(keys[c] for c in pile)
        assert holds(k, pile) is bool(ev.values(pile).hits)
        seen.add((k, frozenset(c for c in pile if keys[c])))
    assert len({k for k, _ in seen}) < len(seen) / 2         # far fewer keys than sets of read cards
