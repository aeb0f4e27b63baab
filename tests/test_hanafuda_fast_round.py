"""Issue 15: the round-level work of hanafuda (the deal H4-H6, the end of a round H12, H13,
H19-H21) plays by the same rules as its plain form.

The deal is cut from the shuffled deck by slices made once, and built without the frozen
``__init__``; the field (H5), the binding (H6) and each field by id are read from tables built
once per ruleset; card scoring reads card points by table and skips the work that cannot pay.
These tests compare each with what it stands for: a plain computation written out here."""

import copy
import dataclasses
import pickle
import random
from itertools import combinations
from pathlib import Path

import pytest

from hachihachi.interpreter.phases.hanafuda import (CardScoring, HanaDeal, HanaDealSpace, RoundScored,
                                                    new_hana_deal, new_round_scored)
from hachihachi.ruleset.hanafuda_rules import HanaField
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.model import Field

HOUSE = Path(__file__).parent / "house_rules" / "variants"
VARIANTS = ["hanafuda_hachihachi", "hanafuda_go_drop", "hanafuda_traditional", "hanafuda_plain_willow",
            "h5_big_field_triple", "h6_carry_brights", "h2_direction_right", "h21_par_eighty"]


def rules(name):
    house = HOUSE / f"{name}.yaml"
    return load_ruleset(str(house) if house.exists() else name)


# -- the deal (H4) -------------------------------------------------------------------------

def test_H4_a_deal_built_fast_is_the_deal_the_class_builds():
    hands, field, stock = ((0, 5, 9), (1, 2, 3)), (4, 6), (7, 8, 10)
    fast, plain = new_hana_deal(hands, field, stock), HanaDeal(hands, field, stock)
    assert type(fast) is HanaDeal
    assert fast == plain and hash(fast) == hash(plain) and repr(fast) == repr(plain)
    assert vars(fast) == vars(plain) and list(vars(fast)) == list(vars(plain))
    assert pickle.dumps(fast) == pickle.dumps(plain)
    assert pickle.loads(pickle.dumps(fast)) == plain
    assert copy.copy(fast) == plain and copy.deepcopy(fast) == plain
    assert dataclasses.astuple(fast) == (hands, field, stock)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.field = ()         # type: ignore[misc]


def test_H19_a_round_score_built_fast_is_the_one_the_class_builds():
    args = (3, (88, 90, 86), (("nihachi", 1, 10),), True)
    fast, plain = new_round_scored(*args), RoundScored(*args)
    assert type(fast) is RoundScored
    assert fast == plain and hash(fast) == hash(plain) and repr(fast) == repr(plain)
    assert pickle.dumps(fast) == pickle.dumps(plain) and copy.deepcopy(fast) == plain
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.round = 4          # type: ignore[misc]


def plain_sample(ruleset, players, rng):
    """H4 as written: shuffle the deck, cut hands, field and stock; deal again on a month four
    times on the field."""
    n, f = ruleset.hand_size, ruleset.hanafuda.field_cards
    dealt, deck = players * n, ruleset.hanafuda.deck
    cards = list(ruleset.deck.cards)
    while True:
        rng.shuffle(cards)
        hands = tuple(tuple(sorted(cards[i:i + n])) for i in range(0, dealt, n))
        field = tuple(sorted(cards[dealt:dealt + f]))
        months = [deck.rank(c) for c in field]
        if all(months.count(m) < 4 for m in months):
            return HanaDeal(hands, field, tuple(cards[dealt + f:]))


@pytest.mark.parametrize("name,players", [("hanafuda_hachihachi", 3), ("hanafuda_go_drop", 5),
                                          ("hanafuda_hachihachi", 2)])
def test_H4_sampled_deals_are_the_plain_deals(name, players):
    ruleset = rules(name)
    space = HanaDealSpace(ruleset, players)
    mine, theirs = random.Random(4), random.Random(4)
    for _ in range(3000):
        deal = space.sample(mine)
        assert deal == plain_sample(ruleset, players, theirs) and deal in space
    assert mine.getstate() == theirs.getstate()         # the same draws, deals dealt again included


