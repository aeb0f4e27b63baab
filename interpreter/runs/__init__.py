"""Runs of many games: seeded bot games, simulate, sweep, compare, worker pools and backends, and
the game session of the terminal table."""
