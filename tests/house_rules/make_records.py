"""Regenerate the recorded games the house-rule tests replay: ``python -m tests.house_rules.make_records``
(from the repository's root).

Each is a game of seeded random legal play under a bundled ruleset, the first seed whose game
shows every situation the tests need (listed in ``NEEDS``), so each house rule has something to
change. The tests check those situations again before they rely on them.
"""

from __future__ import annotations

from pathlib import Path

from hachihachi.interpreter import GameState
from hachihachi.interpreter.engine.events import RoundEnded, Transfer
from hachihachi.interpreter.parts.go_drop.outcomes import RoundOutcome
from hachihachi.interpreter.records.gamerecord import record_data, write_record
from hachihachi.interpreter.parts.go_drop.rules import GoDropTransfer

HERE = Path(__file__).parent / "records"
TRICK = ("hachihachi_trick", 4, 12)          # ruleset, players, rounds
HANAFUDA = ("hanafuda_hachihachi", 3, 6)


def play(ruleset: str, players: int, rounds: int, seed: int) -> GameState:
    """The golden traces' seeded random legal play (``tests/golden/regen.py``)."""
    from tests.golden.regen import play as random_game

    return random_game(seed, players, ruleset, rounds)


def trick_ok(game: GameState) -> bool:
    ends = [e for e in game.events if isinstance(e, RoundEnded)]
    kinds = {e.kind for e in ends}
    fees = [e for e in game.events if isinstance(e, Transfer) and e.kind is GoDropTransfer.DROP_FEE]
    two_fee_rounds = {e.round for e in fees if sum(1 for f in fees if f.round == e.round) >= 2}
    forced = any(isinstance(e, Transfer) and e.kind is GoDropTransfer.FORCED_OUT for e in game.events)
    return (set(RoundOutcome) <= kinds and bool(two_fee_rounds) and forced)


def hanafuda_ok(game: GameState) -> bool:
    from hachihachi.interpreter.engine.events import RolesShown
    from hachihachi.interpreter.games.matching.phases import RoundScored

    ev = game.events
    shown = [e for e in ev if isinstance(e, RolesShown)]
    return (any(e.captured for e in shown) and any(isinstance(e, RoundScored) for e in ev)
            and any(not e.captured for e in shown) and two_field_kinds(game)
            and willow_matters(game) and tobikomi(game))


def two_field_kinds(game: GameState) -> bool:
    """Whether a round's field cards make two field kinds and the next round is a small field
    (so ``carry_brights`` changes the next round's multiplier)."""
    from hachihachi.interpreter.engine.events import Applied
    from hachihachi.interpreter.engine.events import FieldMade
    from hachihachi.interpreter.games.matching.phases import HanaDeal

    rules = game.ruleset.hanafuda
    deals = [e.action for e in game.events if isinstance(e, Applied) and isinstance(e.action, HanaDeal)]
    made = [e.field for e in game.events if isinstance(e, FieldMade)]
    weakest = rules.fields[0].field.id
    return any(sum(1 for f in rules.fields if set(d.field) & set(f.cards)) >= 2 and made[i + 1] == weakest
               for i, d in enumerate(deals[:-1]))


def willow_matters(game: GameState) -> bool:
    """Whether a dealt hand's roles change when the willow is no changeling (H10)."""
    from hachihachi.interpreter.engine.events import Applied
    from hachihachi.interpreter.games.matching.phases import HanaDeal
    from hachihachi.ruleset.loader import load_ruleset

    plain = load_ruleset("hanafuda_plain_willow").evaluator
    return any(plain.evaluate(h).ids != game.ruleset.evaluator.evaluate(h).ids
               for e in game.events if isinstance(e, Applied) and isinstance(e.action, HanaDeal)
               for h in e.action.hands)


def tobikomi(game: GameState) -> bool:
    return any(isinstance(e, Transfer) and "tobikomi" in e.reason for e in game.events)


def first(spec, ok) -> tuple[int, GameState]:
    for seed in range(1, 3000):
        game = play(*spec, seed)
        if ok(game):
            return seed, game
    raise SystemExit(f"no seed below 500 gives every situation for {spec[0]}")


if __name__ == "__main__":
    for spec, ok in ((TRICK, trick_ok), (HANAFUDA, hanafuda_ok)):
        seed, game = first(spec, ok)
        path = HERE / f"{spec[0]}_seed{seed}.json"
        write_record(path, record_data(game))
        print(path, seed)
