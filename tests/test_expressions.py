"""The expression language of effects and computed numbers (docs/effects.md): what it reads, how it
is checked, and that every refusal names the column of the problem."""

from __future__ import annotations


import pytest
from hypothesis import given, strategies as st

from hachihachi.ruleset.errors import RuleFileError
from hachihachi.ruleset.expressions import (BOOL, INT, MAX_CONSTANT, MAX_LENGTH, SEAT, TABLE, DictFacts, Fact,
                                            Vocabulary, compile_expression)

VOCAB = Vocabulary((
    Fact("tricks", INT, SEAT, "tricks taken"),
    Fact("went", BOOL, SEAT, "went this round"),
    Fact("chips", INT, SEAT, "chips held"),
    Fact("round.pot", INT, TABLE, "the pot"),
    Fact("round.last", BOOL, TABLE, "the last round"),
    Fact("table.players", INT, TABLE, "players at the table"),
))
FACTS = DictFacts({"round.pot": 9, "round.last": 1, "table.players": 3},
                  [{"tricks": 3, "went": 1, "chips": 40}, {"tricks": 0, "went": 1, "chips": 0},
                   {"tricks": 4, "went": 0, "chips": 17}])


def value(text: str, seat: int | None = None):
    return compile_expression(text, VOCAB, per_seat=seat is not None).evaluate(FACTS, seat)


@pytest.mark.parametrize("text, seat, expected", [
    ("went and tricks == 0", 1, True),                  # a goer who took no trick
    ("went and tricks == 0", 0, False),
    ("number_of(went)", None, 2),
    ("sum_of(tricks)", None, 7),
    ("any_of(chips <= 0)", None, True),                 # somebody is out of chips
    ("all_of(chips > 0)", None, False),
    ("max_of(chips) - min_of(chips)", None, 40),
    ("if(round.last, 2, 1) * tricks", 0, 6),            # per-trick points doubled in the last round
    ("round.pot // 2", None, 4),                        # half the pot, rounded down
    ("round.pot % 2", None, 1),
    ("round.pot // 0", None, 0),                        # nothing divides to nothing, never an error
    ("if(table.players >= 6, 1, 2)", None, 2),          # a drop fee by the number of players
    ("-tricks + 10", 2, 6),
    ("min(3, tricks, 7) + max(1, 2) + abs(0 - 5)", 2, 10),
    ("not went or tricks > 3", 2, True),
    ("went == true", 2, False),
    ("1 + 2 * 3 - 4 // 2", None, 5),
])
def test_expressions_read_facts_and_combine_them_as_written(text, seat, expected):
    assert value(text, seat) == expected


@pytest.mark.parametrize("text, column, words", [
    ("trciks > 1", 1, "there is no fact 'trciks'. Did you mean 'tricks'?"),
    ("tricks = 0", 8, "compare with '=='"),
    ("round.pot / 2", 11, "divide whole numbers with '//'"),
    ("tricks > went", 10, "compares a number with a condition"),
    ("went + 1", 1, "must be a number, not a condition"),
    ("if(1, 2, 3)", 4, "argument 1 of if(...) must be a condition"),
    ("max()", 1, "takes at least 1 argument"),
    ("sum_of(tricks, chips)", 1, "takes one argument: a number about a seat"),
    ("sun_of(tricks)", 1, "Did you mean 'sum_of'?"),
    ("tricks +", 9, "ends too early"),
    ("Tricks > 1", 1, "lower case"),
    ("1 < 2 < 3", 3, "compare two values at a time"),
    ("went < true", 1, "conditions are compared with '==' or '!='"),
    (str(MAX_CONSTANT + 1), 1, "larger than any constant of an expression"),
])
def test_a_wrong_expression_is_refused_with_its_column(text, column, words):
    with pytest.raises(RuleFileError) as err:
        compile_expression(text, VOCAB, per_seat=True, place="x.yaml:4:10")
    assert words in err.value.message
    assert err.value.place == f"x.yaml:4:{10 + column - 1}"
    assert "^" in err.value.message.splitlines()[-1]          # a caret under the column


def test_a_seat_fact_outside_a_seat_is_refused_with_the_aggregates_named():
    with pytest.raises(RuleFileError, match="fact of one seat .* number_of"):
        compile_expression("tricks == 0", VOCAB, per_seat=False)


