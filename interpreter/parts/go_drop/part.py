"""Go/drop in play (T10-T17, T24): its phases and actions, its state of a round and of the game,
the outcome of a round by its goers, whether a skipped round counts, the start of the next round, a seat's view of the
declarations, its facts for effects."""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ....ruleset.model import PhaseName, Ruleset
from .actions import ACTIONS, Declare
from .declarations import Declarations
from .forced_out import ForcedOutPayments
from .outcomes import RoundOutcome
from .one_goer_pot import OneGoerPot
from .role_settlement import RoleSettlement
from .rules import NAME, GoDropPhase, go_drop_rules
from .state import GoDropGame, GoDropRound, declared
from .told import WORDS
from .two_goer_choice import TwoGoerChoice


class GoDrop:
    name = NAME
    phases = (Declarations, ForcedOutPayments, TwoGoerChoice, OneGoerPot, RoleSettlement)
    actions = ACTIONS
    words = WORDS                       # its tellers in the account of a game (told.py)
    role_reasons = ("forced out: ",)    # a forced-out payment's reason lists the roles it pays (T14)
    answer_words: Mapping[PhaseName, Mapping[bool, str]] = {   # the words of its decisions' answers (yes, then no)
        GoDropPhase.DECLARATIONS: {True: "answers.words.go", False: "answers.words.drop"},
        GoDropPhase.TWO_GOER_CHOICE: {True: "answers.words.split", False: "answers.words.play"},
    }
    seat_facts: Mapping[str, Any] = {
        "went": lambda t, s: s in t.round.playing,
        "dropped": lambda t, s: s in t.round.parts[NAME].dropped,
        "forced_out": lambda t, s: s in t.round.parts[NAME].forced_out,
    }
    table_facts: Mapping[str, Any] = {
        "round.goers": lambda t: len(t.round.playing),
        "round.droppers": lambda t: len(declared(t.round).dropped),
        "round.forced_out": lambda t: len(declared(t.round).forced_out),
        "round.skipped": lambda t: t.round.outcome is RoundOutcome.SKIPPED,
        "round.split": lambda t: t.round.outcome is RoundOutcome.TWO_GOERS_SPLIT,
    }

    groups: Mapping[str, Any] = {      # the seats of its groups of effects (each goer, ...), as containers
        "goer": lambda t: t.round.playing,
        "dropper": lambda t: t.round.parts[NAME].dropped,
        "forced_out": lambda t: t.round.parts[NAME].forced_out,
    }

    def new_round(self) -> GoDropRound:
        return GoDropRound([], [], (), False, [], False)      # every field given: no default factories run

    def new_game(self) -> GoDropGame:
        """Its state of the game: no decision forced yet (its effect action ``force`` fills it)."""
        return GoDropGame({})

    def counts(self, ruleset: Ruleset, r: Any) -> bool:
        """T13, T25: a round nobody went in counts unless ``rounds.skipped_counts`` is false."""
        return r.outcome is not RoundOutcome.SKIPPED or ruleset.rounds.skipped_counts

    def next_start(self, ruleset: Ruleset, r: Any) -> Optional[int]:
        """T13, T24: by how the round went (``next_start:``)."""
        rule = go_drop_rules(ruleset).next_start
        if r.outcome is RoundOutcome.SKIPPED:
            return _by_start(rule.after_skip, r)
        if r.outcome is RoundOutcome.ONE_GOER:
            return int(r.playing[0]) if rule.after_one_goer == "goer" else _by_start(rule.after_one_goer, r)
        if r.outcome is RoundOutcome.TWO_GOERS_SPLIT:
            if rule.after_split in ("earlier_goer", "later_goer"):
                return int(r.playing[0] if rule.after_split == "earlier_goer" else r.playing[1])
            return _by_start(rule.after_split, r)
        if rule.after_tricks == "pot_taker":
            return int(r.play_winner) if r.play_winner is not None else None
        return _by_start(rule.after_tricks, r)

    def view(self, r: Any) -> Mapping[str, Any]:
        d = declared(r)
        return {"declarations": tuple(d.declarations), "dropped": tuple(d.dropped), "forced_out": d.forced_out,
                "splits": tuple(d.splits)}

    def refuse(self, r: Any, action: object) -> Optional[str]:
        d = declared(r)
        if isinstance(action, Declare) and d.declarations_done and d.forced_out:
            return (f"no more declarations: {len(r.playing)} players already go (the most allowed, T12) "
                    f"and seats {', '.join(map(str, d.forced_out))} are forced out")
        return None


def _by_start(rule: str, r: Any) -> Optional[int]:
    """The next start by the start player (``next_start``'s choices of every round kind): its
    right neighbour, itself, or None (its left neighbour, the engine's default)."""
    if rule == "same_start":
        return int(r.start)
    if rule == "right_of_start":
        return int((r.start - 1) % r.players)
    return None


PART = GoDrop()

