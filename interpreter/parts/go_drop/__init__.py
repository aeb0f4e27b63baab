"""Go/drop declarations (T10-T17), a part of the round a rule file takes with ``parts: [go_drop]``:
each seat from the start player goes or drops (a dropper pays a drop fee into the pot), the seats
left once the goers are full are forced out and paid by each goer, two goers may split the pot,
a lone goer takes it, the goers settle their hand roles, and the next start follows how the
round went. ``rules`` is its rule-file side, ``part`` its side in play (``PART``), ``state``
its own state of a round, ``outcomes`` its outcomes of a round."""
