"""Parts of a round a rule file takes beside its play kind (``parts:``), one package each,
registered in ``ruleset/part_registry.py``: ``go_drop`` (T10-T17)."""
