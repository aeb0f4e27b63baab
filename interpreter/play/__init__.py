"""Play engines: what happens between the payments before play and the settlement after it.

The interface is :class:`~.base.PlayEngine`; each play kind's plug-in makes its engine (trick
play: :class:`~.tricks.TrickEngine`, hanafuda's matching play: :class:`~.matching.MatchingEngine`).
"""
