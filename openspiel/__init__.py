"""OpenSpiel games over the engine: ``import hachihachi.openspiel`` registers
``python_hachihachi_trick`` and ``python_hanafuda_hachihachi`` with ``pyspiel``.

Needs the optional extra: ``pip install 'hachihachi[openspiel]'``. Game parameters:

- ``rules``: a bundled rule name or the path of a rule file (house rules included); the trick
  game takes rules played by tricks, the hanafuda game rules played by matching;
- ``players``: the number of seats (default 3);
- ``rounds``: the rounds of a game; 0 (the default) is the rule file's standard length.

>>> import pyspiel, hachihachi.openspiel
>>> game = pyspiel.load_game("python_hachihachi_trick", {"rules": "quick_six", "rounds": 1})

Seat 0 starts the first round (the engine's ``start=0``). Chance deals card by card
(:mod:`.dealing`): each chance outcome is a card id ``0 .. D-1`` of the ``D``-card deck, uniform
over the cards not yet dealt. The information-state tensor has the observation tensor's layout
(:mod:`.observer`); the information-state string is the seat's complete history. Returns are each seat's change of
chips at the end of the game (0 before it); they sum to minus the pot nobody won (T27), so the
game is general-sum.

Player actions have stable ids (:mod:`.encoding`), for a deck of ``D`` cards:

===================  ==================================  =====================
id                   action                              play kind
===================  ==================================  =====================
0, 1                 no mizuten, call mizuten            tricks
2, 3                 drop, go                            both (go/drop forms)
4, 5                 play on, split the pot              tricks
6 + card             play ``card``                       both
6 + D + card*D + t   capture field card ``t`` with card  matching
===================  ==================================  =====================

``resample_from_infostate`` (for OpenSpiel's ISMCTS) deals the current round anew as the acting
seat may believe it (:mod:`.resample`, the engine's ``determinize`` for trick play) and keeps the
first deal on which the round replays to the same information state.
"""

try:
    import pyspiel  # noqa: F401
except ImportError as e:            # the optional extra is not installed
    raise ImportError("hachihachi.openspiel needs OpenSpiel: pip install 'hachihachi[openspiel]'") from e

from .game import GAMES, HachiGame, HachiState  # noqa: E402
from .bridge_registry import MATCHING_GAME, TRICK_GAME  # noqa: E402

__all__ = ["TRICK_GAME", "MATCHING_GAME", "GAMES", "HachiGame", "HachiState"]
