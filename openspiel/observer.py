"""What a seat observes, as OpenSpiel tensors and strings, read from the engine's ``view``.

The tensor (``observation_tensor``, and ``information_state_tensor`` with the same layout) is the
concatenation of, for ``N`` players and a deck of ``D`` cards:

=============  =======  ===========================================================
piece          shape    meaning
=============  =======  ===========================================================
player         N        the observing seat (one-hot)
to_act         N        the seat to act (one-hot; all zero for chance or the end)
phase          P        the engine phase waiting for an action (one-hot over :data:`PHASE_SLOTS`)
hand           D        the observer's cards (while dealing: those dealt to it so far)
indicator      D        the turned indicator card (trick play)
table          D        the field cards face up (matching play)
trick          D        the cards of the trick being played
taken          N x D    the cards each seat took this round (tricks won, captures)
declarations   N x 3    go, drop, forced out
chips          N        each seat's chips
pot            1        the chips in the pot
pots           K        the chips in each named pot (``pots:``, in the file's order; K = 0, no
                        piece, in a game without named pots, so its tensor is as before)
=============  =======  ===========================================================

The observation string is a one-line summary of the view; the information-state string is the
observer's whole history (its own cards and the face-up cards of every deal, and every public
event) followed by that summary (a turned card waiting for a choice is in the view, not yet in
the log).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional, Sequence

import numpy as np

from ..interpreter.engine.actions import Play
from ..interpreter.parts.go_drop.actions import Declare, Split
from ..ruleset.kind_registry import rule_kind
from ..ruleset.model import Ruleset

# The phase one-hot's slots, by phase name: fixed, so that a slot means the same phase whatever
# play kinds are registered (agents are trained on the tensor). These are the core's phases and
# the two bundled play kinds', in the order the tensor has always had; another kind's own phases
# take the slots after them.
PHASE_SLOTS = ("mizuten_call", "deal", "declarations", "forced_out", "two_goer_choice", "one_goer_pot",
               "role_settlement", "play", "hanafuda_deal", "hand_roles", "card_scoring", "trick_settlement", "pot",
               "mizuten_bonus", "effects")


def phase_slots(ruleset: Ruleset) -> tuple[str, ...]:
    """The phase one-hot's slots for a game of ``ruleset``'s play kind.

    >>> from hachihachi.ruleset.loader import load_ruleset
    >>> phase_slots(load_ruleset("hachihachi_trick")) == PHASE_SLOTS
    True
    """
    own = [p.value for p in rule_kind(ruleset.play).phases if p.value not in PHASE_SLOTS]
    return PHASE_SLOTS + tuple(own)


def describe_action(shared: Any, action: Any) -> str:
    name: Callable[[int], str] = shared.ruleset.deck.name
    if isinstance(action, Play):
        return f"play {name(action.card)}"
    own: Optional[str] = shared.layout.bridge.describe(action, name)   # an action only the play kind has
    if own is not None:
        return own
    if isinstance(action, Declare):
        return "go" if action.go else "drop"
    if isinstance(action, Split):
        return "split" if action.want else "play on"
    return repr(action)


class HachiObserver:
    """An OpenSpiel observer (``make_py_observer``) over the engine's view of one seat."""

    def __init__(self, shared: Any, iig_obs_type: Any = None, params: Optional[dict[str, Any]] = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.shared = shared
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        n, d = shared.players, shared.layout.deck_size
        self.phases = {name: i for i, name in enumerate(phase_slots(shared.ruleset))}
        pieces = [("player", (n,)), ("to_act", (n,)), ("phase", (len(self.phases),)), ("hand", (d,)),
                  ("indicator", (d,)), ("table", (d,)), ("trick", (d,)), ("taken", (n, d)),
                  ("declarations", (n, 3)), ("chips", (n,)), ("pot", (1,)),
                  ("pots", (len(shared.ruleset.pots),))]
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        self.dict, at = {}, 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + size].reshape(shape)
            at += size

    def set_from(self, state: Any, player: int) -> None:
        self.tensor.fill(0)
        d, v = self.dict, state.engine.view(player)
        d["player"][player] = 1
        if v.to_act is not None and v.to_act >= 0:
            d["to_act"][v.to_act] = 1
        if v.phase is not None:
            d["phase"][self.phases[v.phase.value]] = 1
        d["hand"][list(_hand(state, v, player))] = 1
        indicator = v.own("indicator")              # the play kind's own (both kinds' pieces are kept)
        if indicator is not None:
            d["indicator"][indicator] = 1
        d["table"][list(v.own("table_cards", ()))] = 1
        d["trick"][list(v.own("trick", ()))] = 1
        for t in v.own("tricks", ()):
            d["taken"][t.winner, list(t.cards)] = 1
        for seat, cards in v.own("captures", ()):
            d["taken"][seat, list(cards)] = 1
        for seat, go in v.declarations:
            d["declarations"][seat, 0 if go else 1] = 1
        for seat in v.forced_out:
            d["declarations"][seat, 2] = 1
        d["chips"][:] = v.chips
        d["pot"][0] = v.pot
        if v.pots:                                  # the named pots (pots:), in the file's order
            d["pots"][:] = [chips for _, chips in v.pots]

    def string_from(self, state: Any, player: int) -> str:
        if self.perfect_recall:
            text: str = state.information_state_string(player)
            return text
        v, name = state.engine.view(player), self.shared.ruleset.deck.name

        def cards(cs: Iterable[int]) -> str:
            return "[" + " ".join(name(c) for c in cs) + "]"
        parts = [f"p{player}", f"round {v.round_index + 1}/{v.rounds}",
                 f"phase {v.phase.value if v.phase else 'over'}", f"hand {cards(_hand(state, v, player))}"]
        indicator, table, turned = v.own("indicator"), v.own("table_cards", ()), v.own("turned")
        trick, tricks, taken = v.own("trick", ()), v.own("tricks", ()), v.own("captures", ())
        if indicator is not None:
            parts.append(f"indicator {name(indicator)}")
        if table:
            parts.append(f"table {cards(table)}")
        if turned is not None:
            parts.append(f"turned {name(turned)}")
        if trick:
            parts.append(f"trick {cards(trick)}")
        if tricks:
            parts.append("tricks " + " ".join(f"{t.winner}" for t in tricks))
        if taken:
            parts.append("taken " + " ".join(f"{s}:{cards(cs)}" for s, cs in taken))
        if v.declarations:
            parts.append("declared " + " ".join(f"{s}:{'go' if g else 'drop'}" for s, g in v.declarations))
        parts.append(f"chips {list(v.chips)} pot {v.pot}")
        if v.pots:
            parts.append("pots " + " ".join(f"{name} {chips}" for name, chips in v.pots))
        return " ".join(parts)


def _hand(state: Any, view: Any, player: int) -> Sequence[int]:
    if state._dealt:                    # dealing card by card: the cards this seat has so far
        layout = state.deal_layout()
        return sorted(c for i, c in enumerate(state._dealt) if layout.owner(i) == player)
    hand: Sequence[int] = view.hand
    return hand
