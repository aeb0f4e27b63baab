"""A toy third play kind, ``highcard``, kept with the tests: every seat pays an ante into the pot,
is dealt a hand, shows one card, and the highest card takes the pot (ties: the earlier seat from
the start player). It shows what a play kind is: one package with one module per part
(``rules``, ``kind``), its part of the schema (``schema.json``) and one line in the registry
(``hachihachi.ruleset.kind_registry.KINDS``; the test adds it with ``monkeypatch``)."""
