"""Issue 15: the round-level work of hanafuda (the deal H4-H6) plays by the same rules as its
plain form.

The deal is cut from the shuffled deck by slices made once, and built without the frozen
``__init__``; the field (H5), the binding (H6) and each field by id are read from tables built
once per ruleset. These tests compare each with what it stands for: a plain computation written
out here."""

import copy
import dataclasses
import pickle
import random
from itertools import combinations
from pathlib import Path

import pytest

from hachihachi.interpreter.phases.hanafuda import HanaDeal, HanaDealSpace, new_hana_deal
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