def test_a_place_that_wants_a_number_refuses_a_condition():
    with pytest.raises(RuleFileError, match="wants a number"):
        compile_expression("went", VOCAB, per_seat=True, value_type=INT)


@pytest.mark.parametrize("text", ["(" * 40 + "1" + ")" * 40, "not " * 40 + "went", "x" * (MAX_LENGTH + 1),
                                  "1" + " + 1" * 200])
def test_hostile_expressions_are_refused_before_any_work(text):
    with pytest.raises(RuleFileError):
        compile_expression(text, VOCAB, per_seat=True)


def test_an_expression_names_the_facts_it_reads():
    expr = compile_expression("number_of(went) >= 2 and round.pot > 0", VOCAB)
    assert (expr.value_type, expr.reads) == (BOOL, ("round.pot", "went"))


def test_plain_numbers_and_truths_are_expressions_too():
    assert compile_expression(7, VOCAB).evaluate(FACTS) == 7
    assert compile_expression(True, VOCAB).evaluate(FACTS) is True


@pytest.mark.slow
@given(st.lists(st.tuples(st.sampled_from(["+", "-", "*"]), st.integers(0, 1000)), max_size=12),
       st.integers(0, 1000))
def test_arithmetic_is_whole_numbers_left_to_right_with_the_usual_precedence(rest, first):
    text = str(first) + "".join(f" {op} {n}" for op, n in rest)
    terms, sign = [first], 1            # the reference: products first, then sums, left to right
    total = 0
    for op, n in rest:
        if op == "*":
            terms[-1] *= n
        else:
            total += sign * terms[-1]
            terms.append(n)
            sign = 1 if op == "+" else -1
    total += sign * terms[-1]
    assert compile_expression(text, VOCAB).evaluate(FACTS) == total


@pytest.mark.parametrize("text", ["p * tricks + 1", "if(s, tricks, -p) // 2", "s and tricks > p or not s",
                                  "number_of(tricks >= p) == 2 and s", "min(p, 3) - abs(-p) % 2", "-(p + 1) * 2 != 0"])
def test_folding_settings_into_an_expression_keeps_its_value_in_every_state(text):
    vocab = Vocabulary((Fact("tricks", INT, SEAT, "tricks"), Fact("p", INT, TABLE, "a setting", True),
                        Fact("s", BOOL, TABLE, "a setting", True)))
    expr = compile_expression(text, vocab, per_seat=True)
    for p in (0, 1, 3):
        for s in (0, 1):
            folded = expr.fold({"p": p, "s": s})
            assert "p" not in folded.reads and "s" not in folded.reads and folded.text == expr.text
            for tricks in ((0, 3), (3, 1), (1, 1)):
                facts = DictFacts({"p": p, "s": s}, [{"tricks": n} for n in tricks])
                assert folded.evaluate(facts, 0) == expr.evaluate(facts, 0)


def test_a_condition_false_by_its_settings_folds_to_a_constant():
    vocab = Vocabulary((Fact("went", BOOL, SEAT, "went"), Fact("s", BOOL, TABLE, "a setting", True)))
    expr = compile_expression("s and number_of(went) > 1", vocab)
    assert expr.fold({"s": 0}).constant == 0 and expr.fold({"s": 1}).constant is None


def test_the_nesting_limit_is_documented_as_the_parser_counts_it():
    """docs/effects.md says how deep the 24 levels are: its examples that fit are read, the one
    that does not is refused for its nesting."""
    import re
    from pathlib import Path

    from hachihachi.ruleset.errors import HachiError
    from hachihachi.ruleset.expressions import MAX_NESTING, parse_expression

    doc = (Path(__file__).parent.parent / "docs" / "effects.md").read_text(encoding="utf-8")
    limits = doc[doc.index(f"nesting {MAX_NESTING} levels deep"):]
    limits = " ".join(limits[:limits.index("\n\n")].split())
    fit = re.search(r"Two calls inside one another fit \(`([^`]+)`\), and so do three pairs of parentheses "
                    r"\(`([^`]+)`\); three calls do not \(`([^`]+)` is refused\)", limits)
    assert fit, limits
    parse_expression(fit.group(1))
    parse_expression(fit.group(2))
    with pytest.raises(HachiError, match=f"nested more than {MAX_NESTING} levels"):
        parse_expression(fit.group(3))