def test_H4_a_field_of_a_month_four_times_is_dealt_again_as_before():
    ruleset = rules("hanafuda_hachihachi")
    space = HanaDealSpace(ruleset, 3)
    # find seeds whose first shuffle puts a whole month on the field: the sample deals again
    again = []
    for seed in range(20000):
        cards = list(ruleset.deck.cards)
        random.Random(seed).shuffle(cards)
        field = cards[21:27]
        if any([c // 4 for c in field].count(m) == 4 for m in range(12)):
            again.append(seed)
        if len(again) == 3:
            break
    assert again
    for seed in again:
        deal = space.sample(random.Random(seed))
        assert deal == plain_sample(ruleset, 3, random.Random(seed))
        assert space.problem(deal) is None


# -- the field (H5, H6) ----------------------------------------------------------------------

def plain_field_of(rules_, cards):
    best = rules_.fields[0]
    for f in rules_.fields:
        if set(cards).intersection(f.cards) and f.field.multiplier > best.field.multiplier:
            best = f
    return best


def plain_bound_field(rules_, cards):
    bound = None
    for f in rules_.fields:
        need = rules_.binding.get(f.field.id)
        if need and len(set(cards).intersection(f.cards)) >= need:
            if bound is None or f.field.multiplier > bound.field.multiplier:
                bound = f
    return bound


def field(fid, multiplier, cards):
    return HanaField(Field(id=fid, name=fid, ranks=(), multiplier=multiplier, applies_to=frozenset()), cards)


def odd_fields(hana):
    """Fields in an odd order, with ties of multiplier, and a first field that cards make too."""
    fields = (field("a", 2, (0, 4)), field("b", 1, (8,)), field("c", 2, (8, 12)), field("d", 4, (16, 20)),
              field("e", 4, (20, 24)), field("f", 3, (0, 28)))
    return dataclasses.replace(hana, fields=fields, binding={"a": 1, "c": 2, "d": 2, "e": 1, "f": 2})


@pytest.mark.parametrize("name", VARIANTS + ["odd"])
def test_H5_H6_the_field_and_binding_tables_agree_with_the_plain_rule(name):
    hana = odd_fields(rules("hanafuda_hachihachi").hanafuda) if name == "odd" else rules(name).hanafuda
    near = sorted({c for f in hana.fields for c in f.cards} | {1, 2, 47})
    sets = [s for k in range(4) for s in combinations(near, k)]
    rng = random.Random(5)
    sets += [tuple(rng.sample(range(48), 6)) for _ in range(2000)]
    for cards in sets:
        assert hana.field_of(cards) is plain_field_of(hana, cards), cards
        assert hana.field_of(iter(cards)) is plain_field_of(hana, cards), cards
        assert hana.bound_field(cards) is plain_bound_field(hana, cards), cards
        assert hana.bound_field(iter(cards)) is plain_bound_field(hana, cards), cards


def test_H5_fields_by_id_are_the_first_of_that_id():
    hana = odd_fields(rules("hanafuda_hachihachi").hanafuda)
    twice = dataclasses.replace(hana, fields=hana.fields + (field("a", 9, (1,)),))
    for h in (hana, twice):
        for f in h.fields:
            assert h.field_by_id(f.field.id) is next(g for g in h.fields if g.field.id == f.field.id)
    with pytest.raises(StopIteration):
        hana.field_by_id("nowhere")


@pytest.mark.parametrize("name", ["hanafuda_hachihachi", "h2_direction_right"])
def test_H2_the_play_order_from_each_start(name):
    hana = rules(name).hanafuda
    for players in (2, 3, 5):
        for start in range(players):
            seats = [(start + i) % players for i in range(players)]
            assert hana.order_from(start, players) == tuple(hana.play_order(seats))
            assert hana.order_from(start, players) is hana.order_from(start, players)


# -- card scoring (H12, H13, H19, H21) -------------------------------------------------------

def test_H1_points_by_table_are_the_cards_points():
    deck = rules("hanafuda_hachihachi").hanafuda.deck
    assert deck.points_table == tuple(c.points for c in deck.cards_data)
    assert deck.points_of(deck.cards) == sum(deck.points(c) for c in deck.cards) == 264


class Piles:
    def __init__(self, order, captures, hand_roles=None):
        self.order, self.captures, self.hand_roles = order, captures, hand_roles or {}


class Round:
    def __init__(self, start, dealt=None):
        self.start, self.dealt = start, dealt


def plain_specials(ruleset, start, piles, points):
    hana = ruleset.hanafuda
    deck, sp, par = hana.deck, hana.specials, hana.par
    out = []
    if "sohachi" in sp and all(p == par for p in points.values()):
        out.append(("sohachi", start, sp["sohachi"].value))
    if "nihachi" in sp:
        n = sp["nihachi"]
        out += [("nihachi", s, n.value + n.per_point * (p - par - n.over)) for s, p in points.items()
                if p - par >= n.over]
    if "sujuroku" in sp:
        n = sp["sujuroku"]
        for s in piles.order:
            chaff = sum(1 for c in piles.captures[s]
                        if deck.kind(c) == "chaff" or deck.month(c) == hana.changeling_month)
            if chaff >= n.chaff:
                out.append(("sujuroku", s, n.value + n.per_extra * (chaff - n.chaff)))
    return out


def random_piles(rng, players):
    cards = list(range(48))
    rng.shuffle(cards)
    cuts = sorted(rng.sample(range(49), players - 1))
    return [cards[a:b] for a, b in zip([0] + cuts, cuts + [48])]


@pytest.mark.parametrize("name", ["hanafuda_hachihachi", "hanafuda_traditional", "h21_par_eighty"])
def test_H19_specials_and_H1_points_agree_with_the_plain_count(name):
    ruleset = rules(name)
    scoring, deck = CardScoring(ruleset), ruleset.hanafuda.deck
    rng = random.Random(19)
    made = set()
    for _ in range(3000):
        players = rng.choice((2, 3))
        order = tuple(rng.sample(range(players), players))
        piles = Piles(order, dict(zip(range(players), random_piles(rng, players))))
        points = scoring.card_points(piles)
        assert points == {s: sum(deck.points(c) for c in piles.captures[s]) for s in order}
        if rng.random() < 0.05:
            points = dict.fromkeys(order, ruleset.hanafuda.par)         # sohachi
        got = scoring._specials(Round(order[0]), piles, points)
        assert got == plain_specials(ruleset, order[0], piles, points)
        made.update(role for role, _, _ in got)
    assert made == set(ruleset.hanafuda.specials)       # every special role was met


def test_H19_sujuroku_with_a_pile_of_exactly_its_chaff():
    ruleset = rules("hanafuda_hachihachi")
    hana = ruleset.hanafuda
    need = hana.specials["sujuroku"].chaff
    chaff = [c for c in hana.deck.cards if hana.deck.kind(c) == "chaff" or hana.deck.month(c) == 11]
    other = next(c for c in hana.deck.cards if c not in chaff)
    for pile, value in ((chaff[:need], 12), (chaff[:need - 1] + [other], None), (chaff[:need + 2], 16)):
        piles = Piles((0, 1), {0: pile, 1: [c for c in hana.deck.cards if c not in pile]})
        points = CardScoring(ruleset).card_points(piles)
        got = CardScoring(ruleset)._specials(Round(0), piles, points)
        assert got == plain_specials(ruleset, 0, piles, points)
        assert [s for s in got if s[0] == "sujuroku"] == ([("sujuroku", 0, value)] if value else [])


class Paid:
    """A table that records what is paid."""

    def __init__(self, dealt=None):
        self.paid, self.round = [], Round(0, dealt)

    def pay(self, kind, source, target, amount, reason):
        self.paid.append((kind, source, target, amount, reason))


def plain_card_points(par, points):
    paid = []
    debt = [[s, par - p] for s, p in points.items() if p < par]
    credit = [[s, p - par] for s, p in points.items() if p > par]
    for d in debt:
        for c in credit:
            amount = min(d[1], c[1])
            if amount:
                paid.append((d[0], c[0], amount))
                d[1] -= amount
                c[1] -= amount
    return paid


def test_H21_card_points_pay_as_the_plain_settlement():
    ruleset = rules("hanafuda_hachihachi")
    scoring, rng = CardScoring(ruleset), random.Random(21)
    for _ in range(3000):
        players = rng.choice((2, 3, 4, 5))
        points = {s: rng.choice((88, rng.randrange(0, 200))) for s in rng.sample(range(players), players)}
        t = Paid()
        scoring._card_points(t, Piles(tuple(points), {}), points)
        assert [(s, g, a) for _, s, g, a, _ in t.paid] == plain_card_points(88, points)


def test_H12_H13_bonuses_are_paid_only_for_a_seat_holding_a_bonus_role():
    ruleset = rules("hanafuda_hachihachi")
    ev, scoring = ruleset.evaluator, CardScoring(ruleset)
    deck = ruleset.hanafuda.deck
    hands = [deck.parse_list(h) for h in ("4a 4r 4c1 1c2 2c2 3c2 5c2", "1c1 2c1 3c1 4c2 5c1 6c1 7a",
                                          "1b 2a 3b 5r 6a 7r 9c1")]
    roles = {s: ev.evaluate(h) for s, h in enumerate(hands)}
    assert roles[0].ids and roles[1].ids and not roles[2].ids
    t = Paid(dealt=tuple(hands))
    piles = Piles((0, 1, 2), {0: list(hands[0]), 1: [], 2: list(hands[2])}, roles)
    scoring._bonuses(t, piles, {0: 40, 1: 120, 2: 10})
    kan = ruleset.hanafuda.kan
    assert [(s, g, a) for _, s, g, a, _ in t.paid] == [(1, 0, kan), (2, 0, kan), (0, 1, kan), (2, 1, kan)]
