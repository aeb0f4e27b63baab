"""Go/drop declarations (T10-T17), a part of the round a rule file takes with ``parts: [go_drop]``:
each seat from the start player goes or drops (a dropper pays a drop fee into the pot), the seats
left once the goers are full are forced out and paid by each goer, two goers may split the pot,
a lone goer takes it, the goers settle their hand roles, and the next start follows how the
round went; its effect action ``force`` makes seats go or drop. ``names`` holds its name, phases
and transfers, ``rules`` is its rule-file side, ``part`` its side in play (``PART``), ``state``
its own state of a round and of the game (the decisions ``force`` forced), ``outcomes`` its
outcomes of a round, ``force`` its action of effects."""
