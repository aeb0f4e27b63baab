"""A toy third play kind, ``highcard``, kept with the tests and written as docs/play-kinds.md's
"Add a play kind" says: every seat antes into the pot, is dealt a hand and shows one card; the
highest card takes the pot (ties: the earlier seat from the start player)."""
