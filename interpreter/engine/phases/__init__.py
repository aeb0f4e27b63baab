"""One module per phase of a round, each configured by the ruleset (T23).

:mod:`..round_phases` builds a round from them in the rule file's order; the phases particular
to one play kind are listed by its ``Kind`` (``Kind.phases``, :mod:`..kindplugin`) and those of a part by
the part (``RoundPart.phases``, :mod:`..parts`).
"""
