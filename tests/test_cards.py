"""Card notation (interfaces.md) and the deck of T1."""

import doctest

import pytest

from hachihachi.ruleset import cards
from hachihachi.ruleset.cards import STANDARD_52 as D
from hachihachi.ruleset.errors import CardError


def test_T1_deck_has_52_cards_ranked_A_high():
    assert D.size == 52
    assert len({D.name(c) for c in D.cards}) == 52
    assert D.rank(D.parse("As")) > D.rank(D.parse("Ks")) > D.rank(D.parse("2s"))


@pytest.mark.parametrize("text,canonical", [
    ("As", "As"), ("10h", "Th"), ("th", "Th"), ("KD", "Kd"), ("A♠", "As"), ("♥q", "Qh"), ("2c", "2c"),
])
def test_card_notation_reads_every_accepted_form(text, canonical):
    assert D.name(D.parse(text)) == canonical


@pytest.mark.parametrize("text", ["", "A", "1s", "Ax", "11h", "As Kh", "💥", "A" * 500])
def test_card_notation_refuses_non_cards_with_one_clear_error(text):
    with pytest.raises(CardError, match="is not a card"):
        D.parse(text)


def test_card_lists_accept_spaces_and_commas_and_refuse_duplicates():
    assert D.format(D.parse_list("As, Kh  Th,9c")) == "As Kh Th 9c"
    with pytest.raises(CardError, match="As is listed twice"):
        D.parse_list("As Kh as")


def test_doctests_of_cards_module():
    failures, tried = doctest.testmod(cards)
    assert tried > 0 and failures == 0


def test_both_decks_meet_the_deck_protocol():
    from hachihachi.ruleset.cards import Deck
    from hachihachi.ruleset.loader import load_ruleset

    for name in ("hachihachi_trick", "hanafuda_hachihachi"):
        deck = load_ruleset(name).deck
        assert isinstance(deck, Deck) and deck.name(deck.parse(deck.name(0))) == deck.name(0)
