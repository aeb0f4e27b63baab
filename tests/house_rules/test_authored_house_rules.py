"""House rules written from the documentation alone (``tests/house_rules/authored/``, one file per
rule, its comment saying what it does). Each validates with no warning of its own, and each is
played from fixed seeds, beside its base on the same seeds, until the rule is seen doing what its
comment says (a payment of the right amount between the right seats, a multiplier, a setting's
effect on the deal or the standings); what it must never do is checked in every game played."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Callable, Iterator

import pytest

from hachihachi.interpreter import Declare, GameState
from hachihachi.interpreter.engine.actions import POT
from hachihachi.interpreter.engine.effect_events import EffectFired
from hachihachi.interpreter.engine.events import Applied, RoundEnded, RoundStarted, Transfer
from hachihachi.interpreter.games.matching.events import Captured
from hachihachi.interpreter.games.matching.phases import HanaDeal
from hachihachi.interpreter.games.matching.rules import MatchingTransfer
from hachihachi.interpreter.games.tricks.events import TrickTaken
from hachihachi.interpreter.games.tricks.rules import TrickTransfer
from hachihachi.interpreter.parts.go_drop.outcomes import RoundOutcome
from hachihachi.interpreter.parts.go_drop.rules import GoDropTransfer as G
from hachihachi.ruleset.effects.actions.end_game import GameEndCalled
from hachihachi.interpreter.parts.go_drop.force import DecisionForced
from hachihachi.ruleset.effects.actions.multiply import Multiplied
from hachihachi.ruleset.effects.actions.pots import PotPaid
from hachihachi.ruleset.loader import load_ruleset
from hachihachi.ruleset.model import TransferReason as K
from hachihachi.ruleset.loader import check_file
from hachihachi.ruleset.validation import file_warnings
from tests.house_rules.house_replay import played

HERE = Path(__file__).parent / "authored"
FILES = sorted(p.stem for p in HERE.glob("*.yaml"))
CAPTURE, CARDS = MatchingTransfer.CAPTURE_ROLES, MatchingTransfer.CARD_POINTS
SEEDS = range(40)


def of(g: GameState, cls, r: int | None = None) -> list:
    return [e for e in g.events if isinstance(e, cls) and (r is None or getattr(e, "round", None) == r)]


def flows(g: GameState, r: int, kind=None) -> list[tuple[int, int, int]]:
    return [(t.source, t.target, t.amount) for t in of(g, Transfer, r) if kind is None or t.kind is kind]


def ends(g: GameState) -> list[RoundEnded]:
    return of(g, RoundEnded)


def fired(g: GameState, name: str) -> list[int]:
    return [e.round for e in of(g, EffectFired) if e.name == name]


def piles(g: GameState, r: int) -> dict[int, set[int]]:
    got: dict[int, set[int]] = {}
    for c in of(g, Captured, r):
        if c.taken:
            got.setdefault(c.seat, set()).update((c.card, *c.taken))
    return got


def deal(g: GameState, r: int) -> HanaDeal:
    return next(e.action for e in of(g, Applied, r) if isinstance(e.action, HanaDeal))


def first_difference(house: GameState, base: GameState) -> int | None:
    for r in range(min(len(ends(house)), len(ends(base)))):
        if flows(house, r) != flows(base, r):
            return r
    return None


Check = Callable[[GameState, GameState], bool]     # house, base -> the rule was seen at work
CHECKS: dict[str, tuple[str, int, Check]] = {}     # file -> (base, players, check)


def check(name: str, base: str, players: int) -> Callable[[Check], Check]:
    def add(f: Check) -> Check:
        CHECKS[name] = (base, players, f)
        return f
    return add


# -- the trick game ------------------------------------------------------------------------------

@check("trick_last_trick_three", "hachihachi_trick", 5)
def _last_trick(h: GameState, b: GameState) -> bool:
    seen = False
    for end in ends(h):
        tricks = of(h, TrickTaken, end.round)
        got = flows(h, end.round, K.EFFECT)
        want = [] if not tricks else [(g, tricks[-1].winner, 3 * end.multiplier)
                                      for g in end.goers if g != tricks[-1].winner]
        assert sorted(got) == sorted(want)
        seen |= bool(want)
    return seen


@check("trick_revoke_to_pot", "hachihachi_trick", 5)
def _revoke(h: GameState, b: GameState) -> bool:
    got = [f for end in ends(h) for f in flows(h, end.round, K.EFFECT)]
    assert all(t == POT and a == 4 for _, t, a in got)
    assert all(any(f[0] in e.goers for e in ends(h)) for f in got)
    return bool(got)


@check("trick_shutout_bonus", "hachihachi_trick", 5)
def _shutout(h: GameState, b: GameState) -> bool:
    seen = False
    for end in ends(h):
        got = flows(h, end.round, K.EFFECT)
        most = max(end.tricks.values(), default=0)
        want = [(s, t, 3) for s in end.goers if end.tricks.get(s) == 0
                for t in end.goers if end.tricks.get(t) == most]
        assert sorted(got) == sorted(want)
        seen |= bool(want)
    return seen


def _doubled_last_round(h: GameState, b: GameState, kinds) -> bool:
    last = ends(h)[-1].round
    assert last == ends(b)[-1].round
    for r in range(last):
        assert flows(h, r) == flows(b, r)                # only the last round changes
    got, want = flows(h, last), flows(b, last)
    doubled = [(s, t, 2 * a) if t is not POT or s is not POT else (s, t, a) for s, t, a in want]
    kinds_h = [t.kind for t in of(h, Transfer, last)]
    for (s, t, a), (s2, t2, a2), k in zip(got, want, kinds_h):
        assert (s, t) == (s2, t2)
        if k is not K.POT:                               # the pot is taken as it is (doubled fees in it)
            assert a == (2 * a2 if k in kinds else a2)
    assert [m.by for m in of(h, Multiplied, last)] == [2]
    return len(doubled) > 0 and any(k in kinds for k in kinds_h)


@check("trick_last_round_double", "hachihachi_trick", 5)
def _trick_last_round(h: GameState, b: GameState) -> bool:
    return _doubled_last_round(h, b, {G.DROP_FEE, G.FORCED_OUT, K.ROLES, TrickTransfer.TRICKS, TrickTransfer.MIZUTEN})


@check("trick_loss_cap_fifteen", "hachihachi_trick", 5)
def _loss_cap(h: GameState, b: GameState) -> bool:
    seen = False
    for end in ends(h):
        got = flows(h, end.round, K.EFFECT)
        for receiver in {t for _, t, _ in got}:
            assert end.delta[receiver] == -15            # refunded down to the cap, exactly
        assert all(end.delta[s] >= 0 for s, _, _ in got)  # only the round's winners refund
        seen |= bool(got)
    return seen


@check("trick_split_passes_left", "hachihachi_trick", 5)
def _split_left(h: GameState, b: GameState) -> bool:
    seen = False
    for end in ends(h):
        if end.kind is RoundOutcome.TWO_GOERS_SPLIT:
            start = of(h, RoundStarted, end.round)[0].start
            assert end.next_start == (start + 1) % 5     # the left neighbour, not the earlier goer
            seen = True
    return seen


@check("trick_pot_tie_split", "hachihachi_trick", 5)
def _pot_tie(h: GameState, b: GameState) -> bool:
    r = first_difference(h, b)
    if r is None:
        return False
    shared = [t for s, t, a in flows(h, r, K.POT) if s is POT and a > 0]
    end = ends(h)[r]
    most = max(end.tricks.values())
    assert len(shared) >= 2 and all(end.tricks[t] == most for t in shared)
    assert len([t for s, t, _ in flows(b, r, K.POT) if s is POT]) == 1
    return True


@check("trick_skip_costs_start", "hachihachi_trick", 3)
def _skip(h: GameState, b: GameState) -> bool:
    seen = False
    for end in ends(h):
        start = of(h, RoundStarted, end.round)[0].start
        want = [(start, POT, 2)] if end.kind is RoundOutcome.SKIPPED else []
        assert flows(h, end.round, K.EFFECT) == want
        seen |= bool(want)
    return seen


@check("trick_drop_fee_doubling", "hachihachi_trick", 6)
def _drop_fees(h: GameState, b: GameState) -> bool:
    seen = False
    for end in ends(h):
        fees = [t for t in of(h, Transfer, end.round) if t.kind is G.DROP_FEE]
        assert [t.base for t in fees] == [1, 2, 4, 8, 8, 8][:len(fees)]
        seen |= len(fees) >= 3
    return seen


@check("trick_no_debts", "hachihachi_trick", 5)
def _no_debts(h: GameState, b: GameState) -> bool:
    assert all(c >= 0 for c in h.chips)
    called = of(h, GameEndCalled)
    if called:
        assert called[-1].round == ends(h)[-1].round < 11 and min(h.chips) == 0
    return bool(called)


@check("trick_leader_bonus_at_end", "hachihachi_trick", 3)
def _leader(h: GameState, b: GameState) -> bool:
    last = ends(h)[-1]
    got = [t for t in of(h, Transfer, last.round) if t.kind is K.EFFECT]
    if not got:
        return False
    before = [c - sum(t.amount for t in got if t.target == s) for s, c in enumerate(h.chips)]
    assert {t.target for t in got} == {s for s, c in enumerate(before) if c == max(before)}
    assert all(t.source is POT and t.amount == last.pot_after // len(got) for t in got)
    return True


@check("trick_dealer_always_goes", "hachihachi_trick", 5)
def _dealer_goes(h: GameState, b: GameState) -> bool:
    for end in ends(h):
        start = of(h, RoundStarted, end.round)[0].start
        assert [(d.seat, d.go) for d in of(h, DecisionForced, end.round)] == [(start, True)]
        declared = [e.action.go for e in of(h, Applied, end.round) if e.seat == start and isinstance(e.action, Declare)]
        assert declared in ([True], [])                 # [] when a mizuten call made it go
        assert start in end.goers or end.kind is None
    return True


# -- hanafuda 八八 --------------------------------------------------------------------------------

@check("hana_hatto_feeder_pays", "hanafuda_hachihachi", 3)
def _hatto(h: GameState, b: GameState) -> bool:
    seen = False
    for r in fired(h, "hatto"):
        roles = [t for t in of(h, Transfer, r) if t.kind is CAPTURE and "feeder" not in t.reason]
        refunds = [t for t in of(h, Transfer, r) if t.kind is CAPTURE and "feeder" in t.reason]
        stopper = roles[0].target
        feeder = refunds[0].source
        assert all(t.source == feeder for t in refunds) and feeder != stopper
        assert sorted((t.target, t.amount) for t in refunds) == sorted(
            (t.source, t.amount) for t in roles if t.source != feeder)
        seen = True
    return seen


@check("hana_brights_on_field_double", "hanafuda_hachihachi", 3)
def _brights_field(h: GameState, b: GameState) -> bool:
    seen = False
    for end in ends(h):
        bright = sum(1 for c in deal(h, end.round).field if c in BRIGHTS)
        doubled = of(h, Multiplied, end.round)
        assert [m.by for m in doubled] == ([2] if bright >= 2 else [])
        if doubled and first_difference(h, b) == end.round:
            for (s, t, a), (s2, t2, a2) in zip(flows(h, end.round, CARDS), flows(b, end.round, CARDS)):
                assert (s, t, a) == (s2, t2, 2 * a2)
            seen |= bool(flows(b, end.round, CARDS) or flows(b, end.round, CAPTURE))
    return seen


@check("hana_blind_go", "hanafuda_go_drop", 4)
def _blind(h: GameState, b: GameState) -> bool:
    seen = False
    for end in ends(h):
        start = of(h, RoundStarted, end.round)[0].start
        if fired(h, "blind go").count(end.round):
            assert [(d.seat, d.go) for d in of(h, DecisionForced, end.round)] == [(start, True)]
            assert start in end.goers and [m.by for m in of(h, Multiplied, end.round)] == [2]
            seen = True
        else:
            assert of(h, Multiplied, end.round) == []
    return seen


@check("hana_jackpot_ten_kan", "hanafuda_hachihachi", 3)
def _jackpot(h: GameState, b: GameState) -> bool:
    seen = False
    for end in ends(h):
        paid = of(h, PotPaid, end.round)
        assert sorted((p.party, p.amount) for p in paid if p.into) == [(s, 6) for s in range(3)]
        won = [p for p in paid if not p.into and end.round in fired(h, "jackpot won")]
        if won:
            big = [t for t in of(h, Transfer, end.round) if t.kind is CAPTURE and t.target == won[0].party]
            assert big and max(t.base for t in big) >= 10 * 12
            seen = True
    return seen


@check("hana_hanaawase_sizes", "hanafuda_hachihachi", 3)
def _hanaawase(h: GameState, b: GameState) -> bool:
    assert h.events == b.events                          # at 3 players, the standard deal
    house = load_ruleset(HERE / "hana_hanaawase_sizes.yaml")
    sizes = {n: ([len(x) for x in deal(played(house, 1, n), 0).hands], len(deal(played(house, 1, n), 0).field))
             for n in (2, 4, 7)}
    return sizes == {2: ([10] * 2, 8), 4: ([5] * 4, 8), 7: ([3] * 7, 6)}


@check("hana_kan_ten", "hanafuda_hachihachi", 3)
def _kan_ten(h: GameState, b: GameState) -> bool:
    seen = False
    for end in ends(h):
        for t, u in zip(of(h, Transfer, end.round), of(b, Transfer, end.round)):
            if t.kind in (CAPTURE, K.ROLES, MatchingTransfer.SPECIAL_ROLES):
                assert t.amount * 12 == u.amount * 10 and t.amount > 0
                seen = True
            else:
                assert t.amount == u.amount
    return seen


@check("hana_play_on", "hanafuda_hachihachi", 3)
def _play_on(h: GameState, b: GameState) -> bool:
    for end in ends(h):
        if flows(h, end.round, CAPTURE) and flows(h, end.round, CARDS):
            r = first_difference(h, b)
            assert r is not None and r <= end.round
            return True                                  # a role paid, and the round played on
    return False


@check("hana_no_tobikomi", "hanafuda_hachihachi", 3)
def _tobikomi(h: GameState, b: GameState) -> bool:
    r = first_difference(h, b)
    if r is None:
        return False
    hr = sum(a for _, _, a in flows(h, r, K.ROLES))
    br = sum(a for _, _, a in flows(b, r, K.ROLES))
    assert hr < br
    return True


@check("hana_last_round_double", "hanafuda_hachihachi", 3)
def _hana_last_round(h: GameState, b: GameState) -> bool:
    return _doubled_last_round(h, b, {K.ROLES, CAPTURE, CARDS, MatchingTransfer.SPECIAL_ROLES})


@check("hana_shutout_bonus", "hanafuda_hachihachi", 3)
def _hana_shutout(h: GameState, b: GameState) -> bool:
    seen = False
    for end in ends(h):
        got = flows(h, end.round, K.EFFECT)
        if not got:
            continue
        pile = piles(h, end.round)
        brights = {s: len(pile.get(s, set()) & BRIGHTS) for s in range(3)}
        assert sorted(got) == sorted((s, t, 12) for s in range(3) if brights[s] == 0
                                     for t in range(3) if brights[t] >= 3)
        seen = True
    return seen


# -- Koi-Koi ---------------------------------------------------------------------------------------

@check("koi_oyaken", "koikoi", 2)
def _oyaken(h: GameState, b: GameState) -> bool:
    seen = False
    for end in ends(h):
        got = flows(h, end.round, K.EFFECT)
        if got:
            start = of(h, RoundStarted, end.round)[0].start
            assert got == [(1 - start, start, 6)] and not flows(h, end.round, CAPTURE)
            seen = True
    return seen


@check("koi_no_teshi", "koikoi", 2)
def _no_teshi(h: GameState, b: GameState) -> bool:
    r = first_difference(h, b)
    if r is None:
        return False
    hands = deal(b, r).hands
    month = b.ruleset.deck.rank_table
    assert any(max(Counter(month[c] for c in hand).values()) == 4 for hand in hands)
    assert of(b, Captured, r) == [] and of(h, Captured, r) != []       # won at the deal, played out
    return True


def _stopper_pile(b: GameState, r: int) -> set[int]:
    winner = flows(b, r, CAPTURE)[0][1]
    return piles(b, r).get(winner, set())


@check("koi_no_sake_viewing", "koikoi", 2)
def _no_sake(h: GameState, b: GameState) -> bool:
    r = first_difference(h, b)
    if r is None:
        return False
    pile = _stopper_pile(b, r)
    assert SAKE in pile and (CURTAIN in pile or MOON in pile)
    return True


@check("koi_three_months", "koikoi", 2)
def _three(h: GameState, b: GameState) -> bool:
    assert len(ends(h)) == 3 and len(ends(b)) == 12
    return flows(h, 0) == flows(b, 0)


@check("koi_sake_cup_animal_only", "koikoi", 2)
def _sake_cup(h: GameState, b: GameState) -> bool:
    r = first_difference(h, b)
    if r is None:
        return False
    assert SAKE in _stopper_pile(b, r)
    return True


def _stops(h: GameState, b: GameState, same: Callable[[int, int], bool]) -> bool:
    r = first_difference(h, b)
    for x in range(len(ends(h)) if r is None else r):
        assert flows(h, x) == flows(b, x)
    if r is None:
        return False
    (s, t, a), = flows(h, r, CAPTURE)
    (s2, t2, a2), = flows(b, r, CAPTURE)
    assert (s, t) == (s2, t2) and same(a, a2)
    return True


@check("koi_double_each_call", "koikoi", 2)
def _each_call(h: GameState, b: GameState) -> bool:
    return _stops(h, b, lambda a, a2: a > a2 and a % a2 == 0 and (a // a2) & (a // a2 - 1) == 0)


@check("koi_last_month_double", "koikoi", 2)
def _koi_last(h: GameState, b: GameState) -> bool:
    last = ends(h)[-1].round
    assert [m.by for m in of(h, Multiplied, last)] == [2]
    return _stops(h, b, lambda a, a2: a == 2 * a2) and first_difference(h, b) == last


@check("koi_no_big_double", "koikoi", 2)
def _no_big_double(h: GameState, b: GameState) -> bool:
    return _stops(h, b, lambda a, a2: 2 * a == a2 and a >= 7)


HANA = load_ruleset("hanafuda_hachihachi").deck
BRIGHTS = set(HANA.parse_list("1b 3b 8b 11b 12b"))
SAKE, CURTAIN, MOON = HANA.parse("9a"), HANA.parse("3b"), HANA.parse("8b")


def test_every_authored_file_has_a_check():
    assert len(FILES) >= 24
    assert sorted(CHECKS) == FILES


def _warnings(path: Path) -> set[str]:
    """The warnings of ``hachi validate --warnings``, without their place (a base's are inherited)."""
    return {w.partition(": warning: ")[2].split(" (inherited through")[0].rstrip(".")
            for w in file_warnings(str(path))}


@pytest.mark.parametrize("name", FILES)
def test_an_authored_house_rule_validates_with_no_warning_of_its_own(name):
    base = CHECKS[name][0]
    assert check_file(str(HERE / f"{name}.yaml")) == []
    base_path = Path(__file__).parents[2] / "rules" / f"{base}.yaml"
    if not base_path.exists():
        base_path = base_path.parent / "variants" / f"{base}.yaml"
    assert sorted(_warnings(HERE / f"{name}.yaml") - _warnings(base_path)) == []


def seeds_until_seen(name: str) -> Iterator[int]:
    base, players, f = CHECKS[name]
    house_rules, base_rules = load_ruleset(HERE / f"{name}.yaml"), load_ruleset(base)
    for seed in SEEDS:
        if f(played(house_rules, seed, players), played(base_rules, seed, players)):
            yield seed
            return


@pytest.mark.parametrize("name", FILES)
def test_an_authored_house_rule_does_what_its_comment_says(name):
    assert list(seeds_until_seen(name)) != [], f"{name}: never seen at work in {len(SEEDS)} seeded games"
