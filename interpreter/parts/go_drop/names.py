"""Go/drop's name, its phases and its reasons of point transfer (T10-T17), read by its rule-file
side (:mod:`.rules`), its effect action (:mod:`.force`) and its phases; :mod:`.rules` gives them
too, as it always has.

>>> NAME, GoDropPhase.DECLARATIONS.value
('go_drop', 'declarations')
"""

from __future__ import annotations

from ....ruleset.model import PhaseName, TransferReasonName

NAME = "go_drop"


class GoDropPhase(PhaseName):
    """The phases of go/drop a round names (T10-T17); each reads as ``Phase.NAME``, as the core's.

    >>> GoDropPhase.DECLARATIONS, f"{GoDropPhase.TWO_GOER_CHOICE}"
    (<Phase.DECLARATIONS: 'declarations'>, 'Phase.TWO_GOER_CHOICE')
    """

    DECLARATIONS = "declarations"
    FORCED_OUT = "forced_out"
    TWO_GOER_CHOICE = "two_goer_choice"
    ONE_GOER_POT = "one_goer_pot"
    ROLE_SETTLEMENT = "role_settlement"


class GoDropTransfer(TransferReasonName):
    """Go/drop's reasons of point transfer (T11, T14); each reads as ``TransferKind.NAME``.

    >>> GoDropTransfer.DROP_FEE, GoDropTransfer("forced_out")
    (<TransferKind.DROP_FEE: 'drop_fee'>, <TransferKind.FORCED_OUT: 'forced_out'>)
    """

    DROP_FEE = "drop_fee"
    FORCED_OUT = "forced_out"
